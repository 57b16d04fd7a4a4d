// The pure decision on overrides (src/core/overrides.ts): a person's PLAN_HOOKS=0 or
// PLAN_HOOKS_SKIP goes on, an agent session's is refused with what shows the session, and a
// recorded skip counts in CI only where the base allows skips. Through real commits:
// test/rotation/overrides.test.ts.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { decideOverride, overriddenChecks, overrideIn, recordedSkipsJudged } from '../../src/core/overrides.js';

const person = { markers: [], hook: null };

test('overrideIn reads PLAN_HOOKS=0 and the known checks PLAN_HOOKS_SKIP names; unknown names are no override', () => {
  assert.deepEqual(overrideIn({}), { off: false, skipped: [] });
  assert.deepEqual(overrideIn({ PLAN_HOOKS: '0', PLAN_HOOKS_SKIP: 'Claims, plans' }), { off: true, skipped: ['claims', 'plans'] });
  assert.deepEqual(overrideIn({ PLAN_HOOKS: '2', PLAN_HOOKS_SKIP: 'everything' }), { off: false, skipped: [] });
  assert.deepEqual(overriddenChecks({ off: true, skipped: [] }), ['plans', 'transitions', 'claims']);
});

test("decideOverride: nothing asked, a person's (honoured), an agent session's (refused, by marker or by the hook's record)", () => {
  assert.deepEqual(decideOverride({ off: false, skipped: [] }, { markers: [{ variable: 'CLAUDECODE', name: 'claude' }], hook: null }), { kind: 'none' });
  assert.equal(decideOverride({ off: true, skipped: [] }, person).kind, 'person');
  assert.equal(decideOverride({ off: false, skipped: ['claims'] }, person).kind, 'person');
  assert.deepEqual(decideOverride({ off: false, skipped: ['claims'] }, { markers: [{ variable: 'COPILOT_GITHUB_TOKEN', name: 'github-copilot' }], hook: null }), {
    kind: 'refused',
    override: { off: false, skipped: ['claims'] },
    // The variable is named, never its value (a token).
    evidence: ['COPILOT_GITHUB_TOKEN (github-copilot)'],
  });
  const byHook = decideOverride({ off: true, skipped: [] }, { markers: [], hook: { agent: 'claude', detail: 'the claude agent hook (session s-1)' } });
  assert.deepEqual(byHook.kind === 'refused' ? byHook.evidence : null, ['the claude agent hook (session s-1)']);
});

test('recordedSkipsJudged: honoured only where the base allows skips', () => {
  assert.deepEqual(recordedSkipsJudged(['claims'], true), { honoured: ['claims'], refused: [] });
  assert.deepEqual(recordedSkipsJudged(['claims', 'plans'], false), { honoured: [], refused: ['claims', 'plans'] });
  assert.deepEqual(recordedSkipsJudged([], false), { honoured: [], refused: [] });
});
