// Session-claimed binding (issue 31 item 2): a commit whose agent session claimed a task belongs to
// that task even in a worktree no `claim` bound (here the main worktree, which is never bound).
// The pre-tool hook sees the session's shell tool run `plan-hooks claim`, and `claim` adds the
// task to that session's record; the session's edits and commits that touch another in-progress
// task's files are then refused though both tasks are claude's. A session that claimed nothing
// stays free on its agent's tasks, and one that claimed two tasks works on both.
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { TempDirs } from '../fixtures/remote.js';
import { Repo } from '../fixtures/repo.js';
import { claude, denied, runHook } from '../rotation/helpers.js';
import { CLAUDE, claudeBash, commitAsClaude, parallelRepo } from './helpers.js';

function claimAs(repo: Repo, session: string, task: string) {
  claudeBash(repo, session, `npx plan-hooks claim ${task}`);
  const r = repo.cli(['claim', task], CLAUDE);
  assert.equal(r.code, 0, r.stderr);
  return r.stdout;
}

describe('the tasks an agent session claimed bind its edits and commits', () => {
  const dirs = new TempDirs();
  after(() => dirs.removeAll());

  test("two claude sessions in the main worktree, one task each: b's file refused to a's session at edit and commit; free where nothing was claimed", () => {
    const repo = parallelRepo(dirs);
    for (const s of ['s1', 's2', 's3', 's4']) assert.equal(runHook(repo, repo.dir, 'claude', 'SessionStart', claude.start(repo.dir, s)).code, 0);
    assert.match(claimAs(repo, 's1', 'a'), /This claude session claimed par\/a/);
    assert.match(claimAs(repo, 's2', 'b'), /This claude session claimed par\/b/);
    claimAs(repo, 's4', 'c');
    claimAs(repo, 's4', 'd');
    const claims = commitAsClaude(repo, 's1', ['docs/par-plan.json'], 'claims');
    assert.equal(claims.code, 0, claims.stderr);

    // s1 claimed a: b's file (claude's too, but s2's task) is denied at edit time and refused at commit.
    assert.notEqual(denied(runHook(repo, repo.dir, 'claude', 'PreToolUse', claude.edit(repo.dir, 's1', 'src/b.ts'))), null);
    assert.equal(denied(runHook(repo, repo.dir, 'claude', 'PreToolUse', claude.edit(repo.dir, 's1', 'src/a.ts'))), null);
    repo.write('src/b.ts', 'export const b = 9;\n');
    const clash = commitAsClaude(repo, 's1', ['src/b.ts'], 'a reaches into b');
    assert.equal(clash.code, 1, clash.stderr);
    assert.match(clash.stderr, /this change belongs to par\/a/);
    repo.git('reset', '-q', 'HEAD', 'src/b.ts');
    repo.git('checkout', '--', 'src/b.ts');

    repo.write('src/a.ts', 'export const a = 2;\n');
    const own = commitAsClaude(repo, 's1', ['src/a.ts'], 'a');
    assert.equal(own.code, 0, own.stderr);
    assert.match(repo.git('log', '-1', '--format=%B'), /Plan-Bound: par\/a/);

    // s4 claimed c and d: both together pass.
    repo.write('src/c.ts', 'export const c = 2;\n');
    repo.write('src/d.ts', 'export const d = 2;\n');
    const both = commitAsClaude(repo, 's4', ['src/c.ts', 'src/d.ts'], 'c and d');
    assert.equal(both.code, 0, both.stderr);

    // s3 claimed nothing: one agent working on its own tasks with no binding stays free.
    repo.write('src/a.ts', 'export const a = 3;\n');
    repo.write('src/b.ts', 'export const b = 3;\n');
    const free = commitAsClaude(repo, 's3', ['src/a.ts', 'src/b.ts'], 'a and b by s3');
    assert.equal(free.code, 0, free.stderr);
    assert.doesNotMatch(repo.git('log', '-1', '--format=%B'), /Plan-Bound/);
  });
});
