import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { existingCommits, resolveCommit } from '../../src/git/queries.js';
import { listTree, listTrees, parseTree, pathspec, treePaths } from '../../src/git/tree.js';
import { makeRepo } from '../fixtures/repo.js';

describe('git/tree: one ls-tree parser', () => {
  test('parses the -z full form, names with tabs and newlines included', () => {
    const out = '100644 blob aaaa\tdocs/a b.json\u0000120000 blob bbbb\tlink\u0000040000 tree cccc\tsrc\u0000100644 blob dddd\tweird\tname\nx\u0000';
    assert.deepEqual(parseTree(out), [
      { mode: '100644', type: 'blob', oid: 'aaaa', path: 'docs/a b.json' },
      { mode: '120000', type: 'blob', oid: 'bbbb', path: 'link' },
      { mode: '040000', type: 'tree', oid: 'cccc', path: 'src' },
      { mode: '100644', type: 'blob', oid: 'dddd', path: 'weird\tname\nx' },
    ]);
    assert.deepEqual(parseTree(null), []);
  });

  test('a root of the whole tree needs no pathspec', () => {
    assert.deepEqual(pathspec(['']), []);
    assert.deepEqual(pathspec([]), []);
    assert.deepEqual(pathspec(['docs', 'plans']), ['--', 'docs', 'plans']);
  });

  test('listings from real git agree with each other and with the queries', async () => {
    const repo = makeRepo();
    try {
      repo.write('docs/x-plan.json', '{}\n');
      repo.write('src/a.ts', 'a\n');
      repo.git('add', '.');
      repo.git('commit', '-qm', 'one');
      const head = repo.git('rev-parse', 'HEAD').trim();
      const docs = await listTree(head, ['docs'], repo.dir);
      assert.deepEqual(docs.map((e) => [e.type, e.path]), [['blob', 'docs/x-plan.json']]);
      const [all, missing] = await listTrees([head, '0'.repeat(40)], [''], repo.dir);
      assert.deepEqual(all!.map((e) => e.path), ['docs/x-plan.json', 'src/a.ts']);
      assert.equal(missing, null);
      assert.deepEqual(await treePaths(head, ['src'], repo.dir), ['src/a.ts']);
      assert.deepEqual(await treePaths('no-such-rev', [''], repo.dir), []);
      assert.equal(await resolveCommit('HEAD', repo.dir), head);
      assert.equal(await resolveCommit('--help', repo.dir), null);
      assert.deepEqual(await existingCommits([head, 'f'.repeat(40)], repo.dir), new Set([head]));
    } finally {
      repo.remove();
    }
  });
});
