// gitBatch hands its script to the shell on stdin: a script far past Linux's 128 KiB limit on
// one argument (E2BIG) still runs, and the git commands in it cannot read the script.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { gitBatch, parseBatchOutput } from '../../src/git/batch.js';
import { makeRepo } from '../fixtures/repo.js';

test('a batch script of 300 KiB runs (it once went to sh -c as one argument: spawn E2BIG)', async () => {
  const r = makeRepo({ initialCommit: true });
  try {
    const long = 'x'.repeat(100_000);
    const commands = [['rev-parse', 'HEAD'], ...[1, 2, 3].map(() => ['rev-parse', '--verify', '-q', long]), ['cat-file', '--batch-check'], ['rev-parse', 'HEAD']];
    const outs = await gitBatch(commands, r.dir, 1);
    const head = r.git('rev-parse', 'HEAD');
    assert.deepEqual(outs, [head, null, null, null, '', head], 'cat-file read nothing: its stdin is not the script');
  } finally {
    r.remove();
  }
});

test('outputs come back in order, a failing command as null, arguments quoted whatever they hold', async () => {
  const out = await gitBatch(
    [['--version'], ['rev-parse', '--verify', '-q', "no'such ref$(x)"], { firstOf: [['rev-parse', '--verify', '-q', 'nope'], ['--version']] }, ['config', '--get', 'x.y']],
    process.cwd(),
  );
  assert.match(out[0]!, /^git version/);
  assert.equal(out[1], null);
  assert.match(out[2]!, /^git version/);
  assert.equal(out[3], null);
  assert.equal(parseBatchOutput('a\0T 0\0', 'T', 2), null, 'a missing token is an error, not a short answer');
});
