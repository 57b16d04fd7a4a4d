// The writes edit time must see (issue 26): each agent's installed hook command, run as that
// agent runs it, fed that agent's documented payload for a shell or file tool call. Codex's
// shell argv (`["bash", "-lc", script]`) and its `workdir`, Gemini's `dir_path`/`directory`,
// `cd` in a chain or a subshell, `rm -r` of a directory holding a claimed file, `mv -t`/`cp -t`,
// a copy into a directory, the hook run from a subdirectory, and lists past 1,000 entries.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { claimed, open, plan } from '../fixtures/plans.js';
import type { Repo } from '../fixtures/repo.js';
import { nodeRepo } from '../install/helpers.js';
import { agentEnv, installedCommand, type Kind } from '../rotation/helpers.js';

const PRE: Record<Kind, string> = { claude: 'PreToolUse', codex: 'PreToolUse', gemini: 'BeforeTool', cursor: 'preToolUse', copilot: 'preToolUse' };

/** Runs `kind`'s installed pre-tool command with `payload`, in `cwd` (default: where the agent runs it). */
function pre(repo: Repo, kind: Kind, payload: unknown, cwd?: string) {
  const hook = installedCommand(repo.dir, kind, PRE[kind]);
  const r = spawnSync('sh', ['-c', hook.command], { cwd: cwd ?? hook.cwd, env: { ...repo.env, ...agentEnv(kind, repo.dir) }, input: JSON.stringify(payload), encoding: 'utf8', timeout: 20_000 });
  const reply = r.stdout.trim() ? JSON.parse(r.stdout) : null;
  const reason: string | null =
    reply === null
      ? null
      : kind === 'gemini'
        ? reply.decision === 'deny'
          ? reply.reason
          : null
        : kind === 'copilot'
          ? reply.permissionDecision === 'deny'
            ? reply.permissionDecisionReason
            : null
          : reply.hookSpecificOutput?.permissionDecision === 'deny'
            ? reply.hookSpecificOutput.permissionDecisionReason
            : null;
  return { code: r.status, stderr: r.stderr, stdout: r.stdout, denied: reason };
}

const codexShell = (cwd: string, command: unknown, workdir?: string) => ({
  session_id: 'x-1',
  turn_id: 't-1',
  transcript_path: null,
  cwd,
  hook_event_name: 'PreToolUse',
  model: 'gpt-5',
  permission_mode: 'default',
  tool_name: 'Bash',
  tool_input: { command, ...(workdir === undefined ? {} : { workdir }) },
  tool_use_id: 'call_2',
});
const codexPatch = (cwd: string, file: string) => ({ ...codexShell(cwd, ''), tool_name: 'apply_patch', tool_input: { command: `*** Begin Patch\n*** Update File: ${file}\n@@\n-a\n+b\n*** End Patch\n` } });
const geminiShell = (cwd: string, command: string, dir: Record<string, string> = {}) => ({ session_id: 'g-1', transcript_path: '/tmp/g.json', cwd, hook_event_name: 'BeforeTool', timestamp: new Date().toISOString(), tool_name: 'run_shell_command', tool_input: { command, description: 'x', ...dir } });
const claudeBash = (cwd: string, command: string) => ({ session_id: 'c-1', transcript_path: '/tmp/t.jsonl', cwd, permission_mode: 'default', hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command }, tool_use_id: 'toolu_2' });
const copilotEdit = (cwd: string, path: string) => ({ timestamp: Date.now(), cwd, toolName: 'edit', toolArgs: JSON.stringify({ path, old_str: 'a', new_str: 'b' }) });
/** VS Code agent mode's editFiles (read from .claude/settings.json): camelCase common fields. */
const vscodeEditFiles = (cwd: string, files: string[]) => ({ sessionId: 'v-1', hookEventName: 'PreToolUse', cwd, timestamp: new Date().toISOString(), tool_name: 'editFiles', tool_input: { files } });

describe('edit time sees the writes an agent makes through its shell and its lists', () => {
  let repo: Repo;
  before(() => {
    repo = nodeRepo();
    repo.writeJson('docs/work-plan.json', plan('work', [claimed('held', 'cursor', ['src/held.ts', 'lib/a.txt', 'notes.txt']), open('free', ['src/free.ts'])]));
    repo.write('docs/work-plan.md', '# Work\n');
    repo.write('src/held.ts', 'export const held = 1;\n');
    repo.write('src/deep/other.ts', 'export {};\n');
    repo.write('lib/keep.txt', 'x\n');
    repo.write('a.txt', 'a\n');
    repo.write('held.ts', 'top-level, unclaimed\n');
    const init = repo.cli(['init', '--agents', 'claude,codex,gemini,copilot']);
    assert.equal(init.code, 0, init.stderr);
    repo.git('add', '-A');
    repo.git('commit', '-qm', 'plan and hooks');
  });
  after(() => repo.remove());

  test("codex: the script inside the argv form (['bash', '-lc', script]) is read", () => {
    const denied = pre(repo, 'codex', codexShell(repo.dir, ['bash', '-lc', 'echo x > src/held.ts']));
    assert.equal(denied.code, 0, denied.stderr);
    assert.match(denied.denied ?? '', /src\/held\.ts +← pattern src\/held\.ts/);
    assert.ok(pre(repo, 'codex', codexShell(repo.dir, ['rm', '-f', 'src/held.ts'])).denied, 'a plain argv is read word by word');
    assert.ok(pre(repo, 'codex', codexShell(repo.dir, ['/bin/sh', '-c', "sed -i 's/1/2/' src/held.ts"])).denied);
    const free = pre(repo, 'codex', codexShell(repo.dir, ['bash', '-lc', 'echo x > src/free.ts && cat src/held.ts']));
    assert.equal(free.denied, null, free.stdout);
    assert.equal(free.stderr, '');
  });

  test("codex's workdir and gemini's dir_path / directory are where the command's paths start", () => {
    assert.equal(pre(repo, 'codex', codexShell(repo.dir, ['bash', '-lc', 'echo x > held.ts'])).denied, null, 'held.ts at the top is nobody’s');
    assert.ok(pre(repo, 'codex', codexShell(repo.dir, ['bash', '-lc', 'echo x > held.ts'], 'src')).denied, 'workdir relative to cwd');
    assert.ok(pre(repo, 'codex', codexShell(repo.dir, ['bash', '-lc', 'echo x > held.ts'], join(repo.dir, 'src'))).denied, 'workdir absolute');
    assert.equal(pre(repo, 'gemini', geminiShell(repo.dir, 'echo x > held.ts')).denied, null);
    assert.ok(pre(repo, 'gemini', geminiShell(repo.dir, 'echo x > held.ts', { dir_path: 'src' })).denied, 'dir_path');
    assert.ok(pre(repo, 'gemini', geminiShell(repo.dir, 'touch held.ts', { directory: 'src' })).denied, 'directory (older releases)');
  });

  test('cd in a chain, after ;, and inside a subshell moves where later paths are', () => {
    for (const command of ['cd src && echo x > held.ts', 'cd src; echo x >> held.ts', '(cd src && rm held.ts)', 'cd lib && cd ../src && tee held.ts < /dev/null', `cd ${join(repo.dir, 'src')} && truncate -s 0 held.ts`, "bash -c 'cd src && rm held.ts'", 'cd src && bash -c "rm held.ts"']) {
      const r = pre(repo, 'claude', claudeBash(repo.dir, command));
      assert.equal(r.code, 0, r.stderr);
      assert.ok(r.denied, `${command} is denied: ${r.stdout}`);
      assert.match(r.denied!, /src\/held\.ts/);
    }
    // The subshell's cd ends with it; an unknown directory says nothing (edit time fails open).
    for (const command of ['(cd src) && echo x > held.ts', '(cd src && echo x > free.ts); echo x > held.ts', 'cd "$DIR" && echo x > held.ts']) {
      const r = pre(repo, 'claude', claudeBash(repo.dir, command));
      assert.equal(r.denied, null, `${command} is allowed: ${r.stdout}`);
    }
  });

  test('rm -r of a directory holding a claimed file, mv -t and cp -t, and a copy into a directory', () => {
    for (const command of ['rm -rf src', 'rm -r src/', 'rm -Rf ./src', 'rm --recursive src', 'mv src gone', 'mv -t /tmp src', 'cp -t src held.ts', 'cp --target-directory=src held.ts', 'mv held.ts -t src', 'cp a.txt lib', 'cp a.txt lib/', 'install -m 644 a.txt lib', 'cp held.ts a.txt src', 'cp a.txt notes.txt']) {
      const r = pre(repo, 'claude', claudeBash(repo.dir, command));
      assert.equal(r.code, 0, r.stderr);
      assert.ok(r.denied, `${command} is denied: ${r.stdout}`);
    }
    // Nothing claimed lies under src/deep; a copy to a file is that file, not a name under it.
    for (const command of ['rm -rf src/deep', 'rm src', 'cp held.ts copy.ts', 'cp -T a.txt lib2', 'mv -t lib held.ts']) {
      const r = pre(repo, 'claude', claudeBash(repo.dir, command));
      assert.equal(r.denied, null, `${command} is allowed: ${r.stdout}`);
    }
  });

  test('codex and copilot: the installed command finds the shim from a subdirectory (never exit 2)', () => {
    mkdirSync(join(repo.dir, 'src', 'deep'), { recursive: true });
    const sub = join(repo.dir, 'src', 'deep');
    const codex = pre(repo, 'codex', codexPatch(sub, '../held.ts'), sub);
    assert.equal(codex.code, 0, codex.stderr);
    assert.doesNotMatch(codex.stderr, /cannot open|not found/);
    assert.match(codex.denied ?? '', /src\/held\.ts/);
    assert.equal(pre(repo, 'codex', codexPatch(sub, 'other.ts'), sub).denied, null);
    const copilot = pre(repo, 'copilot', copilotEdit(sub, join(repo.dir, 'src/held.ts')), sub);
    assert.equal(copilot.code, 0, copilot.stderr);
    assert.match(copilot.denied ?? '', /src\/held\.ts/);
    // Outside any repository with the shim: allowed, exit 0.
    const outside = pre(repo, 'codex', codexPatch('/', 'x'), '/');
    assert.equal(outside.code, 0, outside.stderr);
    assert.equal(outside.denied, null);
  });

  test('lists are read to the end; past 10,000 entries the call is refused with the reason', () => {
    const many = Array.from({ length: 1500 }, (_, i) => join(repo.dir, `gen/f${i}.ts`));
    const last = pre(repo, 'claude', vscodeEditFiles(repo.dir, [...many, join(repo.dir, 'src/held.ts')]));
    assert.equal(last.code, 0, last.stderr);
    assert.match(last.denied ?? '', /src\/held\.ts/, 'the 1,501st path is checked');
    assert.equal(pre(repo, 'claude', vscodeEditFiles(repo.dir, many)).denied, null);
    const huge = Array.from({ length: 10_001 }, (_, i) => join(repo.dir, `gen/f${i}.ts`));
    const refused = pre(repo, 'claude', vscodeEditFiles(repo.dir, huge));
    assert.equal(refused.code, 0, refused.stderr);
    assert.match(refused.denied ?? '', /would write more than 10,000 paths, more than edit time checks against the claims\. Split it into smaller calls/);
    assert.doesNotMatch(refused.denied!, /--no-verify|PLAN_HOOKS/);
  });
});
