// The pre-tool hook's cache of plan claims views, kept by file stat under the git dir: a plan
// whose stat is unchanged is not read again; any change, a file changed too recently to trust
// its stat, and a damaged or foreign cache file all mean the plan is read.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { openViewsCache, viewsCacheFile } from '../../src/agents/views-cache.js';
import { stampFile, stampOf, statSignature } from '../../src/lib/cache-file.js';
import { claimsValue } from '../../src/agents/workspace.js';
import { claimed, open, plan } from '../fixtures/plans.js';
import { removeDir } from '../fixtures/remove-dir.js';

const planText = (holder: string, files: string[]) =>
  JSON.stringify(plan('p', [claimed('t1', holder, files, 0, { claimedAt: '2026-01-01T00:00:00Z' }), open('t2', [])], { log: [] }));

function setup() {
  const dir = mkdtempSync(join(tmpdir(), 'plan-hooks-views-'));
  const gitDir = join(dir, '.git');
  mkdirSync(gitDir);
  const file = join(dir, 'a-plan.json');
  writeFileSync(file, planText('codex', ['src/a.ts']));
  return { dir, gitDir, file, later: Date.now() + 60_000 };
}

const holderOf = (view: unknown) => (view as { workItems: { tasks: { claimedBy: string }[] }[] }).workItems[0]!.tasks[0]!.claimedBy;

test('views cache: a plan unchanged since it was read is not read again; a change of size or time is', () => {
  const { dir, gitDir, file, later } = setup();
  try {
    const first = openViewsCache(gitDir, claimsValue, later);
    const view = first.view(file);
    assert.deepEqual(view, { planId: 'p', workItems: [{ tasks: [JSON.parse(planText('codex', ['src/a.ts'])).workItems[0].tasks[0]], log: [] }] }, 'the claims view: dated tasks only');
    first.save();
    // Proof that the second run does not read the plan: the cached view answers, not the file's.
    const data = JSON.parse(readFileSync(viewsCacheFile(gitDir), 'utf8'));
    data.entries[file].view.workItems[0].tasks[0].claimedBy = 'from-the-cache';
    writeFileSync(viewsCacheFile(gitDir), JSON.stringify(data));
    // Stamped as its writer would (a checked cache: unstamped, it is not used).
    writeFileSync(stampFile(viewsCacheFile(gitDir)), stampOf(viewsCacheFile(gitDir), readFileSync(viewsCacheFile(gitDir))));
    assert.equal(holderOf(openViewsCache(gitDir, claimsValue, later).view(file)), 'from-the-cache');

    writeFileSync(file, planText('other', ['src/a.ts']));
    assert.equal(holderOf(openViewsCache(gitDir, claimsValue, later + 1).view(file)), 'other', 'same size, new mtime/ctime: read again');
    writeFileSync(file, planText('third', ['src/a.ts']));
    utimesSync(file, new Date(2020, 0, 1), new Date(2020, 0, 1));
    assert.equal(holderOf(openViewsCache(gitDir, claimsValue, later + 2).view(file)), 'third', 'mtime put back: the ctime still tells');
  } finally {
    removeDir(dir);
  }
});

test('views cache: a plan changed within the last two seconds is used but not kept', () => {
  const { dir, gitDir, file } = setup();
  try {
    const cache = openViewsCache(gitDir, claimsValue, Date.now());
    assert.equal(holderOf(cache.view(file)), 'codex');
    cache.save();
    const data = (() => {
      try {
        return JSON.parse(readFileSync(viewsCacheFile(gitDir), 'utf8'));
      } catch {
        return null;
      }
    })();
    assert.ok(data === null || !(file in data.entries), 'a stat that a second write in the same clock tick could repeat is not trusted');
  } finally {
    removeDir(dir);
  }
});

test('views cache: a damaged, foreign or ill-typed cache file is ignored and the plan read', () => {
  const { dir, gitDir, file, later } = setup();
  try {
    mkdirSync(join(gitDir, 'plan-hooks', 'agents'), { recursive: true });
    const stat = statSignature(file).signature;
    const forged = { stat, view: { planId: 'p', workItems: [{ tasks: [{ id: 't1', status: 'in-progress', claimedBy: 'forged' }], log: [] }] } };
    for (const text of ['{not json', '[]', 'null', JSON.stringify({ format: 99, views: 2, entries: { [file]: forged } }), JSON.stringify({ format: 2, views: -1, entries: { [file]: forged } }), JSON.stringify({ format: 2, views: 2, entries: { [file]: { ...forged, stat: [stat] } } })]) {
      writeFileSync(viewsCacheFile(gitDir), text);
      assert.equal(holderOf(openViewsCache(gitDir, claimsValue, later).view(file)), 'codex', text.slice(0, 40));
    }
  } finally {
    removeDir(dir);
  }
});

test('views cache: an unwritable git dir leaves no cache and no error', () => {
  const { dir, file, later } = setup();
  try {
    const cache = openViewsCache(join(dir, 'a-plan.json', 'not-a-dir'), claimsValue, later);
    assert.equal(holderOf(cache.view(file)), 'codex');
    assert.doesNotThrow(() => cache.save());
  } finally {
    removeDir(dir);
  }
});
