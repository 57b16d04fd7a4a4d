// Overrides are a person's (issue 25 item 4): PLAN_HOOKS_SKIP and PLAN_HOOKS=0 inside an agent
// session (a marker, or the agent's own pre-tool hook saw it run the git command) are refused at
// commit and at push; a person keeps them, recorded; CI honours a person's recorded skip only where
// the configuration the range starts from (a person's) says "allowSkips": true; and no refusal
// suggests an override.
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { claimed, plan } from '../fixtures/plans.js';
import { type Repo, repoWithPlans } from '../fixtures/repo.js';
import { TempDirs, withRemote } from '../fixtures/remote.js';
import { removeDir } from '../fixtures/remove-dir.js';
import { messages } from '../../src/messages/index.js';
import { TASK, claude, denied, rotationRepo, runHook } from './helpers.js';

const temp = new TempDirs();
after(() => temp.removeAll());

const PLAN = 'docs/api-plan.json';

/** codex holds api/endpoints over src/api; the repository has a bare remote with main pushed. */
function claimedRepo(): Repo {
  const r = repoWithPlans({ [PLAN]: plan('api', [claimed('endpoints', 'codex', ['src/api'])]) });
  temp.dirs.push(r.dir);
  withRemote(r, temp);
  assert.equal(r.tryGit(['push', '-q', 'origin', 'main']).code, 0);
  return r;
}

/** Stages a change to a claimed path and commits it with `env`. */
function commitClaimed(r: Repo, env: NodeJS.ProcessEnv, name = 'users'): ReturnType<Repo['tryGit']> {
  r.write(`src/api/${name}.ts`, `${Math.random()}\n`);
  r.git('add', '-A');
  return r.tryGit(['commit', '-m', `change ${name}`], env);
}

/** Every refusal text seen, for the last test's grep. */
const refusals: string[] = [];

describe('an override inside an agent session is refused at commit', () => {
  const r = claimedRepo();

  test('claude (CLAUDECODE=1) with PLAN_HOOKS_SKIP=claims: refused, naming the marker and the honest ways on', () => {
    const res = commitClaimed(r, { CLAUDECODE: '1', PLAN_HOOKS_SKIP: 'claims' });
    assert.equal(res.code, 1, res.stderr);
    assert.match(res.stderr, /commit refused — this environment asks plan-hooks to skip its claims check, and overrides are a person's/);
    assert.match(res.stderr, /agent session \(CLAUDECODE \(claude\)\)/);
    assert.match(res.stderr, /claim <task> --continue[\s\S]*ask <task>[\s\S]*handover <task> --to NAME/);
    assert.equal(r.git('rev-list', '--count', 'HEAD').trim(), '1', 'no commit was made');
    refusals.push(res.stderr);
  });

  test('codex (CODEX_SANDBOX) with PLAN_HOOKS=0: refused, though PLAN_HOOKS=0 skips every hook for a person', () => {
    const res = commitClaimed(r, { CODEX_SANDBOX: 'seatbelt', PLAN_HOOKS: '0' });
    assert.equal(res.code, 1, res.stderr);
    assert.match(res.stderr, /skip its hooks, and overrides are a person's: this commit is made in an agent session \(CODEX_SANDBOX \(codex\)\)/);
    refusals.push(res.stderr);
    // --no-verify skips pre-commit: prepare-commit-msg refuses the same.
    const noVerify = r.tryGit(['commit', '--no-verify', '-m', 'no verify'], { CODEX_SANDBOX: 'seatbelt', PLAN_HOOKS: '0' });
    assert.equal(noVerify.code, 1, noVerify.stderr);
    assert.match(noVerify.stderr, /overrides are a person's/);
    assert.equal(r.git('rev-list', '--count', 'HEAD').trim(), '1', 'no commit was made');
  });

  test('a plain claim refusal to an agent names real commands and no override', () => {
    const res = commitClaimed(r, { CLAUDECODE: '1' });
    assert.equal(res.code, 1, res.stderr);
    assert.match(res.stderr, /ask api\/endpoints "\.\.\."[\s\S]*handover api\/endpoints --to NAME/);
    refusals.push(res.stderr);
    r.git('reset', '-q', '--hard');
  });
});

test("an agent whose own hook saw it run the commit, with no marker left: PLAN_HOOKS_SKIP is refused", () => {
  const { repo } = rotationRepo();
  try {
    assert.equal(repo.cli(['claim', TASK], { CODEX_SANDBOX: 'seatbelt' }).code, 0);
    repo.git('add', 'docs/export-plan.json');
    assert.equal(repo.tryGit(['commit', '-qm', 'codex claims'], { CODEX_SANDBOX: 'seatbelt' }).code, 0);
    const command = 'env -u CLAUDECODE PLAN_HOOKS_SKIP=claims git commit -m "fix export"';
    assert.equal(denied(runHook(repo, repo.dir, 'claude', 'PreToolUse', claude.bash(repo.dir, 'c-1', command))), null);
    repo.write('src/export.ts', 'export const a = 9;\n');
    repo.git('add', 'src/export.ts');
    const res = repo.tryGit(['commit', '-m', 'fix export'], { PLAN_HOOKS_SKIP: 'claims' });
    assert.equal(res.code, 1, res.stderr);
    assert.match(res.stderr, /overrides are a person's: this commit is made in an agent session \(the claude agent hook, which saw its shell tool run this git command/);
    refusals.push(res.stderr);
  } finally {
    repo.remove();
    removeDir(`${repo.dir}-wt`);
  }
});

describe("a person's override", () => {
  const r = claimedRepo();

  test('PLAN_HOOKS_SKIP=claims at commit: allowed and recorded with the commit; an agent pushing it with an override is refused', () => {
    const res = commitClaimed(r, { PLAN_HOOKS_SKIP: 'claims' });
    assert.equal(res.code, 0, res.stderr);
    assert.match(r.git('log', '-1', '--format=%B'), /^Plan-Skip: claims/m);
    // PLAN_HOOKS=0 too: every hook skipped, as before.
    const off = commitClaimed(r, { PLAN_HOOKS: '0' }, 'orders');
    assert.equal(off.code, 0, off.stderr);

    const agentPush = r.tryGit(['push', 'origin', 'main'], { CLAUDECODE: '1', PLAN_HOOKS: '0' });
    assert.equal(agentPush.code, 1, agentPush.stderr);
    assert.match(agentPush.stderr, /push refused — this environment asks plan-hooks to skip its hooks, and overrides are a person's/);
    refusals.push(agentPush.stderr);
    const agentSkip = r.tryGit(['push', 'origin', 'main'], { GEMINI_CLI: '1', PLAN_HOOKS_SKIP: 'claims' });
    assert.equal(agentSkip.code, 1, agentSkip.stderr);
    assert.match(agentSkip.stderr, /GEMINI_CLI \(gemini\)/);
    refusals.push(agentSkip.stderr);
  });

  test("CI refuses the person's recorded skip unless the range's base configuration says allowSkips; the head's own configuration does not count", () => {
    // Only the first commit (the recorded skip) is in question here: the PLAN_HOOKS=0 one is refused anyway.
    r.git('reset', '-q', '--hard', 'HEAD~1');
    const ci = () => r.cli(['check', '--range', 'origin/main..HEAD'], { CI: 'true' });
    const refused = ci();
    assert.equal(refused.code, 1, refused.stderr);
    assert.match(refused.stderr, /records a skip of claims made at commit time \(Plan-Skip\), not honoured: the base branch's configuration does not set "allowSkips": true/);
    refusals.push(refused.stderr);

    // A head commit that allows skips itself judges nothing: it is read from the range's base.
    r.writeJson('.plan-hooks.json', { allowSkips: true });
    r.git('add', '.plan-hooks.json');
    assert.equal(r.tryGit(['commit', '-qm', 'allow skips']).code, 0);
    assert.equal(ci().code, 1);

    // A person puts allowSkips on main first: the recorded skip then passes, listed as an override.
    const skipCommit = r.git('rev-parse', 'HEAD~1').trim();
    r.git('reset', '-q', '--hard', 'origin/main');
    r.writeJson('.plan-hooks.json', { allowSkips: true });
    r.git('add', '.plan-hooks.json');
    assert.equal(r.tryGit(['commit', '-qm', 'allow skips']).code, 0);
    assert.equal(r.tryGit(['push', '-q', 'origin', 'main']).code, 0);
    const picked = r.tryGit(['cherry-pick', skipCommit]);
    assert.equal(picked.code, 0, picked.stderr);
    const allowed = ci();
    assert.equal(allowed.code, 0, allowed.stderr);
    assert.match(allowed.stderr, /recorded at commit time, honoured; it let through src\/api\/users\.ts/);
  });
});

describe('a range that starts off the base branch', () => {
  test("allowSkips is read at the range's merge-base with the base branch: the branch's own earlier commit that allows skips does not count; a range starting on the base reads its start", () => {
    const r = claimedRepo();
    r.git('checkout', '-q', '-b', 'feature');
    r.writeJson('.plan-hooks.json', { allowSkips: true });
    r.git('add', '.plan-hooks.json');
    assert.equal(r.tryGit(['commit', '-qm', 'allow skips, on the branch only']).code, 0);
    const start = r.git('rev-parse', 'HEAD').trim();
    const skipped = commitClaimed(r, { PLAN_HOOKS_SKIP: 'claims' });
    assert.equal(skipped.code, 0, skipped.stderr);
    // The branch's second push: its range starts at the branch's first, off main.
    const offBase = r.cli(['check', '--range', `${start}..feature`], { CI: 'true' });
    assert.equal(offBase.code, 1, offBase.stderr);
    assert.match(offBase.stderr, /records a skip of claims made at commit time \(Plan-Skip\), not honoured: the base branch's configuration does not set "allowSkips": true/);
    // Where the base is the range's start itself, its configuration is the base's: honoured.
    const onBase = r.cli(['check', '--range', `${start}..feature`, '--base', start], { CI: 'true' });
    assert.equal(onBase.code, 0, onBase.stderr);
    assert.match(onBase.stderr, /recorded at commit time, honoured/);
  });
});

test('no refusal suggests PLAN_HOOKS_SKIP (or any override)', () => {
  assert.ok(refusals.length >= 6, `${refusals.length} refusals seen`);
  for (const text of refusals) assert.ok(!text.includes('PLAN_HOOKS_SKIP') && !text.includes('PLAN_HOOKS=0') && !text.includes('--no-verify'), text);
  const worded = [
    messages.bypassCommit('a/b'),
    messages.bypassPush(),
    messages.planRefusedFooter(),
    messages.overrideRefused('commit', ['claims'], false, ['CLAUDECODE (claude)']),
    messages.hookFailClosed['pre-commit']!,
    messages.hookFailClosed['pre-push']!,
  ];
  for (const text of worded) assert.ok(!/PLAN_HOOKS_SKIP|PLAN_HOOKS=0|--no-verify/.test(text), text);
});
