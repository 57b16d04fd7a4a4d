// Patch-ids from objects (src/git/patch-id.ts): a cherry-pick shares its commit's id, a different
// edit of the same file does not (binary files included), and the search for earlier commits
// keeps to the paths and history it is given.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { commitsTouching, parseNameOnly, parsePatchIds, patchIds } from '../../src/git/patch-id.js';
import { makeRepo } from '../fixtures/repo.js';

test('parsePatchIds reads `<id> <commit>` lines; parseNameOnly each commit’s paths', () => {
  assert.deepEqual([...parsePatchIds('aaa 111\nbbb 222\n\n')], [['111', 'aaa'], ['222', 'bbb']]);
  assert.deepEqual([...parseNameOnly('c1\0a.ts\0dir/b.ts\0c2\0c.ts\0', new Set(['c1', 'c2', 'c3']))], [['c1', ['a.ts', 'dir/b.ts']], ['c2', ['c.ts']]]);
});

test('a cherry-pick has its commit’s patch-id; another edit of the same file, text or binary, does not; only commits on the given paths and outside the excluded history are found', async () => {
  const r = makeRepo({ initialCommit: true });
  try {
    const fork = r.git('rev-parse', 'HEAD').trim();
    const commit = (path: string, body: string | Buffer, message: string) => {
      if (typeof body === 'string') r.write(path, body);
      else writeFileSync(join(r.dir, path), body);
      r.git('add', '-A');
      r.git('commit', '-q', '-m', message);
      return r.git('rev-parse', 'HEAD').trim();
    };
    const fix = commit('src/a.ts', 'fix\n', 'fix');
    const bin = commit('img.bin', Buffer.from([0, 1, 2, 3]), 'binary');
    commit('other.ts', 'x\n', 'other path');
    r.git('checkout', '-q', '-b', 'maint', fork);
    commit('unrelated.ts', 'y\n', 'unrelated');
    r.git('cherry-pick', fix);
    const picked = r.git('rev-parse', 'HEAD').trim();
    const otherFix = commit('src/a.ts', 'another fix\n', 'another fix');
    const otherBin = commit('img.bin', Buffer.from([0, 9, 9, 9]), 'another binary');
    const ids = await patchIds([fix, picked, otherFix, bin, otherBin], r.dir);
    assert.notEqual(fix, picked);
    assert.equal(ids.get(fix), ids.get(picked));
    assert.notEqual(ids.get(fix), ids.get(otherFix));
    assert.notEqual(ids.get(bin), ids.get(otherBin));

    const found = await commitsTouching({ refs: [], commits: ['main'], exclude: [picked], paths: ['src/a.ts', 'img.bin'], limit: 10 }, r.dir);
    assert.deepEqual(new Set(found), new Set([fix, bin]), 'main’s commits on those paths, not the fork they share');
    const pathLike = await commitsTouching({ refs: [], commits: ['main'], exclude: [], paths: ['src/*.ts'], limit: 10 }, r.dir);
    assert.deepEqual(pathLike, [], 'paths are literal, never patterns');
    assert.deepEqual(await commitsTouching({ refs: [], commits: ['main'], exclude: [], paths: ['src/a.ts', 'img.bin'], limit: 1 }, r.dir), [bin], 'the newest, up to the limit');
  } finally {
    r.remove();
  }
});
