// Prints docs/rotation.md's walkthrough: the real commands run in a temporary repository (run
// `node scripts/build.mjs` first; `node scripts/docs/rotation.mjs > /tmp/out.md`). claude works in
// a linked worktree and stops at its usage limit with an edit uncommitted; codex starts, is handed
// the paused task, continues it in one command and commits; status and pre-push show the handover.
// The agents' hooks are run exactly as the agents run them: the command `init` wrote into their
// files, through sh, with their documented payloads. Machine paths are replaced by ~/demo.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { docsEnv } from './env.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const CLI = join(root, 'dist', 'src', 'cli.js');
const base = mkdtempSync(join(tmpdir(), 'plan-hooks-rotation-doc-'));
const dir = join(base, 'demo');
const wt = join(base, 'demo-wt');
const env = docsEnv(base, 'Pat');
const CLAUDE = { CLAUDECODE: '1', CLAUDE_PROJECT_DIR: wt };
const CODEX = { CODEX_SANDBOX: 'seatbelt' };
const clean = (text) => text.replaceAll(base, '~').replace(/\b[0-9a-f]{12}\b/g, (m) => m).replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g, '2026-12-03T10:00:00Z').replace(/\(\d+ min ago\)/g, '(0 min ago)');
const out = [];
const show = (command, text) => out.push('```console', `$ ${command}`, clean(text).trimEnd(), '```', '');
const sh = (cwd, command, extra = {}, input) => {
  const r = spawnSync('sh', ['-c', command], { cwd, env: { ...env, ...extra }, input, encoding: 'utf8' });
  return r.stdout + r.stderr;
};
const cli = (cwd, args, extra = {}) => {
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd, env: { ...env, ...extra }, encoding: 'utf8' });
  return r.stdout + r.stderr;
};
const git = (cwd, ...args) => execFileSync('git', args, { cwd, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
/** The agent's installed command for its own event name, run as the agent runs it. */
const hook = (kind, event, payload, extra) => {
  const data = JSON.parse(readFileSync(join(wt, { claude: '.claude/settings.json', codex: '.codex/hooks.json' }[kind]), 'utf8'));
  const command = data.hooks[event].find((e) => JSON.stringify(e).includes('agent-hook.sh')).hooks[0].command;
  return sh(wt, command, extra, JSON.stringify(payload));
};
const contextOf = (reply) => {
  try {
    return JSON.parse(reply).hookSpecificOutput.additionalContext ?? reply;
  } catch {
    return reply;
  }
};

try {
  mkdirSync(join(dir, 'docs'), { recursive: true });
  mkdirSync(join(dir, 'src'));
  git(dir, 'init', '-q', '-b', 'main');
  const today = new Date().toISOString().slice(0, 10);
  writeFileSync(join(dir, 'docs/export-plan.json'), `${JSON.stringify({
    planId: 'export', title: 'Export retries', lifecycle: 'multi-session', createdDate: today, lastUpdated: today, relatedDocs: ['docs/export-plan.md'],
    handoff: { nextAction: 'Add the retry loop to src/export.ts', verify: 'npm test -- export' },
    taskTemplate: { steps: [{ id: 'do', description: 'Do it', status: 'not-started' }] },
    workItems: [{ id: 'w1', title: 'Retry the export', status: 'not-started', findings: [], tasks: [{ id: 'first-task', status: 'not-started', acceptance: 'npm test -- export passes', files: ['src/export.ts'] }], log: [] }],
    changelog: [{ date: today, summary: 'Plan created' }],
  }, null, 2)}\n`);
  writeFileSync(join(dir, 'docs/export-plan.md'), '# Export retries\n');
  writeFileSync(join(dir, 'src/export.ts'), 'export const attempts = 1;\n');
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'demo', version: '1.0.0', devDependencies: { husky: '9.1.7', 'plan-hooks': `file:${root}` } }, null, 2));
  writeFileSync(join(dir, '.gitignore'), 'node_modules\n');
  mkdirSync(join(dir, 'node_modules'));
  cpSync(join(root, 'node_modules/husky'), join(dir, 'node_modules/husky'), { recursive: true });
  symlinkSync(root, join(dir, 'node_modules/plan-hooks'));
  cli(dir, ['init']);
  git(dir, 'add', '-A');
  git(dir, 'commit', '-qm', 'plan and hooks');
  git(dir, 'worktree', 'add', '-q', '-b', 'feature', wt);

  out.push('claude, in the linked worktree `~/demo-wt`, claims the task and commits the claim:', '');
  show('plan-hooks claim export/first-task        # run by claude', cli(wt, ['claim', 'export/first-task'], CLAUDE));
  git(wt, 'add', 'docs/export-plan.json');
  sh(wt, "git commit -qm 'claim first-task'", CLAUDE);
  hook('claude', 'SessionStart', { session_id: 'c-1', cwd: wt, hook_event_name: 'SessionStart', source: 'startup' }, CLAUDE);
  hook('claude', 'PreToolUse', { session_id: 'c-1', cwd: wt, hook_event_name: 'PreToolUse', tool_name: 'Edit', tool_input: { file_path: join(wt, 'src/export.ts') } }, CLAUDE);
  writeFileSync(join(wt, 'src/export.ts'), 'export const attempts = 1;\nexport async function retry(job) {\n  return job();\n}\n');
  out.push("It edits `src/export.ts`, and its session stops at its usage limit: Claude Code runs the `StopFailure` hook with `error_type: \"rate_limit\"`, which records the session as paused. Then codex starts in the same worktree. Its session start (what Codex adds to the agent's context):", '');
  hook('claude', 'StopFailure', { session_id: 'c-1', cwd: wt, hook_event_name: 'StopFailure', error_type: 'rate_limit', error_message: "You've hit your usage limit" }, CLAUDE);
  const start = contextOf(hook('codex', 'SessionStart', { session_id: 'x-1', cwd: wt, hook_event_name: 'SessionStart', source: 'startup' }, CODEX));
  out.push('```text', clean(start).trimEnd(), '```', '');
  out.push("Before it continues, an edit of the claimed file is still denied, and the deny's first way forward is the one command:", '');
  const deny = hook('codex', 'PreToolUse', { session_id: 'x-1', cwd: wt, hook_event_name: 'PreToolUse', tool_name: 'apply_patch', tool_input: { command: '*** Begin Patch\n*** Update File: src/export.ts\n@@\n-a\n+b\n*** End Patch\n' } }, CODEX);
  out.push('```text', clean(JSON.parse(deny).hookSpecificOutput.permissionDecisionReason).trimEnd(), '```', '');
  show('plan-hooks claim export/first-task --continue        # run by codex', cli(wt, ['claim', 'export/first-task', '--continue'], CODEX));
  out.push("The work item's log now says who continued from whom, why claude stopped and what it left uncommitted (a schema-valid log entry; its `metadata.planHooks.handover` is what the commit, push and CI check):", '');
  const plan = JSON.parse(readFileSync(join(wt, 'docs/export-plan.json'), 'utf8'));
  out.push('```json', clean(JSON.stringify(plan.workItems[0].log.at(-1), null, 2)), '```', '');
  writeFileSync(join(wt, 'src/export.ts'), 'export const attempts = 3;\nexport async function retry(job) {\n  return job();\n}\n');
  git(wt, 'add', '-A');
  show("git commit -m 'continue first-task: three attempts'        # run by codex", sh(wt, "git commit -m 'continue first-task: three attempts'", CODEX));
  const status = cli(wt, ['status']);
  const claims = status.slice(status.indexOf('Claims'), status.indexOf('Recent'));
  show('plan-hooks status        # the claims and the handovers', claims);
  git(dir, 'init', '-q', '--bare', join(base, 'remote.git'));
  git(wt, 'remote', 'add', 'origin', join(base, 'remote.git'));
  git(dir, 'push', '-q', join(base, 'remote.git'), 'main');
  show('git push origin feature', sh(wt, 'git push origin feature'));
  git(base, 'clone', '-q', '--branch', 'feature', join(base, 'remote.git'), 'ci');
  show('plan-hooks check --range origin/main..origin/feature        # in CI, a fresh clone', cli(join(base, 'ci'), ['check', '--range', 'origin/main..origin/feature']));
  process.stdout.write(out.join('\n'));
} finally {
  rmSync(base, { recursive: true, force: true });
}
