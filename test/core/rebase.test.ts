// The rebase rule's witness (src/core/rebase.ts): a commit the remote has with the same patch-id
// stands for a refused one only if it was judged under the refusing claim, or is older than the
// claim on the same line of history.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ClaimHit, LiveClaim } from '../../src/core/claims.js';
import { type EarlierCommit, holdsClaim, rebaseWitness } from '../../src/core/rebase.js';

const claim = (holder: string, since: string | null, task = 'api/endpoints'): LiveClaim => ({
  task,
  file: 'docs/api-plan.json',
  holder,
  since,
  files: ['src/api'],
  stale: false,
  source: { kind: 'head', label: 'HEAD' },
  branch: null,
});
const codex = claim('codex', '2026-03-10T10:00:00Z');
const refusals: ClaimHit[] = [{ path: 'src/api/a.ts', claim: codex, pattern: 'src/api' }];
const earlier = (extra: Partial<EarlierCommit>): EarlierCommit => ({ allowed: true, claims: [], fork: { claims: [] }, ...extra });

test('an earlier commit older than the claim on the same line of history stands for the rebased one (an honest rebase or cherry-pick)', () => {
  assert.deepEqual(rebaseWitness(refusals, earlier({}), {}), { accepted: true });
});

test('an earlier commit judged under the same claim (or the holder’s older one) stands for it', () => {
  assert.deepEqual(rebaseWitness(refusals, earlier({ claims: [codex], fork: null }), {}), { accepted: true });
  assert.deepEqual(rebaseWitness(refusals, earlier({ claims: [claim('Codex', '2026-03-09T10:00:00Z')], fork: null }), {}), { accepted: true });
  assert.deepEqual(rebaseWitness(refusals, earlier({ claims: [claim('codex-cli', codex.since)], fork: null }), { codex: ['codex-cli'] }), { accepted: true });
});

test('a known patch launders nothing: no history in common, a refused earlier commit, a claim the fork already held', () => {
  assert.deepEqual(rebaseWitness(refusals, earlier({ fork: null }), {}), { accepted: false, why: 'unrelated', claim: codex });
  assert.deepEqual(rebaseWitness(refusals, earlier({ allowed: false }), {}), { accepted: false, why: 'refused', claim: null });
  assert.deepEqual(rebaseWitness(refusals, earlier({ fork: { claims: [codex] } }), {}), { accepted: false, why: 'claim-at-fork', claim: codex });
});

test('a claim on the task by someone else, or a newer claim than the refusing one, is not the same claim', () => {
  assert.equal(holdsClaim(claim('claude', codex.since), codex, {}), false);
  assert.equal(holdsClaim(claim('codex', '2026-03-11T10:00:00Z'), codex, {}), false);
  assert.equal(holdsClaim(claim('codex', codex.since, 'api/other'), codex, {}), false);
  assert.equal(holdsClaim(claim('codex', null), claim('codex', null), {}), true);
  assert.equal(holdsClaim(claim('codex', null), codex, {}), false);
  // Judged under someone else's claim on the task: the rebased copy is not covered by it.
  assert.deepEqual(rebaseWitness(refusals, earlier({ claims: [claim('claude', '2026-03-09T10:00:00Z')], fork: null }), {}), { accepted: false, why: 'unrelated', claim: codex });
});

test('every claim that refuses the new commit needs its witness', () => {
  const other = claim('gemini', '2026-03-10T11:00:00Z', 'api/docs');
  const two: ClaimHit[] = [...refusals, { path: 'src/api/b.ts', claim: other, pattern: 'src/api' }];
  assert.deepEqual(rebaseWitness(two, earlier({ claims: [codex], fork: { claims: [other] } }), {}), { accepted: false, why: 'claim-at-fork', claim: other });
  assert.deepEqual(rebaseWitness(two, earlier({ claims: [codex, other] }), {}), { accepted: true });
});
