// The runner reads the git dir and HEAD from the files, with no git process, where the layout
// says them for sure (a `.git` directory at the top, a loose ref or a detached id), and asks git
// everywhere else. Each case here checks both halves: which of the runner's git reads ran
// (git's own trace), and that the outcome is the one git's answers give — pre-commit's record
// applied and consumed in prepare-commit-msg, and the worklog entry post-commit queued.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, test } from 'node:test';
import { renderRunner } from '../../src/install/scripts.js';
import { CLI, PACKAGE_ROOT, Repo, makeRepo, removeDir } from '../fixtures/repo.js';
import { NodeLog } from '../fixtures/node-log.js';
import { head, readLog } from '../worklog/helpers.js';
import type { CommitEntry, RewriteEntry } from '../../src/worklog/entry.js';

const logs = new NodeLog();
const repos: Repo[] = [];
const dirs: string[] = [];
after(() => {
  repos.forEach((r) => r.remove());
  dirs.forEach(removeDir);
  logs.remove();
});
const tmp = (prefix: string) => {
  const d = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(d);
  return d;
};

/** The runner's own git reads, as git's trace shows them (node's reads are other commands). */
const RUNNER_READS: Record<string, string> = {
  'git rev-parse --absolute-git-dir -q --verify HEAD': 'dir+head',
  'git rev-parse -q --verify HEAD': 'head',
  'git rev-parse --path-format=absolute --git-dir --git-common-dir HEAD --symbolic-full-name HEAD': 'dirs+ref',
  'git write-tree': 'write-tree',
  'git rev-parse --path-format=absolute --git-common-dir': 'common-dir',
};

let n = 0;
/** Runs git in `cwd` with git's trace on; the runner's git reads, in order (after the drainer is done). */
function traced(r: Repo, args: string[], opts: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): string[] {
  const trace = join(tmp('plan-hooks-trace-'), `t${n++}.txt`);
  const res = spawnSync('git', args, { cwd: opts.cwd ?? r.dir, env: { ...r.env, ...opts.env, GIT_TRACE2_PERF: trace }, encoding: 'utf8' });
  assert.equal(res.status, 0, res.stderr + res.stdout);
  readLog(r); // waits for the detached drainer
  let text = '';
  try {
    text = readFileSync(trace, 'utf8');
  } catch {
    return [];
  }
  return text
    .split('\n')
    .map((l) => l.split('|').map((p) => p.trim()))
    .filter((p) => p[1] === 'd1' && p[3] === 'start')
    .map((p) => RUNNER_READS[p.at(-1)!])
    .filter((x): x is string => x !== undefined);
}

function setup(hooks = ['prepare-commit-msg', 'post-commit', 'post-rewrite']): Repo {
  const r = makeRepo({ initialCommit: true });
  repos.push(r);
  // No pre-commit: the record it would leave is written by each case, so the only git
  // processes of prepare-commit-msg are the runner's.
  r.installRawHooks(hooks);
  return r;
}

const git = (r: Repo, cwd: string, ...args: string[]) => spawnSync('git', args, { cwd, env: r.env, encoding: 'utf8' }).stdout.trim();

/** Stages a change in `cwd` and leaves the record pre-commit would leave for that index and HEAD. */
function staged(r: Repo, cwd: string, name: string): string {
  writeFileSync(join(cwd, name), `${name}\n`);
  git(r, cwd, 'add', name);
  const record = join(git(r, cwd, 'rev-parse', '--absolute-git-dir'), 'plan-hooks', 'trailers');
  mkdirSync(dirname(record), { recursive: true });
  const at = git(r, cwd, 'rev-parse', '-q', '--verify', 'HEAD') || '-';
  writeFileSync(record, `${git(r, cwd, 'write-tree')} ${at}\nT Plan-Task: api/endpoints\n`);
  return record;
}

/** Commits in `cwd`; asserts the record was applied and consumed and the entry is git's truth. */
function commitIn(r: Repo, cwd: string, name: string, opts: { env?: NodeJS.ProcessEnv; branch: string | null }): string[] {
  const record = staged(r, cwd, name);
  const reads = traced(r, ['commit', '-q', '-m', name], { cwd, env: opts.env });
  assert.match(git(r, cwd, 'log', '-1', '--format=%B'), /^Plan-Task: api\/endpoints$/m, 'the record was applied');
  assert.equal(readFileSync(record, 'utf8'), '', 'and consumed');
  const entry = readLog(r).filter((e): e is CommitEntry => e.type === 'commit').at(-1)!;
  assert.equal(entry.commit, git(r, cwd, 'rev-parse', 'HEAD'));
  assert.equal(entry.branch, opts.branch);
  assert.equal(entry.subject, name);
  return reads;
}

test('the main worktree on a branch: no git process of the runner but write-tree; the record applied and emptied, the entry written', () => {
  const r = setup();
  assert.deepEqual(commitIn(r, r.dir, 'a.txt', { branch: 'main' }), ['write-tree']);
  // The emptied record is no record: the next commit (no pre-commit ran) is prepare-commit-msg's
  // node's, which writes no trailer here.
  writeFileSync(join(r.dir, 'b.txt'), 'b\n');
  r.git('add', 'b.txt');
  assert.equal(r.commit('b').code, 0);
  assert.equal(r.git('log', '-1', '--format=%B'), 'b\n\n');
});

test('a detached HEAD is read from its file too; the entry has no branch', () => {
  const r = setup();
  r.git('checkout', '-q', '--detach');
  assert.deepEqual(commitIn(r, r.dir, 'a.txt', { branch: null }), ['write-tree']);
});

test('packed refs: HEAD names a ref with no loose file, and git answers for it', () => {
  const r = setup();
  r.git('pack-refs', '--all');
  // The commit writes the ref loose again: post-commit reads it from the file.
  assert.deepEqual(commitIn(r, r.dir, 'a.txt', { branch: 'main' }), ['head', 'write-tree']);
});

test('the first commit: HEAD names no commit yet, and git says so', () => {
  const r = makeRepo();
  repos.push(r);
  r.installRawHooks(['prepare-commit-msg', 'post-commit']);
  assert.deepEqual(commitIn(r, r.dir, 'a.txt', { branch: 'main' }), ['head', 'write-tree']);
});

test('a linked worktree is read from its files too; where its commondir is not the one git worktree add writes, git answers', () => {
  const r = setup();
  const wt = join(tmp('plan-hooks-wt-'), 'wt');
  r.git('worktree', 'add', '-q', '-b', 'side', wt);
  const entry = () => readLog(r).filter((e): e is CommitEntry => e.type === 'commit').at(-1)!;
  assert.deepEqual(commitIn(r, wt, 'w.txt', { branch: 'side' }), ['write-tree']);
  assert.equal(entry().worktree, wt);
  git(r, wt, 'checkout', '-q', '--detach');
  assert.deepEqual(commitIn(r, wt, 'd.txt', { branch: null }), ['write-tree']);
  // The same common dir, written absolute (git reads either): not the layout the shell trusts.
  const commondir = join(r.dir, '.git', 'worktrees', 'wt', 'commondir');
  writeFileSync(commondir, `${join(r.dir, '.git')}\n`);
  git(r, wt, 'checkout', '-q', 'side');
  assert.deepEqual(commitIn(r, wt, 'x.txt', { branch: 'side' }), ['dir+head', 'write-tree', 'dirs+ref']);
  assert.equal(entry().worktree, wt);
});

test('a branch name the shell does not read itself, GIT_DIR and a .git link: git answers, with the same outcome', () => {
  const r = setup();
  r.git('checkout', '-q', '-b', 'feature/ü+1');
  assert.deepEqual(commitIn(r, r.dir, 'a.txt', { branch: 'feature/ü+1' }), ['head', 'write-tree', 'dirs+ref']);
  r.git('checkout', '-q', 'main');

  const gitDir = join(r.dir, '.git');
  assert.deepEqual(commitIn(r, r.dir, 'g.txt', { branch: 'main', env: { GIT_DIR: gitDir } }), ['dir+head', 'write-tree', 'dirs+ref']);

  const moved = join(tmp('plan-hooks-gitdir-'), 'dot-git');
  renameSync(gitDir, moved);
  symlinkSync(moved, gitDir);
  assert.deepEqual(commitIn(r, r.dir, 'l.txt', { branch: 'main' }), ['dir+head', 'write-tree', 'dirs+ref']);
});

test('reftable: HEAD names no loose ref, and git answers', (t) => {
  const dir = tmp('plan-hooks-reftable-');
  if (spawnSync('git', ['init', '-q', '-b', 'main', '--ref-format=reftable', dir], { encoding: 'utf8' }).status !== 0) return t.skip('this git has no reftable');
  const r = new Repo(dir);
  r.write('README.md', '# test\n');
  r.git('add', '-A');
  r.git('commit', '-q', '-m', 'initial');
  r.installRawHooks(['prepare-commit-msg', 'post-commit']);
  assert.deepEqual(commitIn(r, r.dir, 'a.txt', { branch: 'main' }), ['head', 'write-tree', 'dirs+ref']);
});

test('amend, rebase and cherry-pick: post-commit and post-rewrite read HEAD from the files, and the worklog has every entry in order', () => {
  // No prepare-commit-msg: its node (no record here) would run git reads of its own.
  const r = setup(['post-commit', 'post-rewrite']);
  writeFileSync(join(r.dir, 'a.txt'), 'a\n');
  r.git('add', 'a.txt');
  assert.deepEqual(traced(r, ['commit', '-q', '-m', 'a']), []);
  const old = head(r);
  // --amend: post-commit, then post-rewrite, both in shell.
  assert.deepEqual(traced(r, ['commit', '-q', '--amend', '-m', 'a, amended']), []);
  let entries = readLog(r);
  const amend = entries.at(-1) as RewriteEntry;
  assert.deepEqual([amend.type, amend.kind, amend.rewrites], ['rewrite', 'amend', [{ old, new: head(r) }]]);

  r.git('checkout', '-q', '-b', 'topic');
  writeFileSync(join(r.dir, 't.txt'), 't\n');
  r.git('add', 't.txt');
  r.commit('topic');
  r.git('checkout', '-q', 'main');
  writeFileSync(join(r.dir, 'm.txt'), 'm\n');
  r.git('add', 'm.txt');
  r.commit('main moves');
  const mainTip = head(r);
  r.git('checkout', '-q', 'topic');
  const tip = head(r);
  assert.deepEqual(traced(r, ['rebase', '-q', 'main']), []);
  entries = readLog(r);
  const rewrite = entries.at(-1) as RewriteEntry;
  assert.deepEqual([rewrite.type, rewrite.kind, rewrite.rewrites], ['rewrite', 'rebase', [{ old: tip, new: head(r) }]]);
  const pick = entries.at(-2) as CommitEntry;
  assert.deepEqual([pick.type, pick.commit, pick.operation], ['commit', head(r), 'rebase']);

  // With -x: onto its own parent, within the second it was made, a plain pick is the picked
  // commit itself (same tree, parent, author and dates), already in the worklog.
  r.git('checkout', '-q', '-b', 'picked', `${mainTip}~1`);
  assert.deepEqual(traced(r, ['cherry-pick', '-x', tip]), []);
  assert.notEqual(head(r), tip, 'the pick is a new commit');
  const picked = readLog(r).at(-1) as CommitEntry;
  assert.deepEqual([picked.commit, picked.branch, picked.operation], [head(r), 'picked', 'cherry-pick']);
  const seqs = readLog(r).map((e) => e.seq);
  assert.deepEqual(seqs, seqs.map((_, i) => i + 1));
});

test("node is found on PATH as 'command -v' finds it: a non-executable node earlier on PATH is passed over", () => {
  const r = setup(['post-commit']);
  writeFileSync(join(r.dir, '.git', 'hooks', 'plan-hooks.sh'), renderRunner({ node: '', cli: CLI }));
  const early = tmp('plan-hooks-path-');
  writeFileSync(join(early, 'node'), '#!/bin/sh\nexit 1\n');
  chmodSync(join(early, 'node'), 0o644);
  writeFileSync(join(r.dir, 'a.txt'), 'a\n');
  r.git('add', 'a.txt');
  const log = join(early, 'starts.log');
  const res = r.tryGit(['commit', '-q', '-m', 'a'], { ...logs.starts(log), PATH: `${early}:${dirname(process.execPath)}:${process.env.PATH ?? ''}` });
  assert.deepEqual([res.code, res.stderr], [0, ''], 'the runner found node');
  // The detached writer logs as it starts, which may be after a reader drained the queue.
  for (const until = Date.now() + 20_000; !existsSync(log) && Date.now() < until; ) spawnSync('sleep', ['0.05']);
  assert.equal(readFileSync(log, 'utf8'), 'hook post-commit\n', 'and started the writer with it');
  const entry = readLog(r).at(-1) as CommitEntry;
  assert.deepEqual([entry.type, entry.commit], ['commit', head(r)]);
});

test("a linked worktree without node_modules finds the main worktree's from its files: no git asked for the common dir", () => {
  const r = setup(['post-commit']);
  // A Node repository's runner (no paths baked in), and the package in the main worktree's node_modules.
  writeFileSync(join(r.dir, '.git', 'hooks', 'plan-hooks.sh'), renderRunner({ node: process.execPath, cli: '' }));
  mkdirSync(join(r.dir, 'node_modules'));
  symlinkSync(PACKAGE_ROOT, join(r.dir, 'node_modules', 'plan-hooks'));
  const wt = join(tmp('plan-hooks-wt-'), 'wt');
  r.git('worktree', 'add', '-q', '-b', 'side', wt);
  writeFileSync(join(wt, 'a.txt'), 'a\n');
  git(r, wt, 'add', 'a.txt');
  assert.deepEqual(traced(r, ['commit', '-q', '-m', 'a'], { cwd: wt }), []);
  const entry = readLog(r).at(-1) as CommitEntry;
  assert.deepEqual([entry.type, entry.commit, entry.branch, entry.worktree], ['commit', git(r, wt, 'rev-parse', 'HEAD'), 'side', wt]);
  // GIT_DIR set by hand: git is asked, and the hook still runs.
  writeFileSync(join(wt, 'b.txt'), 'b\n');
  git(r, wt, 'add', 'b.txt');
  const gitDir = git(r, wt, 'rev-parse', '--absolute-git-dir');
  assert.deepEqual(traced(r, ['commit', '-q', '-m', 'b'], { cwd: wt, env: { GIT_DIR: gitDir, GIT_WORK_TREE: wt } }), ['common-dir', 'dirs+ref']);
  assert.equal((readLog(r).at(-1) as CommitEntry).commit, git(r, wt, 'rev-parse', 'HEAD'));
});
