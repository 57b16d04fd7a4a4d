// Re-makes the README's pasted output: every block between `<!-- output:NAME -->` and
// `<!-- /output -->` is replaced by what the current build prints in a real run, the quick start
// as a user runs it (the packed tarball installed with npm, `npx plan-hooks init`). Run
// `node scripts/build.mjs` first, then `node scripts/docs/readme.mjs` (it rewrites README.md;
// `--check` only says which blocks would change). Machine paths become ~/my-app.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { docsEnv } from './env.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const base = mkdtempSync(join(tmpdir(), 'plan-hooks-readme-'));
const app = join(base, 'my-app');
const env = {
  ...docsEnv(base, 'Dana'),
  npm_config_cache: process.env.npm_config_cache ?? join(process.env.HOME ?? base, '.npm'),
  npm_config_update_notifier: 'false',
};
const CLAUDE = { CLAUDECODE: '1' };
const CODEX = { CODEX_SANDBOX: 'seatbelt' };
const clean = (text) => text.replaceAll(base, '~').trimEnd();
const sh = (command, extra = {}, input) => {
  const r = spawnSync('sh', ['-c', command], { cwd: app, env: { ...env, ...extra }, input, encoding: 'utf8' });
  return r.stdout + r.stderr;
};
const git = (...args) => execFileSync('git', args, { cwd: app, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
const blocks = new Map();
const console_ = (name, runs) => blocks.set(name, ['```console', ...runs.flatMap(([command, text]) => [`$ ${command}`, clean(text)].filter(Boolean)), '```'].join('\n'));

try {
  const tarball = execFileSync('npm', ['pack', '--silent', '--pack-destination', base], { cwd: root, env: { ...env, HOME: process.env.HOME ?? base }, encoding: 'utf8' }).trim().split('\n').at(-1);
  mkdirSync(app);
  git('init', '-q', '-b', 'main');
  sh('npm init -y >/dev/null');
  writeFileSync(join(app, '.gitignore'), 'node_modules\n');
  sh(`npm install -D --no-audit --no-fund ${JSON.stringify(join(base, tarball))} >/dev/null 2>&1`);
  sh('npx plan-hooks init');
  mkdirSync(join(app, 'docs'));
  mkdirSync(join(app, 'src'));
  const today = new Date().toISOString().slice(0, 10);
  const task = (id, files, extra = {}) => ({ id, status: 'not-started', acceptance: 'npm test passes', files, ...extra });
  const plan = {
    planId: 'export-retry', title: 'Retry failed exports', lifecycle: 'multi-session', createdDate: today, lastUpdated: today, relatedDocs: ['docs/export-retry-plan.md'],
    handoff: { nextAction: 'Write withRetry in src/retry.js, then use it in src/export.js.', verify: 'npm test' },
    taskTemplate: { steps: [{ id: 'implement', description: 'Make the change', status: 'not-started' }] },
    workItems: [{ id: 'retry', title: 'Retry the upload', status: 'not-started', findings: [], tasks: [task('with-retry', ['src/retry.js']), task('use-in-export', ['src/export.js'], { dependsOn: ['with-retry'] })], log: [] }],
    changelog: [{ date: today, summary: 'Plan created' }],
  };
  writeFileSync(join(app, 'docs/export-retry-plan.json'), `${JSON.stringify(plan, null, 2)}\n`);
  writeFileSync(join(app, 'docs/export-retry-plan.md'), '# Retry failed exports\n\nThe nightly export fails on a transient 503; retry the upload.\n');
  writeFileSync(join(app, 'src/retry.js'), 'export const attempts = 1;\n');
  writeFileSync(join(app, 'src/export.js'), "import { attempts } from './retry.js';\n");
  git('add', '-A');
  sh("git commit -qm 'Install plan-hooks; plan: retry failed exports'");

  const claim = sh('npx plan-hooks claim export-retry/with-retry', CODEX);
  sh("git add docs && git commit -qm 'Claim with-retry'", CODEX);
  writeFileSync(join(app, 'src/retry.js'), 'export const attempts = 3;\n');
  git('add', 'src/retry.js');
  console_('refusal', [
    ['npx plan-hooks claim export-retry/with-retry        # codex', claim],
    ["git add docs && git commit -qm 'Claim with-retry'   # codex", ''],
    ['echo "export const attempts = 3;" > src/retry.js && git add src/retry.js', ''],
    ['git commit -m "Tweak retry"        # claude', sh('git commit -m "Tweak retry"', CLAUDE)],
  ]);

  // Claude Code's PreToolUse hook, run as Claude Code runs it: the command init wrote, its payload on stdin.
  const settings = JSON.parse(readFileSync(join(app, '.claude/settings.json'), 'utf8'));
  const command = settings.hooks.PreToolUse.find((e) => JSON.stringify(e).includes('agent-hook.sh')).hooks[0].command;
  const payload = { session_id: 's-1', cwd: app, hook_event_name: 'PreToolUse', tool_name: 'Edit', tool_input: { file_path: join(app, 'src/retry.js'), old_string: '1', new_string: '3' } };
  const answer = sh(command, { ...CLAUDE, CLAUDE_PROJECT_DIR: app }, JSON.stringify(payload));
  if (!answer.trim().startsWith('{')) throw new Error(`Claude Code's PreToolUse hook did not deny the edit:\n${answer}`);
  const reply = JSON.parse(answer);
  blocks.set('edit-refusal', ['```text', clean(reply.hookSpecificOutput.permissionDecisionReason), '```'].join('\n'));

  git('restore', '--staged', 'src/retry.js');
  git('checkout', '--', 'src/retry.js');
  console_('status', [['npx plan-hooks status', sh('npx plan-hooks status')]]);

  const readme = join(root, 'README.md');
  const before = readFileSync(readme, 'utf8');
  const seen = new Set();
  const after = before.replace(/(<!-- output:([\w-]+) -->\n)[\s\S]*?(\n<!-- \/output -->)/g, (whole, open, name, close) => {
    if (!blocks.has(name)) throw new Error(`README.md has an output block "${name}" this script does not make`);
    seen.add(name);
    return open + blocks.get(name) + close;
  });
  const missing = [...blocks.keys()].filter((name) => !seen.has(name));
  if (missing.length > 0) throw new Error(`README.md lacks the output blocks ${missing.join(', ')}`);
  if (process.argv.includes('--check')) {
    process.stdout.write(before === after ? 'README.md: every output block is as this build prints it\n' : 'README.md: output blocks differ from this build (run node scripts/docs/readme.mjs)\n');
    process.exitCode = before === after ? 0 : 1;
  } else {
    writeFileSync(readme, after);
    process.stdout.write(`README.md: ${seen.size} output blocks re-made\n`);
  }
} finally {
  rmSync(base, { recursive: true, force: true });
}
