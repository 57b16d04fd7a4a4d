// post-rewrite and post-merge are queued by the runner in shell, as post-commit is: git waits for
// no node of theirs; the detached drainer writes the entries, in order.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { NodeLog } from '../fixtures/node-log.js';
import { type Repo, type RunResult, makeRepo } from '../fixtures/repo.js';
import { head, readLog } from '../worklog/helpers.js';

const logs = new NodeLog();
const repos: Repo[] = [];
after(() => {
  repos.forEach((r) => r.remove());
  logs.remove();
});
const ok = (r: RunResult) => assert.equal(r.code, 0, r.stderr + r.stdout);
let n = 0;
/** Runs git with node's starts logged; the hooks each node process was started for. */
function started(r: Repo, args: string[]): string[] {
  const log = join(logs.dir, `starts-${n++}.log`);
  ok(r.tryGit(args, logs.starts(log)));
  readLog(r); // waits for the detached drainer, which logs too
  return existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n') : [];
}

test('amend, rebase and merge --no-ff start no node of post-rewrite or post-merge; the drainer records them in order', () => {
  const r = makeRepo({ initialCommit: true });
  repos.push(r);
  r.installRawHooks(['post-commit', 'post-rewrite', 'post-merge']);
  r.write('a.txt', 'a\n');
  r.git('add', '-A');
  ok(r.commit('a'));
  const old = head(r);
  const amend = started(r, ['commit', '-q', '--amend', '-m', 'a, amended']);
  assert.ok(amend.length > 0 && amend.every((s) => s === 'hook post-commit'), `only the drainer: ${amend.join(' | ')}`);
  let entries = readLog(r);
  const last = entries.at(-1)!;
  assert.equal(last.type, 'rewrite');
  assert.deepEqual(last.type === 'rewrite' && [last.kind, last.rewrites], ['amend', [{ old, new: head(r) }]]);

  r.git('checkout', '-q', '-b', 'topic');
  r.write('t.txt', 't\n');
  r.git('add', '-A');
  ok(r.commit('topic'));
  r.git('checkout', '-q', 'main');
  r.write('m.txt', 'm\n');
  r.git('add', '-A');
  ok(r.commit('main moves'));
  r.git('checkout', '-q', 'topic');
  const tip = head(r);
  const rebase = started(r, ['rebase', '-q', 'main']);
  assert.ok(rebase.every((s) => s === 'hook post-commit'), `only the drainer: ${rebase.join(' | ')}`);
  entries = readLog(r);
  const rewrite = entries.at(-1)!;
  assert.deepEqual(rewrite.type === 'rewrite' && [rewrite.kind, rewrite.rewrites], ['rebase', [{ old: tip, new: head(r) }]]);
  const pick = entries.findIndex((e) => e.type === 'commit' && e.commit === head(r));
  assert.ok(pick !== -1 && pick < entries.length - 1, 'the pick is recorded before the rewrite');

  r.git('checkout', '-q', 'main');
  const merge = started(r, ['merge', '-q', '--no-ff', '-m', 'merge topic', 'topic']);
  assert.ok(merge.every((s) => s === 'hook post-commit'), `only the drainer: ${merge.join(' | ')}`);
  const merged = readLog(r);
  const e = merged.at(-1)!;
  assert.equal(e.type === 'commit' && e.operation, 'merge');
  assert.equal(e.type === 'commit' && e.commit, head(r));
  const count = merged.length;
  r.git('checkout', '-q', '-b', 'ff', 'HEAD~1');
  // A fast-forward onto the merge commit: queued, and found recorded already.
  const ff = started(r, ['merge', '-q', '--ff-only', 'main']);
  assert.ok(ff.every((s) => s === 'hook post-commit'), `only the drainer: ${ff.join(' | ')}`);
  entries = readLog(r);
  assert.equal(entries.length, count, 'and records nothing');
  const seqs = entries.map((x) => x.seq);
  assert.deepEqual(seqs, seqs.map((_, i) => i + 1));
});

test("pre-commit's node and the detached writer start without NODE_EXTRA_CA_CERTS (node 20 reads the whole file at startup; neither makes a TLS connection)", () => {
  const r = makeRepo({ initialCommit: true });
  repos.push(r);
  r.installRawHooks(['pre-commit', 'post-commit']);
  const log = join(logs.dir, 'ca.log');
  const script = join(logs.dir, 'ca.mjs');
  writeFileSync(script, `import { appendFileSync } from 'node:fs';\nappendFileSync(${JSON.stringify(log)}, (process.argv.includes('--drain') ? 'writer ' : 'hook ') + (process.env.NODE_EXTRA_CA_CERTS ?? '-') + '\\n');\n`);
  const certs = join(logs.dir, 'none.pem');
  writeFileSync(certs, '');
  r.write('a.txt', 'a\n');
  r.git('add', '-A');
  ok(r.tryGit(['commit', '-q', '-m', 'a'], { NODE_OPTIONS: `--import ${pathToFileURL(script).href}`, NODE_EXTRA_CA_CERTS: certs }));
  assert.equal(readLog(r).at(-1)?.type, 'commit');
  // The writer logs as it starts, which may be after the reader above drained the queue.
  const lines = () => (existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n').sort() : []);
  for (const until = Date.now() + 20_000; lines().length < 2 && Date.now() < until; ) spawnSync('sleep', ['0.05']);
  assert.deepEqual(lines(), ['hook -', 'writer -']);
});

test("post-commit's writer starts after a pause: git returns without it, a reader drains the queue itself meanwhile, and the late writer adds nothing twice", () => {
  const r = makeRepo({ initialCommit: true });
  repos.push(r);
  r.installRawHooks(['post-commit']);
  // A `sleep` that holds the writer's pause until the test releases it (bounded: 20 s).
  const bin = join(logs.dir, 'held-sleep');
  mkdirSync(bin, { recursive: true });
  const sleeping = join(bin, 'sleeping');
  const release = join(bin, 'release');
  writeFileSync(join(bin, 'sleep'), `#!/bin/sh\n: > '${sleeping}'\ni=0\nwhile [ ! -e '${release}' ] && [ $i -lt 400 ]; do command -p sleep 0.05; i=$((i + 1)); done\n`, { mode: 0o755 });
  const startsLog = join(logs.dir, 'held-starts.log');
  r.write('a.txt', 'a\n');
  r.git('add', '-A');
  ok(r.tryGit(['commit', '-q', '-m', 'held'], { ...logs.starts(startsLog), PATH: `${bin}:${process.env.PATH}` }));
  const commit = head(r);
  waitFor(() => existsSync(sleeping), 'the writer is in its pause');
  assert.ok(!existsSync(startsLog), 'git returned before the writer started');
  const queued = (JSON.parse(r.cli(['log', '--json']).stdout) as { commit?: string }[]).filter((e) => e.commit === commit);
  assert.equal(queued.length, 1, 'the reader drained the queued record itself');
  writeFileSync(release, '');
  waitFor(() => existsSync(startsLog), 'the writer started once released');
  assert.equal(readLog(r).filter((e) => e.type === 'commit' && e.commit === commit).length, 1, 'and found nothing left to write');
});

/** Polls `done` (every 20 ms, up to 20 s): what the test waits for happens in another process. */
function waitFor(done: () => boolean, what: string): void {
  for (let i = 0; i < 1000 && !done(); i++) spawnSync('sleep', ['0.02']);
  assert.ok(done(), `timed out waiting: ${what}`);
}
