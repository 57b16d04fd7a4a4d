// The worklog file on its own: seq, tail reads, torn-line repair, the lock a crash cannot keep,
// and concurrent commits from four worktrees.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync, appendFileSync, existsSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { Repo, removeDir } from '../fixtures/repo.js';
import { LockTimeout, withLock } from '../../src/worklog/lock.js';
import { append, linesBackward, tail } from '../../src/worklog/store.js';
import { planRepo, readLog } from './helpers.js';

const dirs: string[] = [];
after(() => dirs.forEach((d) => removeDir(d)));
function tempFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'plan-hooks-store-'));
  dirs.push(dir);
  return join(dir, 'plan-hooks', 'worklog.jsonl');
}

test('appends number entries 1, 2, 3… and the tail comes back newest first', async () => {
  const file = tempFile();
  for (let i = 0; i < 5; i++) await append(file, (seq) => ({ seq, i }));
  assert.deepEqual(await tail(file, 2), [
    { seq: 5, i: 4 },
    { seq: 4, i: 3 },
  ]);
  const lines = readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l).seq);
  assert.deepEqual(lines, [1, 2, 3, 4, 5]);
});

test('lines longer than the read chunk and multi-byte text are read back whole', async () => {
  const file = tempFile();
  const big = 'ü'.repeat(100_000);
  await append(file, (seq) => ({ seq, big }));
  await append(file, (seq) => ({ seq, small: 'x' }));
  const all: string[] = [];
  for await (const l of linesBackward(file)) all.push(l);
  assert.equal(all.length, 2);
  assert.equal(JSON.parse(all[1]!).big, big);
});

test('a torn last line is set aside; earlier entries survive and seq continues', async () => {
  const file = tempFile();
  for (let i = 0; i < 3; i++) await append(file, (seq) => ({ seq }));
  appendFileSync(file, '{"seq":4,"half":"writ');
  assert.deepEqual(await tail(file, 1), [{ seq: 3 }], 'readers skip the torn tail');
  await append(file, (seq) => ({ seq }));
  const lines = readFileSync(file, 'utf8').split('\n');
  assert.deepEqual(lines.slice(0, -1).map((l) => JSON.parse(l).seq), [1, 2, 3, 4]);
  assert.equal(lines.at(-1), '');
  assert.equal(readFileSync(`${file}.torn`, 'utf8'), '{"seq":4,"half":"writ\n');
});

test('a lock left by a dead process is taken over at once', async () => {
  const file = tempFile();
  await append(file, (seq) => ({ seq }));
  const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  writeFileSync(`${file}.lock`, JSON.stringify({ pid: Number(dead.stdout), host: hostname(), time: Date.now() }));
  const started = Date.now();
  await append(file, (seq) => ({ seq }));
  assert.ok(Date.now() - started < 2000, 'took over the dead lock without waiting for the timeout');
  assert.equal(existsSync(`${file}.lock`), false);
  assert.deepEqual(await tail(file, 1), [{ seq: 2 }]);
});

test('a live lock is waited for; an old one (another host, or empty) is stale after the timeout', async () => {
  const file = tempFile();
  await append(file, (seq) => ({ seq }));
  writeFileSync(`${file}.lock`, JSON.stringify({ pid: process.pid, host: hostname(), time: Date.now() }));
  await assert.rejects(withLock(`${file}.lock`, async () => 0, { staleMs: 60_000, timeoutMs: 200 }), LockTimeout);
  writeFileSync(`${file}.lock`, JSON.stringify({ pid: 1, host: 'elsewhere', time: Date.now() - 60_000 }));
  assert.equal(await withLock(`${file}.lock`, async () => 'ran', { staleMs: 10_000, timeoutMs: 2000 }), 'ran');
  writeFileSync(`${file}.lock`, '');
  assert.equal(await withLock(`${file}.lock`, async () => 'ran', { staleMs: 100, timeoutMs: 3000 }), 'ran');
});

test('4 worktrees × 10 commits at once: none lost, no duplicate seq', async () => {
  const repo = planRepo();
  dirs.push(repo.dir);
  const trees = [0, 1, 2, 3].map((i) => {
    const dir = join(mkdtempSync(join(tmpdir(), 'plan-hooks-conc-')), 'wt');
    dirs.push(join(dir, '..'));
    repo.git('worktree', 'add', '-q', '-b', `w${i}`, dir);
    return new Repo(dir, repo.env);
  });
  const script = 'for i in 1 2 3 4 5 6 7 8 9 10; do echo $i > "f-$W.txt"; git add -A && git commit -q -m "w$W c$i" || exit 1; done';
  const codes = await Promise.all(
    trees.map(
      (t, i) =>
        new Promise<number>((resolve) => {
          const child = spawn('sh', ['-c', script], { cwd: t.dir, env: { ...t.env, W: String(i) }, stdio: 'inherit' });
          child.on('close', (code) => resolve(code ?? -1));
        }),
    ),
  );
  assert.deepEqual(codes, [0, 0, 0, 0]);
  const entries = readLog(repo);
  const seqs = entries.map((e) => e.seq);
  assert.deepEqual(seqs, seqs.map((_, i) => i + 1), 'seq is 1..n with no gap and no duplicate');
  for (const [i, t] of trees.entries()) {
    const commits = t.git('rev-list', `w${i}`, '--not', 'main').trim().split('\n');
    assert.equal(commits.length, 10);
    for (const c of commits) assert.ok(entries.some((e) => e.type === 'commit' && e.commit === c), `commit ${c} of w${i} is in the log`);
  }
  assert.equal(entries.length, 41);
});
