// The worklog queue (src/worklog/pending.ts): post-commit's runner queues the commit in shell
// and a detached node appends after git returns. Real commits, real concurrency, real drainers
// held off and killed; and the commits made where no hook ran, found by the next hook or status.
// This file: the commits made where no hook ran (queue.test.ts: the queue and its drainers).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { Repo, type RunResult, makeRepo, removeDir } from '../fixtures/repo.js';
import { agentTrailerValue } from '../../src/check/trailer.js';
import type { CommitEntry } from '../../src/worklog/entry.js';
import type { StatusReport } from '../../src/status/report.js';
import { head, planRepo, readLog } from './helpers.js';

const repos: Repo[] = [];
const dirs: string[] = [];
after(() => {
  repos.forEach((r) => r.remove());
  dirs.forEach((d) => removeDir(d));
});
const track = (r: Repo) => (repos.push(r), r);
const ok = (r: RunResult) => (assert.equal(r.code, 0, r.stderr + r.stdout), r);
const commonDir = (repo: Repo) => repo.git('rev-parse', '--path-format=absolute', '--git-common-dir').trim();
const commits = (repo: Repo) => readLog(repo).filter((e): e is CommitEntry => e.type === 'commit');
const hookless = (repo: Repo, message: string, ...extra: string[]) => ok(repo.tryGit(['-c', 'core.hooksPath=/dev/null', 'commit', '-q', '-m', message, ...extra]));
/** Writes `file` and commits it where no hook runs; the commit's id. */
const hooklessFile = (repo: Repo, file: string, message: string) => {
  repo.write(file, `${message}\n`);
  repo.git('add', '-A');
  hookless(repo, message);
  return head(repo);
};

test('commits made without hooks are recorded by the next hook, before its own commit, with their violations', () => {
  const repo = track(planRepo());
  const before = commits(repo).length;
  repo.write('src/retry/stolen.ts', 'x\n');
  repo.git('add', '-A');
  hookless(repo, 'no hooks 1');
  const first = head(repo);
  repo.write('plain.txt', 'x\n');
  repo.git('add', '-A');
  ok(repo.tryGit(['commit', '-q', '-m', 'PLAN_HOOKS=0'], { PLAN_HOOKS: '0' }));
  const second = head(repo);
  repo.write('mine.txt', 'x\n');
  repo.git('add', '-A');
  ok(repo.commit('with hooks'));
  const entries = commits(repo).slice(before);
  assert.deepEqual(entries.map((e) => e.subject), ['no hooks 1', 'PLAN_HOOKS=0', 'with hooks']);
  assert.deepEqual(entries.map((e) => e.commit).slice(0, 2), [first, second]);
  for (const e of entries.slice(0, 2)) {
    assert.equal(e.withoutHooks, true);
    assert.equal(e.verified, false);
    assert.equal(e.identity.source, 'git-author');
    assert.equal(e.branch, 'main');
  }
  assert.deepEqual(entries[0]!.violations, [{ path: 'src/retry/stolen.ts', task: 'export/loop', holder: 'alice', pattern: 'src/retry/**' }]);
  assert.equal(entries[2]!.withoutHooks, undefined);
  assert.equal(entries[2]!.verified, true);
  // status lists them as unverified, marked as made without hooks.
  const status = ok(repo.cli(['status']));
  assert.match(status.stdout, /no hooks 1.*without hooks/);
  const report: StatusReport = JSON.parse(ok(repo.cli(['status', '--json'])).stdout);
  assert.deepEqual(report.unverified.filter((e) => e.withoutHooks).map((e) => e.subject), ['PLAN_HOOKS=0', 'no hooks 1']);
  assert.equal(commits(repo).length, before + 3, 'nothing is recorded twice');
});

test('a parent recorded before the newest 100 entries is found there: no gap, nothing twice; one made without hooks still is', () => {
  const repo = track(planRepo());
  const file = join(commonDir(repo), 'plan-hooks', 'worklog.jsonl');
  const last = commits(repo).at(-1)!;
  // 150 entries of another branch after main's last one (the writer reads the newest 100 first).
  const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
  const other = Array.from({ length: 150 }, (_, i) => JSON.stringify({ ...last, seq: lines.length + i + 1, branch: 'other', commit: (i + 1).toString(16).padStart(40, 'a') }));
  writeFileSync(file, `${[...lines, ...other].join('\n')}\n`);
  repo.write('after.txt', 'x\n');
  repo.git('add', '-A');
  ok(repo.commit('after many'));
  let entries = commits(repo);
  assert.deepEqual(entries.slice(-2).map((e) => [e.subject, e.withoutHooks]), [[last.subject, undefined], ['after many', undefined]]);
  assert.equal(entries.filter((e) => e.commit === last.commit).length, 1, "main's last commit, 150 entries back, is not recorded again as a gap");
  // And a commit made without hooks under a deeply recorded parent is a gap.
  writeFileSync(file, `${[...readFileSync(file, 'utf8').trimEnd().split('\n'), ...other.map((l, i) => JSON.stringify({ ...JSON.parse(l), seq: lines.length + 152 + i }))].join('\n')}\n`);
  hooklessFile(repo, 'quiet.txt', 'quiet');
  repo.write('loud.txt', 'x\n');
  repo.git('add', '-A');
  ok(repo.commit('loud'));
  entries = commits(repo);
  assert.deepEqual(entries.slice(-2).map((e) => [e.subject, e.withoutHooks]), [['quiet', true], ['loud', undefined]]);
});

test('status itself records commits made without hooks at HEAD; a reset, an amend or a rebase is no gap', () => {
  const repo = track(planRepo());
  repo.write('a.txt', '1\n');
  repo.git('add', '-A');
  hookless(repo, 'hookless at head');
  const report: StatusReport = JSON.parse(ok(repo.cli(['status', '--json'])).stdout);
  assert.deepEqual(report.unverified.map((e) => [e.subject, e.withoutHooks]), [['hookless at head', true]]);
  const count = commits(repo).length;
  // Rewrites with hooks: amend, reset and a new commit, a rebase onto a moved main.
  ok(repo.commit('amended', '--amend'));
  repo.write('b.txt', '1\n');
  repo.git('add', '-A');
  ok(repo.commit('b'));
  ok(repo.tryGit(['reset', '-q', '--hard', 'HEAD~1']));
  repo.write('c.txt', '1\n');
  repo.git('add', '-A');
  ok(repo.commit('c after reset'));
  ok(repo.tryGit(['checkout', '-q', '-b', 'topic']));
  repo.write('d.txt', '1\n');
  repo.git('add', '-A');
  ok(repo.commit('d on topic'));
  ok(repo.tryGit(['checkout', '-q', 'main']));
  repo.write('e.txt', '1\n');
  repo.git('add', '-A');
  ok(repo.commit('e on main'));
  ok(repo.tryGit(['checkout', '-q', 'topic']));
  ok(repo.tryGit(['rebase', '-q', 'main']));
  repo.write('f.txt', '1\n');
  repo.git('add', '-A');
  ok(repo.commit('f after rebase'));
  ok(repo.cli(['status']));
  const later = commits(repo).slice(count);
  assert.deepEqual(later.filter((e) => e.withoutHooks).map((e) => e.subject), [], 'no rewrite was taken for a gap');
  assert.deepEqual(later.map((e) => e.subject), ['amended', 'b', 'c after reset', 'd on topic', 'e on main', 'd on topic', 'f after rebase']);
});

test('a commit made without hooks with a backdated committer date is a gap all the same; a branch from before the worklog is not', () => {
  const repo = track(makeRepo({ initialCommit: true }));
  // History from before: a branch made before recording began here.
  repo.git('checkout', '-q', '-b', 'old');
  repo.write('old.txt', 'x\n');
  repo.git('add', '-A');
  repo.git('commit', '-q', '-m', 'old branch, before install');
  repo.git('checkout', '-q', 'main');
  repo.installRawHooks();
  repo.write('first.txt', 'x\n');
  repo.git('add', '-A');
  ok(repo.commit('first recorded'));
  const start = commits(repo).length;
  repo.write('back.txt', 'x\n');
  repo.git('add', '-A');
  const backdated = { GIT_COMMITTER_DATE: '2020-01-01T00:00:00Z', GIT_AUTHOR_DATE: '2020-01-01T00:00:00Z' };
  ok(repo.tryGit(['-c', 'core.hooksPath=/dev/null', 'commit', '-q', '-m', 'backdated without hooks'], backdated));
  const hidden = head(repo);
  repo.write('next.txt', 'x\n');
  repo.git('add', '-A');
  ok(repo.commit('next with hooks'));
  const entries = commits(repo).slice(start);
  assert.deepEqual(entries.map((e) => [e.subject, e.withoutHooks ?? false]), [['backdated without hooks', true], ['next with hooks', false]]);
  assert.equal(entries[0]!.commit, hidden);
  repo.git('checkout', '-q', 'old');
  repo.write('old2.txt', 'x\n');
  repo.git('add', '-A');
  ok(repo.commit('on the old branch'));
  assert.deepEqual(commits(repo).slice(start + 2).map((e) => e.subject), ['on the old branch'], 'the old branch’s history is not new work');
});

test('first install: history made before the worklog began is never a gap; a clone without hooks is', () => {
  const repo = track(new Repo(mkdtempSync(join(tmpdir(), 'plan-hooks-test-'))));
  repo.git('init', '-q', '-b', 'main');
  for (let i = 0; i < 5; i++) {
    repo.write(`old${i}.txt`, 'x\n');
    repo.git('add', '-A');
    repo.git('commit', '-q', '-m', `before install ${i}`);
  }
  repo.installRawHooks();
  repo.write('first.txt', 'x\n');
  repo.git('add', '-A');
  ok(repo.commit('first recorded'));
  assert.deepEqual(commits(repo).map((e) => e.subject), ['first recorded']);
  // pygit2 (libgit2) commits with no hooks at all: found by the next commit with hooks.
  const py = spawnSync('/usr/bin/python3', ['-c', `
import pygit2, time
repo = pygit2.Repository('.')
sig = pygit2.Signature('Py Git', 'py@example.com', int(time.time()) + 2, 0)
with open('py.txt', 'w') as f: f.write('py\\n')
repo.index.add('py.txt'); repo.index.write()
tree = repo.index.write_tree()
repo.create_commit('HEAD', sig, sig, 'made by pygit2', tree, [repo.head.target])
`], { cwd: repo.dir, encoding: 'utf8' });
  if (py.status !== 0) return assert.fail(`pygit2 is needed here (python3-pygit2): ${py.stderr}`);
  repo.write('after.txt', 'x\n');
  repo.git('add', '-A');
  ok(repo.commit('after pygit2'));
  const entries = commits(repo);
  assert.deepEqual(entries.map((e) => [e.subject, e.withoutHooks ?? false]), [['first recorded', false], ['made by pygit2', true], ['after pygit2', false]]);
  assert.equal(entries[1]!.identity.name, 'Py Git');
  assert.deepEqual(readdirSync(join(commonDir(repo), 'plan-hooks', 'pending')), []);
});

test('a commit pre-commit did not see is recorded by the identity its sealed Plan-Agent trailer carries', () => {
  const repo = track(planRepo());
  repo.write('notes.txt', 'x\n');
  repo.git('add', '-A');
  const tree = repo.git('write-tree').trim();
  const value = agentTrailerValue({ name: 'codex', source: 'agent-marker' }, tree)!;
  ok(repo.tryGit(['commit', '-q', '--no-verify', '-m', 'sealed', '-m', `Plan-Agent: ${value}`]));
  const e = commits(repo).at(-1)!;
  assert.equal(e.subject, 'sealed');
  assert.equal(e.verified, false);
  assert.deepEqual(e.identity, { name: 'codex', source: 'agent-marker', detail: 'recorded with the commit (Plan-Agent)' });
  // A trailer copied onto another tree does not verify: the author it is.
  repo.write('more.txt', 'x\n');
  repo.git('add', '-A');
  ok(repo.tryGit(['commit', '-q', '--no-verify', '-m', 'copied', '-m', `Plan-Agent: ${value}`]));
  assert.equal(commits(repo).at(-1)!.identity.source, 'git-author');
});
