// The rotation's pure decisions (src/core/claim-state.ts, src/core/handover.ts, the transition
// rule) as tables, and the session store (src/sessions/store.ts): a cache, never a witness.
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { type SessionFact, disputedEnd, holderState } from '../../src/core/claim-state.js';
import { addedHandovers, handoverOf } from '../../src/core/handover.js';
import { checkTransitions } from '../../src/core/transitions.js';
import { MAX_SESSIONS, noteSessionClaim, parseRecord, pruneSessions, readCommitting, readSessions, recordClaiming, recordCommitting, sessionClaims, sessionFile, sessionsDir, touchSession } from '../../src/sessions/store.js';
import { claimed, plan } from '../fixtures/plans.js';
import { removeDir } from '../fixtures/remove-dir.js';

const NOW = new Date('2026-03-10T12:00:00Z');
const ago = (min: number) => new Date(NOW.getTime() - min * 60_000).toISOString();
const session = (over: Partial<SessionFact>): SessionFact => ({ agent: 'claude', id: 'c-1', worktree: '/w', started: ago(120), lastSeen: ago(1), ended: null, why: null, reopened: [], ...over });
const state = (sessions: SessionFact[], stale = false) => holderState({ holder: 'claude', stale, sessions, now: NOW, idleAfterMinutes: 30, aliases: { claude: ['claude-code'] } });

describe('holderState', () => {
  test('live while a session was seen within the window; paused when every one ended or went idle; unknown with none; stale first', () => {
    assert.equal(state([session({})]).state, 'live');
    assert.equal(state([session({ agent: 'claude' })]).agent, 'claude');
    assert.deepEqual([state([session({ lastSeen: ago(31) })]).state, state([session({ lastSeen: ago(31) })]).why], ['paused', 'idle']);
    assert.deepEqual([state([session({ ended: ago(2), why: 'rate_limit' })]).state, state([session({ ended: ago(2), why: 'rate_limit' })]).why], ['paused', 'rate_limit']);
    assert.equal(state([session({ ended: ago(2), why: 'exit' }), session({ id: 'c-2', lastSeen: ago(5) })]).state, 'live', 'one live session of the holder keeps it live');
    assert.equal(state([session({ agent: 'codex' })]).state, 'unknown', "another agent's session says nothing of claude");
    assert.equal(state([]).state, 'unknown');
    assert.equal(state([session({})], true).state, 'stale');
  });

  test('disputedEnd: the session acted again within the window after the end the continuation cites', () => {
    const cited = { agent: 'claude', id: 'c-1', ended: ago(10) };
    assert.equal(disputedEnd([session({ reopened: [{ ended: ago(10), why: 'rate_limit', at: ago(8) }] })], cited, 30), ago(8));
    assert.equal(disputedEnd([session({ reopened: [{ ended: ago(10), why: 'rate_limit', at: ago(8) }] })], cited, 1), null, 'back after the window: a real return');
    assert.equal(disputedEnd([session({ reopened: [{ ended: ago(20), why: 'exit', at: ago(19) }] })], cited, 30), null, 'another end');
    assert.equal(disputedEnd([], cited, 30), null);
  });
});

describe('handover records and the transition rule', () => {
  const before = plan('export', [claimed('t', 'claude', ['src/x.ts'])]);
  const record = (over: Record<string, unknown> = {}) => ({ kind: 'continue', task: 'export/t', from: 'claude', to: 'codex', by: 'codex', at: ago(0), stopped: { why: 'rate_limit', at: ago(5) }, ...over });
  const moved = (rec: unknown) => {
    const after = structuredClone(before);
    after.workItems[0]!.tasks[0]!.claimedBy = 'codex';
    if (rec) after.workItems[0]!.log.push({ date: ago(0), summary: 'continued', agent: 'codex', metadata: { planHooks: { handover: rec } } });
    return after;
  };
  const ctx = (over: Record<string, unknown> = {}) => ({ file: 'docs/export-plan.json', identity: 'codex', aliases: {}, now: NOW, staleAfterHours: 24, ...over });

  test('untrusted records: a wrong kind or a missing field is none', () => {
    assert.equal(handoverOf({ metadata: { planHooks: { handover: record({ kind: 'steal' }) } } }), null);
    assert.equal(handoverOf({ metadata: { planHooks: { handover: record({ from: 7 }) } } }), null);
    assert.equal(handoverOf({ metadata: 'x' }), null);
    assert.equal(handoverOf({ metadata: { planHooks: { handover: record() } } })?.to, 'codex');
  });

  test('only a record this change appends counts', () => {
    assert.equal(addedHandovers(before, moved(record())).length, 1);
    assert.equal(addedHandovers(moved(record()), moved(record())).length, 0);
  });

  test('a live claim moved without a record is refused; with the successor\'s record it stands; a continuation of a live holder is refused where sessions are known', () => {
    assert.deepEqual(checkTransitions(before, moved(null), ctx()).map((p) => p.rule), ['transition-claim-moved']);
    assert.deepEqual(checkTransitions(before, moved(record()), ctx()), []);
    assert.deepEqual(checkTransitions(before, moved(record()), ctx({ identity: 'gemini' })).map((p) => p.rule), ['transition-claim-moved'], 'a record naming someone else than the committer');
    assert.deepEqual(checkTransitions(before, moved(record({ from: 'alice' })), ctx()).map((p) => p.rule), ['transition-claim-moved'], 'a record from another holder');
    const sessions = [session({})];
    assert.deepEqual(checkTransitions(before, moved(record()), ctx({ sessions, idleAfterMinutes: 30 })).map((p) => p.rule), ['transition-continued-live']);
    assert.deepEqual(checkTransitions(before, moved(record()), ctx({ sessions: [session({ ended: ago(3), why: 'rate_limit' })], idleAfterMinutes: 30 })), []);
  });

  test("a person's handover stands for a person's identity and is refused for an agent's", () => {
    const rec = record({ kind: 'handover', by: 'Pat' });
    assert.deepEqual(checkTransitions(before, moved(rec), ctx({ identity: 'Pat', identitySource: 'git-author' })), []);
    assert.deepEqual(checkTransitions(before, moved(record({ kind: 'handover', by: 'codex' })), ctx({ identitySource: 'agent-marker' })).map((p) => p.rule), ['transition-handover-by-agent']);
  });
});

describe('the session store', () => {
  const common = () => mkdtempSync(join(tmpdir(), 'plan-hooks-sessions-'));

  test('touch, end, act again: started kept, ended and why recorded, the contradicted end kept in reopened', () => {
    const dir = common();
    try {
      const at = (min: number) => new Date(NOW.getTime() + min * 60_000);
      touchSession(dir, { agent: 'claude', id: 'c-1', worktree: '/w', now: at(0) }, { kind: 'seen' });
      touchSession(dir, { agent: 'claude', id: 'c-1', worktree: '/w', now: at(1) }, { kind: 'ended', why: 'rate_limit' });
      let [r] = readSessions(dir);
      assert.equal(r!.started, at(0).toISOString());
      assert.equal(r!.ended, at(1).toISOString());
      assert.equal(r!.why, 'rate_limit');
      const back = touchSession(dir, { agent: 'claude', id: 'c-1', worktree: '/w', now: at(2) }, { kind: 'seen' });
      assert.deepEqual(back.reopened, { ended: at(1).toISOString(), why: 'rate_limit' });
      [r] = readSessions(dir);
      assert.equal(r!.ended, null);
      assert.deepEqual(r!.reopened, [{ ended: at(1).toISOString(), why: 'rate_limit', at: at(2).toISOString() }]);
    } finally {
      removeDir(dir);
    }
  });

  test('a cache, never a witness: damaged, oversized or foreign files are no session; ids are bounded file names', () => {
    const dir = common();
    try {
      mkdirSync(sessionsDir(dir), { recursive: true });
      writeFileSync(join(sessionsDir(dir), 'claude-x.json'), '{"v":1,"agent":"claude"');
      writeFileSync(join(sessionsDir(dir), 'claude-y.json'), JSON.stringify({ v: 1, agent: 'claude', id: 'y', worktree: '/w', started: 'not a time', lastSeen: 'x' }));
      writeFileSync(join(sessionsDir(dir), 'claude-z.json'), 'x'.repeat(10_000));
      assert.deepEqual(readSessions(dir), []);
      assert.equal(parseRecord('[]'), null);
      const file = sessionFile(dir, 'claude', '../../etc/passwd\n'.repeat(20));
      assert.ok(file.startsWith(sessionsDir(dir)) && !file.slice(sessionsDir(dir).length + 1).includes('/'), file);
      assert.deepEqual(readSessions(join(dir, 'missing')), []);
    } finally {
      removeDir(dir);
    }
  });

  test('one writer: sessions, committing and claiming records each make their directory on first write and leave no temporary file; where nothing can be written, nothing is recorded and nothing throws', () => {
    const dir = common();
    const blocked = common();
    try {
      const seen = { agent: 'claude', id: 'c-1', worktree: '/w', now: NOW };
      touchSession(dir, seen, { kind: 'seen' });
      recordCommitting(dir, { agent: 'claude', session: 'c-1', worktree: '/w', at: NOW.toISOString(), ops: ['commit'] });
      recordClaiming(dir, { agent: 'claude', session: 'c-1', worktree: '/w', at: NOW.toISOString() });
      assert.equal(readSessions(dir).length, 1);
      assert.equal(readCommitting(dir, '/w', NOW.getTime())?.agent, 'claude');
      assert.equal(noteSessionClaim(dir, '/w', 'T1', NOW.getTime(), () => true), 'claude');
      assert.deepEqual(sessionClaims(dir, 'claude', 'c-1'), ['T1']);
      const files = readdirSync(join(dir, 'plan-hooks'), { recursive: true, encoding: 'utf8' });
      assert.deepEqual(files.filter((f) => f.endsWith('.tmp')), []);
      assert.deepEqual(files.filter((f) => !f.endsWith('.json')).sort(), ['claiming', 'committing', 'sessions']);
      // A file where the directory should be: mkdir fails even for root, as a read-only git dir would.
      writeFileSync(join(blocked, 'plan-hooks'), '');
      touchSession(blocked, seen, { kind: 'seen' });
      recordCommitting(blocked, { agent: 'claude', session: 'c-1', worktree: '/w', at: NOW.toISOString(), ops: ['commit'] });
      recordClaiming(blocked, { agent: 'claude', session: 'c-1', worktree: '/w', at: NOW.toISOString() });
      assert.deepEqual(readSessions(blocked), []);
      assert.equal(readCommitting(blocked, '/w', NOW.getTime()), null);
      assert.equal(noteSessionClaim(blocked, '/w', 'T1', NOW.getTime(), () => true), null);
      assert.deepEqual(readdirSync(blocked), ['plan-hooks']);
    } finally {
      removeDir(dir);
      removeDir(blocked);
    }
  });

  test('bounded: pruning keeps the newest MAX_SESSIONS', () => {
    const dir = common();
    try {
      for (let i = 0; i < MAX_SESSIONS + 5; i++) touchSession(dir, { agent: 'codex', id: `s-${i}`, worktree: '/w', now: NOW }, { kind: 'seen' });
      pruneSessions(dir);
      assert.equal(readdirSync(sessionsDir(dir)).length, MAX_SESSIONS);
    } finally {
      removeDir(dir);
    }
  });
});
