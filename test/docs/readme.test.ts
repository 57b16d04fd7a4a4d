// The README is the front door: short, with a table of contents that matches its headings, links
// that lead to pages the repository holds, no machine's scratch path, and pasted output only in
// blocks scripts/docs/readme.mjs re-makes from a real run.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { PACKAGE_ROOT } from '../fixtures/repo.js';

const readme = readFileSync(join(PACKAGE_ROOT, 'README.md'), 'utf8');
const lines = readme.split('\n');

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
const anchor = (heading: string) => heading.toLowerCase().replace(/[^\p{L}\p{N} -]/gu, '').replace(/ /g, '-');

test('the README is at most 300 lines', () => {
  assert.ok(lines.length <= 300, `README.md has ${lines.length} lines`);
});

test('its table of contents lists every section, each link to a heading that is there', () => {
  const headings = lines.filter((l) => /^## /.test(l)).map((l) => l.slice(3)).filter((h) => h !== 'Contents');
  const contents = readme.slice(readme.indexOf('## Contents'), readme.indexOf('\n## ', readme.indexOf('## Contents') + 1));
  const listed = [...contents.matchAll(/\]\(#([^)]+)\)/g)].map((m) => m[1]);
  assert.deepEqual(listed, headings.map(anchor));
});

test('every page it links to exists', () => {
  const links = [...readme.matchAll(/\]\(((?:docs|templates|schema)\/[^)#]+)\)/g)].map((m) => m[1]!);
  assert.ok(links.length >= 10, 'the README links its docs pages');
  for (const link of links) assert.ok(existsSync(join(PACKAGE_ROOT, link)), `README.md links ${link}, which is not in the repository`);
  for (const path of [...readme.matchAll(/`((?:templates|scripts|src)\/[\w./-]+)`/g)].map((m) => m[1]!)) assert.ok(existsSync(join(PACKAGE_ROOT, path)), `README.md names ${path}, which is not in the repository`);
});

test('no machine path is pasted into it', () => {
  for (const [i, line] of lines.entries()) assert.doesNotMatch(line, /\/tmp\/|\/work\/|\/root\/|\/home\/\w+/, `README.md:${i + 1}`);
});

test('its output blocks are exactly the ones scripts/docs/readme.mjs makes', () => {
  const script = readFileSync(join(PACKAGE_ROOT, 'scripts/docs/readme.mjs'), 'utf8');
  const made = [...script.matchAll(/(?:blocks\.set|console_)\('([\w-]+)'/g)].map((m) => m[1]).sort();
  const inReadme = [...readme.matchAll(/<!-- output:([\w-]+) -->/g)].map((m) => m[1]).sort();
  assert.deepEqual(inReadme, made);
  // A fence outside those blocks is a command to type, never pasted output.
  const outside = readme.replace(/<!-- output:[\w-]+ -->[\s\S]*?<!-- \/output -->/g, '');
  assert.doesNotMatch(outside, /```console/, 'pasted output lives in an output block');
});
