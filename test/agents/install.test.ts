// init and uninstall on the agents' files: the user's own settings and hooks are kept exactly,
// a second init changes nothing, uninstall takes out exactly what init put in; --agents and
// the "agents" key choose; doctor tells installed, missing, changed and seen apart.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { agentCommand, chosenAgents, decideAgentInstall, decideAgentUninstall } from '../../src/agents/install.js';
import { agentFacts as facts } from '../fixtures/install-facts.js';
import { agentState } from '../../src/agents/doctor.js';
import { nodeRepo, snapshot } from '../install/helpers.js';

const read = (dir: string, path: string) => readFileSync(join(dir, path), 'utf8');

// The user's files, as Claude Code's /hooks and Gemini CLI write them (JSON.stringify's layout), with their own hooks.
const CLAUDE = `${JSON.stringify(
  {
    permissions: { allow: ['Bash(npm test)'], deny: ['Read(.env)'] },
    hooks: {
      PostToolUse: [{ matcher: 'Edit|Write', hooks: [{ type: 'command', command: 'npx prettier --write "$CLAUDE_FILE_PATHS"' }] }],
      PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: './scripts/guard.sh' }] }],
    },
    model: 'opus',
  },
  null,
  4,
)}\n`;
const GEMINI = `${JSON.stringify({ theme: 'GitHub', hooks: { BeforeTool: [{ matcher: 'read_file', hooks: [{ name: 'audit', type: 'command', command: './audit.sh' }] }] } }, null, '\t')}\n`;
const CURSOR = `${JSON.stringify({ version: 1, hooks: { afterFileEdit: [{ command: './hooks/format.sh' }] } }, null, 2)}\n`;

test("init merges into the user's agent files and keeps every setting, hook, order and indentation; uninstall gives the files back byte for byte", () => {
  const repo = nodeRepo();
  repo.write('.claude/settings.json', CLAUDE);
  repo.write('.gemini/settings.json', GEMINI);
  repo.write('.cursor/hooks.json', CURSOR);
  repo.git('add', '-A');
  repo.git('commit', '-qm', 'agent settings');
  const before = snapshot(repo.dir);

  const init = repo.cli(['init']);
  assert.equal(init.code, 0, init.stderr);
  const claude = JSON.parse(read(repo.dir, '.claude/settings.json'));
  assert.deepEqual(Object.keys(claude), ['permissions', 'hooks', 'model'], 'key order kept');
  assert.deepEqual(claude.permissions, { allow: ['Bash(npm test)'], deny: ['Read(.env)'] });
  assert.deepEqual(Object.keys(claude.hooks), ['PostToolUse', 'PreToolUse', 'SessionStart', 'Stop', 'StopFailure', 'SessionEnd']);
  assert.equal(claude.hooks.PreToolUse[0].hooks[0].command, './scripts/guard.sh', "the user's hook stays first");
  assert.equal(claude.hooks.PreToolUse[1].hooks[0].command, agentCommand('claude', 'pre-tool'));
  assert.match(read(repo.dir, '.claude/settings.json'), /^\{\n {4}"permissions"/, 'four-space indent kept');
  assert.match(read(repo.dir, '.gemini/settings.json'), /^\{\n\t"theme"/, 'tab indent kept');
  const gemini = JSON.parse(read(repo.dir, '.gemini/settings.json'));
  assert.equal(gemini.hooks.BeforeTool[0].hooks[0].name, 'audit');
  assert.equal(gemini.hooks.BeforeTool[1].hooks[0].command, agentCommand('gemini', 'pre-tool'));
  const cursor = JSON.parse(read(repo.dir, '.cursor/hooks.json'));
  assert.deepEqual(Object.keys(cursor.hooks), ['afterFileEdit', 'preToolUse', 'sessionStart', 'stop', 'sessionEnd']);
  for (const file of ['.codex/hooks.json', '.github/hooks/plan-hooks.json', '.plan-hooks/agent-hook.sh']) assert.ok(existsSync(join(repo.dir, file)), file);
  assert.match(init.stdout, /update {2}\.claude\/settings\.json \(claude's edit-time hooks; your settings kept\)/);
  assert.match(init.stdout, /git add [^\n]*\.claude\/settings\.json[^\n]*\.plan-hooks\/agent-hook\.sh/);

  // Commands carry no machine's path, no version, no npx.
  for (const file of ['.claude/settings.json', '.codex/hooks.json', '.gemini/settings.json', '.cursor/hooks.json', '.github/hooks/plan-hooks.json']) {
    const ours = [...read(repo.dir, file).matchAll(/"(?:command|bash)": "((?:[^"\\]|\\.)*)"/g)].map((m) => m[1]!).filter((c) => c.includes('agent-hook.sh'));
    // pre-tool and session-start, and the lifecycle events that record the session (docs/rotation.md).
    assert.equal(ours.length, { '.claude/settings.json': 5, '.codex/hooks.json': 3, '.gemini/settings.json': 4, '.cursor/hooks.json': 4, '.github/hooks/plan-hooks.json': 3 }[file], file);
    for (const c of ours) assert.ok(!c.includes(repo.dir) && !c.includes('npx') && !/\d+\.\d+/.test(c), c);
  }

  const again = repo.cli(['init']);
  assert.match(again.stdout, /nothing to change/, 'a second init changes nothing');

  // The state the agents' hooks keep (seen markers, the pre-tool claims cache) goes too.
  mkdirSync(join(repo.dir, '.git/plan-hooks/agents'), { recursive: true });
  writeFileSync(join(repo.dir, '.git/plan-hooks/agents/claims-views.json'), '{}');
  mkdirSync(join(repo.dir, '.git/plan-hooks/sessions'), { recursive: true });
  writeFileSync(join(repo.dir, '.git/plan-hooks/sessions/claude-c-1-x.json'), '{}');
  const un = repo.cli(['uninstall']);
  assert.equal(un.code, 0, un.stderr);
  assert.ok(!existsSync(join(repo.dir, '.git/plan-hooks/agents')), 'the hooks\' state removed');
  assert.ok(!existsSync(join(repo.dir, '.git/plan-hooks/sessions')), 'the sessions recorded removed');
  const afterUninstall = snapshot(repo.dir);
  for (const file of ['.claude/settings.json', '.gemini/settings.json', '.cursor/hooks.json']) {
    assert.equal(read(repo.dir, file), { '.claude/settings.json': CLAUDE, '.gemini/settings.json': GEMINI, '.cursor/hooks.json': CURSOR }[file], file);
  }
  for (const gone of ['.codex', '.github', '.plan-hooks']) assert.ok(!existsSync(join(repo.dir, gone)), `${gone}: created by init, and empty`);
  for (const [path, value] of Object.entries(before)) {
    if (/\.(claude|gemini|cursor)\//.test(path)) assert.equal(afterUninstall[path], value, path);
  }
  repo.remove();
});

test('--agents chooses and is kept in .plan-hooks.json; narrowing it takes the others out; none removes all', () => {
  const repo = nodeRepo();
  repo.write('.github/hooks/mine.json', '{"version":1,"hooks":{}}\n');
  const init = repo.cli(['init', '--agents', 'claude,codex']);
  assert.equal(init.code, 0, init.stderr);
  assert.deepEqual(JSON.parse(read(repo.dir, '.plan-hooks.json')).agents, ['claude', 'codex']);
  assert.ok(existsSync(join(repo.dir, '.claude/settings.json')) && existsSync(join(repo.dir, '.codex/hooks.json')));
  assert.ok(!existsSync(join(repo.dir, '.gemini')) && !existsSync(join(repo.dir, '.cursor')) && !existsSync(join(repo.dir, '.github/hooks/plan-hooks.json')));
  assert.match(repo.cli(['init']).stdout, /nothing to change/, 'the config key keeps the choice');

  const narrow = repo.cli(['init', '--agents', 'codex']);
  assert.equal(narrow.code, 0, narrow.stderr);
  assert.ok(!existsSync(join(repo.dir, '.claude/settings.json')), 'a file init created and no longer uses goes');
  const none = repo.cli(['init', '--agents', 'none']);
  assert.equal(none.code, 0, none.stderr);
  assert.ok(!existsSync(join(repo.dir, '.codex/hooks.json')) && !existsSync(join(repo.dir, '.plan-hooks/agent-hook.sh')));
  assert.equal(read(repo.dir, '.github/hooks/mine.json'), '{"version":1,"hooks":{}}\n', "the user's own hook file is never touched");

  const bad = repo.cli(['init', '--agents', 'claude,aider']);
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /--agents names aider/);
  repo.remove();
});

test('a file that is not JSON is left alone, with a note saying what to add', () => {
  const repo = nodeRepo();
  repo.write('.claude/settings.json', '{ // comments are not JSON\n}\n');
  const init = repo.cli(['init', '--agents', 'claude']);
  assert.equal(init.code, 0, init.stderr);
  assert.equal(read(repo.dir, '.claude/settings.json'), '{ // comments are not JSON\n}\n');
  assert.match(init.stdout, /note: \.claude\/settings\.json is not a JSON object with a "hooks" object, so init did not edit it/);
  repo.remove();
});

test('planning (pure): an entry changed by hand is put back in place; installed, missing and changed are told apart', () => {
  const planned = decideAgentInstall(facts({}), ['claude']);
  const written = planned.actions.find((a) => a.kind === 'write' && a.path.endsWith('.claude/settings.json'));
  assert.ok(written && written.kind === 'write');
  assert.equal(agentState('claude', written.content), 'installed');
  assert.equal(agentState('claude', null), 'missing');
  assert.equal(agentState('claude', '{"hooks":{}}'), 'missing');
  const changed = written.content.replace('claude pre-tool', 'claude pre-tool ').replace('Edit|Write', 'Write');
  assert.equal(agentState('claude', changed), 'changed');
  const fixed = decideAgentInstall(facts({ claude: changed }), ['claude']).actions.find((a) => a.kind === 'write' && a.path.endsWith('settings.json'));
  assert.ok(fixed && fixed.kind === 'write');
  assert.equal(agentState('claude', fixed.content), 'installed');
  assert.equal(JSON.parse(fixed.content).hooks.PreToolUse.length, 1, 'replaced where it was, not added twice');
  assert.equal(agentState('codex', '{'), 'unreadable');
  assert.deepEqual(decideAgentUninstall(facts({ claude: '{"hooks":{"PreToolUse":[]}}\n' })), [], "nothing of plan-hooks' to take out");
  assert.deepEqual(chosenAgents(undefined, null), ['claude', 'codex', 'gemini', 'cursor', 'copilot']);
  assert.deepEqual(chosenAgents(undefined, ['gemini']), ['gemini']);
  assert.deepEqual(chosenAgents('none', ['gemini']), []);
});

test('doctor lists each agent: installed and seen running, installed but never seen, missing', () => {
  const repo = nodeRepo();
  repo.write('.plan-hooks.json', '{"agents":["claude","codex","gemini"]}\n');
  assert.equal(repo.cli(['init']).code, 0);
  repo.write('.gemini/settings.json', '{}\n');
  const payload = JSON.stringify({ session_id: 's', cwd: repo.dir, hook_event_name: 'SessionStart', source: 'startup' });
  spawnSync('sh', ['-c', agentCommand('claude', 'session-start')], { cwd: repo.dir, env: { ...repo.env, CLAUDE_PROJECT_DIR: repo.dir }, input: payload });
  const doctor = repo.cli(['doctor']);
  assert.match(doctor.stdout, /ok {4}claude: \.claude\/settings\.json → plan-hooks \(seen running here at \d{4}-\d\d-\d\dT[\d:.]+Z, session-start\)/);
  assert.match(doctor.stdout, /warn {2}codex: \.codex\/hooks\.json → plan-hooks, installed but never seen running in this worktree\.\n {8}fix: start Codex here, trust the project/);
  assert.match(doctor.stdout, /warn {2}gemini: plan-hooks' hooks are not in \.gemini\/settings\.json/);
  assert.doesNotMatch(doctor.stdout, /cursor|copilot/, 'agents left out are not reported');
  repo.remove();
});
