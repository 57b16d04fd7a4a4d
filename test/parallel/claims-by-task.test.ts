// Claims by task (issue 31 item 1): two Claude subagents, one holder name, two worktrees. `claim`
// in a linked worktree binds it to the task (src/sessions/binding.ts); a commit made there that
// touches a file of the other subagent's task is refused, at edit time and at commit, with the
// facts and ways forward, though both tasks are claude's; the commit's binding travels with it
// (Plan-Bound) so CI refuses what pre-commit refused. One agent working two of its own tasks in
// the main worktree, with no binding, stays free. And issue 27 item 3: a person's commit that
// adds a task claimed by an agent together with its file passes at commit, push and CI alike.
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { TempDirs, freshClone, withRemote } from '../fixtures/remote.js';
import { Repo } from '../fixtures/repo.js';
import { claude, denied, runHook } from '../rotation/helpers.js';
import { CLAUDE, commitAsClaude, parallelRepo } from './helpers.js';

/** A linked worktree on `agent/<task>` where a Claude subagent's session starts and claims the task in a commit of its own. */
function subagent(repo: Repo, dirs: TempDirs, task: string, session: string): Repo {
  const dir = `${repo.dir}-${task}`;
  dirs.dirs.push(dir);
  repo.git('worktree', 'add', '-q', '-b', `agent/${task}`, dir);
  const wt = new Repo(dir, repo.env);
  assert.equal(runHook(wt, dir, 'claude', 'SessionStart', claude.start(dir, session)).code, 0);
  const claim = wt.cli(['claim', task], CLAUDE);
  assert.equal(claim.code, 0, claim.stderr);
  assert.match(claim.stdout, new RegExp(`This worktree is bound to par/${task}`));
  commitAsClaude(wt, session, ['docs/par-plan.json'], `claim ${task}`);
  return wt;
}

describe('claims by task: two subagents of one agent', () => {
  const dirs = new TempDirs();
  after(() => dirs.removeAll());

  test("a's worktree: b's file denied at edit time and refused at commit, a's own file passes; the binding travels to CI", () => {
    const repo = parallelRepo(dirs);
    const wtA = subagent(repo, dirs, 'a', 'sub-a');
    subagent(repo, dirs, 'b', 'sub-b');

    const edit = denied(runHook(wtA, wtA.dir, 'claude', 'PreToolUse', claude.edit(wtA.dir, 'sub-a', 'src/b.ts')));
    assert.ok(edit, "the edit of b's file is denied in a's worktree");
    assert.match(edit, /par\/b/);
    assert.equal(denied(runHook(wtA, wtA.dir, 'claude', 'PreToolUse', claude.edit(wtA.dir, 'sub-a', 'src/a.ts'))), null, "a's own file is free");

    wtA.write('src/b.ts', 'export const b = 2;\n');
    const refused = commitAsClaude(wtA, 'sub-a', ['src/b.ts'], 'touch b');
    assert.equal(refused.code, 1, refused.stderr);
    assert.match(refused.stderr, /commit refused — it touches 1 path claimed by another/);
    assert.match(refused.stderr, /task par\/b, held by claude/);
    assert.match(refused.stderr, /src\/b\.ts +← pattern src\/b\.ts/);
    assert.match(refused.stderr, /your own claim, but this change belongs to par\/a/);
    assert.match(refused.stderr, /commit these files from the worktree of par\/b, or, .*'plan-hooks claim par\/b'/);
    assert.doesNotMatch(refused.stderr, /--no-verify(?! is not)/);
    wtA.git('restore', '--staged', 'src/b.ts');
    wtA.git('checkout', '--', 'src/b.ts');

    wtA.write('src/a.ts', 'export const a = 2;\n');
    const passed = commitAsClaude(wtA, 'sub-a', ['src/a.ts'], 'work on a');
    assert.equal(passed.code, 0, passed.stderr);
    const message = wtA.git('log', '-1', '--format=%B');
    assert.match(message, /^Plan-Bound: par\/a$/m, 'the binding is recorded with the commit');
    assert.match(message, /^Plan-Agent: claude \(agent-hook\)/m);

    // In CI, a fresh clone: b's claim on main; claude's commit of b's file made in the main
    // worktree (no binding) passes everywhere; the same commit recording a binding to a is refused.
    const takeB = repo.cli(['claim', 'b'], CLAUDE);
    assert.equal(takeB.code, 0, takeB.stderr);
    assert.equal(commitAsClaude(repo, 'main-1', ['docs/par-plan.json'], 'claude claims b on main').code, 0);
    const remote = withRemote(repo, dirs);
    repo.git('push', '-q', '--no-verify', 'origin', 'main');
    repo.git('checkout', '-q', '-b', 'ci-free');
    repo.write('src/b.ts', 'export const b = 3;\n');
    const free = commitAsClaude(repo, 'main-1', ['src/b.ts'], 'claude, unbound, touches b');
    assert.equal(free.code, 0, free.stderr);
    const sealed = repo.git('log', '-1', '--format=%B').trim();
    assert.doesNotMatch(sealed, /Plan-Bound/);
    repo.git('checkout', '-q', '-b', 'ci-bound');
    repo.git('-c', 'core.hooksPath=/dev/null', 'commit', '-q', '--amend', '-m', `${sealed}\nPlan-Bound: par/a`);
    // Each pushed alone: the same patch already on the remote would be judged as that commit.
    repo.git('push', '-q', '--no-verify', 'origin', 'ci-bound');
    const bound = freshClone(remote, dirs).cli(['check', '--range', 'origin/main..origin/ci-bound']);
    assert.equal(bound.code, 1, bound.stdout + bound.stderr);
    assert.match(bound.stderr, /src\/b\.ts/);
    assert.match(bound.stderr, /this change belongs to par\/a/);
    repo.git('push', '-q', '--no-verify', 'origin', ':ci-bound', 'ci-free');
    const passes = freshClone(remote, dirs).cli(['check', '--range', 'origin/main..origin/ci-free']);
    assert.equal(passes.code, 0, passes.stdout + passes.stderr);
  });

  test('one agent, two of its own tasks, the main worktree (no binding): free', () => {
    const repo = parallelRepo(dirs);
    for (const t of ['c', 'd']) {
      const r = repo.cli(['claim', t], CLAUDE);
      assert.equal(r.code, 0, r.stderr);
      assert.doesNotMatch(r.stdout, /bound/, 'the main worktree is never bound');
    }
    repo.git('add', 'docs/par-plan.json');
    assert.equal(repo.tryGit(['commit', '-qm', 'claim c and d'], CLAUDE).code, 0);
    assert.equal(denied(runHook(repo, repo.dir, 'claude', 'PreToolUse', claude.edit(repo.dir, 'main-1', 'src/d.ts'))), null);
    repo.write('src/c.ts', 'export const c = 2;\n');
    repo.write('src/d.ts', 'export const d = 2;\n');
    const both = commitAsClaude(repo, 'main-1', ['src/c.ts', 'src/d.ts'], 'c and d together');
    assert.equal(both.code, 0, both.stderr);
    assert.doesNotMatch(repo.git('log', '-1', '--format=%B'), /Plan-Bound/);
  });

  test("issue 27 item 3: a person adds a task claimed by codex with its file: passes at commit, pre-push and CI, recorded verified", async () => {
    const repo = parallelRepo(dirs);
    const remote = withRemote(repo, dirs);
    repo.git('push', '-q', '--no-verify', 'origin', 'main');
    repo.git('checkout', '-q', '-b', 'assign');
    const p = JSON.parse(repo.git('show', 'HEAD:docs/par-plan.json'));
    p.workItems[0].tasks.push({ id: 'e', status: 'in-progress', acceptance: 'tests pass', files: ['src/e.ts'], claimedBy: 'codex', claimedAt: new Date(Date.now() - 60_000).toISOString().replace(/\.\d+Z$/, 'Z') });
    p.workItems[0].status = 'in-progress';
    repo.writeJson('docs/par-plan.json', p);
    repo.write('src/e.ts', 'export const e = 1;\n');
    repo.git('add', '-A');
    const commit = repo.tryGit(['commit', '-qm', 'assign e to codex with a stub']);
    assert.equal(commit.code, 0, commit.stderr);
    const push = repo.tryGit(['push', '-q', 'origin', 'assign']);
    assert.equal(push.code, 0, push.stderr);
    const ci = freshClone(remote, dirs).cli(['check', '--range', 'origin/main..origin/assign']);
    assert.equal(ci.code, 0, ci.stderr);
    // The worklog's judge agrees with pre-commit: the entry is verified, not "did not hold".
    let log = '';
    for (let i = 0; i < 50 && !/assign e to codex/.test(log); i++) {
      await new Promise((r) => setTimeout(r, 100));
      log = repo.cli(['log', '--json']).stdout;
    }
    const entry = JSON.parse(log).entries?.find?.((e: { subject: string }) => e.subject === 'assign e to codex with a stub') ?? JSON.parse(log).find?.((e: { subject: string }) => e.subject === 'assign e to codex with a stub');
    assert.ok(entry, log);
    assert.equal(entry.verified, true, JSON.stringify(entry));
  });
});
