import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { LiveClaim } from '../../src/core/claims.js';
import { type CheckInput, type PlanRules, allowed, check, effectiveModes, parseSkip } from '../../src/core/check.js';
import { DEFAULT_CONFIG } from '../../src/config/config.js';
import type { Problem } from '../../src/problems/problems.js';

const claim = (holder: string, files: string[], stale = false): LiveClaim => ({ task: 'p/t', file: 'docs/p-plan.json', holder, since: null, files, stale, source: { kind: 'head', label: 'HEAD' }, branch: null });
const problem = (severity: Problem['severity']): Problem => ({ severity, file: 'docs/p-plan.json', path: '', line: 1, column: 1, message: 'm', fix: 'f', rule: 'r' });
const rules = (problems: Problem[], transitions: Problem[] = []): PlanRules => ({
  validate: () => ({ plan: {} as never, problems }),
  parse: () => ({}) as never,
  transitions: () => transitions,
});
const input = (extra: Partial<CheckInput>): CheckInput => ({
  changes: [{ status: 'M', path: 'src/a.ts' }],
  plans: [],
  rules: null,
  identity: { name: 'claude', source: 'env', detail: 'PLAN_HOOKS_AGENT' },
  claims: [],
  config: { aliases: {}, strict: false },
  modes: { ...DEFAULT_CONFIG.checks },
  isPlanFile: (p) => p.endsWith('-plan.json'),
  ignoreCase: false,
  ...extra,
});

test('a path under another holder’s claim is refused; stale claims and warn mode only warn; off ignores', () => {
  assert.equal(check(input({ claims: [claim('codex', ['src'])] })).refusals.length, 1);
  const stale = check(input({ claims: [claim('codex', ['src'], true)] }));
  assert.deepEqual([stale.refusals.length, stale.claimWarnings.length, allowed(stale)], [0, 1, true]);
  const warn = check(input({ claims: [claim('codex', ['src'])], modes: { ...DEFAULT_CONFIG.checks, claims: 'warn' } }));
  assert.deepEqual([warn.refusals.length, warn.claimWarnings.length], [0, 1]);
  const off = check(input({ claims: [claim('codex', ['src'])], modes: { ...DEFAULT_CONFIG.checks, claims: 'off' } }));
  assert.deepEqual([off.refusals.length, off.claimWarnings.length], [0, 0]);
});

test('both sides of a rename are checked', () => {
  const d = check(input({ changes: [{ status: 'R', from: 'src/old.ts', path: 'lib/new.ts' }], claims: [claim('codex', ['src/old.ts'])] }));
  assert.deepEqual(d.refusals.map((h) => h.path), ['src/old.ts']);
});

test('plan problems: errors block in enforce mode, warnings block only under strict, warn mode demotes', () => {
  const plans = [{ file: 'docs/p-plan.json', before: '{}', after: '{}' }];
  const d = check(input({ plans, rules: rules([problem('error'), problem('warning')]) }));
  assert.deepEqual([d.errors.length, d.warnings.length], [1, 1]);
  const strict = check(input({ plans, rules: rules([problem('warning')]), config: { aliases: {}, strict: true } }));
  assert.equal(strict.errors.length, 1);
  const warn = check(input({ plans, rules: rules([problem('error')]), modes: { ...DEFAULT_CONFIG.checks, plans: 'warn' } }));
  assert.deepEqual([warn.errors.length, warn.warnings.length], [0, 1]);
  const transitions = check(input({ plans, rules: rules([], [problem('error')]), modes: { ...DEFAULT_CONFIG.checks, plans: 'off' } }));
  assert.equal(transitions.errors.length, 1);
});

test('PLAN_HOOKS_SKIP turns named checks off, ignoring unknown names', () => {
  assert.deepEqual(parseSkip(' claims, Plans ,,x'), ['claims', 'plans', 'x']);
  assert.deepEqual(effectiveModes(DEFAULT_CONFIG.checks, ['claims', 'x']), { plans: 'enforce', transitions: 'enforce', claims: 'off' });
});

test('a merge: a transition problem counts only when it is found against every parent (what one parent has is that parent’s)', () => {
  // The rules find, per parent text, the problems of the subjects named in it.
  const at = (path: string): Problem => ({ ...problem('error'), path, rule: 'transition-claimed-task-changed' });
  const perParent: PlanRules = {
    validate: () => ({ plan: {} as never, problems: [] }),
    parse: (text) => JSON.parse(text) as never,
    transitions: (before) => (before as unknown as { found: string[] }).found.map(at),
  };
  const change = (others: (string | null)[]) => [{ file: 'docs/p-plan.json', before: JSON.stringify({ found: ['workItems[0].tasks[1].status', 'changelog[0]'] }), after: '{}', others }];
  const merged = check(input({ plans: change([JSON.stringify({ found: ['workItems[0].tasks[1].claimedBy'] })]), rules: perParent }));
  assert.deepEqual(merged.errors.map((p) => p.path), ['workItems[0].tasks[1].status'], 'the task differs from both parents; the changelog only from the first');
  const fromOther = check(input({ plans: change([JSON.stringify({ found: [] })]), rules: perParent }));
  assert.deepEqual(fromOther.errors, [], 'all of it as the other parent has it');
  const noPlanThere = check(input({ plans: change([null]), rules: perParent }));
  assert.equal(noPlanThere.errors.length, 2, 'a parent without the plan takes nothing away');
  const oneParent = check(input({ plans: [{ ...change([])[0]!, others: undefined }], rules: perParent }));
  assert.equal(oneParent.errors.length, 2);
});
