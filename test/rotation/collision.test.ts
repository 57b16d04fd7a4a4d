// A parallel agent barging into a live claim stays refused at every layer (issue 24): claude seen
// a minute ago; codex's edit is denied, its commit refused, its --continue refused (the holder
// is live), a continuation it writes into the plan by hand refused at commit, and a commit made
// past the hooks refused at push and in CI. And the disputed continuation: a rival forges the
// holder's stop with the holder's own hook command; when the "stopped" session acts again, the
// continuation is reported as disputed to both agents, in status and at push.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { TempDirs, freshClone, withRemote } from '../fixtures/remote.js';
import type { Repo } from '../fixtures/repo.js';
import { TASK, ageSessions, claude, claudeClaims, codex, context, denied, rotationRepo, runHook } from './helpers.js';

const CODEX = { CODEX_SANDBOX: 'seatbelt' };

function claudeAtWork(wt: Repo): void {
  claudeClaims(wt, 'claim first-task');
  assert.equal(denied(runHook(wt, wt.dir, 'claude', 'PreToolUse', claude.edit(wt.dir, 'c-1', 'src/export.ts'))), null);
}

describe('a parallel collision is refused everywhere', () => {
  const dirs = new TempDirs();
  after(() => dirs.removeAll());

  test('claude seen a minute ago: edit denied, commit refused, --continue refused, a hand-written continuation refused, push and CI refuse a commit made past the hooks', () => {
    const { repo, wt } = rotationRepo();
    dirs.dirs.push(repo.dir, wt.dir);
    claudeAtWork(wt);
    ageSessions(repo, 'claude', 1);

    const edit = denied(runHook(wt, wt.dir, 'codex', 'PreToolUse', codex.patch(wt.dir, 'x-1', 'src/export.ts')));
    assert.ok(edit, 'the edit is denied');
    assert.doesNotMatch(edit, /--continue/, 'a live holder offers no continuation');

    const cont = wt.cli(['claim', TASK, '--continue'], CODEX);
    assert.equal(cont.code, 1);
    assert.match(cont.stderr, /claimed by claude, which is live: a session was seen .* \(1 min ago\)/);
    assert.match(cont.stderr, /Nothing was changed/);

    wt.write('src/export.ts', 'export const a = 9;\n');
    wt.git('add', 'src/export.ts');
    const commit = wt.tryGit(['commit', '-qm', 'codex barges in'], CODEX);
    assert.equal(commit.code, 1);
    assert.match(commit.stderr, /commit refused .* claimed by another agent's task/);

    // The continuation written by hand (what --continue writes when claude is idle), while claude is live.
    ageSessions(repo, 'claude', 40);
    assert.equal(wt.cli(['claim', TASK, '--continue'], CODEX).code, 0);
    assert.equal(denied(runHook(wt, wt.dir, 'claude', 'PreToolUse', claude.bash(wt.dir, 'c-1', 'ls'))), null, 'claude acts again: live');
    wt.git('add', '-A');
    const forged = wt.tryGit(['commit', '-qm', 'codex continues while claude is live'], CODEX);
    assert.equal(forged.code, 1, forged.stderr);
    assert.match(forged.stderr, /recorded as continued by codex, but its holder claude is live here/);
    wt.git('checkout', 'HEAD', '--', 'docs/export-plan.json');

    // PLAN_HOOKS=0 in codex's session is refused (docs/overrides.md); past every local hook (none run): push and CI still refuse it.
    wt.git('add', '-A');
    assert.equal(wt.tryGit(['commit', '-qm', 'codex, hooks off'], { ...CODEX, PLAN_HOOKS: '0' }).code, 1);
    assert.equal(wt.tryGit(['-c', 'core.hooksPath=/dev/null', 'commit', '-qm', 'codex, hooks off'], CODEX).code, 0);
    const remote = withRemote(wt, dirs);
    repo.git('push', '-q', 'origin', 'main');
    const push = wt.tryGit(['push', 'origin', 'feature'], CODEX);
    assert.equal(push.code, 1, push.stderr);
    assert.match(push.stderr, /src\/export\.ts/);
    wt.git('push', '-q', '--no-verify', 'origin', 'feature');
    const clone = freshClone(remote, dirs, 'feature');
    const ci = clone.cli(['check', '--range', 'origin/main..origin/feature']);
    assert.equal(ci.code, 1, ci.stderr);
    assert.match(ci.stderr, /src\/export\.ts/);
  });

  test('the disputed continuation: a forged StopFailure, --continue, and the "stopped" session acts again', () => {
    const { repo, wt } = rotationRepo();
    dirs.dirs.push(repo.dir, wt.dir);
    claudeAtWork(wt);
    // The rival runs claude's own installed StopFailure command with claude's session id.
    assert.equal(runHook(wt, wt.dir, 'claude', 'StopFailure', claude.stopFailure(wt.dir, 'c-1'), CODEX).code, 0);
    const cont = wt.cli(['claim', TASK, '--continue'], CODEX);
    assert.equal(cont.code, 0, cont.stderr);
    wt.git('add', 'docs/export-plan.json');
    const commit = wt.tryGit(['commit', '-qm', 'continue first-task'], CODEX);
    assert.equal(commit.code, 0, commit.stderr);

    // claude was never stopped: its next tool call is told, and says the continuation is disputed.
    const back = runHook(wt, wt.dir, 'claude', 'PreToolUse', claude.edit(wt.dir, 'c-1', 'src/export.ts'));
    const told = denied(back) ?? JSON.stringify(back.reply);
    assert.match(told, new RegExp(`your task ${TASK} was continued by codex`));
    assert.match(told, /disputed/);

    const json = JSON.parse(wt.cli(['status', '--json']).stdout);
    assert.ok(json.handovers.at(-1).disputed, 'status --json marks it');
    assert.match(wt.cli(['status']).stdout, /DISPUTED: claude's session acted again/);

    // codex's own session start says so, and pre-push.
    assert.match(context(runHook(wt, wt.dir, 'codex', 'SessionStart', codex.start(wt.dir, 'x-1'))), /your continuation of export\/first-task is DISPUTED/);
    withRemote(wt, dirs);
    repo.git('push', '-q', 'origin', 'main');
    const push = wt.tryGit(['push', 'origin', 'feature'], CODEX);
    assert.match(push.stderr, /continued from claude to codex.*DISPUTED: claude's session acted again/);
    assert.equal(JSON.parse(readFileSync(join(wt.dir, 'docs/export-plan.json'), 'utf8')).workItems[0].tasks[0].claimedBy, 'codex');
  });
});
