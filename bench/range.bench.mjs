// `plan-hooks check --range` over long histories (run `npm run build` first; `node
// bench/range.bench.mjs [runs]`): 100, 1,000 and 10,000 commits (plus a merge every 100 and a
// plan change every 50, bench/history.mjs), each whole history checked in one run, in a
// repository with a live claim. The curve should stay about linear and 2,000 commits well under
// a minute. The raw hyperfine JSON goes to bench/.out/range.json.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeHistory } from './history.mjs';
import { benchEnv, removeDir, runsOr, smoke, warmupOr } from './options.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const cli = join(root, 'dist', 'src', 'cli.js');
const outDir = join(root, 'bench', '.out');
const runs = runsOr(/^\d+$/.test(process.argv[2] ?? '') ? process.argv[2] : '5');
const sizes = smoke ? [10, 100] : [100, 1000, 10_000];

const env = { ...benchEnv(), NO_COLOR: '1' };
for (const k of Object.keys(env)) if (k.startsWith('PLAN_HOOKS') || k === 'GIT_DIR' || k === 'GIT_INDEX_FILE' || k === 'CLAUDECODE') delete env[k];

const dirs = [];
try {
  const commands = [];
  for (const n of sizes) {
    const dir = mkdtempSync(join(tmpdir(), `plan-hooks-range-${n}-`));
    dirs.push(dir);
    execFileSync('git', ['init', '-q', '-b', 'main'], { cwd: dir, env });
    makeHistory(dir, n, env);
    const count = execFileSync('git', ['rev-list', '--count', 'HEAD'], { cwd: dir, env, encoding: 'utf8' }).trim();
    // The check must pass (exit 0) for hyperfine to time it: a failure stops the benchmark.
    commands.push([`check --range: ${count} commits`, `cd ${dir} && ${process.execPath} ${cli} check --range HEAD`]);
  }
  mkdirSync(outDir, { recursive: true });
  const out = join(outDir, 'range.json');
  const args = ['--warmup', warmupOr(1), '--runs', runs, '--export-json', out, '--style', 'none'];
  for (const [name, command] of commands) args.push('--command-name', name, command);
  execFileSync('hyperfine', args, { env, stdio: ['ignore', 'ignore', 'inherit'] });
  const results = JSON.parse(readFileSync(out, 'utf8')).results;
  console.log(`hyperfine, ${runs} runs each, medians`);
  for (const r of results) {
    const n = Number(/(\d+) commits/.exec(r.command)[1]);
    console.log(`${r.command}: ${(r.median * 1000).toFixed(0)} ms (${((r.median * 1e6) / n).toFixed(0)} µs per commit)`);
  }
} finally {
  for (const d of dirs) removeDir(d);
}
