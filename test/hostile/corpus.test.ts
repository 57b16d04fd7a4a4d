// The hostile corpus (issue 26): payloads (./payloads.ts) and the hook's own cache files
// (./caches.ts) that a broken or adversarial agent or tool could leave. The installed Claude
// Code hook command gets each, as Claude Code runs it: every answer is exit 0 within its time,
// a clear line or a reply, never a stack trace, a crash or a hang; and no cache file hides a claim.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { after, before, describe, test } from 'node:test';
import { claimed, plan } from '../fixtures/plans.js';
import type { Repo } from '../fixtures/repo.js';
import { nodeRepo } from '../install/helpers.js';
import { agentEnv, installedCommand } from '../rotation/helpers.js';
import { PAYLOADS } from './payloads.js';

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

describe('hostile payloads: a clear answer or none, never a stack trace or a hang', () => {
  let repo: Repo;
  before(() => {
    repo = nodeRepo();
    repo.writeJson('docs/work-plan.json', plan('work', [claimed('held', 'cursor', ['src/a.ts'])]));
    repo.write('docs/work-plan.md', '# Work\n');
    const init = repo.cli(['init', '--agents', 'claude']);
    assert.equal(init.code, 0, init.stderr);
    repo.git('add', '-A');
    repo.git('commit', '-qm', 'plan and hooks');
  });
  after(() => repo.remove());

  for (const c of PAYLOADS) {
    test(c.name, () => {
      const r = runPre(repo, c.text ?? JSON.stringify(c.value));
      assertCalm(r, c.name);
      const deny = r.stdout.trim() ? JSON.parse(r.stdout).hookSpecificOutput?.permissionDecision === 'deny' : false;
      assert.equal(deny, c.denied === true, `${c.name}: ${r.stdout.slice(0, 500)}`);
    });
  }
});
