// The handoff's "uncommitted" from one `git status` is what `git diff --name-only` and
// `git ls-files --others --exclude-standard` said together, in every state a working tree has.
import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { makeRepo, type Repo } from '../fixtures/repo.js';
import { parseUncommitted, uncommittedPaths } from '../../src/git/status.js';

const repos: Repo[] = [];
after(() => repos.forEach((r) => r.remove()));

/** The two scans the handoff made before. */
function twoScans(r: Repo): string[] {
  const changed = r.git('diff', '--name-only', '-z', '--no-ext-diff');
  const untracked = r.git('ls-files', '-z', '--others', '--exclude-standard');
  return [...new Set([...changed.split('\0'), ...untracked.split('\0')].filter(Boolean))].sort();
}

test('one status lists what the diff and the untracked listing listed', async () => {
  const r = makeRepo({ initialCommit: true });
  repos.push(r);
  for (const f of ['mod.txt', 'del.txt', 'staged.txt', 'both.txt', 'old.txt', 'exec.sh', 'link.txt', 'conflict.txt', 'sp ace.txt', 'caf\u00e9.txt']) r.write(f, `${f}\n`);
  r.write('.gitignore', 'ignored*\n');
  r.git('add', '-A');
  r.git('commit', '-q', '-m', 'files');
  // A conflict: conflict.txt changed on two branches.
  r.git('checkout', '-q', '-b', 'other');
  r.write('conflict.txt', 'theirs\n');
  r.git('commit', '-q', '-am', 'theirs');
  r.git('checkout', '-q', 'main');
  r.write('conflict.txt', 'ours\n');
  r.git('commit', '-q', '-am', 'ours');
  assert.notEqual(r.tryGit(['merge', '-q', 'other']).code, 0, 'the merge conflicts');
  r.write('mod.txt', 'changed\n');
  rmSync(join(r.dir, 'del.txt'));
  r.write('staged.txt', 'staged only\n');
  r.git('add', 'staged.txt');
  r.write('both.txt', 'staged\n');
  r.git('add', 'both.txt');
  r.write('both.txt', 'and more\n');
  r.git('mv', 'old.txt', 'new.txt');
  chmodSync(join(r.dir, 'exec.sh'), 0o755);
  rmSync(join(r.dir, 'link.txt'));
  symlinkSync('mod.txt', join(r.dir, 'link.txt'));
  r.write('sp ace.txt', 'changed\n');
  r.write('caf\u00e9.txt', 'changed\n');
  r.write('intent.txt', 'x\n');
  r.git('add', '-N', 'intent.txt');
  mkdirSync(join(r.dir, 'fresh/deep'), { recursive: true });
  r.write('fresh/deep/a.txt', 'x\n');
  r.write('fresh/b.txt', 'x\n');
  r.write('ignored.log', 'x\n');
  r.write('untracked\ttab.txt', 'x\n');

  const expected = twoScans(r);
  assert.ok(expected.includes('fresh/deep/a.txt') && expected.includes('conflict.txt') && !expected.includes('staged.txt') && !expected.includes('ignored.log'), expected.join(' | '));
  assert.deepEqual(await uncommittedPaths(r.dir), expected);
  // The read pre-commit's handoff runs beside node's work (no index preload threads): the same list.
  assert.deepEqual(await uncommittedPaths(r.dir, true), expected);
});

test('parseUncommitted: a working-tree change or an untracked file counts; a staged-only one does not', () => {
  assert.deepEqual(parseUncommitted('M  staged\0 M changed\0MM both\0?? new\0R  to\0from\0 D gone\0UU both-sides\0'), ['both', 'both-sides', 'changed', 'gone', 'new']);
  assert.deepEqual(parseUncommitted(''), []);
});
