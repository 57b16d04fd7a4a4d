// The sentences by area (src/messages/), and wording shared by several commands, checked once here.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';
import { areas, messages, noun, plural } from '../../src/messages/index.js';
import { PACKAGE_ROOT } from '../fixtures/paths.js';

test('a claim age reads in hours, then in whole days from 48 h on; unknown when there is no time', () => {
  assert.equal(messages.claimAge(0), '0 h');
  assert.equal(messages.claimAge(47), '47 h');
  assert.equal(messages.claimAge(48), '2 d');
  assert.equal(messages.claimAge(73), '3 d');
  assert.equal(messages.claimAge(null), 'age unknown');
});

test('no two areas define a sentence of the same name (the merged messages would keep only one)', () => {
  const owner = new Map<string, string>();
  const twice: string[] = [];
  for (const [area, sentences] of Object.entries(areas)) {
    for (const name of Object.keys(sentences)) {
      if (owner.has(name)) twice.push(`${name}: in ${owner.get(name)} and ${area}`);
      owner.set(name, area);
    }
  }
  assert.deepEqual(twice, []);
  assert.equal(Object.keys(messages).length, owner.size);
});

test('every area file of src/messages/ is in the areas table', () => {
  const dir = join(PACKAGE_ROOT, 'src/messages');
  // claim-sources.ts is a sentence of claims.ts kept apart for the edit-time hook's bundle, shared as plural.ts and run.ts are.
  const files = readdirSync(dir).filter((f) => f.endsWith('.ts') && !['index.ts', 'plural.ts', 'run.ts', 'claim-sources.ts'].includes(f)).map((f) => f.replace(/\.ts$/, ''));
  assert.deepEqual(files.sort(), Object.keys(areas).sort());
});

test('plurals: one helper counts, with the irregular form when given', () => {
  assert.equal(plural(0, 'change'), '0 changes');
  assert.equal(plural(1, 'change'), '1 change');
  assert.equal(plural(2, 'entry', 'entries'), '2 entries');
  assert.equal(noun(1, 'check'), 'check');
  assert.equal(noun(3, 'check'), 'checks');
  assert.equal(messages.uninstallDone(1), 'plan-hooks removed (1 change).\n');
  assert.equal(messages.handoffOld(1), '1 commit since this plan was last committed: update its handoff when you hand over.');
  assert.match(messages.handoffOld(5, true), /^5 or more commits since/);
});

test('no sentence in src/ counts by hand (n === 1 ? \'\' : \'s\', or "path(s)"): plurals go through plural()', () => {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith('.ts') && !path.endsWith(join('messages', 'plural.ts'))) {
        readFileSync(path, 'utf8').split('\n').forEach((line, i) => {
          if (/=== 1 \? '' : '(e?s)'|=== 1 \? 'y' : 'ies'|[a-z]\(s\)(?=[`'"]| [a-z(])/.test(line)) found.push(`${relative(PACKAGE_ROOT, path)}:${i + 1}: ${line.trim()}`);
        });
      }
    }
  };
  walk(join(PACKAGE_ROOT, 'src'));
  assert.deepEqual(found, []);
});
