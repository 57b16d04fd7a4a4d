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

// The environment every timed command runs in: git isolated from the machine's configuration,
// a fixed identity, and no NODE_EXTRA_CA_CERTS. Where that variable is set, node 20 reads and
// parses the whole certificate file at every start (on this project's machine ~70 ms of CPU
// on top of ~30 ms for `node -e ''`), which inflates the baseline's one node start and so
// flatters every ratio; most machines do not set it, so neither side gets it here.
export function benchEnv(identity = 'bench') {
  const env = { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', GIT_AUTHOR_NAME: identity, GIT_AUTHOR_EMAIL: 'b@example.com', GIT_COMMITTER_NAME: identity, GIT_COMMITTER_EMAIL: 'b@example.com' };
  delete env.NODE_EXTRA_CA_CERTS;
  return env;
}
