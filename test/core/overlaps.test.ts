// The overlap warning through indexes (src/core/overlaps.ts firstOverlaps) gives what comparing
// every pair of in-progress tasks by the definition (patternsOverlap, the oracle) gives, on
// random small plans.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compilePattern, type CompiledPattern } from '../../src/lib/pattern.js';
import { firstOverlaps, patternsOverlap } from '../../src/core/overlaps.js';

function pairwise(groups: CompiledPattern[][]): ({ other: number; mine: number; theirs: number } | null)[] {
  return groups.map((mine, i) => {
    for (let j = 0; j < i; j++) {
      for (let a = 0; a < mine.length; a++) {
        for (let b = 0; b < groups[j]!.length; b++) if (patternsOverlap(mine[a]!, groups[j]![b]!)) return { other: j, mine: a, theirs: b };
      }
    }
    return null;
  });
}

/** A small deterministic generator (mulberry32), so a failure names a reproducible seed. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SEGMENTS = ['a', 'b', 'A', 'ab', 'a.ts', 'b.ts', '*', '*.ts', 'a*', '?', '[ab]', '**', 'caf\u00e9', 'cafe\u0301'];

function randomPattern(next: () => number): string {
  const pick = <T>(xs: T[]) => xs[Math.floor(next() * xs.length)]!;
  const r = next();
  if (r < 0.04) return '.';
  const n = 1 + Math.floor(next() * 3);
  const path = Array.from({ length: n }, () => pick(SEGMENTS)).join('/');
  return r < 0.1 ? `${path}/` : path;
}

test('firstOverlaps equals comparing every pair by patternsOverlap on random small plans', () => {
  let overlapping = 0;
  for (let seed = 1; seed <= 3000; seed++) {
    const next = random(seed);
    const ignoreCase = next() < 0.3;
    const groups = Array.from({ length: 1 + Math.floor(next() * 8) }, () =>
      Array.from({ length: Math.floor(next() * 4) }, () => compilePattern(randomPattern(next), { ignoreCase })),
    );
    const expected = pairwise(groups);
    assert.deepEqual(firstOverlaps(groups), expected, `seed ${seed}: ${JSON.stringify(groups.map((g) => g.map((p) => p.source)))}`);
    overlapping += expected.filter(Boolean).length;
  }
  assert.ok(overlapping > 1000, `the cases exercise overlaps (${overlapping})`);
});

test('100,000 tasks are linear: one shared directory, distinct files, and globs under each', () => {
  const groups = Array.from({ length: 100_000 }, (_, i) => [
    compilePattern(`src/module-${i}/**`, { ignoreCase: false }),
    compilePattern(`test/module-${i}.test.ts`, { ignoreCase: false }),
    ...(i % 1000 === 0 ? [compilePattern('docs', { ignoreCase: false })] : []),
  ]);
  const hits = firstOverlaps(groups);
  assert.equal(hits.filter(Boolean).length, 99, 'only the tasks that share docs/ overlap, each with the first');
  assert.deepEqual(hits[1000], { other: 0, mine: 2, theirs: 2 });
});
