// The runner's prefetch script, run by a real shell in a real repository, gives exactly what
// node's own batch gives; node takes it only for the same commands and a whole stream.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { after, test } from 'node:test';
import { gitBatch, parseBatchOutput } from '../../src/git/batch.js';
import { parseStream, prefetchId, prefetchScript, prefetchedOutputs } from '../../src/git/prefetch.js';
import { preCommitReads } from '../../src/facts/facts.js';
import { makeRepo } from '../fixtures/repo.js';

const repo = makeRepo();
after(() => repo.remove());

test("the runner's reads equal node's own, and serve only the commands they were made for", async () => {
  repo.write('docs/a-plan.json', '{}\n');
  repo.write('it\'s "odd" ü.ts', 'x\n');
  repo.git('add', '-A');
  const commands = preCommitReads();
  // The environment node's batch sees (gitBatch inherits process.env).
  const out = execFileSync('sh', ['-c', prefetchScript(commands)], { cwd: repo.dir, env: process.env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  const stream = parseStream(out);
  assert.ok(stream);
  const outputs = prefetchedOutputs(stream, commands);
  assert.deepEqual(outputs, await gitBatch(commands, repo.dir));
  assert.ok(outputs!.some((o) => o?.includes('it\'s "odd" ü.ts')));
  const other = [...commands.slice(0, -1)];
  assert.notEqual(prefetchId(other), prefetchId(commands));
  assert.equal(prefetchedOutputs(stream, other), null, 'made for other commands');
  assert.equal(prefetchedOutputs(parseStream(out.slice(0, out.length - 5)), commands), null, 'cut short');
  assert.equal(parseStream('plan-hooks-prefetch abc bad$token\n'), null);
});

test('a token forged into an output (a file name) is caught by the count', () => {
  const forged = `a\0T 0\0b\0T 0\0`;
  assert.deepEqual(parseBatchOutput(forged, 'T', 2), ['a', 'b']);
  assert.equal(parseBatchOutput(`M\0T 0\0x\0T 0\0`, 'T', 1), null, 'a path named "T 0" in a -z listing adds a token');
});
