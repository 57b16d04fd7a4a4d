// Staging new contents in one process per step (src/git/index-edit.ts), against real git.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { after, test } from 'node:test';
import { indexModes, parseIndexModes, realIndexLock, setIndexEntries, writeBlobs } from '../../src/git/index-edit.js';
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
