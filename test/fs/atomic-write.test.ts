import assert from 'node:assert/strict';
import { chmodSync, mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { UserError } from '../../src/errors.js';
import { writeFileAtomic } from '../../src/fs/atomic-write.js';
import { removeDir } from '../fixtures/remove-dir.js';

const dir = mkdtempSync(join(tmpdir(), 'plan-hooks-atomic-'));
after(() => removeDir(dir));

test('replaces the content, keeps the file mode and leaves no temporary file', () => {
  const file = join(dir, 'a.json');
  writeFileSync(file, 'old');
  chmodSync(file, 0o640);
  writeFileAtomic(file, 'new', 'old');
  assert.equal(readFileSync(file, 'utf8'), 'new');
  assert.equal(statSync(file).mode & 0o777, 0o640);
  assert.deepEqual(readdirSync(dir), ['a.json']);
});

test('refuses, without writing, when the file changed since it was read', () => {
  const file = join(dir, 'b.json');
  writeFileSync(file, 'changed by someone else');
  assert.throws(() => writeFileAtomic(file, 'mine', 'what I read'), (e) => e instanceof UserError && /changed while plan-hooks was editing it/.test(e.message));
  assert.equal(readFileSync(file, 'utf8'), 'changed by someone else');
  assert.deepEqual(readdirSync(dir).filter((f) => f.endsWith('.tmp')), []);
});
