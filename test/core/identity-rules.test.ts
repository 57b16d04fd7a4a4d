// The pure rules of who is committing (src/core/identity.ts): the order of the sources, a branch's
// holder, the agent markers and a declaration they contradict; through whoami and commits:
// test/core/identity.test.ts.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { branchHolder, identityConflict, markersIn, pickIdentity } from '../../src/core/identity.js';
import { DEFAULT_CONFIG } from '../../src/config/config.js';
import { open } from '../fixtures/plans.js';

test('pickIdentity and branchHolder (pure)', () => {
  const config = DEFAULT_CONFIG;
  const base = { env: {}, configAgent: null, branchHolder: null, authorName: null, config };
  assert.equal(pickIdentity(base).name, 'unknown');
  assert.equal(pickIdentity({ ...base, env: { CODEX_SANDBOX: 'seatbelt' } }).name, 'codex');
  const claims = [
    { task: 'p/a', holder: 'claude', branch: 'b1' },
    { task: 'p/b', holder: 'claude-code', branch: 'b1' },
    { task: 'p/c', holder: 'codex', branch: 'b2' },
    { task: 'p/d', holder: 'gemini', branch: 'b2' },
  ];
  assert.deepEqual(branchHolder(claims, 'b1', config.aliases), { name: 'claude', task: 'p/a' });
  assert.equal(branchHolder(claims, 'b2', config.aliases), null, 'different holders: ambiguous');
  assert.equal(branchHolder(claims, null, config.aliases), null);
  assert.ok(open('x', []));
});

test('pure: markersIn reads the configured and @vercel/detect-agent markers; identityConflict', () => {
  const config = DEFAULT_CONFIG;
  assert.deepEqual(markersIn({ CLAUDECODE: '1', CODEX_THREAD_ID: 'x', OPENCODE: '0' }, config).map((m) => m.name), ['claude', 'codex']);
  assert.deepEqual(markersIn({ OPENCODE: '1', AI_AGENT: 'aider' }, config).map((m) => m.name), ['aider', 'opencode']);
  const declared = { name: 'codex', source: 'env' as const, detail: 'PLAN_HOOKS_AGENT' };
  assert.ok(identityConflict(declared, markersIn({ CLAUDECODE: '1' }, config), config.aliases));
  assert.equal(identityConflict(declared, [], config.aliases), null);
  assert.equal(identityConflict({ ...declared, source: 'git-author' }, markersIn({ CLAUDECODE: '1' }, config), config.aliases), null);
});

test('markersConflict and an author name of another agent (pure): markers of two agents contradict; one agent’s own markers and a person’s name do not', async () => {
  const { markersConflict, isAgentName } = await import('../../src/core/identity.js');
  const config = DEFAULT_CONFIG;
  const stacked = markersConflict(markersIn({ CLAUDECODE: '1', CODEX_SANDBOX: '1' }, config), config.aliases);
  assert.deepEqual(stacked && { stacked: stacked.stacked, declared: stacked.declared.name, markers: stacked.markers.map((m) => m.variable) }, { stacked: true, declared: 'claude', markers: ['CLAUDECODE', 'CODEX_SANDBOX'] });
  assert.equal(markersConflict(markersIn({ CLAUDECODE: '1', CLAUDE_CODE_ENTRYPOINT: 'cli', CLAUDE_CODE: '1' }, config), config.aliases), null);
  assert.equal(markersConflict([], config.aliases), null);
  const claude = markersIn({ CLAUDECODE: '1' }, config);
  const author = { name: 'Test Author', source: 'git-author' as const, detail: 'git config user.name' };
  assert.equal(identityConflict(author, claude, config.aliases, 'codex', config)?.declared.name, 'codex');
  assert.equal(identityConflict(author, claude, config.aliases, 'claude-code', config), null);
  assert.equal(identityConflict(author, claude, config.aliases, 'Alice', config), null);
  assert.equal(identityConflict(author, [], config.aliases, 'codex', config), null);
  assert.ok(isAgentName('github-copilot', config) && isAgentName('Codex', config) && !isAgentName('alice', config));
});
