// The rotation (issue 24's "Done when", docs/rotation.md): claude works in a linked worktree, stops at its
// usage limit with an edit uncommitted; codex, started next, is handed the paused task and
// continues it in one command; its edits and its commit pass, and the worklog, the plan's log and
// changelog, status, pre-push and `check --range` in a fresh clone all show the handover. The
// same with claude merely idle past the window, and with a person's handover. All with real git,
// the installed agent commands and each agent's documented payloads.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { TempDirs, freshClone, withRemote } from '../fixtures/remote.js';
import type { Repo } from '../fixtures/repo.js';
import { TASK, ageSessions, claude, codex, context, denied, rotationRepo, runHook, sessionRecords } from './helpers.js';

const CLAUDE = { CLAUDECODE: '1' };
const CODEX = { CODEX_SANDBOX: 'seatbelt' };

/** claude, in the linked worktree: session start, claims the task (committed), edits src/export.ts and leaves it uncommitted. */
function claudeWorks(wt: Repo): void {
  assert.equal(runHook(wt, wt.dir, 'claude', 'SessionStart', claude.start(wt.dir, 'c-1')).code, 0);
  // The handoff names the commit the work builds on: the pickup lists what came after it.
  const p = planOf(wt);
  p.handoff.lastCommit = wt.git('rev-parse', 'HEAD').trim();
  wt.writeJson('docs/export-plan.json', p);
  const claim = wt.cli(['claim', TASK], CLAUDE);
  assert.equal(claim.code, 0, claim.stderr);
  wt.git('add', 'docs/export-plan.json');
  const committed = wt.tryGit(['commit', '-qm', 'claim first-task'], CLAUDE);
  assert.equal(committed.code, 0, committed.stderr);
  const edit = runHook(wt, wt.dir, 'claude', 'PreToolUse', claude.edit(wt.dir, 'c-1', 'src/export.ts'));
  assert.equal(denied(edit), null, 'claude edits its own claim');
  wt.write('src/export.ts', 'export const a = 1;\nexport async function retry() {\n  return 2;\n}\n');
}

const planOf = (wt: Repo) => JSON.parse(readFileSync(join(wt.dir, 'docs/export-plan.json'), 'utf8'));

/** codex continues: what its session start says, the deny before, the one command, its edit and commit. */
function codexContinues(wt: Repo, why: RegExp): void {
  const start = runHook(wt, wt.dir, 'codex', 'SessionStart', codex.start(wt.dir, 'x-1'));
  const text = context(start);
  assert.match(text, /Paused claims you can continue/);
  assert.match(text, new RegExp(`${TASK} — held by claude, ${why.source}`));
  assert.match(text, new RegExp(`plan-hooks claim ${TASK} --continue`));
  assert.match(text, /acceptance: npm test -- export passes/);
  assert.match(text, /verify: npm test -- export/);
  assert.match(text, /next action: Add the retry loop/);
  assert.match(text, /left uncommitted in .*-wt:\n\s+src\/export\.ts \(\+3 -0\)/);
  assert.match(text, /1 commit since the handoff's lastCommit [0-9a-f]{12}:\n\s+[0-9a-f]{12} claim first-task \(claude\)/);

  const before = runHook(wt, wt.dir, 'codex', 'PreToolUse', codex.patch(wt.dir, 'x-1', 'src/export.ts'));
  const reason = denied(before);
  assert.ok(reason, 'the paused claim still refuses an edit until it is continued');
  const ways = reason.slice(reason.indexOf('Ways forward:'));
  assert.match(ways.split('\n')[1]!, new RegExp(`claude's sessions have stopped .*'[^']*plan-hooks claim ${TASK} --continue'`), 'the first way forward is --continue');

  const cont = wt.cli(['claim', TASK, '--continue'], CODEX);
  assert.equal(cont.code, 0, cont.stderr);
  assert.match(cont.stdout, /codex continued export\/first-task from claude/);
  const p = planOf(wt);
  const task = p.workItems[0].tasks[0];
  assert.equal(task.claimedBy, 'codex');
  const entry = p.workItems[0].log.at(-1);
  assert.match(entry.summary, new RegExp(`codex continued ${TASK} from claude: claude ${why.source}`));
  assert.match(entry.summary, /left uncommitted: .*-wt: src\/export\.ts \(\+3 -0\)/);
  assert.equal(entry.metadata.planHooks.handover.kind, 'continue');
  assert.deepEqual(entry.metadata.planHooks.handover.uncommitted[0].files, [{ path: 'src/export.ts', added: 3, removed: 0 }]);
  assert.match(p.changelog.at(-1).summary, /continued by codex from claude/);
  assert.equal(wt.cli(['validate', 'docs/export-plan.json', '--strict']).code, 0, 'the plan stays plan-state v1');

  assert.equal(denied(runHook(wt, wt.dir, 'codex', 'PreToolUse', codex.patch(wt.dir, 'x-1', 'src/export.ts'))), null, 'codex edits its continued claim');
  wt.write('src/export.ts', 'export const a = 1;\nexport async function retry() {\n  return 3;\n}\n');
  wt.git('add', '-A');
  const commit = wt.tryGit(['commit', '-m', 'continue first-task: retry returns 3'], CODEX);
  assert.equal(commit.code, 0, `codex's commit of the plan and claude's diff passes: ${commit.stderr}`);
  assert.match(commit.stderr, /1 recorded handover/);
}

/** Everything downstream shows the handover: worklog, status, pre-push, check --range in a fresh clone. */
function handoverShown(repo: Repo, wt: Repo, dirs: TempDirs, kind: 'continued' | 'handed over'): void {
  const log = wt.cli(['log']);
  assert.equal(log.code, 0, log.stderr);
  const line = log.stdout.split('\n').find((l) => /continue first-task|handover first-task/.test(l)) ?? '';
  assert.match(line, new RegExp(`claim ${TASK}: claude → codex`), log.stdout);
  assert.doesNotMatch(line, /unverified/, 'the commit that carries the handover is verified');
  const status = wt.cli(['status']);
  assert.match(status.stdout, /Handovers/);
  assert.match(status.stdout, new RegExp(`${TASK}: ${kind} from claude to codex`));
  const json = JSON.parse(wt.cli(['status', '--json']).stdout);
  const claim = json.claims.find((c: any) => c.task === TASK);
  assert.ok(claim, JSON.stringify(json.claims));
  assert.equal(claim.holder, 'codex');
  assert.ok(['live', 'unknown'].includes(claim.holderState.state), JSON.stringify(claim.holderState));
  assert.equal(json.handovers.at(-1).from, 'claude');
  assert.equal(json.handovers.at(-1).to, 'codex');
  assert.ok(Array.isArray(json.sessions));

  const remote = withRemote(wt, dirs);
  repo.git('push', '-q', 'origin', 'main');
  const push = wt.tryGit(['push', 'origin', 'feature']);
  assert.equal(push.code, 0, push.stderr);
  assert.match(push.stderr, new RegExp(`recorded handover.*checked against the agents' sessions recorded here.*\\n.*${TASK}: ${kind} from claude to codex`));

  const clone = freshClone(remote, dirs, 'feature');
  const range = clone.cli(['check', '--range', 'origin/main..origin/feature']);
  assert.equal(range.code, 0, range.stderr);
  assert.match(range.stderr, new RegExp(`${TASK}: ${kind} from claude to codex`));
  assert.match(range.stderr, /sessions cannot be seen here: accepted as recorded/, 'CI lists it as a recorded change, never a silent pass');
}

describe('rotation: claude stops at its usage limit, codex continues', () => {
  const dirs = new TempDirs();
  after(() => dirs.removeAll());
  test('StopFailure rate_limit, then codex: pickup, --continue, edit, commit, and the handover everywhere', () => {
    const { repo, wt } = rotationRepo();
    dirs.dirs.push(repo.dir, wt.dir);
    claudeWorks(wt);
    const stop = runHook(wt, wt.dir, 'claude', 'StopFailure', claude.stopFailure(wt.dir, 'c-1'));
    assert.equal(stop.code, 0);
    assert.equal(stop.stdout, '');
    const rec = sessionRecords(repo).find((r) => r.agent === 'claude')!;
    assert.equal(rec.why, 'rate_limit');
    assert.ok(rec.ended);
    codexContinues(wt, /stopped at its usage limit \(rate_limit\)/);
    handoverShown(repo, wt, dirs, 'continued');
    // Hours later claude comes back (a new session): told its task was continued, and by whom.
    const back = context(runHook(wt, wt.dir, 'claude', 'SessionStart', claude.start(wt.dir, 'c-2')));
    assert.match(back, new RegExp(`Note: your claim ${TASK} was continued by codex at .*; it is codex's now`));
  });

  test("claude merely idle past the window: paused by idleness; codex continues the same way", () => {
    const { repo, wt } = rotationRepo();
    dirs.dirs.push(repo.dir, wt.dir);
    claudeWorks(wt);
    assert.equal(runHook(wt, wt.dir, 'claude', 'Stop', claude.stop(wt.dir, 'c-1')).code, 0, 'an end of turn is no end of session');
    assert.equal(sessionRecords(repo).find((r) => r.agent === 'claude')!.ended, null);
    ageSessions(repo, 'claude', 31);
    codexContinues(wt, /idle/);
    handoverShown(repo, wt, dirs, 'continued');
  });

  test("a person's handover: refused inside an agent session, made by the person while claude is live", () => {
    const { repo, wt } = rotationRepo();
    dirs.dirs.push(repo.dir, wt.dir);
    claudeWorks(wt);
    const inAgent = wt.cli(['handover', TASK, '--to', 'codex'], CODEX);
    assert.equal(inAgent.code, 1);
    assert.match(inAgent.stderr, /a person's command.*CODEX_SANDBOX/);
    assert.match(inAgent.stderr, new RegExp(`'[^']*plan-hooks claim ${TASK} --continue'`));
    const byPerson = wt.cli(['handover', TASK, '--to', 'codex']);
    assert.equal(byPerson.code, 0, byPerson.stderr);
    wt.git('add', 'docs/export-plan.json');
    const commit = wt.tryGit(['commit', '-qm', 'handover first-task to codex']);
    assert.equal(commit.code, 0, commit.stderr);
    assert.equal(denied(runHook(wt, wt.dir, 'codex', 'PreToolUse', codex.patch(wt.dir, 'x-1', 'src/export.ts'))), null);
    wt.write('src/export.ts', 'export const a = 2;\n');
    wt.git('add', '-A');
    const work = wt.tryGit(['commit', '-qm', 'codex: export a = 2'], CODEX);
    assert.equal(work.code, 0, work.stderr);
    handoverShown(repo, wt, dirs, 'handed over');
  });
});
