// The worklog with real commits in every mode: each entry checked against the schema, the tree
// clean afterwards, verified only when pre-commit checked exactly that tree.
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync, rmSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { makeRepo, Repo, type RunResult, removeDir } from '../fixtures/repo.js';
import { exportPlan } from '../fixtures/plans.js';
import { assertClean, head, lastCommitEntry, planRepo, readLog, worklogFile } from './helpers.js';

const repos: Repo[] = [];
after(() => repos.forEach((r) => r.remove()));
const track = (r: Repo) => (repos.push(r), r);
const ok = (r: RunResult) => assert.equal(r.code, 0, r.stderr + r.stdout);

test('first commit: an entry with no parents, every field, verified by pre-commit', () => {
  const repo = track(makeRepo());
  repo.installRawHooks();
  repo.write('a.txt', 'a\n');
  repo.git('add', 'a.txt');
  ok(repo.commit('first'));
  const e = lastCommitEntry(repo);
  assert.equal(e.seq, 1);
  assert.equal(e.commit, head(repo));
  assert.deepEqual(e.parents, []);
  assert.equal(e.branch, 'main');
  assert.equal(e.worktree, repo.git('rev-parse', '--show-toplevel').trim());
  assert.deepEqual(e.identity, { name: 'Test Author', source: 'git-author', detail: 'git config user.name' });
  assert.deepEqual(e.author, { name: 'Test Author', email: 'author@example.com' });
  assert.equal(e.subject, 'first');
  assert.deepEqual(e.changes, [{ status: 'A', path: 'a.txt' }]);
  assert.equal(e.verified, true);
  assertClean(repo);
});

test('a normal commit matches tasks by files and by the Plan-Task trailer, and records transitions', () => {
  const repo = track(planRepo());
  repo.env = { ...repo.env, PLAN_HOOKS_AGENT: 'alice' }; // the holder of export/loop
  repo.write('src/retry/loop.ts', 'x\n');
  repo.git('add', '-A');
  ok(repo.commit('retry loop', '-m', 'Plan-Task: export/cli'));
  let e = lastCommitEntry(repo);
  assert.deepEqual(e.tasks, ['export/cli', 'export/loop']);
  assert.deepEqual(e.transitions, []);
  assert.equal(e.verified, true);
  assert.equal(e.seq, 2);

  const p = exportPlan();
  const tasks = p.workItems[0]!.tasks;
  tasks[0]!.status = 'completed';
  tasks[2]!.status = 'in-progress';
  tasks[2]!.claimedBy = 'bob';
  tasks[2]!.claimedAt = new Date().toISOString();
  repo.writeJson('docs/export-plan.json', p);
  repo.git('add', '-A');
  ok(repo.commit('loop done, cli claimed'));
  e = lastCommitEntry(repo);
  assert.deepEqual(e.transitions, [
    { task: 'export/loop', field: 'status', from: 'in-progress', to: 'completed' },
    { task: 'export/cli', field: 'status', from: 'not-started', to: 'in-progress' },
    { task: 'export/cli', field: 'claimedBy', from: null, to: 'bob' },
  ]);
  assert.equal(e.verified, true, 'verified although pre-commit restaged the handoff blocks after checking');
  // AGENTS.md's block names no task state (docs/parallel.md): only the plan's own block changed.
  assert.deepEqual(e.changes.map((c) => c.path), ['docs/export-plan.json', 'docs/export-plan.md']);
  assertClean(repo);
});

test('commit -a, git commit <paths> and --no-verify; the last is unverified', () => {
  const repo = track(planRepo());
  repo.env = { ...repo.env, PLAN_HOOKS_AGENT: 'alice' }; // the holder of export/loop
  repo.write('src/retry/a.ts', '1\n');
  repo.write('b.txt', '1\n');
  repo.git('add', '-A');
  ok(repo.commit('add'));
  repo.write('src/retry/a.ts', '2\n');
  ok(repo.commit('all', '-a'));
  let e = lastCommitEntry(repo);
  assert.deepEqual(e.changes, [{ status: 'M', path: 'src/retry/a.ts' }]);
  assert.equal(e.verified, true);
  repo.write('src/retry/a.ts', '3\n');
  repo.write('b.txt', '2\n');
  ok(repo.commit('only b', 'b.txt'));
  e = lastCommitEntry(repo);
  assert.deepEqual(e.changes, [{ status: 'M', path: 'b.txt' }]);
  assert.equal(e.verified, true);
  assertClean(repo, [' M src/retry/a.ts']);
  ok(repo.commit('bypass', '-a', '--no-verify'));
  assert.equal(lastCommitEntry(repo).verified, false);
  assertClean(repo);
});

test('--amend writes a new commit entry and a rewrite entry (old → new); nothing is edited in place', () => {
  const repo = track(planRepo());
  const before = readLog(repo);
  const old = head(repo);
  ok(repo.commit('reworded', '--amend'));
  const entries = readLog(repo);
  assert.deepEqual(entries.slice(0, before.length), before);
  const [commit, rewrite] = entries.slice(before.length);
  assert.equal(commit?.type, 'commit');
  assert.equal(rewrite?.type, 'rewrite');
  assert.equal(rewrite?.type === 'rewrite' && rewrite.kind, 'amend');
  assert.deepEqual(rewrite?.type === 'rewrite' && rewrite.rewrites, [{ old, new: head(repo) }]);
  assertClean(repo);
});

test('detached HEAD, cherry-pick and rebase: branch null, picks unverified, the rebase recorded', () => {
  const repo = track(planRepo());
  repo.git('checkout', '-q', '-b', 'feature');
  repo.write('f1.txt', '1\n');
  repo.git('add', '-A');
  ok(repo.commit('f1'));
  const f1 = head(repo);
  repo.write('f2.txt', '2\n');
  repo.git('add', '-A');
  ok(repo.commit('f2'));
  repo.git('checkout', '-q', 'main');
  repo.write('m.txt', 'm\n');
  repo.git('add', '-A');
  ok(repo.commit('m'));

  ok(repo.tryGit(['cherry-pick', f1]));
  let e = lastCommitEntry(repo);
  assert.equal(e.subject, 'f1');
  assert.equal(e.verified, true, 'a cherry-pick is not checked by pre-commit: the writer judges it, as pre-push does (test/worklog/merges.test.ts)');

  repo.git('checkout', '-q', '--detach', 'HEAD');
  repo.write('d.txt', 'd\n');
  repo.git('add', '-A');
  ok(repo.commit('detached'));
  e = lastCommitEntry(repo);
  assert.equal(e.branch, null);
  assert.equal(e.verified, true);

  repo.git('checkout', '-q', 'feature');
  const oldTip = head(repo);
  ok(repo.tryGit(['rebase', '-q', 'main']));
  const entries = readLog(repo);
  const rewrite = entries.at(-1)!;
  assert.equal(rewrite.type, 'rewrite');
  assert.equal(rewrite.type === 'rewrite' && rewrite.kind, 'rebase');
  assert.equal(rewrite.type === 'rewrite' && rewrite.rewrites.at(-1)?.old, oldTip);
  assert.equal(rewrite.type === 'rewrite' && rewrite.rewrites.at(-1)?.new, head(repo));
  const pick = entries.filter((x) => x.type === 'commit' && x.commit === head(repo))[0];
  assert.ok(pick && pick.type === 'commit' && !pick.verified, 'a rebase pick is unverified');
  const seqs = entries.map((x) => x.seq);
  assert.deepEqual(seqs, seqs.map((_, i) => i + 1));
  assertClean(repo);
});

test('a linked worktree appends to the same worklog, with its own worktree path and branch', () => {
  const repo = track(planRepo());
  const dir = mkdtempSync(join(tmpdir(), 'plan-hooks-wt-'));
  rmSync(dir, { recursive: true });
  repo.git('worktree', 'add', '-q', '-b', 'side', dir);
  const wt = new Repo(dir, repo.env);
  wt.write('side.txt', 's\n');
  wt.git('add', '-A');
  ok(wt.commit('from the side'));
  const e = lastCommitEntry(repo);
  assert.equal(e.branch, 'side');
  assert.equal(e.worktree, wt.git('rev-parse', '--show-toplevel').trim());
  assert.equal(e.verified, true);
  assertClean(wt);
  removeDir(dir);
});

test('a claim of someone else crossed with --no-verify is recorded as a violation', () => {
  const repo = track(planRepo());
  repo.write('src/retry/steal.ts', 'x\n');
  repo.git('add', '-A');
  ok(repo.tryGit(['commit', '-q', '--no-verify', '-m', 'steal'], { PLAN_HOOKS_AGENT: 'bob', PLAN_HOOKS_SKIP: 'claims' }));
  const e = lastCommitEntry(repo);
  assert.deepEqual([e.identity.name, e.identity.source], ['bob', 'env']);
  assert.deepEqual(e.violations, [{ path: 'src/retry/steal.ts', task: 'export/loop', holder: 'alice', pattern: 'src/retry/**' }]);
  repo.write('src/retry/own.ts', 'x\n');
  repo.git('add', '-A');
  ok(repo.tryGit(['commit', '-q', '-m', 'own'], { PLAN_HOOKS_AGENT: 'Alice' }));
  assert.deepEqual(lastCommitEntry(repo).violations, [], 'the holder (case-insensitive) crosses nothing');
});

test('post-commit never breaks the commit: an unwritable worklog is reported, the commit stands', () => {
  const repo = track(planRepo());
  const file = worklogFile(repo);
  removeDir(join(file, '..'));
  writeFileSync(join(file, '..'), 'not a directory');
  repo.write('x.txt', 'x\n');
  repo.git('add', '-A');
  // --no-verify: pre-commit would fail closed on the same directory; this is about post-commit.
  const r = repo.commit('still committed', '--no-verify');
  assert.equal(r.code, 0);
  assert.match(r.stderr, /not in the worklog/);
  assert.equal(repo.git('log', '-1', '--format=%s').trim(), 'still committed');
  assertClean(repo);
});

test('the notes mirror (config notes: true) attaches the entry and follows an amend', () => {
  const repo = track(planRepo());
  repo.writeJson('.plan-hooks.json', { notes: true });
  repo.git('add', '-A');
  ok(repo.commit('notes on'));
  readLog(repo);
  const note = JSON.parse(repo.git('notes', '--ref=refs/notes/plan-hooks', 'show', 'HEAD'));
  assert.equal(note.commit, head(repo));
  assert.equal(repo.git('config', '--get', 'notes.rewriteRef').trim(), 'refs/notes/plan-hooks');
  ok(repo.commit('amended', '--amend'));
  // The amend's entries are written after git returns: a reader waits for them.
  readLog(repo);
  assert.equal(JSON.parse(repo.git('notes', '--ref=refs/notes/plan-hooks', 'show', 'HEAD')).commit, head(repo));
  assertClean(repo);
});

test('a plan that is not valid JSON is skipped and named, the entry still written', () => {
  const repo = track(planRepo());
  mkdirSync(join(repo.dir, 'docs'), { recursive: true });
  repo.write('docs/broken-plan.json', '{ nope');
  repo.git('add', '-A');
  ok(repo.tryGit(['commit', '-q', '--no-verify', '-m', 'broken'], { PLAN_HOOKS_SKIP: 'plans,transitions' }));
  assert.deepEqual(lastCommitEntry(repo).unreadablePlans, ['docs/broken-plan.json']);
});

test('merge --no-ff (no post-commit) is recorded by post-merge, once; a fast-forward is not', () => {
  const repo = track(planRepo());
  repo.installRawHooks(['pre-commit', 'post-commit', 'post-rewrite', 'post-merge']);
  repo.git('checkout', '-q', '-b', 'topic');
  repo.write('t.txt', 't\n');
  repo.git('add', '-A');
  ok(repo.commit('topic work'));
  repo.git('checkout', '-q', 'main');
  const before = readLog(repo).length;
  ok(repo.tryGit(['merge', '-q', '--no-ff', '-m', 'merge topic', 'topic']));
  const entries = readLog(repo);
  assert.equal(entries.length, before + 1);
  const e = entries.at(-1)!;
  assert.ok(e.type === 'commit', 'the merge is a commit entry');
  assert.equal(e.commit, head(repo));
  assert.equal(e.operation, 'merge');
  assert.equal(e.parents.length, 2);
  assert.equal(e.verified, true, 'pre-commit does not run for a merge: the writer judges what it changes against every parent');
  repo.git('checkout', '-q', '-b', 'ff', 'HEAD~1');
  ok(repo.tryGit(['merge', '-q', '--ff-only', 'main']));
  assert.equal(readLog(repo).length, before + 1, 'a fast-forward records nothing');
  assertClean(repo);
});
