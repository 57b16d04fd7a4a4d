// `plan-hooks start <task>` (issue 31 item 1): claims the task, makes a linked worktree on a new
// branch beside the main worktree, binds it to the task and commits the claim there, and prints
// where to cd; a worktree asked for inside the tree is kept out of it (info/exclude). Refused,
// with nothing made, when another holds the task, the branch or the path exists, or the plan is
// invalid. A second Claude subagent started on another task is refused at commit for a's file.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { TempDirs } from '../fixtures/remote.js';
import { Repo } from '../fixtures/repo.js';
import { CLAUDE, parallelRepo } from './helpers.js';

const CODEX = { CODEX_SANDBOX: 'seatbelt' };

/** What a refusal must leave as it was: branches, worktrees, the main worktree's files. */
const snapshot = (repo: Repo) => [repo.git('branch', '--list'), repo.git('worktree', 'list', '--porcelain'), repo.git('status', '--porcelain')].join('\n--\n');

const taskOf = (dir: string, id: string) => {
  const p = JSON.parse(readFileSync(join(dir, 'docs/par-plan.json'), 'utf8'));
  return p.workItems.flatMap((w: { tasks: unknown[] }) => w.tasks).find((t: { id: string }) => t.id === id);
};

describe('start <task>: claim, worktree, branch, binding in one step', () => {
  const dirs = new TempDirs();
  after(() => dirs.removeAll());

  test('makes agent/<task> in ../<repo>-<task>, the claim committed there and bound; the main worktree untouched', () => {
    const repo = parallelRepo(dirs, ['a', 'b', 'c']);
    const dir = `${repo.dir}-a`;
    dirs.dirs.push(dir);
    const r = repo.cli(['start', 'a'], CLAUDE);
    assert.equal(r.code, 0, r.stderr);
    assert.ok(r.stdout.includes(`cd ${dir}\n`), r.stdout);
    assert.match(r.stdout, /bound to par\/a/);
    const wt = new Repo(dir, repo.env);
    assert.equal(wt.git('rev-parse', '--abbrev-ref', 'HEAD').trim(), 'agent/a');
    assert.equal(wt.git('log', '-1', '--format=%s').trim(), 'Claim par/a (plan-hooks start)');
    assert.equal(wt.git('status', '--porcelain'), '', 'the claim and its blocks are committed');
    assert.match(wt.git('log', '-1', '--format=%B'), /Plan-Bound: par\/a/);
    assert.deepEqual([taskOf(dir, 'a').status, taskOf(dir, 'a').claimedBy], ['in-progress', 'claude']);
    assert.equal(readFileSync(join(wt.git('rev-parse', '--absolute-git-dir').trim(), 'plan-hooks/bound-tasks'), 'utf8'), 'par/a\n');
    assert.equal(repo.git('status', '--porcelain'), '');
    assert.equal(taskOf(repo.dir, 'a').status, 'not-started', 'the claim lives on the branch');

    // A second subagent of the same agent, started on b: a's file is refused in b's worktree.
    const dirB = `${repo.dir}-b`;
    dirs.dirs.push(dirB);
    const rb = repo.cli(['start', 'b', '--json'], CLAUDE);
    assert.equal(rb.code, 0, rb.stderr);
    const out = JSON.parse(rb.stdout);
    assert.deepEqual([out.command, out.task, out.status, out.claimedBy, out.branch, out.worktree], ['start', 'par/b', 'in-progress', 'claude', 'agent/b', dirB]);
    assert.equal(out.commit, new Repo(dirB, repo.env).git('rev-parse', 'HEAD').trim());
    const wtB = new Repo(dirB, repo.env);
    wtB.write('src/a.ts', 'export const a = 99;\n');
    wtB.git('add', 'src/a.ts');
    const clash = wtB.tryGit(['commit', '-qm', 'b reaches into a'], CLAUDE);
    assert.equal(clash.code, 1, clash.stderr);
    assert.match(clash.stderr, /belongs to par\/b/);
  });

  test('refused with nothing made: held by another, branch exists, path exists, plan invalid, unknown base', () => {
    const repo = parallelRepo(dirs, ['a', 'b', 'c']);
    dirs.dirs.push(`${repo.dir}-a`, `${repo.dir}-b`, `${repo.dir}-c`);
    assert.equal(repo.cli(['start', 'a'], CODEX).code, 0);
    const before = snapshot(repo);
    const held = repo.cli(['start', 'a', '--branch', 'agent/a2', '--path', `${repo.dir}-a2`], CLAUDE);
    assert.equal(held.code, 1);
    assert.match(held.stderr, /par\/a.*codex|codex.*par\/a/s);
    assert.match(held.stderr, /Nothing was changed/);
    assert.equal(existsSync(`${repo.dir}-a2`), false);

    repo.git('branch', 'agent/b');
    const beforeB = snapshot(repo);
    const branch = repo.cli(['start', 'b'], CLAUDE);
    assert.equal(branch.code, 1);
    assert.match(branch.stderr, /branch agent\/b already exists/);
    assert.equal(snapshot(repo), beforeB);
    assert.equal(existsSync(`${repo.dir}-b`), false);

    mkdirSync(`${repo.dir}-c`);
    const path = repo.cli(['start', 'c', '--json'], CLAUDE);
    assert.equal(path.code, 1);
    assert.match(JSON.parse(path.stderr).error.message, /already exists/);
    assert.equal(repo.git('branch', '--list', 'agent/c'), '');

    const base = repo.cli(['start', 'c', '--path', `${repo.dir}-c2`, '--base', 'no-such-ref'], CLAUDE);
    assert.equal(base.code, 1);
    assert.match(base.stderr, /no-such-ref/);

    const p = JSON.parse(readFileSync(join(repo.dir, 'docs/par-plan.json'), 'utf8'));
    p.workItems[0].tasks.push({ id: 'z', status: 'not-started', dependsOn: ['nowhere'] });
    repo.writeJson('docs/par-plan.json', p);
    const beforeInvalid = snapshot(repo);
    const invalid = repo.cli(['start', 'c', '--path', `${repo.dir}-c3`], CLAUDE);
    assert.equal(invalid.code, 1);
    assert.match(invalid.stderr, /would not pass validation/);
    assert.equal(snapshot(repo), beforeInvalid);
    assert.equal(existsSync(`${repo.dir}-c3`), false);
    assert.equal(before.split('\n--\n')[1], snapshot(repo).split('\n--\n')[1], 'no worktree was added by any refusal');
  });

  test('a --path inside the tree is ignored through info/exclude: the main worktree stays clean', () => {
    const repo = parallelRepo(dirs, ['a', 'b', 'c']);
    const r = repo.cli(['start', 'a', '--path', '.worktrees/a'], CLAUDE);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /\.worktrees\/a is ignored/);
    assert.equal(repo.git('status', '--porcelain', '--untracked-files=all'), '');
    assert.match(readFileSync(join(repo.dir, '.git/info/exclude'), 'utf8'), /^\/\.worktrees\/a\/$/m);
    assert.equal(repo.cli(['validate']).code, 0, 'the plans of the worktree inside are not the main worktree’s');
  });
});
