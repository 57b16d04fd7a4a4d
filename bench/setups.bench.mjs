// The commits users make, each against the same setup running husky + a bare `node -e ''`
// pre-commit (run `npm run build` first; `node bench/setups.bench.mjs`). A repository of 2,000
// files and 20 plans × 50 tasks (200 live claims held by codex), with a bare remote holding 20
// more branches whose plans claim more, fetched, so remote-tracking branches hold plans; work
// happens on a feature branch, in the main worktree and in a linked one. Rows:
//  - a person's commit and an agent's (CLAUDECODE=1, Claude Code's marker), in the main and the
//    linked worktree, plan-hooks through husky and in plain .git/hooks (no package.json);
//  - the agent's commit in the linked worktree with NODE_EXTRA_CA_CERTS set on both sides, to
//    show what the runners' unsetting it saves;
//  - the floor: a commit with no hook, with a `sh` hook, with simple-git-hooks + `node -e ''`.
// NODE_EXTRA_CA_CERTS is unset on both sides elsewhere. Budgets (issue #29): the agent's commit in
// a linked worktree with a remote ≤ 1.2×; a person's commit in .git/hooks mode ≤ 1.1×; the agent's
// commit within 5 ms of the person's. Options: --runs=N (default 24), --rounds=N (default 4).
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchEnv, removeDir, runsOr, smoke } from './options.mjs';
import { hyperfine, verdict } from './timing.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CLI = join(root, 'dist', 'src', 'cli.js');
const arg = (name, fallback) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const FILES = smoke ? 100 : 2000;
const PLANS = smoke ? 2 : 20;
const BRANCHES = smoke ? 2 : 20;
const base = mkdtempSync(join(tmpdir(), 'plan-hooks-bench-setups-'));
const env = benchEnv();
for (const k of Object.keys(env)) if (k.startsWith('PLAN_HOOKS') || k.startsWith('CODEX') || ['CLAUDECODE', 'AI_AGENT', 'GEMINI_CLI', 'CURSOR_AGENT', 'GIT_DIR', 'GIT_INDEX_FILE', 'GIT_WORK_TREE', 'HUSKY'].includes(k)) delete env[k];
const timing = { base, env, runs: runsOr(arg('runs', '24')), rounds: Math.max(1, Number(arg('rounds', '4'))) };
const CA = ['/etc/ssl/certs/ca-certificates.crt', '/etc/pki/tls/certs/ca-bundle.crt'].find((f) => existsSync(f));
const git = (cwd, ...args) => execFileSync('git', args, { cwd, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 1 << 28 });
const today = new Date().toISOString().slice(0, 10);
const claimedAt = new Date(Date.now() - 3600_000).toISOString();

function plan(p, prefix = 'src') {
  const tasks = Array.from({ length: 50 }, (_, t) => ({
    id: `t${t}`,
    status: t < 10 ? 'in-progress' : 'not-started',
    acceptance: 'tests pass',
    files: [`${prefix}/mod${(p * 50 + t) % 100}/file${t + 1}.ts`],
    ...(t < 10 ? { claimedBy: 'codex', claimedAt } : {}),
  }));
  return {
    planId: `plan${p}`, title: `Plan ${p}`, lifecycle: 'multi-session', createdDate: '2026-01-01', lastUpdated: today, relatedDocs: [],
    taskTemplate: { steps: [{ id: 'do', description: 'Do it', status: 'not-started' }] },
    handoff: { nextAction: 'Carry on', verify: 'npm test' },
    workItems: [{ id: 'work', title: 'Work', status: 'in-progress', findings: [], tasks, log: [{ date: today, summary: 'started' }] }],
    changelog: [{ date: '2026-01-01', summary: 'created' }],
  };
}

/**
 * One setup: `hooks` is 'husky' (plan-hooks through husky), 'git-hooks' (plan-hooks in
 * .git/hooks, no package.json), 'bare' (husky + `node -e ''`), 'none', 'sh' (a `sh` pre-commit
 * doing nothing) or 'simple-git-hooks' (its `node -e ''` pre-commit). Returns the main worktree
 * and a linked one, each on a feature branch with a commit script.
 */
function setup(name, hooks) {
  const dir = join(base, name);
  const origin = join(base, `${name}.git`);
  mkdirSync(dir);
  git(dir, 'init', '-q', '-b', 'main');
  for (let i = 0; i < FILES; i++) {
    const f = join(dir, `src/mod${i % 100}/file${Math.floor(i / 100)}.ts`);
    mkdirSync(dirname(f), { recursive: true });
    writeFileSync(f, `export const v${i} = ${i};\n`);
  }
  mkdirSync(join(dir, 'docs'));
  for (let p = 0; p < PLANS; p++) {
    writeFileSync(join(dir, `docs/plan${p}-plan.json`), `${JSON.stringify(plan(p), null, 2)}\n`);
    writeFileSync(join(dir, `docs/plan${p}-plan.md`), `# Plan ${p}\n`);
  }
  writeFileSync(join(dir, 'AGENTS.md'), '# Agents\n');
  writeFileSync(join(dir, '.gitignore'), 'node_modules\ncommit.sh\n');
  const node = hooks === 'husky' || hooks === 'bare' || hooks === 'simple-git-hooks';
  if (node) {
    const pkg = { name, version: '1.0.0', devDependencies: { husky: '9.1.7', 'plan-hooks': `file:${root}` } };
    if (hooks === 'simple-git-hooks') pkg['simple-git-hooks'] = { 'pre-commit': "node -e ''" };
    writeFileSync(join(dir, 'package.json'), JSON.stringify(pkg));
    mkdirSync(join(dir, 'node_modules'));
    for (const m of ['husky', 'simple-git-hooks']) cpSync(join(root, 'node_modules', m), join(dir, 'node_modules', m), { recursive: true });
    symlinkSync(root, join(dir, 'node_modules/plan-hooks'));
  }
  if (hooks === 'husky' || hooks === 'git-hooks') execFileSync(process.execPath, [CLI, 'init', '--agents', 'none'], { cwd: dir, env, stdio: 'ignore' });
  if (hooks === 'bare') {
    execFileSync(process.execPath, [join(dir, 'node_modules/husky/bin.js')], { cwd: dir, env, stdio: 'ignore' });
    writeFileSync(join(dir, '.husky/pre-commit'), "node -e ''\n");
  }
  if (hooks === 'simple-git-hooks') execFileSync(process.execPath, [join(dir, 'node_modules/simple-git-hooks/cli.js')], { cwd: dir, env, stdio: 'ignore' });
  if (hooks === 'sh') writeFileSync(join(dir, '.git/hooks/pre-commit'), '#!/bin/sh\nexit 0\n', { mode: 0o755 });
  git(dir, 'add', '-A');
  git(dir, '-c', 'core.hooksPath=/dev/null', 'commit', '-q', '-m', 'initial');
  // The remote and its branches, each with a plan of its own claims, fetched here.
  git(base, 'clone', '-q', '--bare', dir, origin);
  git(dir, 'remote', 'add', 'origin', origin);
  for (let b = 0; b < BRANCHES; b++) {
    git(dir, 'checkout', '-q', '-b', `b${b}`, 'main');
    writeFileSync(join(dir, `docs/remote${b}-plan.json`), `${JSON.stringify({ ...plan(PLANS + b, 'lib'), planId: `remote${b}` }, null, 2)}\n`);
    writeFileSync(join(dir, `docs/remote${b}-plan.md`), `# Remote ${b}\n`);
    git(dir, 'add', '-A');
    git(dir, '-c', 'core.hooksPath=/dev/null', 'commit', '-q', '-m', `plan on b${b}`);
    git(dir, '-c', 'core.hooksPath=/dev/null', 'push', '-q', 'origin', `b${b}`);
  }
  git(dir, 'checkout', '-q', 'main');
  for (let b = 0; b < BRANCHES; b++) git(dir, 'branch', '-q', '-D', `b${b}`);
  git(dir, '-c', 'core.hooksPath=/dev/null', 'push', '-q', 'origin', 'main');
  git(dir, 'fetch', '-q', 'origin');
  git(dir, 'checkout', '-q', '-b', 'feature');
  const linked = join(base, `${name}-wt`);
  git(dir, 'worktree', 'add', '-q', '-b', 'feature-wt', linked, 'main');
  // husky's hooks directory (.husky/_) is made by its install, untracked: as `npm install` in the
  // linked worktree would (plan-hooks' own post-checkout copies it on `git worktree add`).
  if (hooks === 'bare') execFileSync(process.execPath, [join(dir, 'node_modules/husky/bin.js')], { cwd: linked, env, stdio: 'ignore' });
  for (const wt of [dir, linked]) {
    writeFileSync(join(wt, 'commit.sh'), 'date +%s%N > src/mod0/file0.ts && git add src/mod0/file0.ts && git commit -q -m code\n');
    execFileSync('sh', ['commit.sh'], { cwd: wt, env, stdio: 'ignore' });
  }
  return { main: dir, linked };
}

const commit = (dir, extra = '') => `sh -c 'cd ${dir} && ${extra} sh commit.sh'`;
const AGENT = 'CLAUDECODE=1';
const settle = (dir) => execFileSync(process.execPath, [CLI, 'log', '--limit', '0'], { cwd: dir, env, stdio: 'ignore' });
const ms = (r) => `${r.median.toFixed(1)} ms`;
const print = (label, a, b, budget) => console.log(`setups: ${label}: ${ms(a)} vs ${ms(b)}, ratio ${(a.median / b.median).toFixed(2)}×${budget ? ` — ${verdict(a.median / b.median, budget)}` : ''}; CPU ${(a.cpu / b.cpu).toFixed(2)}×`);

try {
  const s = { husky: setup('husky', 'husky'), gitHooks: setup('git-hooks', 'git-hooks'), bare: setup('bare', 'bare'), none: setup('none', 'none'), sh: setup('sh', 'sh'), sgh: setup('sgh', 'simple-git-hooks') };
  console.log(`setups: ${FILES} files, ${PLANS} plans × 50 tasks, ${BRANCHES} remote-tracking branches with plans; ratios to husky + node -e '' in the same worktree, NODE_EXTRA_CA_CERTS unset on both sides`);
  for (const where of ['main', 'linked']) {
    for (const [mode, dirs] of [['husky', s.husky], ['.git/hooks', s.gitHooks]]) {
      const [person, agent, baseline] = hyperfine(timing, [
        [`${mode} ${where}, person`, commit(dirs[where])],
        [`${mode} ${where}, agent`, commit(dirs[where], AGENT)],
        ["husky + node -e ''", commit(s.bare[where])],
      ], 'sleep 0.2');
      settle(dirs[where]);
      const personBudget = mode === '.git/hooks' ? 1.1 : undefined;
      const agentBudget = where === 'linked' ? 1.2 : undefined;
      print(`person's commit, ${mode}, ${where} worktree`, person, baseline, personBudget);
      print(`agent's commit, ${mode}, ${where} worktree`, agent, baseline, agentBudget);
      const gap = agent.median - person.median;
      console.log(`setups: agent − person, ${mode}, ${where} worktree: ${gap.toFixed(1)} ms — budget ≤ 5 ms (${gap <= 5 ? 'met' : 'missed'})`);
    }
  }
  if (CA) {
    const withCa = `NODE_EXTRA_CA_CERTS=${CA}`;
    const [agent, baseline] = hyperfine(timing, [
      ['husky linked, agent, CA set', commit(s.husky.linked, `${withCa} ${AGENT}`)],
      ["husky + node -e '', CA set", commit(s.bare.linked, withCa)],
    ], 'sleep 0.2');
    settle(s.husky.linked);
    print(`agent's commit, husky, linked worktree, NODE_EXTRA_CA_CERTS=${CA} on both sides`, agent, baseline);
  }
  const floor = hyperfine(timing, [
    ['no hook', commit(s.none.linked)],
    ['sh hook', commit(s.sh.linked)],
    ["simple-git-hooks + node -e ''", commit(s.sgh.linked)],
    ["husky + node -e ''", commit(s.bare.linked)],
  ], 'sleep 0.2');
  console.log(`setups: floor, linked worktree: ${floor.map((r) => `${r.name} ${ms(r)}`).join(', ')}`);
} finally {
  if (process.env.BENCH_KEEP) console.log(`kept: ${base}`);
  else removeDir(base);
}
