// Staging new contents in one process per step (src/git/index-edit.ts), against real git.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { indexModes, parseIndexModes, realIndexLock, setIndexEntries, stageTexts, writeBlobs } from '../../src/git/index-edit.js';
import { makeRepo, type Repo } from '../fixtures/repo.js';

const repos: Repo[] = [];
after(() => repos.forEach((r) => r.remove()));

test('writeBlobs writes each text as it is, in order, one or many: the ids git gives, the contents git reads back', async () => {
  const r = makeRepo();
  repos.push(r);
  // Line endings, no final newline, non-ASCII, an empty text: nothing filtered or converted.
  const texts = ['one\n', 'two\r\nlines', 'caf\u00e9 \u{1f600}\n', '', 'one\n'];
  for (const batch of [texts.slice(0, 1), texts]) {
    const ids = await writeBlobs(batch, r.dir);
    assert.equal(ids.length, batch.length);
    batch.forEach((text, i) => {
      assert.equal(ids[i], execFileSync('git', ['hash-object', '--no-filters', '--stdin'], { cwd: r.dir, input: text, encoding: 'utf8' }).trim());
      assert.equal(r.git('cat-file', 'blob', ids[i]!), text);
    });
  }
  assert.deepEqual(await writeBlobs([], r.dir), []);
});

test('writeBlobs and stageTexts leave no file behind in the temporary directory, whether git succeeds or fails', async () => {
  const r = makeRepo();
  repos.push(r);
  const tmp = mkdtempSync(join(tmpdir(), 'plan-hooks-blob-files-'));
  const saved = process.env.TMPDIR;
  process.env.TMPDIR = tmp;
  try {
    await writeBlobs(['a\n', 'b\n', 'c\n'], r.dir);
    r.write('f0', 'x\n');
    r.write('f1', 'y\n');
    r.git('add', '-A');
    await stageTexts([{ mode: '100644', path: 'f0', text: 'x2\n' }, { mode: '100644', path: 'f1', text: 'y2\n' }], r.dir, process.env, { tree: true });
    await assert.rejects(writeBlobs(['a\n', 'b\n'], join(r.dir, 'no-such-dir')));
    assert.deepEqual(readdirSync(tmp), []);
  } finally {
    if (saved === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = saved;
    rmSync(tmp, { recursive: true, force: true });
  }
});

test('indexModes and setIndexEntries: modes of the paths in the index only, entries replaced in place', async () => {
  const r = makeRepo();
  repos.push(r);
  r.write('a.md', 'a\n');
  r.write('run.sh', 'echo\n');
  r.git('add', 'a.md', 'run.sh');
  r.git('update-index', '--chmod=+x', 'run.sh');
  const modes = await indexModes(['a.md', 'run.sh', 'missing.md'], r.dir, process.env);
  assert.deepEqual([...modes].sort(), [['a.md', '100644'], ['run.sh', '100755']]);
  const [blob] = await writeBlobs(['new\n'], r.dir);
  await setIndexEntries([{ mode: '100755', blob: blob!, path: 'run.sh' }], r.dir, process.env);
  assert.equal(r.git('show', ':run.sh'), 'new\n');
  assert.match(r.git('ls-files', '-s', 'run.sh'), /^100755 /);
  assert.equal(r.git('show', ':a.md'), 'a\n');
});

/** A repository with `n` tracked files f0..f(n-1), one of them executable, plus what stageTexts is to stage in them. */
function stagingRepo(n: number) {
  const r = makeRepo();
  repos.push(r);
  const paths = Array.from({ length: n }, (_, i) => (i === 1 ? `it's a "dir"/f ${i}.md` : `f${i}.md`));
  for (const p of paths) r.write(p, `old ${p}\n`);
  r.git('add', '--', ...paths);
  r.git('update-index', '--chmod=+x', '--', paths[0]!);
  const texts = paths.map((p, i) => (i % 3 === 0 ? `new ${p}\r\nno final newline` : i % 3 === 1 ? '' : `caf\u00e9 ${p} \u{1f600}\n`));
  const entries = paths.map((p, i) => ({ mode: i === 0 ? '100755' : '100644', path: p, text: texts[i]! }));
  return { r, paths, entries };
}

test('stageTexts stages each text as it is in its path with its mode, one entry or many (ten and more: $10 is not $1 then 0), and gives the tree write-tree then names', async () => {
  for (const n of [1, 2, 12]) {
    const { r, paths, entries } = stagingRepo(n);
    const { blobs, tree } = await stageTexts(entries, r.dir, process.env, { tree: true });
    assert.equal(blobs.length, n);
    entries.forEach((e, i) => {
      assert.equal(r.git('show', `:${e.path}`), e.text, e.path);
      assert.equal(blobs[i], r.git('rev-parse', `:${e.path}`).trim());
      assert.match(r.git('ls-files', '-s', '--', e.path), new RegExp(`^${e.mode} `));
    });
    assert.equal(tree, r.git('write-tree').trim());
    assert.equal(r.git('diff', '--cached', '--name-only', '-z').split('\0').filter(Boolean).length, paths.length);
    // Without `tree`, no tree asked.
    const again = stagingRepo(n);
    assert.equal((await stageTexts(again.entries, again.r.dir, process.env, { tree: false })).tree, null);
    assert.equal(again.r.git('show', `:${again.paths[0]}`), again.entries[0]!.text);
  }
  assert.deepEqual(await stageTexts([], makeRepo().dir, process.env, { tree: true }), { blobs: [], tree: null });
});

test('stageTexts edits the index the environment names, and only that one', async () => {
  const { r, entries } = stagingRepo(2);
  const other = join(r.dir, '.git', 'other-index');
  execFileSync('cp', [join(r.dir, '.git', 'index'), other]);
  const { tree } = await stageTexts(entries, r.dir, { ...process.env, GIT_INDEX_FILE: other }, { tree: true });
  assert.equal(r.git('show', `:${entries[0]!.path}`), `old ${entries[0]!.path}\n`);
  assert.equal(execFileSync('git', ['show', `:${entries[1]!.path}`], { cwd: r.dir, env: { ...process.env, GIT_INDEX_FILE: other }, encoding: 'utf8' }), entries[1]!.text);
  assert.equal(tree, execFileSync('git', ['write-tree'], { cwd: r.dir, env: { ...process.env, GIT_INDEX_FILE: other }, encoding: 'utf8' }).trim());
});

test('stageTexts without a POSIX shell on PATH: the same entries and tree, from three processes', async () => {
  const bin = mkdtempSync(join(tmpdir(), 'plan-hooks-no-sh-'));
  try {
    symlinkSync(execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim(), join(bin, 'git'));
    const { r, entries } = stagingRepo(3);
    const { tree } = await stageTexts(entries, r.dir, { ...process.env, PATH: bin }, { tree: true });
    for (const e of entries) assert.equal(r.git('show', `:${e.path}`), e.text);
    assert.equal(tree, r.git('write-tree').trim());
  } finally {
    rmSync(bin, { recursive: true, force: true });
  }
});

test('stageTexts fails as git does when the index cannot be written: the error names update-index and git\'s reason, the index is as it was', async () => {
  const { r, entries } = stagingRepo(2);
  const lock = join(r.dir, '.git', 'index.lock');
  writeFileSync(lock, '');
  await assert.rejects(stageTexts(entries, r.dir, process.env, { tree: true }), /git update-index --index-info.*index\.lock/s);
  rmSync(lock);
  for (const e of entries) assert.equal(r.git('show', `:${e.path}`), `old ${e.path}\n`);
});

test('parseIndexModes reads ls-files -s -z: a path with a tab or a newline, a conflicted path once', () => {
  const out = '100644 1111111111111111111111111111111111111111 0\tdocs/a\tb.md\0' + '120000 2222222222222222222222222222222222222222 0\tlink\nname\0' + '100644 3333333333333333333333333333333333333333 1\tboth.md\0' + '100755 4444444444444444444444444444444444444444 2\tboth.md\0';
  assert.deepEqual([...parseIndexModes(out)], [['docs/a\tb.md', '100644'], ['link\nname', '120000'], ['both.md', '100755']]);
  assert.deepEqual([...parseIndexModes('')], []);
});

test('realIndexLock: null unless GIT_INDEX_FILE names git commit <paths>\' temporary index; then the real index\'s lock', async () => {
  const r = makeRepo();
  repos.push(r);
  const { GIT_INDEX_FILE: _, ...env } = process.env;
  assert.equal(await realIndexLock(r.dir, env), null);
  assert.equal(await realIndexLock(r.dir, { ...env, GIT_INDEX_FILE: `${r.dir}/.git/index.lock` }), null);
  const real = r.git('rev-parse', '--path-format=absolute', '--git-path', 'index').trim();
  assert.equal(await realIndexLock(r.dir, { ...env, GIT_INDEX_FILE: `${r.dir}/.git/next-index-123.lock` }), `${real}.lock`);
});
