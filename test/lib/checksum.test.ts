// The checked caches' checksum: the WebAssembly function gives the plain JavaScript reference's
// result at every length and offset, any flipped bit changes it, and where WebAssembly is absent
// (node --jitless) the fallback gives the same stamp, so a cache written by one is read by the other.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { test } from 'node:test';
import { checksum, checksumJs } from '../../src/lib/checksum.js';

const LENGTHS = [0, 1, 2, 3, 4, 5, 7, 8, 9, 100, 4093, 65535, 65536, 65537, 200_003];

test('the WebAssembly checksum is the JavaScript reference at every length and offset, and grows its memory as needed', () => {
  for (const n of LENGTHS) {
    const backing = randomBytes(n + 3);
    for (let offset = 0; offset < 4 && offset + n <= backing.length; offset++) {
      const bytes = backing.subarray(offset, offset + n);
      assert.equal(checksum(bytes), checksumJs(bytes), `${n} bytes at offset ${offset}`);
    }
  }
  // A smaller input after a larger one hashes only its own bytes, not what the memory still holds.
  assert.equal(checksum(new Uint8Array(5)), checksumJs(new Uint8Array(5)));
  assert.match(checksum(Buffer.from('x')), /^[0-9a-f]{16}$/);
});

test('one flipped bit anywhere changes the checksum', () => {
  const bytes = randomBytes(125_001);
  const sum = checksum(bytes);
  for (const at of [0, 1, 2, 3, 4, 65_535, 65_536, 100_000, 124_999, 125_000]) {
    for (const bit of [0, 7]) {
      const damaged = Buffer.from(bytes);
      damaged[at]! ^= 1 << bit;
      assert.notEqual(checksum(damaged), sum, `byte ${at}, bit ${bit}`);
    }
  }
});

test('without WebAssembly (node --jitless) the checksum is the same', () => {
  const bytes = randomBytes(70_001);
  const module = new URL('../../src/lib/checksum.js', import.meta.url).href;
  const script = `import(${JSON.stringify(module)}).then((m) => process.stdout.write(typeof WebAssembly + ' ' + m.checksum(Buffer.from(process.argv[1], 'base64'))))`;
  const out = execFileSync(process.execPath, ['--jitless', '--no-warnings', '-e', script, bytes.toString('base64')], { encoding: 'utf8' });
  assert.equal(out, `undefined ${checksum(bytes)}`);
});
