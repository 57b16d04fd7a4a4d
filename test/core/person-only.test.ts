// The person-only rule (src/core/person-only.ts), pure: which settings only a person changes, whose
// identity is an agent's, and the refusal it makes.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEFAULT_CONFIG } from '../../src/config/config.js';
import { FREE_SETTINGS, configDifferences, isAgentIdentity, personOnlyKeys, personOnlySettingsRefusal } from '../../src/core/person-only.js';
import type { Identity } from '../../src/core/identity.js';

const agent: Identity = { name: 'claude', source: 'agent-marker', detail: 'environment variable CLAUDECODE' };
const person: Identity = { name: 'Ada Lovelace', source: 'git-author', detail: 'git config user.name' };
const change = (keys: string[], problem: string | null = null) => ({ file: '.plan-hooks.json', keys, problem });

test('every setting but entryFiles, notes and claimPush is a person’s, a key added later too', () => {
  assert.deepEqual([...FREE_SETTINGS], ['entryFiles', 'notes', 'claimPush']);
  const keys = ['agentMarkers.HOME', 'aliases.claude', 'checks.claims', 'plans', 'trailer', 'noVerify', 'staleAfterHours', 'baseBranch', 'remoteClaims.days', 'agents', 'idleAfterMinutes', 'strict', 'allowSkips'];
  assert.deepEqual(personOnlyKeys([...keys, 'entryFiles', 'notes', 'claimPush']), keys);
  assert.deepEqual(configDifferences(DEFAULT_CONFIG, { ...DEFAULT_CONFIG, agentMarkers: { ...DEFAULT_CONFIG.agentMarkers, HOME: 'codex' }, notes: true }), ['agentMarkers.HOME', 'notes']);
});

test('an identity is an agent’s unless it is the git author’s with a name no agent goes by, author or co-author', () => {
  for (const source of ['agent-hook', 'agent-marker', 'env', 'git-config', 'option', 'branch'] as const) assert.ok(isAgentIdentity({ name: 'ada', source }, DEFAULT_CONFIG), source);
  assert.ok(!isAgentIdentity(person, DEFAULT_CONFIG));
  assert.ok(isAgentIdentity({ name: 'Codex', source: 'git-author' }, DEFAULT_CONFIG), 'detect-agent’s and the markers’ names');
  assert.ok(isAgentIdentity({ name: 'claude-code', source: 'git-author' }, DEFAULT_CONFIG), 'an alias');
  assert.ok(isAgentIdentity({ name: 'mine', source: 'git-author' }, { ...DEFAULT_CONFIG, agentMarkers: { MY_AGENT: 'mine' } }), 'the configuration’s own marker');
  assert.ok(isAgentIdentity(person, DEFAULT_CONFIG, ['Claude <noreply@anthropic.com>']), 'a co-author that is an agent');
  assert.ok(!isAgentIdentity(person, DEFAULT_CONFIG, ['Grace Hopper <grace@example.com>']));
  // A client's words and GitHub's [bot] fold to the agent, for a co-author as for an author; whole words only.
  for (const name of ['Codex CLI', 'codex[bot]', 'Claude Code', 'gemini-cli', 'GitHub Copilot', 'claude-code[bot]']) {
    assert.ok(isAgentIdentity(person, DEFAULT_CONFIG, [`${name} <bot@example.com>`]), `co-author ${name}`);
    assert.ok(isAgentIdentity({ name, source: 'git-author' }, DEFAULT_CONFIG), `author ${name}`);
  }
  for (const name of ['Claude Monet', 'Codexa', 'Bot', 'cli']) assert.ok(!isAgentIdentity(person, DEFAULT_CONFIG, [`${name} <p@example.com>`]), `a person: ${name}`);
  assert.ok(!isAgentIdentity({ name: 'aider', source: 'git-author' }, DEFAULT_CONFIG), '"$AI_AGENT" names no agent by itself');
});

test('an agent’s change of a person-only setting, or of the configuration into one that does not load, is refused; a person’s and a free one are not', () => {
  const refusal = personOnlySettingsRefusal({ identity: agent, config: DEFAULT_CONFIG, change: change(['notes', 'agentMarkers.HOME']) });
  assert.equal(refusal?.rule, 'person-only-settings');
  assert.equal(refusal?.severity, 'error');
  assert.match(refusal!.message, /changes agentMarkers\.HOME in \.plan-hooks\.json/);
  assert.doesNotMatch(refusal!.message, /notes/);
  assert.match(refusal!.fix, /a person makes the change/);
  assert.match(personOnlySettingsRefusal({ identity: agent, config: DEFAULT_CONFIG, change: change([], 'bad JSON') })!.message, /unreadable \(bad JSON\)/);
  assert.equal(personOnlySettingsRefusal({ identity: person, config: DEFAULT_CONFIG, change: change(['checks.claims']) }), null);
  assert.equal(personOnlySettingsRefusal({ identity: agent, config: DEFAULT_CONFIG, change: change(['notes', 'claimPush', 'entryFiles']) }), null);
  assert.equal(personOnlySettingsRefusal({ identity: agent, config: DEFAULT_CONFIG, change: null }), null);
});

test('plan-hooks’ own part of an installed file: the section, not the file', async () => {
  const { ownPart, installedPath, personOnlyFilesRefusal } = await import('../../src/core/person-only.js');
  const { upsertSection } = await import('../../src/lib/marked-sections.js');
  const { SHELL_MARKERS } = await import('../../src/core/install/sections.js');
  const { addLefthookCommand, addSimpleGitHooksCommand } = await import('../../src/core/install/managers.js');
  const husky = (user: string, before = '') => `${before}${upsertSection(`${user}\n`, SHELL_MARKERS, '(. plan-hooks.sh)')}`;
  assert.equal(ownPart('.husky/pre-commit', husky('npx lint-staged')), ownPart('.husky/pre-commit', husky('npm test')), 'the user’s line is the user’s');
  assert.notEqual(ownPart('.husky/pre-commit', husky('x')), ownPart('.husky/pre-commit', husky('x', 'exit 0\n')), 'an exit before the section stops it');
  assert.notEqual(ownPart('.husky/pre-commit', husky('x')), ownPart('.husky/pre-commit', 'x\n'));
  assert.ok(!installedPath('.husky/_/pre-commit') && installedPath('.husky/pre-push') && installedPath('.plan-hooks/plan-hooks.sh') && !installedPath('src/a.ts'));
  const lefthook = addLefthookCommand('pre-commit:\n  commands:\n    lint:\n      run: npm run lint\n', 'pre-commit');
  assert.equal(ownPart('lefthook.yml', lefthook), ownPart('lefthook.yml', `${lefthook}pre-push:\n  commands:\n    t:\n      run: npm test\n`));
  assert.equal(ownPart('lefthook.yml', 'pre-commit:\n  commands:\n    lint:\n      run: npm run lint\n'), '');
  const pkg = (cmd: string, extra = {}) => JSON.stringify({ name: 'x', ...extra, 'simple-git-hooks': { 'pre-commit': cmd } });
  const ours = addSimpleGitHooksCommand('npm test', 'pre-commit');
  assert.equal(ownPart('package.json', pkg(ours)), ownPart('package.json', pkg(ours, { scripts: { a: 'b' } })));
  assert.notEqual(ownPart('package.json', pkg(ours)), ownPart('package.json', pkg('npm test')));
  assert.notEqual(ownPart('package.json', pkg(ours)), ownPart('package.json', pkg(`exit 0; ${ours}`)));
  const settings = (extra = {}) => JSON.stringify({ ...extra, hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'sh .plan-hooks/agent-hook.sh claude pre-tool' }] }, { matcher: 'Bash', hooks: [{ type: 'command', command: 'mine' }] }] } });
  assert.equal(ownPart('.claude/settings.json', settings()), ownPart('.claude/settings.json', settings({ permissions: {} })));
  assert.notEqual(ownPart('.claude/settings.json', settings()), ownPart('.claude/settings.json', settings({ disableAllHooks: true })));
  assert.notEqual(ownPart('.claude/settings.json', settings()), ownPart('.claude/settings.json', '{ not json'));
  const files = [{ path: '.plan-hooks/plan-hooks.sh', before: 'run\n', after: 'exit 0\n' }];
  assert.match(personOnlyFilesRefusal({ identity: agent, config: DEFAULT_CONFIG, files })!.fix, /uninstall/);
  assert.equal(personOnlyFilesRefusal({ identity: person, config: DEFAULT_CONFIG, files }), null);
  assert.equal(personOnlyFilesRefusal({ identity: agent, config: DEFAULT_CONFIG, files: [{ path: 'package.json', before: pkg(ours), after: pkg(ours, { version: '2.0.0' }) }] }), null);
});
