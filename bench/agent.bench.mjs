// The coding agents' pre-tool hook, measured (run `npm run build` first; `node bench/agent.bench.mjs`).
// Claude Code runs it before every Edit/Write/Bash call: the command `plan-hooks init` wrote into
// .claude/settings.json, through sh, with the documented PreToolUse payload on stdin, for an
// unclaimed path in a repository of 20 plans × 50 tasks with 200 live claims held by codex on
// other files — against a bare `node -e ''`, in the same hyperfine run (target ≤ 1.2×). Every call
// records its session (src/sessions/store.ts): the main row is a session already seen
// (at most one write every 20 s); a row writes the record each time (a session's first call), and
// one times the SessionEnd hook, which Claude Code runs under a short default timeout (~1.5 s).
// On a loaded machine the wall figures are noise: docs/cost.md also counts instructions (valgrind).
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchEnv, removeDir, runsOr, smoke, warmupOr } from './options.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CLI = join(root, 'dist', 'src', 'cli.js');
const RUNS = runsOr(/^\d+$/.test(process.argv[2] ?? '') ? process.argv[2] : (process.env.BENCH_RUNS ?? '40'));
const PLANS = smoke ? 2 : 20;

const env = benchEnv();
for (const k of ['CLAUDECODE', 'PLAN_HOOKS_AGENT', 'PLAN_HOOKS', 'AI_AGENT', 'GIT_DIR', 'GIT_INDEX_FILE']) delete env[k];
const git = (cwd, ...args) => execFileSync('git', args, { cwd, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

function planJson(p) {
  const today = new Date().toISOString().slice(0, 10);
  const tasks = Array.from({ length: 50 }, (_, t) => ({
    id: `t${t}`,
    status: t < 10 ? 'in-progress' : 'not-started',
    acceptance: 'tests pass',
    files: [`src/mod${p}/file${t}.ts`, `lib/pkg${p * 50 + t}/`],
    ...(t < 10 ? { claimedBy: 'codex', claimedAt: new Date(Date.now() - 3600_000).toISOString() } : {}),
  }));
  return {
    planId: `plan${p}`, title: `Plan ${p}`, lifecycle: 'single-pr', createdDate: '2026-01-01', lastUpdated: today, relatedDocs: [],
    taskTemplate: { steps: [{ id: 'do', description: 'Do it', status: 'not-started' }] },
    workItems: [{ id: 'work', title: 'Work', status: 'in-progress', findings: [], tasks, log: [{ date: today, summary: 'started' }] }],
    changelog: [{ date: '2026-01-01', summary: 'created' }],
  };
}

const dir = mkdtempSync(join(tmpdir(), 'plan-hooks-agent-bench-'));
const out = join(dir, '.git-bench-hyperfine.json');
try {
  git(dir, 'init', '-q', '-b', 'main');
  mkdirSync(join(dir, 'docs'));
  for (let p = 0; p < PLANS; p++) {
    writeFileSync(join(dir, `docs/plan${p}-plan.json`), `${JSON.stringify(planJson(p), null, 2)}\n`);
    writeFileSync(join(dir, `docs/plan${p}-plan.md`), `# Plan ${p}\n`);
  }
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'bench', version: '1.0.0', devDependencies: { husky: '9.1.7', 'plan-hooks': `file:${root}` } }));
  writeFileSync(join(dir, '.gitignore'), 'node_modules\n');
  mkdirSync(join(dir, 'node_modules'));
  cpSync(join(root, 'node_modules/husky'), join(dir, 'node_modules/husky'), { recursive: true });
  symlinkSync(root, join(dir, 'node_modules/plan-hooks'));
  execFileSync(process.execPath, [CLI, 'init', '--agents', 'claude'], { cwd: dir, env, stdio: 'ignore' });
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '--no-verify', '-m', 'initial');

  const settings = JSON.parse(readFileSync(join(dir, '.claude/settings.json'), 'utf8'));
  const command = settings.hooks.PreToolUse.find((g) => JSON.stringify(g).includes('agent-hook.sh')).hooks[0].command;
  const payload = (file) => JSON.stringify({ session_id: 'bench', transcript_path: '/tmp/t.jsonl', cwd: dir, permission_mode: 'default', hook_event_name: 'PreToolUse', tool_name: 'Edit', tool_input: { file_path: join(dir, file), old_string: 'a', new_string: 'b' }, tool_use_id: 'toolu_bench' });
  writeFileSync(join(dir, '.git', 'bench-payload.json'), payload('src/free/new.ts'));
  const hookEnv = { ...env, CLAUDE_PROJECT_DIR: dir, CLAUDECODE: '1' };
  // Claude Code runs the command through a shell in the project directory.
  const ours = `cd ${dir} && ${command.replace(/'/g, "'\\''")} < ${join(dir, '.git', 'bench-payload.json')}`;

  // Correct before fast: the unclaimed path passes silently, a claimed one is denied.
  const free = spawnSync('sh', ['-c', ours], { env: hookEnv, encoding: 'utf8' });
  const claimed = spawnSync('sh', ['-c', command], { cwd: dir, env: hookEnv, input: payload('src/mod0/file3.ts'), encoding: 'utf8' });
  const denied = claimed.stdout.includes('"permissionDecision":"deny"');
  console.log(`agent pre-tool: an unclaimed path is ${free.stdout === '' && free.status === 0 ? 'allowed' : `NOT allowed (bug: ${free.stdout}${free.stderr})`}, a claimed one is ${denied ? 'denied' : 'NOT denied (bug)'}`);
  if (free.stdout !== '' || !denied) process.exitCode = 1;

  // Between two edits the plans rarely change: the hook then reads each plan's claims from its
  // cache (by file stat, under the git dir), which keeps no stat younger than two seconds.
  // The third command is the first edit after every plan changed: nothing cached.
  const age = Date.now() - Math.max(...readdirSync(join(dir, 'docs')).map((f) => statSync(join(dir, 'docs', f)).ctimeMs));
  if (age < 2100) await new Promise((r) => setTimeout(r, 2100 - age));
  const cache = join(dir, '.git', 'plan-hooks', 'agents', 'claims-views.json');
  const sessions = join(dir, '.git', 'plan-hooks', 'sessions');
  const endCommand = settings.hooks.SessionEnd.find((g) => JSON.stringify(g).includes('agent-hook.sh')).hooks[0].command;
  writeFileSync(join(dir, '.git', 'bench-end.json'), JSON.stringify({ session_id: 'bench', transcript_path: '/tmp/t.jsonl', cwd: dir, hook_event_name: 'SessionEnd', reason: 'prompt_input_exit' }));
  const end = `cd ${dir} && ${endCommand.replace(/'/g, "'\\''")} < ${join(dir, '.git', 'bench-end.json')}`;
  // One --prepare per command, in order: only the third run's removes the cache.
  execFileSync('hyperfine', ['-N', '--warmup', warmupOr(5), '--runs', RUNS, '--export-json', out, '--prepare', 'true', '--prepare', 'true', '--prepare', `rm -f ${cache}`,
    '-n', 'Claude Code pre-tool hook (unclaimed path)', `sh -c '${ours}'`, '-n', "bare node -e ''", "node -e ''",
    '-n', 'the same, plans changed since the last edit (nothing cached)', `sh -c '${ours}'`,
    '--prepare', `rm -rf ${sessions}`, '-n', 'the same, the session record written (a session\'s first call)', `sh -c '${ours}'`,
    '--prepare', 'true', '-n', 'Claude Code SessionEnd hook (records the end)', `sh -c '${end}'`], { env: hookEnv, stdio: ['ignore', 'inherit', 'inherit'] });
  const results = JSON.parse(readFileSync(out, 'utf8')).results;
  const [a, b, c, d, e] = results.map((r) => r.median * 1000);
  const [ua, ub] = results.map((r) => (r.user + r.system) * 1000);
  console.log(`agent pre-tool median: plan-hooks ${a.toFixed(1)} ms, bare node ${b.toFixed(1)} ms, ratio ${(a / b).toFixed(2)}× — target ≤ 1.2× (${a / b <= 1.2 ? 'met' : 'missed'})`);
  console.log(`agent pre-tool CPU (user+system, all processes): plan-hooks ${ua.toFixed(1)} ms, bare node ${ub.toFixed(1)} ms`);
  console.log(`agent pre-tool, nothing cached: ${c.toFixed(1)} ms, ${(c / b).toFixed(2)}× bare node`);
  console.log(`agent pre-tool, the session record written: ${d.toFixed(1)} ms, ${(d / b).toFixed(2)}× bare node`);
  console.log(`agent SessionEnd: ${e.toFixed(1)} ms (Claude Code's default timeout ~1500 ms; max ${(results[4].max * 1000).toFixed(1)} ms)`);
} finally {
  if (process.env.BENCH_KEEP) console.log(`kept: ${dir}`);
  else removeDir(dir);
}
