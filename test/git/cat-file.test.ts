// Many objects' texts from one cat-file (src/git/cat-file.ts), alone and in a batch of shells, against real git.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { objectTexts, readObjects } from '../../src/git/cat-file.js';
import { gitQueries } from '../../src/git/git.js';
import { LAST_COMMIT } from '../../src/git/queries.js';
import { makeRepo, type Repo } from '../fixtures/repo.js';

const repos: Repo[] = [];
after(() => repos.forEach((r) => r.remove()));

test('objectTexts in a batch gives what readObjects gives: index and HEAD versions, a missing one as null, text with CRLF and non-ASCII, an empty file', async () => {
  const r = makeRepo();
  repos.push(r);
  r.write('a.md', 'head\n');
  r.git('add', 'a.md');
  r.git('commit', '-q', '-m', 'a');
  r.write('a.md', 'caf\u00e9 \u{1f600}\r\nline');
  r.write('empty.md', '');
  r.git('add', 'a.md', 'empty.md');
  const names = [':a.md', 'HEAD:a.md', ':empty.md', ':missing.md', 'HEAD:empty.md'];
  // Three queries in one lane: the shell runs them one after another.
  const { texts } = await gitQueries({ head: LAST_COMMIT, texts: objectTexts(names), again: objectTexts([':a.md']) }, r.dir, 1);
  assert.deepEqual(texts, await readObjects(names, r.dir));
  assert.deepEqual(texts, ['caf\u00e9 \u{1f600}\r\nline', 'head\n', '', null, null]);
});

test('objectTexts answers undefined for bytes that are not UTF-8 (the shell\'s text cannot carry them): readObjects reads them', async () => {
  const r = makeRepo();
  repos.push(r);
  writeFileSync(join(r.dir, 'l.md'), Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a]));
  r.git('add', 'l.md');
  const { texts } = await gitQueries({ head: LAST_COMMIT, texts: objectTexts([':l.md']) }, r.dir, 1);
  assert.equal(texts, undefined);
  assert.deepEqual(await readObjects([':l.md'], r.dir), ['caf\udce9\n']);
});
