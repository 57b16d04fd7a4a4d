// Claims from remote-tracking branches, measured (run `npm run build` first; `node bench/remote.bench.mjs`).
// A code-only commit in a repository whose plans (5 × 20 tasks) are also on 200 remote-tracking
// branches (refs/remotes/origin/b0..b199, each tip committed today with its own version of a plan:
// a claim by another agent), against the same commit with one remote branch (origin/main).
// Both with plan-hooks' pre-commit as `plan-hooks init` installs it (git's hooks directory),
// in one hyperfine run. "cold" is the 200-branch commit right after a fetch (the tips' plan
// listings and the plans' claims views not cached yet).
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchEnv, removeDir, runsOr, smoke, warmupOr } from './options.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CLI = join(root, 'dist', 'src', 'cli.js');
const RUNS = runsOr(/^\d+$/.test(process.argv[2] ?? '') ? process.argv[2] : (process.env.BENCH_RUNS ?? '30'));
const BRANCHES = smoke ? 20 : 200;
const env = benchEnv();
for (const k of ['CLAUDECODE', 'CLAUDE_CODE_ENTRYPOINT', 'PLAN_HOOKS_AGENT', 'AI_AGENT', 'GIT_DIR', 'GIT_INDEX_FILE']) delete env[k];
const git = (cwd, args, input) => execFileSync('git', args, { cwd, env, input, encoding: 'utf8', stdio: ['pipe', 'pipe', 'pipe'] });
const today = new Date().toISOString().slice(0, 10);
const hourAgo = new Date(Date.now() - 3600_000).toISOString().replace(/\.\d+Z$/, 'Z');

function planJson(p, claimedTask = -1, holder = '') {
  const tasks = Array.from({ length: 20 }, (_, t) => ({
    id: `t${t}`,
    status: t === claimedTask ? 'in-progress' : 'not-started',
    acceptance: 'tests pass',
    files: [`src/p${p}/t${t}.ts`],
    ...(t === claimedTask ? { claimedBy: holder, claimedAt: hourAgo } : {}),
  }));
  return `${JSON.stringify({
    planId: `plan${p}`, title: `Plan ${p}`, lifecycle: 'single-pr', createdDate: '2026-01-01', lastUpdated: today, relatedDocs: [],
    taskTemplate: { steps: [{ id: 'do', description: 'Do it', status: 'not-started' }] },
    workItems: [{ id: 'work', title: 'Work', status: 'in-progress', findings: [], tasks, log: [{ date: today, summary: 'started' }] }],
    changelog: [{ date: '2026-01-01', summary: 'created' }],
  }, null, 2)}\n`;
}

function makeRepo(branches) {
  const dir = mkdtempSync(join(tmpdir(), 'plan-hooks-bench-remote-'));
  git(dir, ['init', '-q', '-b', 'main']);
  mkdirSync(join(dir, 'docs'));
  mkdirSync(join(dir, 'src'));
  for (let p = 0; p < 5; p++) {
    writeFileSync(join(dir, `docs/plan${p}-plan.json`), planJson(p));
    writeFileSync(join(dir, `docs/plan${p}-plan.md`), `# Plan ${p}\n`);
  }
  for (let i = 0; i < 200; i++) writeFileSync(join(dir, `src/f${i}.ts`), `export const v${i} = ${i};\n`);
  execFileSync(process.execPath, [CLI, 'init'], { cwd: dir, env, stdio: 'ignore' });
  const hooks = git(dir, ['rev-parse', '--git-path', 'hooks']).trim();
  for (const hook of readdirSync(join(dir, hooks))) if (hook !== 'pre-commit' && hook !== 'plan-hooks.sh') rmSync(join(dir, hooks, hook), { force: true });
  git(dir, ['add', '-A']);
  git(dir, ['-c', 'core.hooksPath=/dev/null', 'commit', '-q', '-m', 'initial']);
  const tip = git(dir, ['rev-parse', 'HEAD']).trim();
  // The remote-tracking branches, in one fast-import: branch i changes plan (i % 5), task (i % 20)
  // is claimed by agent-i.
  const now = Math.floor(Date.now() / 1000);
  let stream = `reset refs/remotes/origin/main\nfrom ${tip}\n\n`;
  for (let i = 0; i < branches - 1; i++) {
    const text = planJson(i % 5, i % 20, `agent-${i}`);
    stream += `commit refs/remotes/origin/b${i}\ncommitter bench <b@example.com> ${now} +0000\ndata 5\nclaim\nfrom ${tip}\nM 100644 inline docs/plan${i % 5}-plan.json\ndata ${Buffer.byteLength(text)}\n${text}\n`;
  }
  git(dir, ['fast-import', '--quiet'], stream);
  git(dir, ['checkout', '-q', '-b', 'feature']);
  return dir;
}

const one = makeRepo(1);
const many = makeRepo(BRANCHES);
const commit = (dir) => `cd ${dir} && date +%s%N > src/f0.ts && git add src/f0.ts && git commit -q -m bench`;
const caches = (dir) => `rm -f ${dir}/.git/plan-hooks/remote-plans.json ${dir}/.git/plan-hooks/claims-cache.json`;
const out = join(mkdtempSync(join(tmpdir(), 'plan-hooks-bench-out-')), 'hyperfine.json');
try {
  execFileSync('hyperfine', ['-N', '--warmup', warmupOr(3), '--runs', RUNS, '--export-json', out,
    '--prepare', 'true', '-n', '1 remote branch', `sh -c '${commit(one)}'`,
    '--prepare', 'true', '-n', `${BRANCHES} remote branches`, `sh -c '${commit(many)}'`,
    '--prepare', `sh -c '${caches(many)}'`, '-n', `${BRANCHES} remote branches, cold`, `sh -c '${commit(many)}'`], { env, stdio: ['ignore', 'inherit', 'inherit'] });
  const [a, b, c] = JSON.parse(readFileSync(out, 'utf8')).results.map((r) => r.median * 1000);
  console.log(`remote claims, code-only commit median: 1 branch ${a.toFixed(1)} ms, ${BRANCHES} branches ${b.toFixed(1)} ms (ratio ${(b / a).toFixed(2)}×), cold ${c.toFixed(1)} ms (ratio ${(c / a).toFixed(2)}×)`);
  // Still correct at that size: a file claimed only on one remote branch is refused.
  const claimed = 'src/p2/t7.ts'; // branch b7 (7 % 5 = 2, 7 % 20 = 7), or b27 in a smoke run
  mkdirSync(join(many, 'src/p2'), { recursive: true });
  writeFileSync(join(many, claimed), 'export {};\n');
  git(many, ['add', claimed]);
  let refused = false;
  try {
    git(many, ['commit', '-q', '-m', 'claimed']);
  } catch {
    refused = true;
  }
  console.log(`a commit touching a file claimed on one remote branch is ${refused ? 'refused' : 'NOT refused (bug)'}`);
  if (!refused) process.exitCode = 1;
} finally {
  if (process.env.BENCH_KEEP) console.log(`kept: ${one} ${many}`);
  else for (const d of [one, many]) removeDir(d);
  removeDir(dirname(out));
}
