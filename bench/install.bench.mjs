// Per-commit cost of plan-hooks' installed hooks (the `hook` command's bodies are no-ops here),
// against husky with a bare `node -e ''` pre-commit, and against no hooks: one hyperfine run of
// `git commit --allow-empty -q -m x` in temporary repositories.
// Run after `npm run build`: node bench/install.bench.mjs [runs]
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchEnv, removeDir, runsOr, warmupOr } from './options.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const cli = join(root, 'dist/src/cli.js');
const runs = runsOr(process.argv[2] ?? 40);
const env = benchEnv();
delete env.PLAN_HOOKS;
delete env.HUSKY;
const base = mkdtempSync(join(tmpdir(), 'plan-hooks-bench-'));
const sh = (cmd, args, cwd) => execFileSync(cmd, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });

function repo(name, node) {
  const dir = join(base, name);
  mkdirSync(dir);
  sh('git', ['init', '-q', '-b', 'main'], dir);
  if (node) {
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name, version: '1.0.0', devDependencies: { husky: '9.1.7', 'plan-hooks': `file:${root}` } }));
    writeFileSync(join(dir, '.gitignore'), 'node_modules\n');
    mkdirSync(join(dir, 'node_modules'));
    cpSync(join(root, 'node_modules/husky'), join(dir, 'node_modules/husky'), { recursive: true });
    symlinkSync(root, join(dir, 'node_modules/plan-hooks'));
  }
  sh('git', ['commit', '-q', '--allow-empty', '-m', 'init'], dir);
  return dir;
}

const none = repo('none', false);
const husky = repo('husky', true);
sh(process.execPath, [join(husky, 'node_modules/husky/bin.js')], husky);
writeFileSync(join(husky, '.husky/pre-commit'), "node -e ''\n");
// The same three hooks plan-hooks installs, each a bare node: what three node starts cost alone.
const husky3 = repo('husky3', true);
sh(process.execPath, [join(husky3, 'node_modules/husky/bin.js')], husky3);
for (const hook of ['pre-commit', 'prepare-commit-msg', 'post-commit']) writeFileSync(join(husky3, '.husky', hook), "node -e ''\n");
const planHusky = repo('plan-hooks-husky', true);
sh(process.execPath, [cli, 'init'], planHusky);
const planPlain = repo('plan-hooks-plain', false);
sh(process.execPath, [cli, 'init'], planPlain);

const out = join(base, 'result.json');
const commit = (dir) => `git -C ${dir} commit --allow-empty -q -m x`;
execFileSync(
  'hyperfine',
  [
    '-N', '--warmup', warmupOr(3), '--runs', String(runs), '--export-json', out,
    '-n', 'no hooks', commit(none),
    '-n', "husky + node -e '' pre-commit", commit(husky),
    '-n', "husky + node -e '' in pre-commit, prepare-commit-msg, post-commit", commit(husky3),
    '-n', 'plan-hooks via husky (pre-commit, prepare-commit-msg, post-commit)', commit(planHusky),
    '-n', 'plan-hooks in .git/hooks (no package.json)', commit(planPlain),
    // PLAN_HOOKS=0 stops each runner before it starts node, but for pre-commit and prepare-commit-msg, which start it to refuse PLAN_HOOKS=0 in an agent session (docs/overrides.md).
    '-n', 'plan-hooks via husky, PLAN_HOOKS=0 (shims only)', `env PLAN_HOOKS=0 ${commit(planHusky)}`,
  ],
  { env, stdio: ['ignore', 'inherit', 'inherit'] },
);
const results = JSON.parse(readFileSync(out, 'utf8')).results;
const ms = (r) => r.median * 1000;
const ref = ms(results[1]);
console.log('\nmedian per commit:');
for (const r of results) console.log(`  ${ms(r).toFixed(1).padStart(7)} ms  ${(ms(r) / ref).toFixed(2)}× husky+node  ${r.command}`);
removeDir(base);

