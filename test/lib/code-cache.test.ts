// A hook's bundle run from V8's code cache (the edit-time hook's and pre-commit's loaders): the
// cache is made by a run that keeps it and used by the next; it never stands in for another bundle, even one of the
// same length (V8 checks only the length), nor for another node; a damaged or foreign file is
// ignored; and the bundle gets the require and import() a CommonJS module has.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { cachedDataOf, codeCacheBytes } from '../../src/lib/code-cache.js';

const codeCache = new URL('../../src/lib/code-cache.js', import.meta.url).href;

function setup() {
  const dir = mkdtempSync(join(tmpdir(), 'plan-hooks-code-cache-'));
  const file = join(dir, 'state', 'code-cache');
  const bundle = join(dir, 'bundle.cjs');
  const runner = join(dir, 'run.mjs');
  // What the loaders do, with the keep flag from the command line.
  writeFileSync(runner, `import { createRequire } from 'node:module';\nimport { runBundle } from ${JSON.stringify(codeCache)};\nrunBundle(process.argv[2], process.argv[3], () => process.argv[4] === 'keep', createRequire(${JSON.stringify(pathToFileURL(runner).href)}));\n`);
  const run = (keep = true) => {
    const r = spawnSync(process.execPath, [runner, bundle, file, keep ? 'keep' : 'no'], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    return r.stdout;
  };
  return { dir, bundle, run, file, done: () => rmSync(dir, { recursive: true, force: true, maxRetries: 20, retryDelay: 50 }) };
}

/** A bundle that uses what a CommonJS module has; `word` is 5 letters, so every version has one length. */
const bundleText = (word: string) =>
  `const { basename } = require('node:path');\nfunction say() { return '${word}'; }\n__import('node:os').then((os) => process.stdout.write(say() + ' ' + basename(__filename) + ' ' + typeof os.tmpdir + ' ' + typeof module.exports + '\\n'));\n`;

test('code cache: the first kept run leaves it, the next runs from it, and the bundle runs as a CommonJS module either way', () => {
  const { bundle, run, file, done } = setup();
  try {
    writeFileSync(bundle, bundleText('first'));
    assert.equal(run(false), 'first bundle.cjs function object\n');
    assert.ok(!existsSync(file), 'a run that does not keep it leaves none');
    assert.equal(run(), 'first bundle.cjs function object\n');
    assert.ok(existsSync(file) && existsSync(`${file}.stamp`), 'kept, with its stamp');
    const written = statSync(file, { bigint: true }).mtimeNs;
    assert.equal(run(), 'first bundle.cjs function object\n');
    assert.equal(statSync(file, { bigint: true }).mtimeNs, written, 'used as it is: V8 accepted it, nothing to write');
  } finally {
    done();
  }
});

test('code cache: another bundle of the same length runs its own code, and the cache is made again', () => {
  const { bundle, run, file, done } = setup();
  try {
    writeFileSync(bundle, bundleText('first'));
    run();
    const before = readFileSync(file);
    writeFileSync(bundle, bundleText('other'));
    assert.equal(run(), 'other bundle.cjs function object\n', 'not the cached code of the old bundle');
    assert.notDeepEqual(readFileSync(file), before, 'made again for the new bundle');
    assert.equal(run(), 'other bundle.cjs function object\n');
  } finally {
    done();
  }
});

test('code cache: a hand-edited, truncated or foreign cache file is not used', () => {
  const { bundle, run, file, done } = setup();
  try {
    writeFileSync(bundle, bundleText('first'));
    run();
    const good = readFileSync(file);
    const stamp = readFileSync(`${file}.stamp`, 'utf8');
    // Each damage leaves the stamp stale, so the file is not handed to V8 (which would crash on it).
    for (const damaged of [Buffer.concat([good.subarray(0, 200), Buffer.alloc(good.length - 200, 0xff)]), good.subarray(0, good.length >> 1), Buffer.from('not a cache')]) {
      writeFileSync(file, damaged);
      assert.equal(run(), 'first bundle.cjs function object\n');
      assert.notEqual(readFileSync(`${file}.stamp`, 'utf8'), stamp, 'written again, with a new stamp');
    }
  } finally {
    done();
  }
});

test('code cache: a file is only for the key it was written for', () => {
  const data = Buffer.from([1, 2, 3, 4]);
  const bytes = codeCacheBytes('["v20.0.0","x64","/usr/bin/node","1 2 3 4"]', data);
  assert.deepEqual(cachedDataOf(bytes, '["v20.0.0","x64","/usr/bin/node","1 2 3 4"]'), data);
  assert.equal((bytes.length - data.length) % 8, 0, "V8's data starts aligned");
  assert.equal(cachedDataOf(bytes, '["v22.0.0","x64","/usr/bin/node","1 2 3 4"]'), null, 'another node');
  assert.equal(cachedDataOf(bytes, '["v20.0.0","x64","/usr/bin/node","1 2 3 5"]'), null, 'another bundle');
  assert.equal(cachedDataOf(Buffer.from('no header line'), 'k'), null);
  assert.equal(cachedDataOf(null, 'k'), null);
});
