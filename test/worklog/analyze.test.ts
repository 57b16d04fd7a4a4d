// The pure core of the worklog: tasks matched, transitions, claim violations, ready and blocked.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEFAULT_CONFIG } from '../../src/config/config.js';
import type { PlanState } from '../../src/core/plan-types.js';
import { tasksOf } from '../../src/plan/tasks.js';
import { matchTasks, planTransitions } from '../../src/worklog/analyze.js';
import { claimsIn, claimViolations } from '../../src/claims/violations.js';
import { parseRewrites } from '../../src/worklog/entry.js';
import { parsePlan } from '../../src/plan/snapshot.js';
import { exportPlan } from '../fixtures/plans.js';

const file = (plan: PlanState) => ({ path: 'docs/export-plan.json', plan });
const now = new Date();

test('matchTasks: by files patterns (case-folded under core.ignorecase) and by trailer', () => {
  const tasks = tasksOf([file(exportPlan())]);
  assert.deepEqual(matchTasks(tasks, ['src/retry/a.ts'], [], false), ['export/loop']);
  assert.deepEqual(matchTasks(tasks, ['SRC/Retry/a.ts'], [], false), []);
  assert.deepEqual(matchTasks(tasks, ['SRC/Retry/a.ts'], [], true), ['export/loop']);
  assert.deepEqual(matchTasks(tasks, ['README.md'], [' export/cli '], false), ['export/cli']);
});

test('planTransitions: status and claim changes, added and removed tasks', () => {
  const before = exportPlan();
  const after = exportPlan({}, [
    { id: 'loop', status: 'completed', claimedBy: 'alice' },
    { id: 'docs', status: 'in-progress', claimedBy: 'bob' },
    { id: 'new', status: 'not-started' },
    { id: 'done', status: 'completed' },
  ]);
  assert.deepEqual(planTransitions([file(before)], [file(after)]), [
    { task: 'export/loop', field: 'status', from: 'in-progress', to: 'completed' },
    { task: 'export/docs', field: 'status', from: 'not-started', to: 'in-progress' },
    { task: 'export/docs', field: 'claimedBy', from: null, to: 'bob' },
    { task: 'export/new', field: 'status', from: null, to: 'not-started' },
    { task: 'export/cli', field: 'status', from: 'not-started', to: null },
  ]);
});

test('claimViolations: live claims of others only; stale claims, the holder and exempt paths pass', () => {
  const claims = claimsIn([file(exportPlan())], 'head', 'HEAD', now, 24);
  const exempt = (p: string) => p === 'docs/export-plan.json';
  assert.deepEqual(claimViolations(claims, ['src/retry/x.ts', 'docs/export-plan.json', 'b.ts'], 'bob', exempt, DEFAULT_CONFIG, false), [
    { path: 'src/retry/x.ts', task: 'export/loop', holder: 'alice', pattern: 'src/retry/**' },
  ]);
  assert.deepEqual(claimViolations(claims, ['src/retry/x.ts'], 'ALICE', exempt, DEFAULT_CONFIG, false), []);
  const old = exportPlan({}, [{ id: 'loop', status: 'in-progress', claimedBy: 'alice', claimedAt: '2020-01-01T00:00:00Z', files: ['src/retry/**'] }]);
  (old.workItems as { log: unknown[] }[])[0]!.log = [{ date: '2020-01-01', summary: 'old' }];
  const stale = claimsIn([file(old)], 'head', 'HEAD', now, 24);
  assert.equal(stale[0]!.stale, true);
  assert.deepEqual(claimViolations(stale, ['src/retry/x.ts'], 'bob', exempt, DEFAULT_CONFIG, false), []);
});

test('parsePlan is lenient but refuses what is not a plan; parseRewrites reads post-rewrite stdin', () => {
  assert.match(parsePlan('{') as string, /not valid JSON/);
  assert.equal(parsePlan('[]'), 'not a JSON object');
  assert.equal(parsePlan('{"planId":"x"}'), 'no planId or workItems');
  assert.equal(typeof parsePlan(JSON.stringify(exportPlan())), 'object');
  const a = 'a'.repeat(40);
  const b = 'b'.repeat(40);
  assert.deepEqual(parseRewrites(`${a} ${b}\n${b} ${a} extra\ngarbage\n`), [
    { old: a, new: b },
    { old: b, new: a },
  ]);
});
