// Commit-time enforcement, measured (run `npm run build` first; `node bench/enforce.bench.mjs`).
//  1. The claim check alone: 10,000 staged paths against 1,000 claim patterns (target ≤ 150 ms).
//  2. Per-commit cost of a code-only commit in a repository of 10,000 files with 20 plans × 50
//     tasks (200 live claims held by others, none matching the committed file): plan-hooks'
//     pre-commit against a bare `node -e ''` pre-commit, both through husky, in the same
//     hyperfine run (target ≤ 1.2×).
//     BENCH_AGAINST=<another build's dist/src/cli.js> adds that build to the same run: between
//     runs the medians drift by several ms on a busy machine, more than most changes save.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchEnv, removeDir, runsOr, smoke, warmupOr } from './options.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist', 'src');
const CLI = join(dist, 'cli.js');
const { claimIndex, matchClaims, exemptPath } = await import(join(dist, 'core', 'claims.js'));

// Runs per command: the first argument (bench/run.mjs passes its own on), else BENCH_RUNS, else 40.
const RUNS = runsOr(/^\d+$/.test(process.argv[2] ?? '') ? process.argv[2] : (process.env.BENCH_RUNS ?? '40'));
const FILES = smoke ? 300 : 10_000;
const MODULES = 100;
const filePath = (i) => `src/mod${i % MODULES}/file${Math.floor(i / MODULES)}.ts`;

function claimCheckAlone() {
  const paths = Array.from({ length: FILES }, (_, i) => filePath(i));
  // 1,000 patterns over 200 claims: literal files, directories and globs keyed by a prefix.
  const claims = [];
  for (let c = 0; c < 200; c++) {
    const files = [];
    for (let k = 0; k < 5; k++) {
      const n = c * 5 + k;
      if (n % 3 === 0) files.push(`src/mod${n % MODULES}/file${n % 97}.ts`);
      else if (n % 3 === 1) files.push(`lib/pkg${n}/`);
      else files.push(`src/mod${n % MODULES}/**/*.test.ts`);
    }
    claims.push({ task: `plan/t${c}`, file: 'docs/p-plan.json', holder: 'codex', since: null, files, stale: false, source: { kind: 'head', label: 'HEAD' }, branch: null });
  }
  const runs = [];
  let hits = 0;
  for (let r = 0; r < 7; r++) {
    const start = process.hrtime.bigint();
    const index = claimIndex(claims, false);
    const { others } = matchClaims(paths, index, (p) => exemptPath(p, () => false), { name: 'claude' }, {}, Date.now);
    runs.push(Number(process.hrtime.bigint() - start) / 1e6);
    hits = others.length;
  }
  runs.sort((a, b) => a - b);
  return { median: runs[3], min: runs[0], hits, patterns: claims.reduce((n, c) => n + c.files.length, 0) };
}

const env = benchEnv();
for (const k of ['CLAUDECODE', 'PLAN_HOOKS_AGENT', 'AI_AGENT', 'GIT_DIR', 'GIT_INDEX_FILE']) delete env[k];
const git = (cwd, ...args) => execFileSync('git', args, { cwd, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

function planJson(p) {
  const tasks = [];
  for (let t = 0; t < 50; t++) {
    const live = t < 10;
    const n = p * 50 + t;
    tasks.push({
      id: `t${t}`,
      status: live ? 'in-progress' : t % 2 ? 'completed' : 'not-started',
      acceptance: 'tests pass',
      files: [`src/mod${n % MODULES}/file${(n % 90) + 1}.ts`, `lib/pkg${n}/`],
      ...(live ? { claimedBy: 'codex', claimedAt: new Date(Date.now() - 3600_000).toISOString() } : {}),
      ...(!live && t % 2 ? { claimedBy: 'codex', claimedAt: '2026-01-01T00:00:00Z' } : {}),
    });
  }
  const today = new Date().toISOString().slice(0, 10);
  return {
    planId: `plan${p}`, title: `Plan ${p}`, lifecycle: 'single-pr', createdDate: '2026-01-01', lastUpdated: today, relatedDocs: [],
    taskTemplate: { steps: [{ id: 'do', description: 'Do it', status: 'not-started' }] },
    workItems: [{ id: 'work', title: 'Work', status: 'in-progress', findings: [], tasks, log: [{ date: today, summary: 'started' }] }],
    changelog: [{ date: '2026-01-01', summary: 'created' }],
  };
}

// Both repositories have husky, as a Node project would: the baseline's .husky/pre-commit is a
// bare `node -e ''`; ours is what `plan-hooks init` writes, with only pre-commit kept (the
// other hooks run after the commit is decided, and the target is about what pre-commit costs).
function makeBenchRepo(cli) {
  const dir = mkdtempSync(join(tmpdir(), 'plan-hooks-bench-'));
  git(dir, 'init', '-q', '-b', 'main');
  for (let i = 0; i < FILES; i++) {
    const f = join(dir, filePath(i));
    mkdirSync(dirname(f), { recursive: true });
    writeFileSync(f, `export const v${i} = ${i};\n`);
  }
  mkdirSync(join(dir, 'docs'));
  for (let p = 0; p < 20; p++) {
    writeFileSync(join(dir, `docs/plan${p}-plan.json`), `${JSON.stringify(planJson(p), null, 2)}\n`);
    writeFileSync(join(dir, `docs/plan${p}-plan.md`), `# Plan ${p}\n`);
  }
  const packageRoot = cli ? resolve(dirname(cli), '../..') : root;
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'bench', version: '1.0.0', devDependencies: { husky: '9.1.7', 'plan-hooks': `file:${packageRoot}` } }));
  writeFileSync(join(dir, '.gitignore'), 'node_modules\n');
  mkdirSync(join(dir, 'node_modules'));
  cpSync(join(root, 'node_modules/husky'), join(dir, 'node_modules/husky'), { recursive: true });
  symlinkSync(packageRoot, join(dir, 'node_modules/plan-hooks'));
  execFileSync(process.execPath, [join(dir, 'node_modules/husky/bin.js')], { cwd: dir, env, stdio: 'ignore' });
  if (cli) {
    execFileSync(process.execPath, [cli, 'init'], { cwd: dir, env, stdio: 'ignore' });
    for (const hook of readdirSync(join(dir, '.husky'))) if (hook !== 'pre-commit' && hook !== 'plan-hooks.sh' && hook !== '_') rmSync(join(dir, '.husky', hook));
  } else writeFileSync(join(dir, '.husky/pre-commit'), "node -e ''\n");
  git(dir, 'add', '-A');
  git(dir, '-c', 'core.hooksPath=/dev/null', 'commit', '-q', '-m', 'initial');
  // Work happens on a branch, so the base branch (main) is a second source of claims.
  git(dir, 'checkout', '-q', '-b', 'feature');
  writeFileSync(join(dir, 'src/mod0/file0.ts'), 'export const v0 = 1;\n');
  git(dir, 'commit', '-q', '-am', 'feature work');
  return dir;
}

const check = claimCheckAlone();
console.log(`claim check alone: ${FILES} paths × ${check.patterns} patterns: median ${check.median.toFixed(1)} ms (min ${check.min.toFixed(1)} ms, ${check.hits} hits) — target ≤ 150 ms (${check.median <= 150 ? 'met' : 'missed'})`);

const ours = makeBenchRepo(CLI);
const bare = makeBenchRepo(null);
const against = process.env.BENCH_AGAINST ? makeBenchRepo(resolve(process.env.BENCH_AGAINST)) : null;
const commit = (dir) => `cd ${dir} && date +%s%N > src/mod0/file0.ts && git add src/mod0/file0.ts && git commit -q -m bench`;
const out = join(mkdtempSync(join(tmpdir(), 'plan-hooks-bench-out-')), 'hyperfine.json');
try {
  execFileSync('hyperfine', ['-N', '--warmup', warmupOr(5), '--runs', RUNS, '--export-json', out,
    '-n', 'plan-hooks pre-commit', `sh -c '${commit(ours)}'`, '-n', "bare node -e '' pre-commit", `sh -c '${commit(bare)}'`,
    ...(against ? ['-n', 'BENCH_AGAINST pre-commit', `sh -c '${commit(against)}'`] : [])], { env, stdio: ['ignore', 'inherit', 'inherit'] });
  const results = JSON.parse(readFileSync(out, 'utf8')).results;
  if (against) console.log(`per-commit median: BENCH_AGAINST ${(results[2].median * 1000).toFixed(1)} ms, this build ${(results[0].median * 1000).toFixed(1)} ms (same run)`);
  const [a, b] = results.map((r) => r.median * 1000);
  const [ua, ub] = results.map((r) => (r.user + r.system) * 1000);
  console.log(`per-commit median: plan-hooks ${a.toFixed(1)} ms, bare node ${b.toFixed(1)} ms, ratio ${(a / b).toFixed(2)}× — target ≤ 1.2× (${a / b <= 1.2 ? 'met' : 'missed'})`);
  console.log(`per-commit CPU (user+system, all processes): plan-hooks ${ua.toFixed(1)} ms, bare node ${ub.toFixed(1)} ms`);
  // The refusal path must stay correct under load: a claimed file is still refused.
  writeFileSync(join(ours, 'src/mod1/file2.ts'), 'changed\n');
  git(ours, 'add', 'src/mod1/file2.ts');
  let refused = false;
  try {
    git(ours, 'commit', '-q', '-m', 'claimed');
  } catch {
    refused = true;
  }
  console.log(`a commit touching a claimed file is ${refused ? 'refused' : 'NOT refused (bug)'}`);
  if (!refused) process.exitCode = 1;
} finally {
  // BENCH_KEEP=1 keeps the repositories for profiling.
  if (process.env.BENCH_KEEP) console.log(`kept: ${[ours, bare, against].filter(Boolean).join(' ')}`);
  else for (const d of [ours, bare, against].filter(Boolean)) removeDir(d);
  removeDir(dirname(out));
}
