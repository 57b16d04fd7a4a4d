// The pure decisions of signed identity (src/core/signing.ts): what git's %G? says becomes a
// signature fact only against the base's allowed signers; a good signature's principal is the
// commit's identity and a record or author contradicting it is named; only signing.require
// refuses, and then only a contradiction or an unverified commit touching claimed paths; whose
// key the signing program picks. Through real git and ssh-keygen: test/identity/signing.test.ts.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  agentKeyName,
  allowedPrincipals,
  allowedSignersLine,
  commitBufferFacts,
  judgeSignature,
  keyChoice,
  keysDirOf,
  listsKey,
  signatureFacts,
  signingRefused,
} from '../../src/core/signing.js';
import { isAgentName } from '../../src/core/identity.js';
import { DEFAULT_CONFIG } from '../../src/config/config.js';

const KEY = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIB0000000000000000000000000000000000000000000 plan-hooks agent claude';
const aliases = DEFAULT_CONFIG.aliases;
const agentName = (n: string) => isAgentName(n, DEFAULT_CONFIG);
const author = { name: 'Test Author', email: 'author@example.com' };
const good = (principal: string) => signatureFacts('G', principal, 'SHA256:abc', ['claude', 'codex', 'author@example.com']);

test('signatureFacts: only G by a listed principal is good; U, B, N, E are what they are', () => {
  assert.deepEqual(good('claude'), { status: 'good', principal: 'claude', key: 'SHA256:abc' });
  // A GPG signature good by some keyring names a user id the allowed signers do not list.
  assert.equal(signatureFacts('G', 'GitHub <noreply@github.com>', 'ABC', ['claude']).status, 'unknown-key');
  assert.equal(signatureFacts('U', '', 'SHA256:x', ['claude']).status, 'unknown-key');
  assert.equal(signatureFacts('B', '', '', ['claude']).status, 'bad');
  assert.equal(signatureFacts('N', '', '', ['claude']).status, 'none');
  assert.equal(signatureFacts('E', '', 'SHA256:x', ['claude']).status, 'unverifiable');
});

test('allowed signers: principals listed (no patterns), a line in ssh-keygen format, a key already listed whatever its comment', () => {
  const text = `# people and agents\n${allowedSignersLine('claude', KEY)}\nalice@example.com,bob@example.com namespaces="git" ssh-ed25519 AAAA2\n*@evil namespaces="git" ssh-ed25519 AAAA3\n`;
  assert.deepEqual(allowedPrincipals(text), ['claude', 'alice@example.com', 'bob@example.com']);
  assert.match(allowedSignersLine('claude', KEY), /^claude namespaces="git" ssh-ed25519 AAAA\S+ plan-hooks agent claude$/);
  assert.equal(listsKey(text, 'claude', KEY.replace('plan-hooks agent claude', 'other comment')), true);
  assert.equal(listsKey(text, 'codex', KEY), false);
});

test("judgeSignature: an agent's good signature is the identity; a trailer or an agent author naming another contradicts it", () => {
  assert.deepEqual(judgeSignature({ signature: good('claude'), recorded: 'claude', author, aliases, isAgentName: agentName }), { outcome: { kind: 'verified', principal: 'claude', person: false }, name: 'claude' });
  // An alias is the same agent.
  assert.equal(judgeSignature({ signature: good('claude'), recorded: 'claude-code', author, aliases, isAgentName: agentName }).outcome.kind, 'verified');
  const forged = judgeSignature({ signature: good('claude'), recorded: 'codex', author, aliases, isAgentName: agentName });
  assert.deepEqual(forged, { outcome: { kind: 'contradicted', principal: 'claude', person: false, recorded: 'codex', by: 'trailer' }, name: 'claude' });
  assert.equal(judgeSignature({ signature: good('claude'), recorded: null, author: { name: 'codex', email: 'x@y' }, aliases, isAgentName: agentName }).outcome.kind, 'contradicted');
  // A person's name as the author of an agent's signed commit is the usual case (agents commit as the person's git user).
  assert.equal(judgeSignature({ signature: good('claude'), recorded: null, author, aliases, isAgentName: agentName }).outcome.kind, 'verified');
});

test("judgeSignature: a person's good signature keeps the author's identity; an agent record or another author's email contradicts it", () => {
  assert.deepEqual(judgeSignature({ signature: good('author@example.com'), recorded: null, author, aliases, isAgentName: agentName }), { outcome: { kind: 'verified', principal: 'author@example.com', person: true }, name: null });
  assert.equal(judgeSignature({ signature: good('author@example.com'), recorded: 'codex', author, aliases, isAgentName: agentName }).outcome.kind, 'contradicted');
  assert.equal(judgeSignature({ signature: good('author@example.com'), recorded: null, author: { name: 'Mallory', email: 'm@example.com' }, aliases, isAgentName: agentName }).outcome.kind, 'contradicted');
});

test('signingRefused: nothing without signing.require; with it, a contradiction, or an unverified commit that touches claimed paths', () => {
  const unsigned = judgeSignature({ signature: signatureFacts('N', '', '', []), recorded: 'codex', author, aliases, isAgentName: agentName }).outcome;
  const contradicted = judgeSignature({ signature: good('claude'), recorded: 'codex', author, aliases, isAgentName: agentName }).outcome;
  const verified = judgeSignature({ signature: good('codex'), recorded: 'codex', author, aliases, isAgentName: agentName }).outcome;
  assert.equal(signingRefused(unsigned, false, ['src/a.ts']), false);
  assert.equal(signingRefused(contradicted, false, ['src/a.ts']), false);
  assert.equal(signingRefused(unsigned, true, ['src/a.ts']), true);
  assert.equal(signingRefused(unsigned, true, []), false);
  assert.equal(signingRefused(contradicted, true, []), true);
  assert.equal(signingRefused(verified, true, ['src/a.ts']), false);
});

test("keyChoice: the sealed record's agent unless the session names another; the session's agent without one; else the person", () => {
  assert.deepEqual(keyChoice({ recorded: 'claude', session: null, aliases }), { kind: 'agent', name: 'claude' });
  assert.deepEqual(keyChoice({ recorded: 'claude', session: 'claude-code', aliases }), { kind: 'agent', name: 'claude' });
  assert.deepEqual(keyChoice({ recorded: 'codex', session: 'claude', aliases }), { kind: 'refuse', recorded: 'codex', session: 'claude' });
  assert.deepEqual(keyChoice({ recorded: null, session: 'claude', aliases }), { kind: 'agent', name: 'claude' });
  assert.deepEqual(keyChoice({ recorded: null, session: null, aliases }), { kind: 'person' });
});

test('key names and places: canonical agent names, nothing that leaves the directory; XDG_CONFIG_HOME, else ~/.config', () => {
  assert.equal(agentKeyName('Claude-Code', aliases), 'claude');
  assert.equal(agentKeyName('../codex', aliases), null);
  assert.equal(agentKeyName('a/b', aliases), null);
  assert.equal(keysDirOf({ XDG_CONFIG_HOME: '/x/cfg', HOME: '/home/u' }), '/x/cfg/plan-hooks/keys');
  assert.equal(keysDirOf({ HOME: '/home/u' }), '/home/u/.config/plan-hooks/keys');
  assert.equal(keysDirOf({ XDG_CONFIG_HOME: 'relative' }), null);
});

test("commitBufferFacts: the tree and the Plan-Agent trailers of the message's last paragraph", () => {
  const tree = 'a'.repeat(40);
  const buf = `tree ${tree}\nparent ${'b'.repeat(40)}\nauthor A <a@x> 1 +0000\ncommitter A <a@x> 1 +0000\n\nsubject\n\nbody says Plan-Agent: no\n\nPlan-Task: t\nPlan-Agent: claude (agent-marker) 0123456789abcdef\n`;
  assert.deepEqual(commitBufferFacts(buf), { tree, agentTrailers: ['claude (agent-marker) 0123456789abcdef'] });
  assert.deepEqual(commitBufferFacts(`tree ${tree}\n\nsubject only\n`), { tree, agentTrailers: [] });
});

test('the report and the job summary list a signed identity as verified; the allowed signers are a person-only file', async () => {
  const { summaryText, rangeMarkdown } = await import('../../src/check/summary.js');
  const { installedPath, ownPart } = await import('../../src/core/person-only.js');
  const s = {
    checked: 2,
    unverified: [{ commit: 'b'.repeat(40), subject: 'hookless', name: 'codex', evidence: 'recorded' as const }],
    overrides: [],
    commits: [
      { commit: 'a'.repeat(40), subject: 'signed', name: 'claude', allowed: true, withoutHooks: false, signedBy: 'claude' },
      { commit: 'b'.repeat(40), subject: 'hookless', name: 'codex', allowed: true, withoutHooks: false },
    ],
    verified: [{ commit: 'a'.repeat(40), subject: 'signed', principal: 'claude' }],
  };
  assert.match(summaryText(s), /Identities verified by signature \(1 of 2 commits\)[\s\S]*aaaaaaaaaaaa signed: claude, verified \(signed\)[\s\S]*Identities not verified \(1 of 2 commits\)/);
  assert.match(rangeMarkdown(s), /`aaaaaaaaaaaa` signed: \*\*claude\*\*, allowed, verified: signed by claude\n- `bbbbbbbbbbbb` hookless: \*\*codex\*\*, allowed\n/);
  assert.equal(installedPath('.plan-hooks/allowed-signers'), true);
  assert.notEqual(ownPart('.plan-hooks/allowed-signers', 'claude namespaces="git" ssh-ed25519 A\n'), ownPart('.plan-hooks/allowed-signers', 'claude namespaces="git" ssh-ed25519 A\nx namespaces="git" ssh-ed25519 B\n'));
});
