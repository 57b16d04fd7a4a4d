// The index file read directly (src/git/index-file.ts), over index files real git writes: the
// cache tree's root is what `git write-tree` answers, in every index version git writes.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { cacheTreeRootIs } from '../../src/git/index-file.js';
import { Repo, makeRepo } from '../fixtures/repo.js';

const repos: Repo[] = [];
after(() => repos.forEach((r) => r.remove()));

const indexOf = (r: Repo) => readFileSync(join(r.git('rev-parse', '--absolute-git-dir').trim(), 'index'));

test("the cache tree's root is write-tree's answer, in index versions 2, 3 and 4 and a split index; not once invalidated", () => {
  const r = makeRepo({ initialCommit: true });
  repos.push(r);
  for (let i = 0; i < 30; i++) r.write(`src/d${i % 3}/file-with-a-longer-name-${i}.ts`, `${i}\n`);
  r.git('add', '-A');
  const tree = r.git('write-tree').trim();
  assert.equal(cacheTreeRootIs(indexOf(r), tree), true, 'write-tree leaves it valid');
  assert.equal(cacheTreeRootIs(indexOf(r), r.git('rev-parse', 'HEAD^{tree}').trim()), false, 'another tree');
  r.write('src/d1/more.ts', 'm\n');
  r.git('add', '-A');
  assert.equal(cacheTreeRootIs(indexOf(r), tree), false, 'git add invalidates it');
  r.git('rm', '-q', '--cached', 'src/d1/more.ts');
  assert.equal(r.git('write-tree').trim(), tree);
  // v3: a skip-worktree entry has extended flags (two more bytes).
  r.git('update-index', '--index-version', '3');
  r.git('update-index', '--skip-worktree', 'src/d0/file-with-a-longer-name-0.ts');
  const v3 = r.git('write-tree').trim();
  assert.equal(indexOf(r).readUInt32BE(4), 3);
  assert.equal(cacheTreeRootIs(indexOf(r), v3), true);
  // git keeps no tree while an entry is only intended to be added.
  r.write('src/d0/new.ts', 'n\n');
  r.git('add', '-N', 'src/d0/new.ts');
  const intended = r.git('write-tree').trim();
  assert.equal(cacheTreeRootIs(indexOf(r), intended), false);
  r.git('rm', '-q', '--cached', 'src/d0/new.ts');
  // Each version as git writes it after a change: git add, then write-tree.
  const afterChange = (name: string) => {
    r.write(`src/d2/${name}.ts`, `${name}\n`);
    r.git('add', '-A');
    return r.git('write-tree').trim();
  };
  r.git('update-index', '--index-version', '4');
  const v4 = afterChange('v4');
  assert.equal(cacheTreeRootIs(indexOf(r), v4), true, 'v4 (paths compressed)');
  assert.equal(indexOf(r).readUInt32BE(4), 4);
  r.git('update-index', '--index-version', '2');
  r.git('update-index', '--split-index');
  const split = afterChange('split');
  assert.equal(cacheTreeRootIs(indexOf(r), split), true, 'a split index');
  const whole = indexOf(r);
  assert.equal(cacheTreeRootIs(whole.subarray(0, whole.indexOf('TREE') + 20), split), false, 'cut short inside the id');
});

test('a SHA-256 repository: the root is 32 bytes', () => {
  const r = new Repo(mkdtempSync(join(tmpdir(), 'plan-hooks-test-')));
  repos.push(r);
  r.git('init', '-q', '--object-format=sha256', '-b', 'main');
  r.write('a.txt', 'a\n');
  r.git('add', '-A');
  const tree = r.git('write-tree').trim();
  assert.equal(tree.length, 64);
  assert.equal(cacheTreeRootIs(indexOf(r), tree), true);
});
