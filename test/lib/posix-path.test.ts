// The pure core's join and relative (src/lib/posix-path.ts) give what node:path/posix gives.
import assert from 'node:assert/strict';
import { join, relative } from 'node:path/posix';
import { test } from 'node:test';
import { joinPath, relativePath } from '../../src/lib/posix-path.js';

const PARTS = ['', '/', 'a', 'b', '..', '.', 'a/b', '/x', 'x/', '../c', '.git', 'hooks/', '//', 'a/../..'];

test('joinPath and relativePath agree with node:path/posix over every pair and triple of awkward parts', () => {
  for (const a of PARTS) {
    for (const b of PARTS) {
      assert.equal(joinPath(a, b), join(a, b), `join(${a}, ${b})`);
      assert.equal(relativePath(`/${a}`, `/${b}`), relative(`/${a}`, `/${b}`), `relative(/${a}, /${b})`);
      for (const c of PARTS) {
        assert.equal(joinPath(`/${a}`, b, c), join(`/${a}`, b, c), `join(/${a}, ${b}, ${c})`);
        assert.equal(relativePath(`/${a}/${b}`, `/${c}`), relative(`/${a}/${b}`, `/${c}`), `relative(/${a}/${b}, /${c})`);
      }
    }
  }
  assert.equal(relativePath('/repo', '/home/u/hooks'), '../home/u/hooks');
  assert.equal(relativePath('/repo', '/repo'), '');
});
