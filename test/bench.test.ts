// `npm run bench` is too slow for every CI run, and a benchmark that stopped working would go
// unnoticed (a rename broke one once). Each one runs here at a tiny size (BENCH_SMOKE=1,
// bench/options.mjs) against the current build: the figures mean nothing, the run must succeed.
// The timeout is generous: on a loaded 2-core machine the smoke run took over 4 minutes.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'node:test';
import { PACKAGE_ROOT, cleanEnv } from './fixtures/repo.js';

const hyperfine = spawnSync('hyperfine', ['--version']).status === 0;

test('every benchmark runs against the current build', { skip: hyperfine ? false : 'hyperfine is not installed (apt-get install hyperfine)' }, () => {
  const r = spawnSync(process.execPath, [join(PACKAGE_ROOT, 'bench/run.mjs')], { cwd: PACKAGE_ROOT, env: cleanEnv({ BENCH_SMOKE: '1' }), encoding: 'utf8', timeout: 900_000 });
  assert.equal(r.status, 0, `${r.stdout}\n${r.stderr}`);
  for (const line of [/per-commit median: plan-hooks [\d.]+ ms, bare node [\d.]+ ms/, /a commit touching a claimed file is refused/, /median per commit:/, /validate \(50 plans\)/, /append: 1000 vs 100 entries/, /check --range: \d+ commits: \d+ ms/, /whole commit \(all hooks, husky\) vs husky \+ node -e '', back to back: [\d.]+ ms vs [\d.]+ ms, ratio/, /plan commit \(50-task plan/, /claims curve, pre-commit alone: 1 → /, /claims curve, whole commit: 1 → /, /status vs history length: 10 commits → /, /agent pre-tool: an unclaimed path is allowed, a claimed one is denied/, /agent pre-tool median: plan-hooks [\d.]+ ms, bare node [\d.]+ ms/, /managers: lefthook: [\d.]+ ms vs [\d.]+ ms, ratio/, /managers: simple-git-hooks: [\d.]+ ms vs [\d.]+ ms, ratio/, /setups: agent's commit, husky, linked worktree: [\d.]+ ms vs [\d.]+ ms, ratio/, /setups: floor, linked worktree: no hook [\d.]+ ms/]) {
    assert.match(r.stdout, line);
  }
});
