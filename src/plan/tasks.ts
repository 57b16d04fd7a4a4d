// Pure: the tasks of a set of plans, counted by status, and which are ready to start or
// blocked (dependsOn names a task in the same plan). Status, the handoff block and the worklog
// all read tasks this way.
import { taskKey } from '../core/task-key.js';
import type { PlanFile } from './snapshot.js';
import { STATUSES, type Status, type Task, type WorkItem } from '../core/plan-types.js';

export interface TaskRef {
  key: string;
  planPath: string;
  item: WorkItem;
  task: Task;
}

/** How many tasks have each status; a status the schema does not know is not counted. */
export function statusCounts(tasks: TaskRef[]): Record<Status, number> {
  const counts = Object.fromEntries(STATUSES.map((s) => [s, 0])) as Record<Status, number>;
  for (const r of tasks) if (counts[r.task.status] !== undefined) counts[r.task.status]++;
  return counts;
}

export function tasksOf(plans: PlanFile[]): TaskRef[] {
  const refs: TaskRef[] = [];
  for (const { path, plan } of plans) {
    for (const item of plan.workItems) {
      for (const task of item.tasks) {
        if (task && typeof task.id === 'string') refs.push({ key: taskKey(plan.planId, task.id), planPath: path, item, task });
      }
    }
  }
  return refs;
}

/** Tasks whose dependencies are all completed and that have not started. */
export function readyTasks(tasks: TaskRef[]): TaskRef[] {
  const statusOf = statusIndex(tasks);
  return tasks.filter(
    (r) => r.task.status === 'not-started' && (r.task.dependsOn ?? []).every((d) => statusOf(r, d) === 'completed'),
  );
}

/** Blocked tasks, and not-started ones waiting on unfinished dependencies, with what they wait for. */
export function blockedTasks(tasks: TaskRef[]): { ref: TaskRef; waitingOn: string[] }[] {
  const statusOf = statusIndex(tasks);
  const out: { ref: TaskRef; waitingOn: string[] }[] = [];
  for (const r of tasks) {
    if (r.task.status === 'completed' || r.task.status === 'in-progress') continue;
    const waitingOn = (r.task.dependsOn ?? []).filter((d) => statusOf(r, d) !== 'completed');
    if (r.task.status === 'blocked' || waitingOn.length > 0) out.push({ ref: r, waitingOn });
  }
  return out;
}

/** dependsOn names a task id within the same plan. */
function statusIndex(tasks: TaskRef[]): (from: TaskRef, dep: string) => Status | undefined {
  const byKey = new Map(tasks.map((r) => [r.key, r.task.status]));
  return (from, dep) => byKey.get(`${from.key.slice(0, from.key.lastIndexOf('/'))}/${dep}`);
}
