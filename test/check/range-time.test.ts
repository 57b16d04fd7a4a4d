// pre-push and `check --range` judge each commit by the claims of its own time, and only what is
// new: real pushes to local bare remotes, and `check --range` in fresh clones with a clean env.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { PACKAGE_ROOT, type Repo, makeRepo, repoWithPlans } from '../fixtures/repo.js';
import { TempDirs, freshClone as freshCloneOf, withRemote as withRemoteIn } from '../fixtures/remote.js';
import { claimed, hoursAgo, open, plan } from '../fixtures/plans.js';

const temp = new TempDirs();
const dirs = temp.dirs;
after(() => temp.removeAll());
const withRemote = (r: Repo) => withRemoteIn(r, temp);
const freshClone = (remote: string, branch = 'main') => freshCloneOf(remote, temp, branch);

const commitFile = (r: Repo, path: string, message: string, ...extra: string[]) => {
  r.write(path, `${message}\n`);
  r.git('add', '-A');
  const res = r.tryGit(['commit', '-q', '-m', message, ...extra]);
  assert.equal(res.code, 0, res.stderr);
  return r.git('rev-parse', 'HEAD').trim();
};

const hookless = (r: Repo, path: string, message: string, env: NodeJS.ProcessEnv = {}) => {
  r.write(path, `${message}\n`);
  r.git('add', '-A');
  const res = r.tryGit(['-c', 'core.hooksPath=/dev/null', 'commit', '-q', '-m', message], env);
  assert.equal(res.code, 0, res.stderr);
};

test('the first push of a repository: a commit made before any plan existed is not refused by today’s claim', () => {
  const r = makeRepo();
  dirs.push(r.dir);
  r.installRawHooks();
  withRemote(r);
  commitFile(r, 'src/api/a.ts', 'api before any plan');
  r.writeJson('docs/api-plan.json', plan('api', [claimed('endpoints', 'codex', ['src/api'])]));
  r.write('docs/api-plan.md', '# api\n');
  r.git('add', '-A');
  assert.equal(r.tryGit(['commit', '-q', '-m', 'codex claims the api'], { PLAN_HOOKS_AGENT: 'codex' }).code, 0);
  const push = r.tryGit(['push', 'origin', 'main']);
  assert.equal(push.code, 0, push.stderr);
  const c = freshClone(r.git('remote', 'get-url', 'origin').trim());
  const res = c.cli(['check', '--range', 'HEAD']);
  assert.equal(res.code, 0, res.stderr);
});

test('a hookless commit to a claimed path is refused at push and fails in CI, naming the path; a committer date set ahead does not help', () => {
  const r = repoWithPlans({ 'docs/api-plan.json': plan('api', [claimed('endpoints', 'codex', ['src/api'])]) });
  dirs.push(r.dir);
  const remote = withRemote(r);
  assert.equal(r.tryGit(['push', '-q', 'origin', 'main']).code, 0);
  const ahead = new Date(Date.now() + 3 * 86400_000).toISOString();
  hookless(r, 'src/api/a.ts', 'from a hookless client', { GIT_COMMITTER_DATE: ahead });
  const push = r.tryGit(['push', 'origin', 'main']);
  assert.equal(push.code, 1, push.stderr);
  assert.match(push.stderr, /from a hookless client[\s\S]*src\/api\/a\.ts {3}← pattern src\/api/);
  assert.match(push.stderr, /unverified/);
  // CI: a fresh clone that has the commit (pushed past the hook) sees the same.
  assert.equal(r.tryGit(['push', '-q', '--no-verify', 'origin', 'main']).code, 0);
  const c = freshClone(remote);
  const res = c.cli(['check', '--range', 'HEAD~1..HEAD']);
  assert.equal(res.code, 1);
  assert.match(res.stderr, /src\/api\/a\.ts/);
});

test('pre-push checks only what the remote does not have: a new branch does not re-judge main’s history', () => {
  const r = repoWithPlans({ 'docs/api-plan.json': plan('api', [claimed('endpoints', 'codex', ['src/api'])]) });
  dirs.push(r.dir);
  withRemote(r);
  hookless(r, 'src/api/a.ts', 'old violation');
  assert.equal(r.tryGit(['push', '-q', '--no-verify', 'origin', 'main']).code, 0);
  r.git('checkout', '-q', '-b', 'feature');
  commitFile(r, 'src/free.ts', 'clean work');
  const push = r.tryGit(['push', 'origin', 'feature']);
  assert.equal(push.code, 0, push.stderr);
  assert.doesNotMatch(push.stderr, /old violation/);
});

test('a claim made on the base after a commit never refuses it; the holder’s merged-in commits pass; CI agrees', () => {
  const r = repoWithPlans({ 'docs/api-plan.json': plan('api', [open('endpoints', ['src/api'])]) });
  dirs.push(r.dir);
  const remote = withRemote(r);
  assert.equal(r.tryGit(['push', '-q', 'origin', 'main']).code, 0);
  // Earlier work on a feature branch, made before anyone claimed src/api.
  r.git('checkout', '-q', '-b', 'feature');
  commitFile(r, 'src/api/early.ts', 'early api work');
  // Then codex claims src/api on main and works there.
  r.git('checkout', '-q', 'main');
  r.writeJson('docs/api-plan.json', plan('api', [claimed('endpoints', 'codex', ['src/api'], 0)]));
  r.git('add', '-A');
  assert.equal(r.tryGit(['commit', '-q', '-m', 'codex claims'], { PLAN_HOOKS_AGENT: 'codex' }).code, 0);
  r.write('src/api/codex.ts', 'x\n');
  r.git('add', '-A');
  assert.equal(r.tryGit(['commit', '-q', '-m', 'codex works'], { PLAN_HOOKS_AGENT: 'codex', GIT_AUTHOR_NAME: 'codex' }).code, 0);
  assert.equal(r.tryGit(['push', '-q', 'origin', 'main']).code, 0);
  // The feature branch merges main in (carrying codex's commits) and is pushed by someone else.
  r.git('checkout', '-q', 'feature');
  assert.equal(r.tryGit(['merge', '-q', '--no-edit', 'main']).code, 0);
  const push = r.tryGit(['push', 'origin', 'feature']);
  assert.equal(push.code, 0, push.stderr);
  const c = freshClone(remote, 'feature');
  c.git('fetch', '-q', 'origin', 'main:main');
  const res = c.cli(['check', '--range', 'main..feature']);
  assert.equal(res.code, 0, res.stderr);
  // Work on the feature branch after it has the claim in its history is refused.
  c.write('src/api/late.ts', 'x\n');
  c.git('add', '-A');
  c.git('commit', '-q', '-m', 'late api work');
  const late = c.cli(['check', '--range', 'main..feature']);
  assert.equal(late.code, 1);
  assert.match(late.stderr, /late api work[\s\S]*src\/api\/late\.ts/);
  // Only the late commit is refused (every commit is still listed among the unverified identities).
  assert.doesNotMatch(late.stderr.split('Identities not verified')[0]!, /early api work/);
});

// Revisions on the command line failed with E2BIG past ~650 commits; 2,000 is three times that.
// How the check scales (10,000 commits and more) is bench/range.bench.mjs's business.
test('2,000 commits check without error (revisions go to git through stdin)', async () => {
  const { makeHistory } = (await import(join(PACKAGE_ROOT, 'bench/history.mjs'))) as { makeHistory(dir: string, n: number, env: NodeJS.ProcessEnv): { first: string; last: string } };
  const n = 2000;
  const r = makeRepo();
  dirs.push(r.dir);
  makeHistory(r.dir, n, r.env);
  const res = r.cli(['check', '--range', 'HEAD']);
  assert.equal(res.code, 0, res.stderr.slice(-2000));
  assert.match(res.stderr, new RegExp(`${n + 1 + n / 100} commits checked, all allowed`));
});

// The rebase rule (src/check/range.ts, top): a refused commit with the patch-id of a commit the
// remote already has is judged as that commit; every other commit by its own ancestry.

/** main pushed with src/api open, then a feature branch from it; returns the remote. */
function rebaseProject(hooks?: string[]) {
  const r = repoWithPlans({ 'docs/api-plan.json': plan('api', [open('endpoints', ['src/api'])]) }, hooks);
  dirs.push(r.dir);
  const remote = withRemote(r);
  assert.equal(r.tryGit(['push', '-q', 'origin', 'main']).code, 0);
  r.git('checkout', '-q', '-b', 'feature');
  return { r, remote };
}

/** codex claims src/api on main, and main is pushed. */
function codexClaimsOnMain(r: Repo) {
  r.git('checkout', '-q', 'main');
  r.writeJson('docs/api-plan.json', plan('api', [claimed('endpoints', 'codex', ['src/api'], 0)]));
  r.git('add', '-A');
  assert.equal(r.tryGit(['commit', '-q', '-m', 'codex claims'], { PLAN_HOOKS_AGENT: 'codex' }).code, 0);
  assert.equal(r.tryGit(['push', '-q', 'origin', 'main']).code, 0);
}

test('pushed work rebased onto a base that gained a claim: the force-push is accepted as rebased from the pushed commit; CI with the previous head fetched agrees', () => {
  const { r, remote } = rebaseProject();
  const early = commitFile(r, 'src/api/early.ts', 'early api work');
  assert.equal(r.tryGit(['push', '-q', 'origin', 'feature']).code, 0);
  codexClaimsOnMain(r);
  r.git('checkout', '-q', 'feature');
  const rebase = r.tryGit(['rebase', 'main']);
  assert.equal(rebase.code, 0, rebase.stderr);
  const push = r.tryGit(['push', '-f', 'origin', 'feature']);
  assert.equal(push.code, 0, push.stderr);
  assert.match(push.stderr, new RegExp(`early api work[\\s\\S]*src/api/early\\.ts[\\s\\S]*rebased from ${early.slice(0, 12)}`));
  // CI: a fresh clone of the new head; the previous head is on no branch any more, so it is fetched by id.
  const c = freshClone(remote, 'feature');
  c.git('fetch', '-q', 'origin', 'main:main');
  const without = c.cli(['check', '--range', 'main..feature']);
  assert.equal(without.code, 1, 'not known to this clone: judged by its new ancestry');
  assert.match(without.stderr, /the claim arrived with the new base/);
  c.git('fetch', '-q', 'origin', early);
  const res = c.cli(['check', '--range', 'main..feature', '--known', early]);
  assert.equal(res.code, 0, res.stderr);
  assert.match(res.stderr, new RegExp(`rebased from ${early.slice(0, 12)}`));
  const json = JSON.parse(c.cli(['check', '--range', 'main..feature', '--known', early, '--json']).stdout) as { rebasedFrom: string | null; allowed: boolean }[];
  assert.deepEqual(json.map((v) => [v.rebasedFrom, v.allowed]), [[early, true]]);
});

test('work backdated with git commit --date and never pushed, rebased onto the claim: refused at push and in CI, with ways forward that name no one else', () => {
  const { r, remote } = rebaseProject();
  codexClaimsOnMain(r);
  r.git('checkout', '-q', 'feature');
  // Made after the claim, dated before it (the author date is the committer's word).
  r.write('src/api/late.ts', 'x\n');
  r.git('add', '-A');
  const backdated = r.tryGit(['-c', 'core.hooksPath=/dev/null', 'commit', '-q', '-m', 'backdated api work', `--date=${hoursAgo(48)}`]);
  assert.equal(backdated.code, 0, backdated.stderr);
  assert.equal(r.tryGit(['rebase', 'main']).code, 0);
  const push = r.tryGit(['push', 'origin', 'feature']);
  assert.equal(push.code, 1, push.stderr);
  assert.match(push.stderr, /backdated api work[\s\S]*src\/api\/late\.ts {3}← pattern src\/api/);
  assert.match(push.stderr, /the claim arrived with the new base[\s\S]*merge the base into it instead[\s\S]*push the earlier commits as they were first/);
  assert.doesNotMatch(push.stderr, /rebased from/);
  // No way forward suggests declaring another agent's name.
  assert.doesNotMatch(push.stderr, /PLAN_HOOKS_AGENT|--agent|as codex/);
  assert.equal(r.tryGit(['push', '-q', '--no-verify', 'origin', 'feature']).code, 0);
  const c = freshClone(remote, 'feature');
  c.git('fetch', '-q', 'origin', 'main:main');
  const res = c.cli(['check', '--range', 'main..feature']);
  assert.equal(res.code, 1, res.stderr);
  assert.match(res.stderr, /backdated api work[\s\S]*src\/api\/late\.ts/);
});

test('a cherry-pick of a commit already on main is accepted as that commit; a cherry-pick of a pushed violation is still refused', () => {
  const r = repoWithPlans({ 'docs/api-plan.json': plan('api', [open('endpoints', ['src/api'])]) });
  dirs.push(r.dir);
  const remote = withRemote(r);
  const fork = r.git('rev-parse', 'HEAD').trim();
  const fix = commitFile(r, 'src/api/fix.ts', 'api fix on main');
  assert.equal(r.tryGit(['push', '-q', 'origin', 'main']).code, 0);
  // A maintenance branch from before the fix, where codex then claims src/api.
  r.git('checkout', '-q', '-b', 'maint', fork);
  r.writeJson('docs/api-plan.json', plan('api', [claimed('endpoints', 'codex', ['src/api'], 0)]));
  r.git('add', '-A');
  assert.equal(r.tryGit(['commit', '-q', '-m', 'codex claims on maint'], { PLAN_HOOKS_AGENT: 'codex' }).code, 0);
  assert.equal(r.tryGit(['push', '-q', 'origin', 'maint']).code, 0);
  const maintBefore = r.git('rev-parse', 'HEAD').trim();
  const pick = r.tryGit(['cherry-pick', fix]);
  assert.equal(pick.code, 0, pick.stderr);
  const push = r.tryGit(['push', 'origin', 'maint']);
  assert.equal(push.code, 0, push.stderr);
  assert.match(push.stderr, new RegExp(`api fix on main[\\s\\S]*rebased from ${fix.slice(0, 12)}`));
  const c = freshClone(remote, 'maint');
  const res = c.cli(['check', '--range', `${maintBefore}..maint`]);
  assert.equal(res.code, 0, res.stderr);
  assert.match(res.stderr, new RegExp(`rebased from ${fix.slice(0, 12)}`));

  // A violation pushed past the hook to a side branch is judged by its own ancestry: picking it
  // elsewhere does not launder it.
  // Branched where maint already had the claim, so the pick gets a parent of its own (a pick onto its
  // own parent within the same second would be the very same commit, which the remote has).
  r.git('checkout', '-q', '-b', 'side', maintBefore);
  hookless(r, 'src/api/sneaky.ts', 'sneaky api work');
  const sneaky = r.git('rev-parse', 'HEAD').trim();
  assert.equal(r.tryGit(['push', '-q', '--no-verify', 'origin', 'side']).code, 0);
  r.git('checkout', '-q', 'maint');
  assert.equal(r.tryGit(['cherry-pick', sneaky]).code, 0);
  const laundered = r.tryGit(['push', 'origin', 'maint']);
  assert.equal(laundered.code, 1, laundered.stderr);
  assert.match(laundered.stderr, /sneaky api work[\s\S]*src\/api\/sneaky\.ts/);
  assert.doesNotMatch(laundered.stderr, /rebased from/);
});
