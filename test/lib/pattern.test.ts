import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PatternIndex } from '../../src/lib/pattern-index.js';
import { PatternError, compilePattern } from '../../src/lib/pattern.js';

const m = (pattern: string, path: string, ignoreCase = false) => compilePattern(pattern, { ignoreCase }).test(path);

test('an exact path matches itself and nothing beside it', () => {
  assert.ok(m('src/export.ts', 'src/export.ts'));
  assert.ok(!m('src/export.ts', 'src/export.tsx'));
  assert.ok(!m('src/export.ts', 'lib/src/export.ts'));
});

test('a directory covers everything under it', () => {
  assert.ok(m('src/api', 'src/api/v1/users.ts'));
  assert.ok(m('src/api/', 'src/api/x'));
  assert.ok(!m('src/api', 'src/apis/x'));
});

test('* stays in one segment, ** crosses segments', () => {
  assert.ok(m('src/*.ts', 'src/a.ts'));
  assert.ok(!m('src/*.ts', 'src/sub/a.ts'.replace('.ts', '.js')));
  assert.ok(m('src/**/*.test.ts', 'src/a/b/c.test.ts'));
  assert.ok(m('src/**/*.test.ts', 'src/c.test.ts'));
  assert.ok(m('**/*.md', 'docs/x/y.md'));
  assert.ok(!m('docs/**/*-plan.json', 'docs/a/readme.json'));
  assert.ok(m('docs/**/*-plan.json', 'docs/a/x-plan.json'));
});

test('? and classes match one character', () => {
  assert.ok(m('a?c', 'abc'));
  assert.ok(!m('a?c', 'a/c'));
  assert.ok(m('file[0-9].txt', 'file7.txt'));
  assert.ok(!m('file[!0-9].txt', 'file7.txt'));
});

test('case folds only under core.ignorecase', () => {
  assert.ok(!m('SRC/A.ts', 'src/a.ts'));
  assert.ok(m('SRC/A.ts', 'src/a.ts', true));
});

test('patterns that leave the repository are refused', () => {
  for (const p of ['/etc/passwd', '../x', 'a/../../b', 'C:\\x', '~/x']) {
    assert.throws(() => compilePattern(p, { ignoreCase: false }), PatternError, p);
  }
});

test('pathological patterns finish quickly', () => {
  const pattern = `${'*a'.repeat(400)}b`;
  const path = 'a'.repeat(3000);
  const start = process.hrtime.bigint();
  assert.ok(!m(pattern, path));
  assert.ok(!m('**/'.repeat(300) + 'x', 'a/'.repeat(2000) + 'y'));
  assert.ok(Number(process.hrtime.bigint() - start) / 1e6 < 500);
  assert.throws(() => compilePattern('a'.repeat(5000), { ignoreCase: false }), PatternError);
});

test('NFD and NFC forms of a name match the same pattern, literal or glob, in an index too', () => {
  const nfc = 'src/caf\u00e9/men\u00fc.ts';
  const nfd = nfc.normalize('NFD');
  assert.notEqual(nfc, nfd);
  for (const [pattern, path] of [[nfc, nfd], [nfd, nfc], ['src/caf\u00e9', nfd], ['src/*/men\u00fc.ts'.normalize('NFD'), nfc], ['src/caf[\u00e9]/*.ts', nfd]] as const) {
    assert.ok(m(pattern, path), `${JSON.stringify(pattern)} matches ${JSON.stringify(path)}`);
    const index = new PatternIndex<string>({ ignoreCase: false });
    index.add(pattern, 't');
    assert.equal(index.match(path).length, 1, `the index finds ${JSON.stringify(pattern)} for ${JSON.stringify(path)}`);
  }
  assert.ok(!m('src/cafe', nfd), 'a base letter alone is another name');
});

test('under core.ignorecase, case and Unicode forms fold together; without it, case counts', () => {
  const cases: [string, string][] = [['src/a.ts', 'SRC/A.ts'], ['SRC/**/*.TS', 'src/x/y.ts'], ['docs/\u00c9T\u00c9', 'DOCS/\u00e9t\u00e9/x'.normalize('NFD')]];
  for (const [pattern, path] of cases) {
    assert.ok(m(pattern, path, true), `${pattern} ~ ${path}`);
    assert.ok(!m(pattern, path, false), `${pattern} !~ ${path} when case counts`);
    const index = new PatternIndex<string>({ ignoreCase: true });
    index.add(pattern, 't');
    assert.equal(index.match(path).length, 1, pattern);
  }
});

test('? and classes match one character beyond the BMP too', () => {
  assert.ok(m('a?b', 'a\u{1f600}b'));
  assert.ok(m('notes/[\u{1f600}x].md', 'notes/\u{1f600}.md'));
  assert.ok(!m('a??b', 'a\u{1f600}b'));
});
