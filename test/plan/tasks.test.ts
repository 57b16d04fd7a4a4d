// The tasks of a set of plans: counted by status, ready to start, blocked.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { blockedTasks, readyTasks, statusCounts, tasksOf } from '../../src/plan/tasks.js';
import type { PlanState } from '../../src/core/plan-types.js';
import { exportPlan } from '../fixtures/plans.js';

const file = (plan: PlanState) => ({ path: 'docs/export-plan.json', plan });

test('ready and blocked tasks follow dependencies within the plan', () => {
  const tasks = tasksOf([file(exportPlan())]);
  assert.deepEqual(readyTasks(tasks).map((r) => r.key), ['export/cli']);
  assert.deepEqual(blockedTasks(tasks).map((b) => [b.ref.key, b.waitingOn]), [['export/docs', ['loop']]]);
});

test('statusCounts counts every known status, zero included, and ignores unknown ones', () => {
  const tasks = tasksOf([file(exportPlan())]);
  const odd = { ...tasks[0]!, task: { ...tasks[0]!.task, status: 'paused' as never } };
  assert.deepEqual(statusCounts([...tasks, odd]), { 'not-started': 2, 'in-progress': 1, blocked: 0, completed: 1 });
});
