// The agents' hooks as each agent runs them: `plan-hooks init` in a real Node repository, then
// the command init wrote into the agent's own file, run through sh with the working directory
// and the variables that agent sets, with that agent's documented stdin payload.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { claimed, open, plan } from '../fixtures/plans.js';
import type { Repo } from '../fixtures/repo.js';
import { nodeRepo } from '../install/helpers.js';

import { AGENT_FILES as FILES, AGENT_KINDS, type AgentKind as Kind } from '../../src/agents/kinds.js';
const KINDS: readonly Kind[] = AGENT_KINDS;

/** The command init installed for `kind`'s event, read from the agent's file as the agent reads it. */
function installedCommand(dir: string, kind: Kind, event: 'pre' | 'start'): { command: string; cwd: string } {
  const data = JSON.parse(readFileSync(join(dir, FILES[kind]), 'utf8'));
  const name = { claude: ['PreToolUse', 'SessionStart'], codex: ['PreToolUse', 'SessionStart'], gemini: ['BeforeTool', 'SessionStart'], cursor: ['preToolUse', 'sessionStart'], copilot: ['preToolUse', 'sessionStart'] }[kind][event === 'pre' ? 0 : 1]!;
  const list = data.hooks[name] as Record<string, unknown>[];
  const entry = list.find((e) => JSON.stringify(e).includes('agent-hook.sh'))!;
  const hook = (Array.isArray(entry.hooks) ? (entry.hooks as Record<string, unknown>[])[0]! : entry) as Record<string, string>;
  // Copilot runs `bash` in the entry's cwd, relative to the repository root.
  return { command: hook.command ?? hook.bash!, cwd: hook.cwd ? join(dir, hook.cwd) : dir };
}

/** The variables each agent sets for its hooks (besides inheriting its own environment). */
function agentEnv(kind: Kind, dir: string): NodeJS.ProcessEnv {
  switch (kind) {
    case 'claude':
      return { CLAUDE_PROJECT_DIR: dir, CLAUDECODE: '1' };
    case 'codex':
      return { CODEX_SANDBOX: 'seatbelt' };
    case 'gemini':
      return { GEMINI_PROJECT_DIR: dir, GEMINI_SESSION_ID: 'g-1', GEMINI_CLI: '1' };
    case 'cursor':
      return { CURSOR_AGENT: '1' };
    case 'copilot':
      return {};
  }
}

/** The documented pre-tool payload of `kind` for a write to `file` (absolute). */
function writePayload(kind: Kind, dir: string, file: string): unknown {
  switch (kind) {
    case 'claude':
      return { session_id: 'c-1', transcript_path: '/tmp/t.jsonl', cwd: dir, permission_mode: 'default', hook_event_name: 'PreToolUse', tool_name: 'Edit', tool_input: { file_path: file, old_string: 'a', new_string: 'b' }, tool_use_id: 'toolu_1' };
    case 'codex': {
      // apply_patch names its files relative to the working directory.
      const rel = file.startsWith(`${dir}/`) ? file.slice(dir.length + 1) : file;
      return { session_id: 'x-1', turn_id: 't-1', transcript_path: null, cwd: dir, hook_event_name: 'PreToolUse', model: 'gpt-5', permission_mode: 'default', tool_name: 'apply_patch', tool_input: { command: `*** Begin Patch\n*** Update File: ${rel}\n@@\n-a\n+b\n*** End Patch\n` }, tool_use_id: 'call_1' };
    }
    case 'gemini':
      return { session_id: 'g-1', transcript_path: '/tmp/g.json', cwd: dir, hook_event_name: 'BeforeTool', timestamp: new Date().toISOString(), tool_name: 'write_file', tool_input: { file_path: file, content: 'x' } };
    case 'cursor':
      return { conversation_id: 'conv-1', generation_id: 'gen-1', hook_event_name: 'preToolUse', workspace_roots: [dir], cursor_version: '2.1.0', tool_name: 'Write', tool_input: { file_path: file, contents: 'x' }, tool_use_id: 'tu-1', cwd: dir };
    case 'copilot':
      return { timestamp: Date.now(), cwd: dir, toolName: 'edit', toolArgs: JSON.stringify({ path: file, old_str: 'a', new_str: 'b' }) };
  }
}

function startPayload(kind: Kind, dir: string): unknown {
  switch (kind) {
    case 'cursor':
      return { conversation_id: 'conv-1', hook_event_name: 'sessionStart', workspace_roots: [dir], session_id: 's-1', is_background_agent: false, composer_mode: 'agent' };
    case 'copilot':
      return { timestamp: Date.now(), cwd: dir, source: 'new', initialPrompt: 'go' };
    case 'gemini':
      return { session_id: 'g-1', transcript_path: '/tmp/g.json', cwd: dir, hook_event_name: 'SessionStart', timestamp: new Date().toISOString(), source: 'startup' };
    default:
      return { session_id: `${kind}-1`, transcript_path: '/tmp/t.jsonl', cwd: dir, hook_event_name: 'SessionStart', source: 'startup' };
  }
}

function run(repo: Repo, kind: Kind, event: 'pre' | 'start', payload: unknown, env: NodeJS.ProcessEnv = {}, dir = repo.dir) {
  const { command, cwd } = installedCommand(dir, kind, event);
  const r = spawnSync('sh', ['-c', command], { cwd, env: { ...repo.env, ...agentEnv(kind, dir), ...env }, input: JSON.stringify(payload), encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr, reply: r.stdout.trim() ? JSON.parse(r.stdout) : null };
}

/** Whether the reply denies, in the agent's protocol, and the reason it gives. */
function denial(kind: Kind, reply: Record<string, any> | null): string | null {
  if (!reply) return null;
  switch (kind) {
    case 'gemini':
      return reply.decision === 'deny' ? reply.reason : null;
    case 'cursor':
      return reply.permission === 'deny' ? reply.agent_message : null;
    case 'copilot':
      return reply.permissionDecision === 'deny' ? reply.permissionDecisionReason : null;
    default:
      return reply.hookSpecificOutput?.permissionDecision === 'deny' ? reply.hookSpecificOutput.permissionDecisionReason : null;
  }
}

describe('each agent, its installed command, its payload', () => {
  let repo: Repo;
  before(() => {
    repo = nodeRepo();
    // One claim per agent, each on its own file; free.ts is nobody's.
    repo.writeJson('docs/work-plan.json', {
      ...plan('work', [...KINDS.map((k) => claimed(`by-${k}`, k, [`src/${k}.ts`])), open('free', ['src/free.ts'])]),
      lifecycle: 'multi-session',
      handoff: { nextAction: 'Finish the retry loop in src/claude.ts, then wire it in' },
    });
    repo.write('docs/work-plan.md', '# Work\n');
    const init = repo.cli(['init']);
    assert.equal(init.code, 0, init.stderr);
    repo.git('add', '-A');
    repo.git('commit', '-qm', 'plan and hooks');
  });
  after(() => repo.remove());

  for (const kind of KINDS) {
    const other = kind === 'codex' ? 'claude' : 'codex';
    test(`${kind}: another's claimed path is denied with the holder named; unclaimed, own and outside paths are allowed`, () => {
      const denied = run(repo, kind, 'pre', writePayload(kind, repo.dir, join(repo.dir, `src/${other}.ts`)));
      assert.equal(denied.code, 0, denied.stderr);
      const reason = denial(kind, denied.reply);
      assert.ok(reason, `denied: ${denied.stdout}`);
      assert.match(reason, new RegExp(`task work/by-${other}, held by ${other} since `));
      assert.match(reason, new RegExp(`src/${other}\\.ts +← pattern src/${other}\\.ts`));
      assert.match(reason, new RegExp(`You are ${kind === 'cursor' || kind === 'copilot' ? kind : kind}`));
      assert.doesNotMatch(reason, /PLAN_HOOKS_AGENT=/, 'never suggests declaring another name');
      for (const path of [join(repo.dir, 'src/free.ts'), join(repo.dir, `src/${kind}.ts`), join(tmpdir(), 'outside.txt')]) {
        const allowed = run(repo, kind, 'pre', writePayload(kind, repo.dir, path));
        assert.equal(allowed.code, 0, allowed.stderr);
        assert.equal(denial(kind, allowed.reply), null, `${path} allowed: ${allowed.stdout}`);
        assert.equal(allowed.stderr, '');
      }
    });

    test(`${kind}: session start hands over the next action, the ready tasks and others' claims`, () => {
      const r = run(repo, kind, 'start', startPayload(kind, repo.dir));
      assert.equal(r.code, 0, r.stderr);
      const text: string = r.reply.hookSpecificOutput?.additionalContext ?? r.reply.additional_context ?? r.reply.additionalContext;
      assert.match(text, new RegExp(`you are ${kind} \\(from the ${kind} agent hook in ${FILES[kind].replace(/\./g, '\\.')}\\)`));
      assert.match(text, /Next action: Finish the retry loop in src\/claude\.ts, then wire it in/);
      assert.match(text, /ready: `free`/);
      assert.match(text, new RegExp(`work/by-${other} — ${other} since .* — \`src/${other}\\.ts\``));
      assert.match(text, new RegExp(`Your claims:\\n- work/by-${kind} — ${kind}`));
      assert.match(text, /npx plan-hooks claim <plan\/task>/);
      assert.ok(text.split('\n').length <= 45, 'short');
      assert.ok(existsSync(join(repo.dir, '.git/plan-hooks/agents', `${kind}.json`)), 'the marker doctor reads');
    });
  }

  test('VS Code agent mode runs the Claude file with its own payload (editFiles, files[]): it is Copilot, answered the Claude way', () => {
    const payload = { timestamp: new Date().toISOString(), cwd: repo.dir, sessionId: 'v-1', hookEventName: 'PreToolUse', transcript_path: '/tmp/v.json', tool_name: 'editFiles', tool_input: { files: ['src/free.ts', 'src/claude.ts'] }, tool_use_id: 'tool-1' };
    const r = run(repo, 'claude', 'pre', payload, { CLAUDE_PROJECT_DIR: '' });
    const reason = denial('claude', r.reply);
    assert.ok(reason, r.stdout);
    assert.match(reason, /held by claude/);
    assert.match(reason, /You are copilot/);
    const own = run(repo, 'claude', 'pre', { ...payload, tool_input: { files: ['src/copilot.ts'] } }, { CLAUDE_PROJECT_DIR: '' });
    assert.equal(denial('claude', own.reply), null);
  });

  test('shell tools: evident writes to a claimed path are denied; reads and writes elsewhere pass; skipping the hooks is warned about', () => {
    const bash = (command: string) => run(repo, 'claude', 'pre', { session_id: 'c-1', cwd: repo.dir, hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command } });
    for (const command of ['echo x >> src/codex.ts', "sed -i 's/a/b/' src/codex.ts", 'printf x | tee src/codex.ts', 'mv src/free.ts src/codex.ts', 'rm -f src/codex.ts', 'touch src/codex.ts', 'cd . && cp src/free.ts src/']) {
      const reason = denial('claude', bash(command).reply);
      if (command.startsWith('cd .')) {
        // cp into a directory: the copied file lands at src/free.ts, which is free.
        assert.equal(reason, null, command);
        continue;
      }
      assert.ok(reason, command);
      assert.match(reason, /held by codex/);
    }
    for (const command of ['cat src/codex.ts', 'grep -n x src/codex.ts > /tmp/out.txt', 'echo "src/codex.ts" > notes.txt', 'echo x > "$FILE"']) {
      const r = bash(command);
      assert.equal(denial('claude', r.reply), null, command);
    }
    for (const command of ['git commit --no-verify -m x', 'git commit -anm x', 'git -c core.hooksPath=/dev/null commit -m x']) {
      const r = bash(command);
      assert.equal(denial('claude', r.reply), null, command);
      assert.match(r.reply.hookSpecificOutput.additionalContext, /skips git's hooks/, command);
      assert.equal(r.reply.hookSpecificOutput.permissionDecision, undefined, 'a warning never approves the call');
    }
    // HUSKY=0 changes nothing where husky does not run the hooks, and turns every hook off where it does.
    // This repository's hooks are git's own (.git/hooks), whatever a test before left in .husky.
    rmSync(join(repo.dir, '.husky'), { recursive: true, force: true });
    assert.match(bash('HUSKY=0 git commit -m x').reply.hookSpecificOutput.additionalContext, /HUSKY=0 changes nothing here/);
    mkdirSync(join(repo.dir, '.husky/_'), { recursive: true });
    writeFileSync(join(repo.dir, '.husky/_/h'), '');
    const underHusky = bash('HUSKY=0 git commit -m x').reply.hookSpecificOutput.additionalContext;
    assert.match(underHusky, /HUSKY=0 skips every one of them, plan-hooks' included: the commit is neither checked nor recorded here/);
    assert.doesNotMatch(underHusky, /still checked/);
    rmSync(join(repo.dir, '.husky'), { recursive: true });
    const gemini = run(repo, 'gemini', 'pre', { session_id: 'g', cwd: repo.dir, hook_event_name: 'BeforeTool', tool_name: 'run_shell_command', tool_input: { command: 'cat x > src/claude.ts' } });
    assert.match(denial('gemini', gemini.reply)!, /held by claude/);
  });

  test('a payload that is not JSON, or a tool that writes nothing, is allowed; an unparsable payload says so in one line', () => {
    const { command } = installedCommand(repo.dir, 'claude', 'pre');
    const r = spawnSync('sh', ['-c', command], { cwd: repo.dir, env: { ...repo.env, CLAUDE_PROJECT_DIR: repo.dir }, input: 'not json', encoding: 'utf8' });
    assert.equal(r.status, 0);
    assert.equal(r.stdout, '');
    assert.equal(r.stderr.trim().split('\n').length, 1);
    assert.match(r.stderr, /the tool call is allowed/);
    const read = run(repo, 'claude', 'pre', { session_id: 'c', cwd: repo.dir, hook_event_name: 'PreToolUse', tool_name: 'Read', tool_input: { file_path: join(repo.dir, 'src/codex.ts') } });
    assert.equal(read.stdout, '');
  });

  test('two Claude sessions are one holder (claude); PLAN_HOOKS_AGENT naming another agent does not change who edits', () => {
    // Session 2 of claude edits the file session 1 claimed: the same holder.
    const second = run(repo, 'claude', 'pre', { ...(writePayload('claude', repo.dir, join(repo.dir, 'src/claude.ts')) as object), session_id: 'c-2' });
    assert.equal(denial('claude', second.reply), null);
    const impersonating = run(repo, 'claude', 'pre', writePayload('claude', repo.dir, join(repo.dir, 'src/codex.ts')), { PLAN_HOOKS_AGENT: 'codex' });
    assert.match(denial('claude', impersonating.reply)!, /held by codex/);
  });

  test("Claude Code's session start persists PLAN_HOOKS_AGENT for the session's shell commands, which plan-hooks then names the committer by", () => {
    const envFile = join(mkdtempSync(join(tmpdir(), 'claude-env-')), 'env.sh');
    run(repo, 'claude', 'start', startPayload('claude', repo.dir), { CLAUDE_ENV_FILE: envFile });
    run(repo, 'claude', 'start', { ...(startPayload('claude', repo.dir) as object), source: 'resume' }, { CLAUDE_ENV_FILE: envFile });
    assert.equal(readFileSync(envFile, 'utf8'), 'export PLAN_HOOKS_AGENT=claude\n', 'once, however often the session starts');
    // What Claude Code does before each Bash command: source the file, then run the command.
    const who = spawnSync('sh', ['-c', `. "${envFile}" && node "${join(repo.dir, 'node_modules/plan-hooks/dist/src/cli.js')}" whoami`], { cwd: repo.dir, env: { ...repo.env, CLAUDECODE: '1' }, encoding: 'utf8' });
    assert.match(who.stdout, /^claude\n {2}source: env \(PLAN_HOOKS_AGENT\)/);
    rmSync(envFile, { force: true });
  });

  test('the pre-tool hook keeps the plans it read by file stat, and a claim made after that is still refused at the next edit', () => {
    const planFile = join(repo.dir, 'docs/work-plan.json');
    // A stat younger than two seconds is not trusted to the cache (a second write could repeat it).
    const age = Date.now() - statSync(planFile).ctimeMs;
    if (age < 2100) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 2100 - age);
    const free = run(repo, 'claude', 'pre', writePayload('claude', repo.dir, join(repo.dir, 'src/free.ts')));
    assert.equal(free.stdout, '', 'an unclaimed path: nothing written');
    assert.equal(free.stderr, '');
    const cache = JSON.parse(readFileSync(join(repo.dir, '.git/plan-hooks/agents/claims-views.json'), 'utf8'));
    assert.ok(planFile in cache.entries, 'the plan is cached');
    assert.ok(existsSync(join(repo.dir, '.git/plan-hooks/agents/code-cache')), "and the hook's compiled code (the refusals below run from it)");
    const data = JSON.parse(readFileSync(planFile, 'utf8'));
    Object.assign(data.workItems[0].tasks.find((t: { id: string }) => t.id === 'free'), { status: 'in-progress', claimedBy: 'gemini', claimedAt: new Date().toISOString().replace(/\.\d+Z$/, 'Z') });
    writeFileSync(planFile, JSON.stringify(data, null, 2));
    try {
      assert.match(denial('claude', run(repo, 'claude', 'pre', writePayload('claude', repo.dir, join(repo.dir, 'src/free.ts'))).reply)!, /held by gemini/);
    } finally {
      repo.git('checkout', '--', 'docs/work-plan.json');
    }
    assert.equal(run(repo, 'claude', 'pre', writePayload('claude', repo.dir, join(repo.dir, 'src/free.ts'))).stdout, '', 'released again: allowed');
  });

  test('the pre-tool hook starts no git process: an unclaimed path (cached or not) passes and a claimed one is denied without one', () => {
    // A git first on PATH that records each call before running the real one.
    const bin = mkdtempSync(join(tmpdir(), 'agents-git-spy-'));
    const calls = join(bin, 'calls');
    const realGit = spawnSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).stdout.trim();
    writeFileSync(join(bin, 'git'), `#!/bin/sh\necho "$*" >> '${calls}'\nexec '${realGit}' "$@"\n`, { mode: 0o755 });
    const env = { PATH: `${bin}:${repo.env.PATH ?? process.env.PATH}` };
    try {
      assert.equal(spawnSync('sh', ['-c', 'git --version'], { env: { ...repo.env, ...env } }).status, 0);
      assert.ok(existsSync(calls), 'the spy sees a git call');
      rmSync(calls);
      rmSync(join(repo.dir, '.git/plan-hooks/agents'), { recursive: true, force: true });
      for (const label of ['nothing cached', 'cached']) {
        const free = run(repo, 'claude', 'pre', writePayload('claude', repo.dir, join(repo.dir, 'src/free.ts')), env);
        assert.equal(free.stdout + free.stderr, '', `${label}: allowed silently`);
      }
      assert.match(denial('claude', run(repo, 'claude', 'pre', writePayload('claude', repo.dir, join(repo.dir, 'src/codex.ts')), env).reply)!, /held by codex/);
      assert.ok(!existsSync(calls), `no git process: ${existsSync(calls) ? readFileSync(calls, 'utf8') : ''}`);
    } finally {
      rmSync(bin, { recursive: true, force: true });
    }
  });

  test('an unclaimed path (cached or not) never loads the sentences bundle, agent-replies.cjs; a refusal does', () => {
    // A preload that lists, as node exits, every file node's CommonJS loader loaded (the loader
    // agent.cjs runs agent-main.cjs through vm, outside that list; agent-replies.cjs is required).
    const spyDir = mkdtempSync(join(tmpdir(), 'agents-load-spy-'));
    const loaded = join(spyDir, 'loaded');
    writeFileSync(join(spyDir, 'spy.cjs'), `process.on('exit', () => require('node:fs').appendFileSync(${JSON.stringify(loaded)}, Object.keys(require.cache).join('\\n') + '\\n---\\n'));\n`);
    const env = { NODE_OPTIONS: `--require=${join(spyDir, 'spy.cjs')}` };
    const bundles = () => {
      const runs = readFileSync(loaded, 'utf8').split('---\n').slice(0, -1);
      rmSync(loaded);
      return runs.map((r) => r.split('\n').filter((f) => /hooks[\\/]agent[^\\/]*\.cjs$/.test(f)).map((f) => f.replace(/.*[\\/]/, '')).sort());
    };
    try {
      rmSync(join(repo.dir, '.git/plan-hooks/agents'), { recursive: true, force: true });
      for (let i = 0; i < 2; i++) assert.equal(run(repo, 'claude', 'pre', writePayload('claude', repo.dir, join(repo.dir, 'src/free.ts')), env).stdout, '');
      assert.deepEqual(bundles(), [['agent.cjs'], ['agent.cjs']]);
      assert.match(denial('claude', run(repo, 'claude', 'pre', writePayload('claude', repo.dir, join(repo.dir, 'src/codex.ts')), env).reply)!, /held by codex/);
      assert.deepEqual(bundles(), [['agent-replies.cjs', 'agent.cjs']]);
    } finally {
      rmSync(spyDir, { recursive: true, force: true });
    }
  });

  test('the shim starts node without NODE_EXTRA_CA_CERTS: node never reads that file (one it cannot load would warn on every edit)', () => {
    const env = { NODE_EXTRA_CA_CERTS: join(repo.dir, 'no-such-ca-file.pem') };
    assert.match(spawnSync('node', ['-e', ''], { env: { ...repo.env, ...env }, encoding: 'utf8' }).stderr, /extra certs/, 'node itself warns about that file');
    const free = run(repo, 'claude', 'pre', writePayload('claude', repo.dir, join(repo.dir, 'src/free.ts')), env);
    assert.equal(free.stdout + free.stderr, '');
    const denied = run(repo, 'claude', 'pre', writePayload('claude', repo.dir, join(repo.dir, 'src/codex.ts')), env);
    assert.match(denial('claude', denied.reply)!, /held by codex/);
    assert.equal(denied.stderr, '');
  });

  test('a linked worktree where npm install never ran: the hook finds plan-hooks in the main worktree and sees its claims', () => {
    const wt = join(mkdtempSync(join(tmpdir(), 'agents-wt-')), 'wt');
    repo.git('worktree', 'add', '-q', wt, '-b', 'side');
    assert.ok(!existsSync(join(wt, 'node_modules')));
    const r = run(repo, 'claude', 'pre', writePayload('claude', wt, join(wt, 'src/codex.ts')), {}, wt);
    assert.equal(r.code, 0, r.stderr);
    assert.match(denial('claude', r.reply)!, /held by codex/);
    // A claim made in the main worktree, not committed, is seen from the linked one.
    const data = JSON.parse(readFileSync(join(repo.dir, 'docs/work-plan.json'), 'utf8'));
    data.workItems[0].tasks.find((t: { id: string }) => t.id === 'free').status = 'in-progress';
    Object.assign(data.workItems[0].tasks.find((t: { id: string }) => t.id === 'free'), { claimedBy: 'gemini', claimedAt: new Date().toISOString().replace(/\.\d+Z$/, 'Z') });
    writeFileSync(join(repo.dir, 'docs/work-plan.json'), JSON.stringify(data, null, 2));
    const seen = run(repo, 'codex', 'pre', writePayload('codex', wt, join(wt, 'src/free.ts')), {}, wt);
    assert.match(denial('codex', seen.reply)!, /held by gemini/);
    repo.git('checkout', '--', 'docs/work-plan.json');
    repo.git('worktree', 'remove', '--force', wt);
  });

  test("session start hands over this worktree's plans only; another worktree's plan shows by its claims", () => {
    const wt = join(mkdtempSync(join(tmpdir(), 'agents-wt-')), 'wt');
    repo.git('worktree', 'add', '-q', wt, '-b', 'other-side');
    writeFileSync(join(wt, 'docs/side-plan.json'), JSON.stringify({ ...plan('side', [claimed('held', 'gemini', ['src/side.ts']), open('free-side', ['src/x.ts'])]), handoff: { nextAction: 'Only the side worktree does this' } }, null, 2));
    writeFileSync(join(wt, 'docs/side-plan.md'), '# Side\n');
    const start = (cwd: string) => {
      const r = run(repo, 'claude', 'start', startPayload('claude', cwd), {}, cwd);
      assert.equal(r.code, 0, r.stderr);
      return r.reply.hookSpecificOutput.additionalContext as string;
    };
    const main = start(repo.dir);
    assert.match(main, /Next action: Finish the retry loop/);
    assert.doesNotMatch(main, /Only the side worktree does this/, "another worktree's handoff is not this session's");
    assert.match(main, /side\/held — gemini since .* — `src\/side\.ts`/, "but its claims are others' claims");
    const side = start(wt);
    assert.match(side, /Next action: Only the side worktree does this/);
    repo.git('worktree', 'remove', '--force', wt);
  });
});
