// The caches' two helpers: a file's stat signature changes with any write, truncation,
// replacement or chmod; a checked cache file reads back as written, and as nothing once anything
// but its writer has touched it (edited, cut short, stamp lost, its bytes changed under a
// rewritten signature, no regular file) or when it cannot be written.
import assert from 'node:assert/strict';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, truncateSync, utimesSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { RACY_MS, checkedCacheFiles, isRacy, readCheckedCache, removeCheckedCache, replaceCacheFile, stampFile, statSignature, writeCheckedCache } from '../../src/lib/cache-file.js';
import { removeDir } from '../fixtures/remove-dir.js';

const dir = mkdtempSync(join(tmpdir(), 'plan-hooks-cache-file-'));
after(() => removeDir(dir));

/** Waits past the file system clock's tick, as any edit after the cache was written does. */
const laterTick = () => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 30);

test('a stat signature is stable while the file is untouched, and changes with size, times, mode or inode', () => {
  const file = join(dir, 'sig');
  writeFileSync(file, 'abc');
  const first = statSignature(file);
  assert.equal(statSignature(file).signature, first.signature, 'untouched');
  const changes: [string, () => void][] = [
    ['same size, later write', () => writeFileSync(file, 'xyz')],
    ['another size', () => writeFileSync(file, 'abcd')],
    ['mtime put back (ctime still tells)', () => utimesSync(file, new Date(2020, 0, 1), new Date(2020, 0, 1))],
    ['chmod', () => chmodSync(file, 0o600)],
    ['replaced by another file', () => {
      writeFileSync(`${file}.new`, 'abcd');
      renameSync(`${file}.new`, file);
    }],
  ];
  for (const [what, change] of changes) {
    const before = statSignature(file).signature;
    laterTick();
    change();
    assert.notEqual(statSignature(file).signature, before, what);
  }
  assert.throws(() => statSignature(join(dir, 'missing')));
});

test('a file changed within RACY_MS is racy: its signature may not be kept', () => {
  const file = join(dir, 'racy');
  writeFileSync(file, 'x');
  const sig = statSignature(file);
  assert.ok(isRacy(sig, sig.changedMs));
  assert.ok(isRacy(sig, sig.changedMs + RACY_MS - 1));
  assert.ok(!isRacy(sig, sig.changedMs + RACY_MS));
  utimesSync(file, new Date(2020, 0, 1), new Date(2020, 0, 1));
  assert.ok(isRacy(statSignature(file), Date.now()), 'the change time counts too: a chmod or utimes is a change');
});

test('a checked cache reads back as written; edited, cut short, without its stamp or never written, it reads as nothing', () => {
  const file = join(dir, 'sub', 'cache.json');
  assert.equal(readCheckedCache(file), null, 'never written');
  writeCheckedCache(file, '{"a":1}');
  assert.equal(readCheckedCache(file), '{"a":1}');
  assert.deepEqual(checkedCacheFiles(file).filter(existsSync), [file, stampFile(file)]);
  const damage: [string, () => void][] = [
    ['edited by hand, the length kept', () => writeFileSync(file, '{"a":2}')],
    ['cut short', () => truncateSync(file, 3)],
    ['stamp lost', () => rmSync(stampFile(file))],
    ['stamp edited', () => writeFileSync(stampFile(file), '0 0 0 0')],
    // The signature rewritten to match: the checksum still tells the bytes are not the ones written.
    ['flipped bytes, the stamp\'s signature rewritten', () => (writeFileSync(file, '{"a":7}'), writeFileSync(stampFile(file), readFileSync(stampFile(file), 'utf8').replace(/^\S+ \S+ \S+ \S+/, statSignature(file).signature)))],
    ['a FIFO in its place', () => (rmSync(file), execFileSync('mkfifo', [file]))],
    ['a FIFO as its stamp', () => (rmSync(stampFile(file)), execFileSync('mkfifo', [stampFile(file)]))],
    ['a directory in its place', () => (rmSync(file), mkdirSync(file))],
  ];
  for (const [what, act] of damage) {
    rmSync(file, { recursive: true, force: true });
    writeCheckedCache(file, '{"a":1}');
    laterTick();
    act();
    assert.equal(readCheckedCache(file), null, what);
  }
  rmSync(file, { recursive: true, force: true });
  writeCheckedCache(file, '{"b":1}');
  assert.equal(readCheckedCache(file), '{"b":1}', 'rewritten, it is read again');
  removeCheckedCache(file);
  assert.deepEqual(checkedCacheFiles(file).filter(existsSync), [], 'removed: both files');
  assert.doesNotThrow(() => removeCheckedCache(file), 'removing what is not there');
});

test('a cache that cannot be written is skipped: no error, no temporary file left, nothing read back', () => {
  const blocker = join(dir, 'file-not-dir');
  writeFileSync(blocker, 'x');
  assert.equal(replaceCacheFile(join(blocker, 'cache'), 'text'), false);
  assert.doesNotThrow(() => writeCheckedCache(join(blocker, 'cache'), 'text'));
  assert.equal(readCheckedCache(join(blocker, 'cache')), null);
  // A directory where the file should be: the rename fails, and the temporary file goes.
  const target = join(dir, 'is-a-dir');
  mkdirSync(join(target, 'inside'), { recursive: true });
  assert.equal(replaceCacheFile(target, 'ok'), false);
  assert.ok(!readdirSync(dir).some((n) => n.endsWith('.tmp')), 'no temporary file left');
});
