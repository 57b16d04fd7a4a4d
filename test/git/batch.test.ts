// gitBatch hands its script to the shell on stdin: a script far past Linux's 128 KiB limit on
// one argument (E2BIG) still runs, and the git commands in it cannot read the script.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { gitBatch } from '../../src/git/batch.js';
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
