// The commit's critical path, whole (run `npm run build` first; `node bench/commit.bench.mjs`).
// Every row is a ratio to a baseline timed in the same hyperfine run, because on a shared
// machine medians drift between runs by more than most changes save:
//  1. The whole code-only commit (headline): every hook `plan-hooks init` installs, through
//     husky, in a repository of 10,000 files and 20 plans × 50 tasks (200 live claims held by
//     others), against husky + a bare `node -e ''` pre-commit. Budget ≤ 1.2×. Timed back to back,
//     and spaced (a pause before each commit, so the append that post-commit leaves running after
//     git returns does not share the CPU with the next commit).
//  2. A commit staging a plan (one 50-task plan: validation, transitions, the handoff regenerated
//     in the plan's .md and AGENTS.md), against the same baseline, each commit after the last
//     one's append has finished. Budget ≤ 2×.
//  3. Claims: 1, 100, 1,000 and 10,000 live claims held by others, pre-commit alone and the whole
//     commit, as a ratio to 1 claim. Budget ≤ 1.3×. With the hook processes' peak memory.
//  4. `plan-hooks status --json` on 1,000 and 100,000 commits since the plans were last
//     committed (history built with git fast-import). Budget ≤ 1.2×.
// Options: --runs=N (default 30, split into --rounds=N hyperfine runs of alternating order, default 4);
// --only=whole,plan,claims,status runs those rows alone;
// --claims=1,10000 picks the points of the claims curve.
// BENCH_KEEP=1 keeps the repositories.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchEnv, removeDir, runsOr, smoke } from './options.mjs';
import { hyperfine as timed, verdict } from './timing.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CLI = join(root, 'dist', 'src', 'cli.js');
const arg = (name, fallback) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const RUNS = runsOr(arg('runs', '30'));
/**
 * hyperfine runs a row is split into, in alternating order (see hyperfine() below): an even
 * number, so that each command goes first as often as the other.
 */
const ROUNDS = Math.max(1, Number(arg('rounds', '4')));
const FILES = smoke ? 200 : 10_000;
/** Files in each repository of the claims curve. */
const CURVE_FILES = smoke ? 200 : 1000;
const CLAIMS = smoke ? [1, 10] : arg('claims', '1,100,1000,10000').split(',').map(Number);
const HISTORY = smoke ? [10, 100] : [1000, 100_000];
const MODULES = 100;
const only = new Set(arg('only', 'whole,plan,claims,status').split(','));
const base = mkdtempSync(join(tmpdir(), 'plan-hooks-bench-commit-'));

const env = benchEnv();
for (const k of Object.keys(env)) if (k.startsWith('PLAN_HOOKS') || ['CLAUDECODE', 'AI_AGENT', 'GIT_DIR', 'GIT_INDEX_FILE', 'GIT_WORK_TREE', 'HUSKY'].includes(k)) delete env[k];
const git = (cwd, ...args) => execFileSync('git', args, { cwd, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 1 << 28 });
const today = new Date().toISOString().slice(0, 10);

/** A plan of `tasks` tasks; the first `live` are in progress, claimed by codex (never the committer). */
function planJson(p, tasks, live) {
  const list = [];
  for (let t = 0; t < tasks; t++) {
    const n = p * 50 + t;
    const claimed = t < live;
    list.push({
      id: `t${t}`,
      status: claimed ? 'in-progress' : t % 2 ? 'completed' : 'not-started',
      acceptance: 'tests pass',
      files: [`src/mod${n % MODULES}/file${(n % 90) + 1}.ts`, `lib/pkg${n}/`],
      ...(claimed ? { claimedBy: 'codex', claimedAt: new Date(Date.now() - 3600_000).toISOString() } : {}),
      ...(t === tasks - 1 && !claimed ? { notes: 'n-0' } : {}),
    });
  }
  return {
    planId: `plan${p}`, title: `Plan ${p}`, lifecycle: 'multi-session', createdDate: '2026-01-01', lastUpdated: today, relatedDocs: [],
    taskTemplate: { steps: [{ id: 'do', description: 'Do it', status: 'not-started' }] },
    handoff: { nextAction: 'Carry on', verify: 'npm test' },
    workItems: [{ id: 'work', title: 'Work', status: 'in-progress', findings: [], tasks: list, log: [{ date: today, summary: 'started' }] }],
    changelog: [{ date: '2026-01-01', summary: 'created' }],
  };
}

const filePath = (i) => `src/mod${i % MODULES}/file${Math.floor(i / MODULES)}.ts`;

/**
 * A Node repository with husky. `hooks`: 'all' (what `plan-hooks init` installs), 'pre-commit'
 * (init's pre-commit only) or 'bare' (husky + `node -e ''` pre-commit, the baseline).
 */
function makeRepo(name, { files, plans, hooks }) {
  const dir = join(base, name);
  mkdirSync(dir);
  git(dir, 'init', '-q', '-b', 'main');
  for (let i = 0; i < files; i++) {
    const f = join(dir, filePath(i));
    mkdirSync(dirname(f), { recursive: true });
    writeFileSync(f, `export const v${i} = ${i};\n`);
  }
  mkdirSync(join(dir, 'docs'));
  plans.forEach((plan, p) => {
    writeFileSync(join(dir, `docs/plan${p}-plan.json`), `${JSON.stringify(plan, null, 2)}\n`);
    writeFileSync(join(dir, `docs/plan${p}-plan.md`), `# Plan ${p}\n`);
  });
  writeFileSync(join(dir, 'AGENTS.md'), '# Agents\n');
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name, version: '1.0.0', devDependencies: { husky: '9.1.7', 'plan-hooks': `file:${root}` } }));
  writeFileSync(join(dir, '.gitignore'), 'node_modules\n');
  mkdirSync(join(dir, 'node_modules'));
  cpSync(join(root, 'node_modules/husky'), join(dir, 'node_modules/husky'), { recursive: true });
  symlinkSync(root, join(dir, 'node_modules/plan-hooks'));
  execFileSync(process.execPath, [join(dir, 'node_modules/husky/bin.js')], { cwd: dir, env, stdio: 'ignore' });
  if (hooks === 'bare') writeFileSync(join(dir, '.husky/pre-commit'), "node -e ''\n");
  else {
    execFileSync(process.execPath, [CLI, 'init'], { cwd: dir, env, stdio: 'ignore' });
    if (hooks === 'pre-commit') for (const h of readdirSync(join(dir, '.husky'))) if (!['pre-commit', 'plan-hooks.sh', '_'].includes(h)) rmSync(join(dir, '.husky', h));
  }
  git(dir, 'add', '-A');
  git(dir, '-c', 'core.hooksPath=/dev/null', 'commit', '-q', '-m', 'initial');
  // Work happens on a branch, so the base branch (main) is a second source of claims.
  git(dir, 'checkout', '-q', '-b', 'feature');
  // One code-only commit and one plan commit, as the timed commands make them.
  writeFileSync(join(dir, 'code-commit.sh'), 'date +%s%N > src/mod0/file0.ts && git add src/mod0/file0.ts && git commit -q -m code\n');
  writeFileSync(join(dir, 'plan-commit.sh'), `sed -i "s/\\"notes\\": \\"n-[0-9]*\\"/\\"notes\\": \\"n-$(date +%s%N)\\"/" docs/plan0-plan.json && git add docs/plan0-plan.json && git commit -q -m plan\n`);
  writeFileSync(join(dir, '.git/info/exclude'), 'code-commit.sh\nplan-commit.sh\n');
  execFileSync('sh', ['code-commit.sh'], { cwd: dir, env, stdio: 'ignore' });
  return dir;
}

const hyperfine = (commands, prepare) => timed({ base, env, runs: RUNS, rounds: ROUNDS }, commands, prepare);
const inDir = (dir, script) => `sh -c 'cd ${dir} && sh ${script}'`;
// On a machine shared with other work, wall time swings with their load; the CPU of the
// processes git waits for (hyperfine's user + system) is steadier, so both are shown.
const row = (label, a, b, budget) =>
  console.log(`${label}: ${a.median.toFixed(1)} ms vs ${b.median.toFixed(1)} ms, ratio ${(a.median / b.median).toFixed(2)}× — ${verdict(a.median / b.median, budget)}; CPU ${a.cpu.toFixed(1)} vs ${b.cpu.toFixed(1)} ms, ${(a.cpu / b.cpu).toFixed(2)}×`);

/** Waits for post-commit's detached appends to finish (so one row's work does not slow the next). */
function settle(dir) {
  execFileSync(process.execPath, [CLI, 'log', '--limit', '0'], { cwd: dir, env, stdio: 'ignore' });
}

/** Peak resident memory of a commit's processes (the largest one), hooks in the foreground. */
function peakMemory(dir) {
  const r = spawnSync('/usr/bin/time', ['-v', 'sh', 'code-commit.sh'], { cwd: dir, env: { ...env, PLAN_HOOKS: '2' }, encoding: 'utf8' });
  const kb = /Maximum resident set size \(kbytes\): (\d+)/.exec(r.stderr ?? '')?.[1];
  return kb ? `${(Number(kb) / 1024).toFixed(0)} MB` : 'n/a (/usr/bin/time missing)';
}

const keep = [];
try {
  // 1 and 2: the whole commit and the plan commit.
  if (only.has('whole') || only.has('plan')) {
  const standard = Array.from({ length: 20 }, (_, p) => planJson(p, 50, 10));
  const ours = makeRepo('whole', { files: FILES, plans: standard, hooks: 'all' });
  const bare = makeRepo('bare', { files: FILES, plans: standard, hooks: 'bare' });
  keep.push(ours, bare);
  if (only.has('whole')) {
    const [a, b] = hyperfine([['plan-hooks, whole commit', inDir(ours, 'code-commit.sh')], ["husky + node -e ''", inDir(bare, 'code-commit.sh')]]);
    row("whole commit (all hooks, husky) vs husky + node -e '', back to back", a, b, 1.2);
    console.log('  (CPU counts the processes git waits for: the append post-commit leaves running after git returns is not among them)');
    settle(ours);
    const [c, d] = hyperfine([['plan-hooks, whole commit', inDir(ours, 'code-commit.sh')], ["husky + node -e ''", inDir(bare, 'code-commit.sh')]], 'sleep 0.3');
    row("whole commit (all hooks, husky) vs husky + node -e '', spaced 0.3 s", c, d, 1.2);
    settle(ours);
  }
  if (only.has('plan')) {
    // A plan commit's append (the worklog writer reads every plan again) outlasts 0.3 s on this
    // machine: each commit waits for the previous one's to finish (`log` waits for an append in
    // flight), then pauses, so the row times the commit, as the whole commit's spaced row does.
    const [a, b] = hyperfine([['plan-hooks, plan commit', inDir(ours, 'plan-commit.sh')], ["husky + node -e ''", inDir(bare, 'plan-commit.sh')]], `sh -c 'cd ${ours} && ${process.execPath} ${CLI} log --limit 0 > /dev/null; sleep 0.3'`);
    row("plan commit (50-task plan, handoff regenerated) vs husky + node -e '', after the last append", a, b, 2);
    settle(ours);
  }
  console.log(`  peak memory of a whole commit's processes: ${peakMemory(ours)}`);
  }

  // 3: the claims curve, each repository's commit timed in one run.
  if (only.has('claims')) {
  const curve = [];
  for (const n of CLAIMS) {
    const plans = Array.from({ length: Math.ceil(n / 50) }, (_, p) => planJson(p, Math.min(50, n - p * 50), Math.min(50, n - p * 50)));
    curve.push({ n, pre: makeRepo(`claims-${n}-pre`, { files: CURVE_FILES, plans, hooks: 'pre-commit' }), whole: makeRepo(`claims-${n}-all`, { files: CURVE_FILES, plans, hooks: 'all' }) });
  }
  keep.push(...curve.flatMap((c) => [c.pre, c.whole]));
  for (const kind of ['pre', 'whole']) {
    // The whole commit's worklog writer judges each commit from the plan blobs (no cache, by
    // design), so its work grows with the claims: ~0.25 s of CPU at 10,000, past a 0.2 s pause.
    // Each commit waits for the previous one's append to finish (`log` waits for an append in
    // flight), then pauses, as the plan commit's row does: the row times the commit, not the
    // commit sharing the CPU with the last one's writer.
    const prepare = (c) => (kind === 'whole' ? `sh -c 'cd ${c.whole} && ${process.execPath} ${CLI} log --limit 0 > /dev/null; sleep 0.2'` : 'sleep 0.2');
    const results = hyperfine(curve.map((c) => [`${c.n} claims`, inDir(c[kind], 'code-commit.sh'), prepare(c)]));
    const one = results[0];
    const label = kind === 'pre' ? 'pre-commit alone' : 'whole commit';
    console.log(`claims curve, ${label}: ${results.map((r, i) => `${CLAIMS[i]} → ${r.median.toFixed(1)} ms (${(r.median / one.median).toFixed(2)}×)`).join(', ')} — ${verdict(results.at(-1).median / one.median, 1.3)}; CPU ${results.map((r) => `${(r.cpu / one.cpu).toFixed(2)}×`).join(', ')}`);
  }
  for (const c of curve) settle(c.whole);
  console.log(`  peak memory, pre-commit alone: ${curve.map((c) => `${c.n} claims ${peakMemory(c.pre)}`).join(', ')}`);
  console.log(`  peak memory, whole commit: ${curve.map((c) => `${c.n} claims ${peakMemory(c.whole)}`).join(', ')}`);
  }

  // 4: status on long histories.
  if (only.has('status')) {
  const histories = HISTORY.map((n) => ({ n, dir: historyRepo(n) }));
  keep.push(...histories.map((h) => h.dir));
  const status = hyperfine(histories.map((h) => [`status, ${h.n} commits`, `sh -c 'cd ${h.dir} && ${process.execPath} ${CLI} status --json > /dev/null'`]));
  console.log(`status vs history length: ${status.map((r, i) => `${HISTORY[i]} commits → ${r.median.toFixed(1)} ms`).join(', ')}, ratio ${(status[1].median / status[0].median).toFixed(2)}× — ${verdict(status[1].median / status[0].median, 1.2)}; CPU ${(status[1].cpu / status[0].cpu).toFixed(2)}×`);
  }
} finally {
  if (process.env.BENCH_KEEP) console.log(`kept: ${base}`);
  else removeDir(base);
}

/** A repository whose plans were committed `n` commits ago (git fast-import: seconds for 100,000). */
function historyRepo(n) {
  const dir = join(base, `history-${n}`);
  mkdirSync(dir);
  git(dir, 'init', '-q', '-b', 'main');
  const plan = planJson(0, 50, 10);
  const chunks = [];
  const blob = (text) => `data ${Buffer.byteLength(text)}\n${text}\n`;
  const when = Math.floor(Date.now() / 1000) - n - 10;
  chunks.push(`commit refs/heads/main\nmark :1\ncommitter bench <b@example.com> ${when} +0000\n${blob('plans')}`);
  chunks.push(`M 100644 inline docs/plan0-plan.json\n${blob(`${JSON.stringify(plan, null, 2)}\n`)}M 100644 inline docs/plan0-plan.md\n${blob('# Plan 0\n')}M 100644 inline AGENTS.md\n${blob('# Agents\n')}\n`);
  for (let i = 1; i <= n; i++) chunks.push(`commit refs/heads/main\ncommitter bench <b@example.com> ${when + i} +0000\n${blob(`work ${i}`)}M 100644 inline src/f${i % 100}.txt\n${blob(`${i}\n`)}\n`);
  execFileSync('git', ['fast-import', '--quiet'], { cwd: dir, env, input: chunks.join(''), maxBuffer: 1 << 28 });
  git(dir, 'checkout', '-q', '-f', 'main');
  // The handoff names the commit its plan was written on, as a real one does.
  const first = git(dir, 'rev-list', '--max-parents=0', 'HEAD').trim();
  plan.handoff.lastCommit = first;
  writeFileSync(join(dir, 'docs/plan0-plan.json'), `${JSON.stringify(plan, null, 2)}\n`);
  chmodSync(join(dir, 'docs/plan0-plan.json'), 0o644);
  return dir;
}
