// `npm run bench` is too slow for every CI run, and a benchmark that stopped working would go
// unnoticed (a rename broke one once). Each one runs here at a tiny size (BENCH_SMOKE=1,
// bench/options.mjs) against the current build: the figures mean nothing, the run must succeed.
// Each bench/*.bench.mjs in a process of its own as bench/run.mjs runs them, two at a time (the
// smoke run of all of them in turn took over 4 minutes on a loaded 2-core machine, the suite's
// longest file); the timeout is generous for the same reason.
import assert from 'node:assert/strict';
import { execFile, spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, test } from 'node:test';
import { PACKAGE_ROOT, cleanEnv } from './fixtures/repo.js';

const exec = promisify(execFile);
const hyperfine = spawnSync('hyperfine', ['--version']).status === 0;
const skip = hyperfine ? false : 'hyperfine is not installed (apt-get install hyperfine)';
const BENCH = join(PACKAGE_ROOT, 'bench');
/** The benchmarks bench/run.mjs runs, in its order. */
const files = readdirSync(BENCH).filter((f) => f.endsWith('.bench.mjs')).sort();
const outputs = new Map<string, string>();

describe('every benchmark runs against the current build', { skip, concurrency: 2 }, () => {
  for (const file of files) {
    test(file, async () => {
      try {
        const r = await exec(process.execPath, [join(BENCH, file)], { cwd: PACKAGE_ROOT, env: cleanEnv({ BENCH_SMOKE: '1' }), encoding: 'utf8', timeout: 900_000, maxBuffer: 1 << 26 });
        outputs.set(file, r.stdout);
      } catch (error) {
        const e = error as { code?: number; signal?: string; stdout?: string; stderr?: string };
        assert.fail(`${file} failed (exit ${e.code ?? e.signal}):\n${e.stdout ?? ''}\n${e.stderr ?? ''}`);
      }
    });
  }
});

test('every benchmark prints its figures', { skip }, () => {
  assert.equal(outputs.size, files.length, 'every benchmark ran');
  const stdout = files.map((f) => outputs.get(f)).join('\n');
  for (const line of [/per-commit median: plan-hooks [\d.]+ ms, bare node [\d.]+ ms/, /a commit touching a claimed file is refused/, /median per commit:/, /validate \(50 plans\)/, /append: 1000 vs 100 entries/, /check --range: \d+ commits: \d+ ms/, /whole commit \(all hooks, husky\) vs husky \+ node -e '', back to back: [\d.]+ ms vs [\d.]+ ms, ratio/, /plan commit \(50-task plan/, /claims curve, pre-commit alone: 1 → /, /claims curve, whole commit: 1 → /, /status vs history length: 10 commits → /, /agent pre-tool: an unclaimed path is allowed, a claimed one is denied/, /agent pre-tool median: plan-hooks [\d.]+ ms, bare node [\d.]+ ms/, /managers: lefthook: [\d.]+ ms vs [\d.]+ ms, ratio/, /managers: simple-git-hooks: [\d.]+ ms vs [\d.]+ ms, ratio/, /setups: agent's commit, husky, linked worktree: [\d.]+ ms vs [\d.]+ ms, ratio/, /setups: floor, linked worktree: no hook [\d.]+ ms/]) {
    assert.match(stdout, line);
  }
});
