// The worklog queue (src/worklog/pending.ts): post-commit's runner queues the commit in shell
// and a detached node appends after git returns. Real commits, real concurrency, real drainers
// held off and killed; and the commits made where no hook ran, found by the next hook or status.
// This file: the queue and its drainers (queue-gaps.test.ts: the commits made where no hook ran).
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir, hostname } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { Repo, type RunResult, makeRepo, removeDir } from '../fixtures/repo.js';
import { drain, formatRecord, isWhole, listRecords, parseRecord, pendingDir, recordName, writeRecord, WRITING_MS, type CommitRecord, type Drainer } from '../../src/worklog/pending.js';
import { catchUp, operationOf, rootOf } from '../../src/worklog/record.js';
import { parseCommitRecord } from '../../src/git/log.js';
import { lastChanges } from '../../src/handoff/git-facts.js';
import type { CommitEntry } from '../../src/worklog/entry.js';
import { assertClean, head, planRepo, readLog } from './helpers.js';

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

test('a record survives formatting; damaged ones are refused; one without its end is not whole; names number on from the highest waiting', () => {
  const r: CommitRecord = { kind: 'commit', commit: 'a'.repeat(40), ref: 'refs/heads/main', gitDir: '/r/.git', cwd: '/r', state: ['rebase-merge'], marker: '{"tree":"t","skipped":[]}', env: { PLAN_HOOKS_AGENT: 'codex', BAD: 'x\ny' } };
  const back = parseRecord(formatRecord(r));
  assert.deepEqual(back, { ...r, env: { PLAN_HOOKS_AGENT: 'codex' } }, 'a value with a newline is not kept');
  assert.equal(parseRecord('kind commit\ncommit nothex\nref HEAD\ngitdir /g\ncwd /c\n'), null);
  assert.equal(parseRecord('garbage'), null);
  const text = formatRecord(r);
  assert.equal(isWhole(text), true);
  for (let cut = 0; cut < text.length; cut++) assert.equal(isWhole(text.slice(0, cut)), false, `cut at ${cut}`);
  assert.equal(isWhole('kind commit\ncommit x\n'), true, 'a record from a runner that renamed records into place');
  assert.equal(recordName([], 7), '1-7.rec');
  assert.equal(recordName(['9-1.rec', '10-2.1.rec', '2-3.rec'], 7), '11-7.rec', 'compared as numbers, attempts aside');
  assert.equal(recordName(['01796000000000000000-5.rec', '1795999999999999999-6.rec'], 7), '1796000000000000001-7.rec', 'on from the time-named records of earlier runners');
  assert.equal(operationOf(2, []), 'merge');
  assert.equal(operationOf(1, ['rebase-merge']), 'rebase');
  assert.equal(operationOf(1, ['sequencer']), 'cherry-pick');
  assert.equal(operationOf(1, ['REVERT_HEAD']), 'revert');
  assert.equal(operationOf(1, []), 'commit');
  assert.equal(rootOf('/w', '/w/.git', () => null), '/w');
  assert.equal(rootOf('/w/.git', '/w/.git', () => null), '/w', 'dulwich runs hooks inside .git');
  assert.equal(rootOf('/m/.git/worktrees/x', '/m/.git/worktrees/x', () => '/wt/x/.git'), '/wt/x');
  assert.deepEqual(parseCommitRecord('h\0t\0\0n\0e\0d\0s\0\0\0\nA\0a.txt\0R100\0b\0c\0', ['Plan-Task', 'Plan-Agent']), {
    commit: 'h', tree: 't', parents: [], authorName: 'n', authorEmail: 'e', committedAt: 'd', subject: 's',
    trailers: { 'Plan-Task': [], 'Plan-Agent': [] },
    changes: [{ status: 'A', path: 'a.txt' }, { status: 'R', path: 'c', from: 'b' }],
  });
  assert.deepEqual(parseCommitRecord('h\0t\0\0n\0e\0d\0s\0\0\0', []).changes, [], 'an empty commit has no changes');
  assert.deepEqual([...lastChanges('\x01c2\0\ndocs/a-plan.json\0\x01c1\0\ndocs/a-plan.json\0docs/b-plan.json\0')], [
    ['docs/a-plan.json', 'c2'],
    ['docs/b-plan.json', 'c1'],
  ]);
});

test('the runner queues the commit in shell; a drainer held off or killed leaves it for the next reader', () => {
  const repo = track(planRepo());
  readLog(repo);
  const common = commonDir(repo);
  // A live drainer holds the queue (this test's own pid): the commit's drainer leaves at once.
  const lock = join(common, 'plan-hooks', 'pending.lock');
  writeFileSync(lock, JSON.stringify({ pid: process.pid, host: hostname(), time: Date.now() }));
  repo.write('src/retry/a.ts', 'a\n');
  repo.git('add', '-A');
  ok(repo.tryGit(['commit', '-q', '-m', 'queued'], { PLAN_HOOKS_AGENT: 'alice' }));
  assertClean(repo);
  const waiting = listRecords(common);
  assert.equal(waiting.length, 1, 'the commit waits in the queue');
  assert.match(waiting[0]!, /^1-\d+\.rec$/, 'numbered on from the records waiting (none)');
  const text = readFileSync(join(common, 'plan-hooks', 'pending', waiting[0]!), 'utf8');
  assert.equal(isWhole(text), true);
  const record = parseRecord(text);
  assert.ok(record && record.kind === 'commit');
  assert.equal(record.commit, head(repo));
  assert.equal(record.ref, 'refs/heads/main');
  assert.deepEqual(record.env, { PLAN_HOOKS_AGENT: 'alice', GIT_AUTHOR_NAME: 'Test Author' });
  assert.match(record.marker ?? '', /"tree"/, "pre-commit's marker travels with the record");
  assert.equal(readFileSync(join(repo.git('rev-parse', '--absolute-git-dir').trim(), 'plan-hooks', 'verified.json'), 'utf8'), '', 'and is consumed');
  // The holder dies (a pid that is not alive): the next reader takes the queue over.
  writeFileSync(lock, JSON.stringify({ pid: 2 ** 22 + 12345, host: hostname(), time: Date.now() }));
  const entries = commits(repo);
  assert.deepEqual(listRecords(common), []);
  const e = entries.at(-1)!;
  assert.equal(e.commit, head(repo));
  assert.equal(e.verified, true);
  assert.deepEqual(e.identity, { name: 'alice', source: 'env', detail: 'PLAN_HOOKS_AGENT' }, "pre-commit's identity is the one recorded");
  assert.deepEqual(e.tasks, ['export/loop']);
  assert.equal(entries.filter((x) => x.commit === e.commit).length, 1);
});

test('a reader that writes the first entry itself still finds the commits made without hooks after it', async () => {
  // In process, so no detached drainer takes the record first: the reader drains an empty log's first record.
  const repo = track(makeRepo());
  const first = hooklessFile(repo, 'a.txt', 'first, queued');
  hooklessFile(repo, 'b.txt', 'then without');
  const common = commonDir(repo);
  const gitDir = repo.git('rev-parse', '--absolute-git-dir').trim();
  writeRecord(common, { kind: 'commit', commit: first, ref: 'refs/heads/main', gitDir, cwd: repo.dir, state: [], marker: null, env: {} });
  await catchUp(repo.dir, common, gitDir, head(repo), 'main');
  // Read as written (a reader of its own would catch up again).
  const written = readFileSync(join(common, 'plan-hooks', 'worklog.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as CommitEntry);
  assert.deepEqual(written.map((e) => [e.subject, e.withoutHooks]), [['first, queued', undefined], ['then without', true]]);
});

test('the identity pre-commit decided from a branch-bound task is the one the worklog records', () => {
  const repo = track(planRepo());
  repo.git('checkout', '-q', '-b', 'retry-work');
  const p = JSON.parse(readFileSync(join(repo.dir, 'docs/export-plan.json'), 'utf8'));
  p.workItems[0].tasks[0].metadata = { branch: 'retry-work' };
  repo.writeJson('docs/export-plan.json', p);
  repo.git('add', '-A');
  ok(repo.tryGit(['commit', '-q', '-m', 'bind'], { PLAN_HOOKS_AGENT: 'alice' }));
  repo.write('src/retry/b.ts', 'b\n');
  repo.git('add', '-A');
  ok(repo.commit('bound work'));
  const e = commits(repo).at(-1)!;
  assert.equal(e.subject, 'bound work');
  assert.equal(e.identity.source, 'branch');
  assert.equal(e.identity.name, 'alice');
  assert.deepEqual(e.violations, []);
});

/** A drainer that only notes what it is given. */
function noting(): Drainer & { handled: string[]; dropped: [string, boolean][] } {
  const handled: string[] = [];
  const dropped: [string, boolean][] = [];
  return { handled, dropped, handle: async (r) => void handled.push(r.kind === 'commit' ? r.commit : ''), damaged: (name, cutShort) => void dropped.push([name, cutShort]) };
}
const queued = (commit: string): CommitRecord => ({ kind: 'commit', commit, ref: 'refs/heads/main', gitDir: '/r/.git', cwd: '/r', state: [], marker: null, env: {} });

test('a record still being written stops the detached drainer, which leaves it to its writer; a reader waits for it; then both go in order', async () => {
  const common = mkdtempSync(join(tmpdir(), 'plan-hooks-queue-'));
  dirs.push(common);
  writeRecord(common, queued('a'.repeat(40)));
  writeRecord(common, queued('b'.repeat(40)));
  const names = listRecords(common);
  assert.deepEqual(names.map((n) => n.split('-')[0]), ['1', '2']);
  // The first one caught midway through its write (the runner creates it, then writes it).
  const file = join(pendingDir(common), names[0]!);
  const whole = readFileSync(file, 'utf8');
  for (const part of ['', whole.slice(0, 30), whole.slice(0, -4)]) {
    writeFileSync(file, part);
    const d = noting();
    await drain(common, d, { wait: false });
    assert.deepEqual([d.handled, d.dropped], [[], []], `nothing drained past a record still being written (${JSON.stringify(part.slice(-10))})`);
    assert.deepEqual(listRecords(common), names);
  }
  const d = noting();
  const reading = drain(common, d, { wait: true });
  setTimeout(() => appendFileSync(file, whole.slice(-4)), 200);
  await reading;
  assert.deepEqual(d.handled, ['a'.repeat(40), 'b'.repeat(40)], 'the reader waited for the writer, and kept the order');
  assert.deepEqual(listRecords(common), []);
});

test('a record never finished is reported and dropped once it is older than any write takes; those after it are drained', async () => {
  const common = mkdtempSync(join(tmpdir(), 'plan-hooks-queue-'));
  dirs.push(common);
  writeRecord(common, queued('a'.repeat(40)));
  writeRecord(common, queued('b'.repeat(40)));
  const [first] = listRecords(common);
  const file = join(pendingDir(common), first!);
  writeFileSync(file, readFileSync(file, 'utf8').slice(0, 30));
  const then = (Date.now() - WRITING_MS - 1000) / 1000;
  utimesSync(file, then, then);
  const d = noting();
  await drain(common, d, { wait: false });
  assert.deepEqual(d.dropped, [[first, true]]);
  assert.deepEqual(d.handled, ['b'.repeat(40)]);
  assert.deepEqual(listRecords(common), []);
});

test("the runner numbers records on from the highest waiting; one its writer never finished is dropped, and its commit recorded as made without hooks", () => {
  const repo = track(planRepo());
  readLog(repo);
  const common = commonDir(repo);
  const lock = join(common, 'plan-hooks', 'pending.lock');
  writeFileSync(lock, JSON.stringify({ pid: process.pid, host: hostname(), time: Date.now() }));
  const commit = (name: string) => {
    repo.write(`notes/${name}.txt`, 'x\n');
    repo.git('add', '-A');
    ok(repo.commit(name));
    return head(repo);
  };
  // A record as an earlier runner (or node, padded) wrote it: named by its time, renamed into place whole, with no begin or end.
  const made = [commit('earlier')];
  const [own] = listRecords(common);
  const legacy = '01796000000000000000-1.rec';
  writeFileSync(join(pendingDir(common), legacy), readFileSync(join(pendingDir(common), own!), 'utf8').replace(/^begin\n/, '').replace(/end\n$/, ''));
  rmSync(join(pendingDir(common), own!));
  made.push(commit('cut'), commit('next'));
  const waiting = listRecords(common);
  assert.deepEqual(waiting.map((n) => n.split('-')[0]), ['01796000000000000000', '1796000000000000001', '1796000000000000002'], 'numbered on from the highest waiting');
  const file = join(pendingDir(common), waiting[1]!);
  writeFileSync(file, readFileSync(file, 'utf8').slice(0, 40));
  const then = (Date.now() - WRITING_MS - 1000) / 1000;
  utimesSync(file, then, then);
  rmSync(lock);
  // Drained by the reader, or by a commit's drainer still starting when the lock went (which says nothing: no terminal).
  const entries = commits(repo).slice(-3);
  assert.deepEqual(entries.map((e) => [e.commit, e.withoutHooks ?? false, e.verified]), [[made[0], false, true], [made[1], true, false], [made[2], false, true]]);
  assert.deepEqual(listRecords(common), []);
});

const PER_TREE = 10;
test('8 worktrees × 10 concurrent commits: every entry written once, seq 1…N, each worktree in commit order', async () => {
  const repo = track(planRepo());
  // Only post-commit: the queue is what is under test, and 80 commits with every hook would take
  // a minute on a shared two-core machine (test/worklog/store.test.ts races every hook, 4 × 10).
  for (const hook of ['pre-commit', 'prepare-commit-msg']) rmSync(join(repo.git('rev-parse', '--path-format=absolute', '--git-path', 'hooks').trim(), hook), { force: true });
  const base = mkdtempSync(join(tmpdir(), 'plan-hooks-queue-'));
  dirs.push(base);
  const trees = Array.from({ length: 8 }, (_, i) => join(base, `wt${i}`));
  trees.forEach((wt, i) => repo.git('worktree', 'add', '-q', '-b', `agent${i}`, wt));
  const runs = trees.map(
    (wt, i) =>
      new Promise<number>((resolve) => {
        const loop = `for n in $(seq 1 ${PER_TREE}); do echo "$n" > w${i}.txt && git add w${i}.txt && git commit -q -m "w${i} c$n" || exit 1; done`;
        const child = spawn('sh', ['-c', loop], { cwd: wt, env: { ...repo.env, PLAN_HOOKS_AGENT: `agent${i}` }, stdio: 'ignore' });
        child.on('exit', (code) => resolve(code ?? -1));
      }),
  );
  assert.deepEqual(await Promise.all(runs), trees.map(() => 0));
  const entries = readLog(repo);
  assert.deepEqual(entries.map((e) => e.seq), entries.map((_, i) => i + 1), 'seq is 1…N with no gap or repeat');
  const byCommit = new Map<string, number>();
  for (const e of entries) if (e.type === 'commit') byCommit.set(e.commit, (byCommit.get(e.commit) ?? 0) + 1);
  for (const [i, wt] of trees.entries()) {
    const made = spawnSync('git', ['rev-list', '--reverse', `main..agent${i}`], { cwd: wt, encoding: 'utf8' }).stdout.trim().split('\n');
    assert.equal(made.length, PER_TREE);
    assert.ok(made.every((c) => byCommit.get(c) === 1), `worktree ${i}: every commit recorded exactly once`);
    const order = entries.filter((e): e is CommitEntry => e.type === 'commit' && e.branch === `agent${i}`).map((e) => e.commit);
    assert.deepEqual(order, made, `worktree ${i}: entries in commit order`);
    assert.ok(entries.filter((e): e is CommitEntry => e.type === 'commit' && e.branch === `agent${i}`).every((e) => e.identity.name === `agent${i}` && e.identity.source === 'env' && !e.withoutHooks));
  }
  assert.deepEqual(listRecords(commonDir(repo)), []);
  for (const wt of trees) assert.deepEqual(spawnSync('git', ['status', '--porcelain'], { cwd: wt, encoding: 'utf8' }).stdout, '');
});
