// plan-hooks inside each hook manager (run `npm run build` first; `node bench/managers.bench.mjs`).
// A whole code-only commit with plan-hooks installed by `init` through the pre-commit framework,
// lefthook, simple-git-hooks and husky, each against the same manager running a bare
// `node -e ''` pre-commit, all in one hyperfine run (ratios, since medians drift on a shared
// machine). In the manager modes each hook's command finds the runner through git
// (`sh "$(git rev-parse --git-path hooks)/plan-hooks.sh" …`): one `git rev-parse` per hook more
// than husky mode, whose section calls the runner beside it. Node repositories with plan-hooks,
// husky, lefthook and simple-git-hooks linked from this package's node_modules; no plans.
// Options: --runs=N (default 20). Skips the pre-commit rows when pre-commit is not installed.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchEnv, removeDir, runsOr, smoke } from './options.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CLI = join(root, 'dist', 'src', 'cli.js');
const arg = (name, fallback) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const RUNS = runsOr(arg('runs', '20'));
const base = mkdtempSync(join(tmpdir(), 'plan-hooks-bench-managers-'));
const env = benchEnv();
for (const k of Object.keys(env)) if (k.startsWith('PLAN_HOOKS') || ['CLAUDECODE', 'AI_AGENT', 'GIT_DIR', 'GIT_INDEX_FILE', 'GIT_WORK_TREE', 'HUSKY', 'LEFTHOOK', 'SKIP_SIMPLE_GIT_HOOKS', 'SKIP'].includes(k)) delete env[k];
// pre-commit keeps its store here, not in the user's ~/.cache.
env.PRE_COMMIT_HOME = join(base, 'pre-commit-home');
const run = (cwd, cmd, ...args) => execFileSync(cmd, args, { cwd, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
const hasPreCommit = spawnSync('pre-commit', ['--version'], { env }).status === 0;

/** A Node repository with its first commit and the tools linked; `setup` adds the manager's configuration. */
function makeRepo(name, pkg, files = {}) {
  const dir = join(base, name);
  mkdirSync(join(dir, 'node_modules'), { recursive: true });
  run(dir, 'git', 'init', '-q', '-b', 'main');
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify({ name, version: '1.0.0', devDependencies: { husky: '9.1.7', 'plan-hooks': `file:${root}` }, ...pkg }, null, 2)}\n`);
  writeFileSync(join(dir, '.gitignore'), 'node_modules\n');
  for (const [file, text] of Object.entries(files)) writeFileSync(join(dir, file), text);
  cpSync(join(root, 'node_modules/husky'), join(dir, 'node_modules/husky'), { recursive: true });
  symlinkSync(root, join(dir, 'node_modules/plan-hooks'));
  for (const tool of ['lefthook', 'lefthook-linux-x64', 'simple-git-hooks']) symlinkSync(join(root, 'node_modules', tool), join(dir, 'node_modules', tool));
  writeFileSync(join(dir, 'code-commit.sh'), 'date +%s%N > src.txt && git add src.txt && git commit -q -m code\n');
  writeFileSync(join(dir, '.git/info/exclude'), 'code-commit.sh\n');
  run(dir, 'git', 'add', '-A');
  run(dir, 'git', 'commit', '-q', '--no-verify', '-m', 'init');
  return dir;
}
const initPlanHooks = (dir) => run(dir, process.execPath, CLI, 'init');
const lefthookInstall = (dir) => run(dir, process.execPath, join(dir, 'node_modules/lefthook/bin/index.js'), 'install');
const sghInstall = (dir) => run(dir, process.execPath, join(dir, 'node_modules/simple-git-hooks/cli.js'));
const huskyInstall = (dir) => run(dir, process.execPath, join(dir, 'node_modules/husky/bin.js'));
const NODE_PRE_COMMIT = `repos:
- repo: local
  hooks:
  - id: node
    name: node -e ''
    entry: node -e ''
    language: system
    pass_filenames: false
    always_run: true
`;

/** [label, plan-hooks repository, baseline repository] for each manager. */
const pairs = [];
if (hasPreCommit) {
  const ours = makeRepo('pre-commit-plan-hooks', {}, { '.pre-commit-config.yaml': 'repos:\n' });
  initPlanHooks(ours); // runs `pre-commit install`
  const bare = makeRepo('pre-commit-node', {}, { '.pre-commit-config.yaml': NODE_PRE_COMMIT });
  run(bare, 'pre-commit', 'install');
  pairs.push(['pre-commit framework', ours, bare]);
}
{
  const ours = makeRepo('lefthook-plan-hooks', {}, { 'lefthook.yml': '# lefthook\n' });
  initPlanHooks(ours); // runs `lefthook install`
  const bare = makeRepo('lefthook-node', {}, { 'lefthook.yml': "pre-commit:\n  commands:\n    node:\n      run: node -e ''\n" });
  lefthookInstall(bare);
  pairs.push(['lefthook', ours, bare]);
}
{
  const ours = makeRepo('sgh-plan-hooks', { 'simple-git-hooks': {} });
  initPlanHooks(ours); // runs simple-git-hooks
  const bare = makeRepo('sgh-node', { 'simple-git-hooks': { 'pre-commit': "node -e ''" } });
  sghInstall(bare);
  pairs.push(['simple-git-hooks', ours, bare]);
}
{
  const ours = makeRepo('husky-plan-hooks', {});
  initPlanHooks(ours);
  const bare = makeRepo('husky-node', { scripts: { prepare: 'husky' } });
  huskyInstall(bare);
  writeFileSync(join(bare, '.husky/pre-commit'), "node -e ''\n");
  pairs.push(['husky (for comparison: no extra git rev-parse)', ours, bare]);
}
// What the install changed is committed, as a user would; then one commit each, so every timed
// commit is alike (caches warm, plan-hooks' state made).
for (const [, ours, bare] of pairs) {
  for (const dir of [ours, bare]) {
    run(dir, 'git', 'add', '-A');
    run(dir, 'git', 'commit', '-q', '--no-verify', '--allow-empty', '-m', 'hooks');
    run(dir, 'sh', 'code-commit.sh');
  }
}

const out = join(base, 'hyperfine.json');
const inDir = (dir) => `sh -c 'cd ${dir} && sh code-commit.sh'`;
const commands = pairs.flatMap(([label, ours, bare]) => [['-n', `${label}: plan-hooks`, inDir(ours)], ['-n', `${label}: node -e ''`, inDir(bare)]]).flat();
// Spaced: post-commit's detached append must not share the CPU with the next commit.
execFileSync('hyperfine', ['-N', '--warmup', smoke ? '0' : '3', '--runs', RUNS, '--prepare', 'sleep 0.3', '--export-json', out, ...commands], { env, stdio: ['ignore', 'ignore', 'inherit'] });
const results = JSON.parse(readFileSync(out, 'utf8')).results.map((r) => ({ median: r.median * 1000, cpu: (r.user + r.system) * 1000 }));
console.log(`whole code-only commit, plan-hooks through each manager vs the same manager running node -e '' (one hyperfine run, ${RUNS} runs each, spaced 0.3 s):`);
pairs.forEach(([label], i) => {
  const [a, b] = [results[2 * i], results[2 * i + 1]];
  console.log(`  managers: ${label}: ${a.median.toFixed(1)} ms vs ${b.median.toFixed(1)} ms, ratio ${(a.median / b.median).toFixed(2)}×; CPU ${a.cpu.toFixed(1)} vs ${b.cpu.toFixed(1)} ms, ${(a.cpu / b.cpu).toFixed(2)}×`);
});
if (!hasPreCommit) console.log('  (pre-commit is not installed: no pre-commit framework row)');
if (process.env.BENCH_KEEP !== '1') removeDir(base);
