// The worklog's own file and lock, damaged by hand or by another tool: lines of valid JSON that
// are no entry, a seq that is no safe positive integer, a directory where the file should be, a
// lock planted with a time from the future. Readers never crash, appends never stop, seq only grows.
import assert from 'node:assert/strict';
import { appendFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { after, test } from 'node:test';
import type { Repo } from '../fixtures/repo.js';
import { planRepo, worklogFile } from './helpers.js';

const repos: Repo[] = [];
after(() => repos.forEach((r) => r.remove()));
const NO_STACK = /\n\s+at /;

function commitFile(repo: Repo, n: number): void {
  repo.write('notes.txt', `${n}\n`);
  repo.git('add', 'notes.txt');
  const r = repo.commit(`note ${n}`);
  assert.equal(r.code, 0, r.stderr);
}

const seqs = (repo: Repo): number[] =>
  readFileSync(worklogFile(repo), 'utf8')
    .split('\n')
    .filter(Boolean)
    .flatMap((l) => {
      try {
        const v = JSON.parse(l) as { v?: unknown; seq?: unknown };
        return v && v.v === 1 && typeof v.seq === 'number' ? [v.seq] : [];
      } catch {
        return [];
      }
    });

test('lines of valid JSON that are no entry: status and log skip them, later commits are still recorded, seq grows by one', () => {
  const repo = planRepo();
  repos.push(repo);
  commitFile(repo, 1);
  assert.equal(repo.cli(['log']).code, 0);
  const file = worklogFile(repo);
  for (const line of ['{"hello":1}', '[1,2]', '"text"', 'null', '42', '{"seq":1e308,"commit":"x"}', '{"v":1,"seq":-5,"type":"commit"}', '{"v":1,"type":"commit","seq":7}']) {
    appendFileSync(file, `${line}\n`);
    for (const command of [['status'], ['log']]) {
      const r = repo.cli(command);
      assert.equal(r.code, 0, `${command[0]} after ${line}: ${r.stderr}`);
      assert.doesNotMatch(r.stderr, NO_STACK);
    }
  }
  const before = seqs(repo).filter((s) => Number.isSafeInteger(s) && s > 0);
  commitFile(repo, 2);
  commitFile(repo, 3);
  const log = repo.cli(['log']);
  assert.equal(log.code, 0, log.stderr);
  assert.match(log.stdout, /note 2/);
  assert.match(log.stdout, /note 3/);
  const after = seqs(repo).slice(-2);
  const last = before.at(-1)!;
  assert.deepEqual(after, [last + 1, last + 2], 'seq continues from the last usable seq, never 1e308 again or a negative one');
});

test('a directory where the worklog file should be: log and status say nothing false and show no stack trace; commits pass', () => {
  const repo = planRepo();
  repos.push(repo);
  const file = worklogFile(repo);
  rmSync(file, { force: true });
  mkdirSync(file, { recursive: true });
  commitFile(repo, 1);
  for (const command of [['log'], ['status']]) {
    const r = repo.cli(command);
    assert.equal(r.code, 0, r.stderr);
    assert.doesNotMatch(r.stderr, NO_STACK);
    assert.doesNotMatch(r.stderr, /EISDIR/);
  }
  const r = repo.cli(['log']);
  assert.doesNotMatch(r.stderr, /internal error/);
});

test('a lock planted with a far-future time and a live pid does not turn the worklog off', () => {
  const repo = planRepo();
  repos.push(repo);
  commitFile(repo, 1);
  assert.equal(repo.cli(['log']).code, 0);
  writeFileSync(`${worklogFile(repo)}.lock`, JSON.stringify({ pid: 1, host: hostname(), time: Date.now() + 10 * 365 * 24 * 3600 * 1000 }));
  commitFile(repo, 2);
  const log = repo.cli(['log']);
  assert.equal(log.code, 0, log.stderr);
  assert.match(log.stdout, /note 2/, 'the commit after the planted lock is recorded');
});

test('a lock holding garbage is taken once it has been unreadable past the stale age', () => {
  const repo = planRepo();
  repos.push(repo);
  writeFileSync(`${worklogFile(repo)}.lock`, 'not a lock record');
  commitFile(repo, 1);
  const log = repo.cli(['log']);
  assert.equal(log.code, 0, log.stderr);
  assert.match(log.stdout, /note 1/);
});
