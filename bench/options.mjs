// What every benchmark reads besides its own arguments. BENCH_SMOKE=1 runs it at a tiny size
// with one run a command: its figures mean nothing, but a test (test/bench.test.ts) proves each
// benchmark still runs against the current build, which `npm run bench` alone never would in CI.
export const smoke = process.env.BENCH_SMOKE === '1';

/** Runs per command: one when smoking, else `wanted` (the benchmark's argument or default). */
export const runsOr = (wanted) => (smoke ? '1' : String(wanted));

/** Warm-up runs: none when smoking (the figures mean nothing there), else `wanted`. */
export const warmupOr = (wanted) => (smoke ? '0' : String(wanted));

// Removes a benchmark's directory, retrying while the detached worklog writer the last timed
// commit started is still writing under .git/plan-hooks: the tests' cleanup, built to dist/test.
export { removeDir } from '../dist/test/fixtures/remove-dir.js';
