// Worklog benchmark: append and `status` at 100, 10,000 and 1,000,000 entries. Both read only
// the file's tail, so the target is the same cost at every size (≤ 1.1× between 100 and 1M).
// Run with `node bench/worklog.bench.mjs` after `npm run build`, or through `npm run bench`.
// Options: --sizes=100,10000 (default 100,10000,1000000), --runs=N (default 40).
import { execFileSync, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, writeFileSync, writeSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchEnv, removeDir, runsOr, smoke } from './options.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist', 'src');
if (!existsSync(join(dist, 'worklog', 'store.js'))) {
  console.error('worklog.bench: build first (npm run build).');
  process.exit(2);
}
const { append } = await import(join(dist, 'worklog', 'store.js'));
const { gatherStatus } = await import(join(dist, 'commands', 'status.js'));

const arg = (name, fallback) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const sizes = arg('sizes', smoke ? '100,1000' : '100,10000,1000000').split(',').map(Number);
const runs = Number(runsOr(arg('runs', '40')));

const env = benchEnv('Bench');
for (const k of Object.keys(env)) if (k.startsWith('PLAN_HOOKS') || k === 'GIT_DIR' || k === 'GIT_INDEX_FILE' || k === 'GIT_WORK_TREE') delete env[k];
Object.assign(process.env, env);
const git = (cwd, ...args) => execFileSync('git', args, { cwd, env, encoding: 'utf8' });

const plan = {
  planId: 'bench', title: 'Bench', lifecycle: 'multi-session', createdDate: '2026-01-01', lastUpdated: '2026-01-01', relatedDocs: [],
  taskTemplate: { steps: [{ id: 's', description: 'd', status: 'not-started' }] },
  handoff: { nextAction: 'Measure' },
  workItems: [{ id: 'w', title: 'W', status: 'in-progress', findings: [], log: [], tasks: [
    { id: 'a', status: 'in-progress', claimedBy: 'alice', claimedAt: new Date().toISOString(), files: ['src/a/**'] },
    { id: 'b', status: 'not-started', dependsOn: ['a'] },
  ] }],
  changelog: [],
};

/** A repository with one plan and a worklog of `count` realistic entries (what post-commit writes). */
function setup(count) {
  const dir = mkdtempSync(join(tmpdir(), 'plan-hooks-bench-'));
  git(dir, 'init', '-q', '-b', 'main');
  mkdirSync(join(dir, 'docs'));
  writeFileSync(join(dir, 'docs', 'bench-plan.json'), JSON.stringify(plan, null, 2));
  writeFileSync(join(dir, 'docs', 'bench-plan.md'), '# Bench\n');
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', 'plan');
  const head = git(dir, 'rev-parse', 'HEAD').trim();
  const file = join(dir, '.git', 'plan-hooks', 'worklog.jsonl');
  mkdirSync(dirname(file), { recursive: true });
  const entry = (seq) => ({
    v: 1, type: 'commit', seq, time: new Date(Date.UTC(2026, 0, 1) + seq * 1000).toISOString(), commit: head, parents: [head],
    branch: 'main', worktree: dir, identity: { name: 'alice', source: 'env', detail: 'PLAN_HOOKS_AGENT' },
    author: { name: 'Bench', email: 'b@example.com' }, committedAt: '2026-01-01T00:00:00+00:00', subject: `commit ${seq}`,
    operation: 'commit', changes: [{ status: 'M', path: 'src/a/file.ts' }, { status: 'A', path: 'src/a/new.ts' }], changesOmitted: 0,
    tasks: ['bench/a'], transitions: [], verified: seq % 10 !== 0, skippedChecks: [], violations: [], unreadablePlans: [],
  });
  const fd = openSync(file, 'w');
  const batch = [];
  for (let seq = 1; seq <= count; seq++) {
    batch.push(JSON.stringify(entry(seq)));
    if (batch.length === 10_000 || seq === count) {
      writeSync(fd, `${batch.join('\n')}\n`);
      batch.length = 0;
    }
  }
  closeSync(fd);
  return { count, dir, file, entry, mb: statSync(file).size / 1e6, append: [], status: [], cli: [] };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
async function once(fn) {
  const t = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - t) / 1e6;
}

const cli = join(dist, 'cli.js');
const cases = sizes.map(setup);
// Interleaved: every round measures every size, so load from elsewhere on the machine falls on
// all sizes alike instead of on whichever size happened to run during it.
for (let round = -1; round < runs; round++) {
  for (const c of cases) {
    const a = await once(() => append(c.file, (seq) => c.entry(seq)));
    const s = await once(() => gatherStatus(c.dir));
    const k = round % 4 === 0 ? await once(() => {
      const r = spawnSync(process.execPath, [cli, 'status', '--json'], { cwd: c.dir, env, encoding: 'utf8' });
      if (r.status !== 0) throw new Error(r.stderr);
    }) : null;
    if (round < 0) continue; // warm-up
    c.append.push(a);
    c.status.push(s);
    if (k !== null) c.cli.push(k);
  }
}
const results = cases.map((c) => ({ size: c.count, mb: c.mb, appendMs: median(c.append), statusMs: median(c.status), cliMs: median(c.cli) }));
for (const r of results) {
  console.log(`${String(r.size).padStart(9)} entries (${r.mb.toFixed(1)} MB): append ${r.appendMs.toFixed(2)} ms, status (in-process) ${r.statusMs.toFixed(1)} ms, plan-hooks status --json ${r.cliMs.toFixed(1)} ms`);
}
for (const c of cases) removeDir(c.dir);

const first = results[0];
const last = results.at(-1);
let failed = false;
if (results.length > 1) {
  for (const key of ['appendMs', 'statusMs', 'cliMs']) {
    const ratio = last[key] / first[key];
    const ok = ratio <= 1.1;
    if (!ok && key !== 'cliMs') failed = true;
    console.log(`${key.replace('Ms', '')}: ${last.size} vs ${first.size} entries = ${ratio.toFixed(2)}× ${ok ? '(≤ 1.1×, ok)' : '(over 1.1×)'}`);
  }
}
// A smoke run's figures mean nothing (bench/options.mjs): only a benchmark that breaks fails it.
process.exitCode = failed && !smoke ? 1 : 0;
