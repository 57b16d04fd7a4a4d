import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { type PlanVersion, couldMatch, decideClaims, liveClaims } from '../../src/core/claims.js';
import { type VersionRef, decidedCacheFile, decidedKey, formatDecided, parseDecided, readDecided, writeDecided } from '../../src/claims/decided-cache.js';
import { matchForm } from '../../src/lib/pattern.js';
import { claimed, hoursAgo, plan } from '../fixtures/plans.js';
import { removeDir } from '../fixtures/remove-dir.js';

const NOW = new Date();
const dirs: string[] = [];
after(() => dirs.forEach((d) => removeDir(d)));

const PATTERNS = ['src/a.ts', 'src/', 'src', './src//lib/x.ts', 'src/./lib/*.ts', 'src/**/*.test.ts', '**/*.md', '*.json', 'lib/pkg1/', 'lib/pkg1', '[ab]/c.ts', 'a/b?/c', 'a\\*b/x', 'Docs/README.md', 'caf\u00e9/x', 'cafe\u0301/y', '.', 'src/'.repeat(3) + '**', 'tab\there/x', 'new\nline/%41', '\u{1F600}/', '\uFF21/b', '\uFF21/c/'];
// Beyond the BMP and just below its end: the file sorts and searches by UTF-8 byte, where the two order differently than by UTF-16 code unit.
const PATHS = ['src/a.ts', 'src/lib/x.ts', 'src/lib/y.ts', 'src/deep/z.test.ts', 'README.md', 'pkg.json', 'lib/pkg1/index.ts', 'lib/pkg10/index.ts', 'a/c.ts', 'b/c.ts', 'a/b1/c', 'a*b/x', 'docs/readme.md', 'cafe\u0301/x', 'caf\u00e9/y', 'abs/x', 'srcx/a.ts', 'tab\there/x', 'new\nline/%41', 'new\nline/A', '\u{1F600}/a.ts', '\uFF21/b', '\uFF21/c'];

/** One claim per pattern, a few without files, one bound to a branch, one stale. */
function versions(): PlanVersion[] {
  const tasks = PATTERNS.map((p, i) => claimed(`t${i}`, i % 2 ? 'codex' : 'gemini', [p]));
  tasks.push(claimed('nofiles', 'codex', []), claimed('bound', 'claude', ['x/'], 1, { metadata: { branch: 'feature/x' } }), claimed('old', 'codex', ['old/'], 24 * 30));
  const stalePlan = plan('q', [claimed('gone', 'codex', ['q/'], 24 * 30)], { log: [{ date: '2020-01-01', summary: 'long ago' }] });
  return [
    { source: { kind: 'head', label: 'HEAD' }, file: 'docs/p-plan.json', plan: plan('p', tasks) },
    { source: { kind: 'base', label: 'branch main' }, file: 'docs/q-plan.json', plan: stalePlan },
    { source: { kind: 'remote', label: 'origin/x', ref: 'refs/remotes/origin/x' }, file: 'docs/r-plan.json', plan: plan('r', [claimed('far', 'codex', ['far/'], 2)]) },
  ];
}
/** Waits past the file system clock's tick, as any edit after the cache was written does. */
const laterTick = () => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 30);

const refs = (vs: PlanVersion[]): VersionRef[] => vs.map((v, i) => ({ source: v.source, file: v.file, oid: String(i).repeat(40) }));

test('the file gives back exactly the claims liveClaims decides, staleness at the time it is read', () => {
  const vs = versions();
  const key = decidedKey(refs(vs), false);
  const text = formatDecided(key, decideClaims(vs), false);
  for (const now of [NOW, new Date(NOW.getTime() + 40 * 24 * 3600_000)]) {
    const set = parseDecided(text, key, now, 24);
    assert.ok(set);
    assert.deepEqual(set.claims(), liveClaims(vs, now, 24));
    assert.deepEqual(
      set.bound(),
      liveClaims(vs, now, 24).filter((c) => c.branch !== null),
    );
  }
  const later = parseDecided(text, key, new Date(NOW.getTime() + 40 * 24 * 3600_000), 24)!;
  assert.ok(later.claims().every((c) => c.stale), 'forty days on, every claim is stale');
  assert.ok(parseDecided(text, key, NOW, 24)!.claims().some((c) => !c.stale));
});

test('near(paths) keeps every claim a pattern of which could match a path, and no other', () => {
  const vs = versions();
  for (const ignoreCase of [false, true]) {
    const key = decidedKey(refs(vs), ignoreCase);
    const set = parseDecided(formatDecided(key, decideClaims(vs), ignoreCase), key, NOW, 24)!;
    const all = liveClaims(vs, NOW, 24);
    for (const paths of [...PATHS.map((p) => [p]), PATHS, [], ['nowhere/at/all.ts']]) {
      const forms = paths.map((p) => matchForm(p, ignoreCase));
      const expected = forms.length === 0 ? [] : all.filter((c) => c.files.some((f) => couldMatch(f, forms, ignoreCase)));
      assert.deepEqual(set.near(paths, ignoreCase), expected, `${JSON.stringify(paths)} (ignoreCase ${ignoreCase})`);
    }
  }
});

test('a file for other versions or of another format is not used', () => {
  const vs = versions();
  const key = decidedKey(refs(vs), false);
  const text = formatDecided(key, decideClaims(vs), false);
  assert.ok(parseDecided(text, key, NOW, 24));
  const other = refs(vs).map((r, i) => (i === 0 ? { ...r, oid: 'f'.repeat(40) } : r));
  assert.notEqual(decidedKey(other, false), key, 'another blob is another key');
  assert.notEqual(decidedKey(refs(vs), true), key, 'another case rule is another key');
  assert.equal(parseDecided(text, decidedKey(other, false), NOW, 24), null);
  assert.equal(parseDecided(text, key.slice(0, -1), NOW, 24), null, 'a key is the whole line');
  assert.equal(parseDecided(text.replace(/^plan-hooks claims-decided 3\n/, 'plan-hooks claims-decided 4\n'), key, NOW, 24), null);
  assert.equal(parseDecided(text.replace(/^plan-hooks claims-decided 3\n/, 'plan-hooks claims-decided 2\n'), key, NOW, 24), null);
  assert.equal(parseDecided('', key, NOW, 24), null);
  assert.equal(parseDecided('{}', key, NOW, 24), null);
});

test('written and read under the git dir; a missing or damaged file reads as none', () => {
  const gitDir = mkdtempSync(join(tmpdir(), 'plan-hooks-decided-'));
  dirs.push(gitDir);
  const vs = versions();
  const key = decidedKey(refs(vs), false);
  assert.equal(readDecided(gitDir, key, NOW, 24), null);
  writeDecided(gitDir, key, decideClaims(vs), false);
  assert.deepEqual(readDecided(gitDir, key, NOW, 24)?.claims(), liveClaims(vs, NOW, 24));
  writeFileSync(decidedCacheFile(gitDir), 'garbage');
  assert.equal(readDecided(gitDir, key, NOW, 24), null);
  // Cut short or edited by hand (the length kept): the file fails its check (lib/cache-file.ts).
  const text = formatDecided(key, decideClaims(vs), false);
  for (const damaged of [text.slice(0, -1), text.replace('"codex"', '"xedoc"')]) {
    writeDecided(gitDir, key, decideClaims(vs), false);
    laterTick();
    writeFileSync(decidedCacheFile(gitDir), damaged);
    assert.equal(readDecided(gitDir, key, NOW, 24), null, damaged.slice(-40));
  }
});

test('a stale claim decided once turns stale later by the same rule as the plan rules', () => {
  const vs: PlanVersion[] = [{ source: { kind: 'head', label: 'HEAD' }, file: 'docs/p-plan.json', plan: plan('p', [claimed('t', 'codex', ['src'], 1, { claimedAt: hoursAgo(1) })]) }];
  const key = decidedKey(refs(vs), false);
  const text = formatDecided(key, decideClaims(vs), false);
  for (const hours of [0, 23, 25, 48, 72]) {
    const at = new Date(NOW.getTime() + hours * 3600_000);
    assert.deepEqual(
      parseDecided(text, key, at, 24)!.claims().map((c) => c.stale),
      liveClaims(vs, at, 24).map((c) => c.stale),
      `${hours} h on`,
    );
  }
});

test('what a commit parses of the file before its lookups does not grow with the claims: 10 or 10,000, the same header', () => {
  // It held where each claim's line starts: at 10,000 claims a 90 KB line, parsed by every commit.
  const header = (n: number) => {
    const vs: PlanVersion[] = [{ source: { kind: 'head', label: 'HEAD' }, file: 'docs/p-plan.json', plan: plan('p', Array.from({ length: n }, (_, i) => claimed(`t${i}`, 'codex', [`src/m${i}/`]))) }];
    const key = decidedKey(refs(vs), false);
    const text = formatDecided(key, decideClaims(vs), false);
    const set = parseDecided(text, key, NOW, 24)!;
    assert.equal(set.size, n);
    assert.deepEqual(set.near([`src/m${n - 1}/a.ts`], false).map((c) => c.task), [`p/t${n - 1}`]);
    // Everything before the first claim's line.
    return text.slice(0, text.indexOf('["p/t0"'));
  };
  assert.equal(header(10_000).length, header(10).length + 6, 'only the count and the index\'s offset are longer, by 3 digits each');
});
