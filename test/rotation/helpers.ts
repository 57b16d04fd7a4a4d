// The rotation's fixtures: a Node repository with plan-hooks initialised, a plan whose task
// `export/first-task` covers src/export.ts, a linked worktree, and the agents' installed hook
// commands run as each agent runs them (the command read from its own file, through sh, with its
// documented stdin payload and the variables it sets).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { open, plan } from '../fixtures/plans.js';
import { Repo } from '../fixtures/repo.js';
import { nodeRepo } from '../install/helpers.js';

import { AGENT_FILES as FILES, type AgentKind as Kind } from '../../src/agents/kinds.js';
export type { Kind };

/** The command init installed for the agent's own event name (PreToolUse, StopFailure, …), as the agent reads it. */
export function installedCommand(dir: string, kind: Kind, event: string): { command: string; cwd: string } {
  const data = JSON.parse(readFileSync(join(dir, FILES[kind]), 'utf8'));
  const list = data.hooks[event] as Record<string, unknown>[] | undefined;
  assert.ok(list, `${kind} has ${event} hooks`);
  const entry = list.find((e) => JSON.stringify(e).includes('agent-hook.sh'))!;
  const hook = (Array.isArray(entry.hooks) ? (entry.hooks as Record<string, unknown>[])[0]! : entry) as Record<string, string>;
  return { command: hook.command ?? hook.bash!, cwd: hook.cwd ? join(dir, hook.cwd) : dir };
}

/** The variables each agent sets for its hooks and its shell commands. */
export function agentEnv(kind: Kind, dir: string): NodeJS.ProcessEnv {
  switch (kind) {
    case 'claude':
      return { CLAUDE_PROJECT_DIR: dir, CLAUDECODE: '1' };
    case 'codex':
      return { CODEX_SANDBOX: 'seatbelt' };
    case 'gemini':
      return { GEMINI_PROJECT_DIR: dir, GEMINI_CLI: '1' };
    case 'cursor':
      return { CURSOR_AGENT: '1' };
    case 'copilot':
      return {};
  }
}

export interface HookRun {
  code: number | null;
  stdout: string;
  stderr: string;
  reply: Record<string, any> | null;
  ms: number;
}

/** Runs `kind`'s installed command for `event` in worktree `dir` with `payload` on stdin. */
export function runHook(repo: Repo, dir: string, kind: Kind, event: string, payload: unknown, env: NodeJS.ProcessEnv = {}): HookRun {
  const { command, cwd } = installedCommand(dir, kind, event);
  const t = process.hrtime.bigint();
  const r = spawnSync('sh', ['-c', command], { cwd, env: { ...repo.env, ...agentEnv(kind, dir), ...env }, input: JSON.stringify(payload), encoding: 'utf8' });
  const ms = Number(process.hrtime.bigint() - t) / 1e6;
  return { code: r.status, stdout: r.stdout, stderr: r.stderr, reply: r.stdout.trim() ? JSON.parse(r.stdout) : null, ms };
}

/** Claude Code's documented payloads. */
export const claude = {
  start: (dir: string, id: string) => ({ session_id: id, transcript_path: '/tmp/t.jsonl', cwd: dir, hook_event_name: 'SessionStart', source: 'startup' }),
  edit: (dir: string, id: string, file: string) => ({ session_id: id, transcript_path: '/tmp/t.jsonl', cwd: dir, permission_mode: 'default', hook_event_name: 'PreToolUse', tool_name: 'Edit', tool_input: { file_path: join(dir, file), old_string: 'a', new_string: 'b' }, tool_use_id: 'toolu_1' }),
  bash: (dir: string, id: string, command: string) => ({ session_id: id, transcript_path: '/tmp/t.jsonl', cwd: dir, permission_mode: 'default', hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command }, tool_use_id: 'toolu_2' }),
  stop: (dir: string, id: string) => ({ session_id: id, transcript_path: '/tmp/t.jsonl', cwd: dir, permission_mode: 'default', hook_event_name: 'Stop', stop_hook_active: false }),
  stopFailure: (dir: string, id: string, errorType = 'rate_limit') => ({
    session_id: id,
    transcript_path: '/tmp/t.jsonl',
    cwd: dir,
    permission_mode: 'default',
    hook_event_name: 'StopFailure',
    error_type: errorType,
    error: 'rate_limit_error',
    error_message: "You've hit your usage limit. It resets at 3pm.",
  }),
  end: (dir: string, id: string, reason = 'prompt_input_exit') => ({ session_id: id, transcript_path: '/tmp/t.jsonl', cwd: dir, hook_event_name: 'SessionEnd', reason }),
};

/** Codex's documented payloads (apply_patch names paths relative to the working directory). */
export const codex = {
  start: (dir: string, id: string) => ({ session_id: id, transcript_path: null, cwd: dir, hook_event_name: 'SessionStart', model: 'gpt-5', source: 'startup' }),
  patch: (dir: string, id: string, file: string) => ({
    session_id: id,
    turn_id: 't-1',
    transcript_path: null,
    cwd: dir,
    hook_event_name: 'PreToolUse',
    model: 'gpt-5',
    permission_mode: 'default',
    tool_name: 'apply_patch',
    tool_input: { command: `*** Begin Patch\n*** Update File: ${file}\n@@\n-a\n+b\n*** End Patch\n` },
    tool_use_id: 'call_1',
  }),
  stop: (dir: string, id: string) => ({ session_id: id, turn_id: 't-1', transcript_path: null, cwd: dir, hook_event_name: 'Stop', model: 'gpt-5', stop_hook_active: false, last_assistant_message: 'done' }),
};

/** The text a session-start reply hands the agent. */
export const context = (r: HookRun): string => r.reply?.hookSpecificOutput?.additionalContext ?? r.reply?.additional_context ?? '';
/** The reason a pre-tool reply denies with, or null. */
export const denied = (r: HookRun): string | null => (r.reply?.hookSpecificOutput?.permissionDecision === 'deny' ? r.reply.hookSpecificOutput.permissionDecisionReason : null);

export const TASK = 'export/first-task';

/** main: the plan (first-task open over src/export.ts), plan-hooks initialised, committed by a person; a linked worktree on `feature`. */
export function rotationRepo(): { repo: Repo; wt: Repo } {
  const repo = nodeRepo();
  repo.writeJson('docs/export-plan.json', {
    ...plan('export', [open('first-task', ['src/export.ts'], { acceptance: 'npm test -- export passes' })]),
    lifecycle: 'multi-session',
    handoff: { nextAction: 'Add the retry loop to src/export.ts', verify: 'npm test -- export' },
  });
  repo.write('docs/export-plan.md', '# Export\n');
  repo.write('src/export.ts', 'export const a = 1;\n');
  const init = repo.cli(['init']);
  assert.equal(init.code, 0, init.stderr);
  repo.git('add', '-A');
  repo.git('commit', '-qm', 'plan and hooks');
  const wtDir = `${repo.dir}-wt`;
  repo.git('worktree', 'add', '-q', '-b', 'feature', wtDir);
  return { repo, wt: new Repo(wtDir, repo.env) };
}

/** The session files under the common dir, parsed. */
export function sessionRecords(repo: Repo): Record<string, any>[] {
  const dir = join(repo.dir, '.git', 'plan-hooks', 'sessions');
  try {
    return readdirSync(dir).filter((n) => n.endsWith('.json')).map((n) => JSON.parse(readFileSync(join(dir, n), 'utf8')));
  } catch {
    return [];
  }
}

/** Ages every session of `agent` by `minutes` (lastSeen and started moved back): a session idle that long. */
export function ageSessions(repo: Repo, agent: string, minutes: number): void {
  const dir = join(repo.dir, '.git', 'plan-hooks', 'sessions');
  for (const n of readdirSync(dir).filter((x) => x.endsWith('.json'))) {
    const path = join(dir, n);
    const r = JSON.parse(readFileSync(path, 'utf8'));
    if (r.agent !== agent) continue;
    const back = (t: string) => new Date(Date.parse(t) - minutes * 60_000).toISOString();
    r.lastSeen = back(r.lastSeen);
    r.started = back(r.started);
    writeFileSync(path, JSON.stringify(r));
  }
}

/** Claude's session starts in the worktree and claims TASK in a commit of its own. */
export function claudeClaims(wt: Repo, message = 'claim'): void {
  const env = { CLAUDECODE: '1' };
  assert.equal(runHook(wt, wt.dir, 'claude', 'SessionStart', claude.start(wt.dir, 'c-1')).code, 0);
  assert.equal(wt.cli(['claim', TASK], env).code, 0);
  wt.git('add', 'docs/export-plan.json');
  assert.equal(wt.tryGit(['commit', '-qm', message], env).code, 0);
}
