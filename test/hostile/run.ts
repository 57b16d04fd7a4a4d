// The hostile corpus's runner: the installed Claude Code pre-tool command, run as Claude Code
// runs it, and what every answer to a hostile input must be.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import type { Repo } from '../fixtures/repo.js';
import { agentEnv, installedCommand } from '../rotation/helpers.js';

/** What no answer may hold: a stack frame, or an error's name as node prints an uncaught one. */
const CRASH = /\n\s+at |^\s*at |\b(TypeError|RangeError|SyntaxError|ReferenceError)\b|FATAL ERROR|Error: /m;

export function runPre(repo: Repo, input: string) {
  const hook = installedCommand(repo.dir, 'claude', 'PreToolUse');
  return spawnSync('sh', ['-c', hook.command], { cwd: hook.cwd, env: { ...repo.env, ...agentEnv('claude', repo.dir) }, input, encoding: 'utf8', timeout: 15_000, maxBuffer: 1 << 26 });
}

export function assertCalm(r: ReturnType<typeof runPre>, what: string): void {
  assert.equal(r.signal, null, `${what}: ended by ${r.signal} (a hang or a crash)`);
  assert.equal(r.status, 0, `${what}: exit ${r.status}\n${r.stderr}`);
  assert.doesNotMatch(r.stderr, CRASH, `${what}: ${r.stderr.slice(0, 2000)}`);
  assert.ok(r.stderr.split('\n').length <= 3, `${what}: one clear line at most, not ${r.stderr.slice(0, 2000)}`);
  if (r.stdout.trim() !== '') assert.doesNotThrow(() => JSON.parse(r.stdout), `${what}: a reply is JSON`);
}

