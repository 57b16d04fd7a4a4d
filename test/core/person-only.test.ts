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
