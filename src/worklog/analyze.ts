// Pure: what a commit means for the plans — the tasks it touched and the transitions it made —
// and which tasks are ready or blocked. Plans and git facts in, decisions out. Claims are
// src/claims/claims.ts's (one claim model for pre-commit, pre-push and the worklog).
import { compilePattern, PatternError, type CompiledPattern } from '../claims/pattern.js';
import { taskKey } from '../plan/task-key.js';
import { STATUSES, type Status, type Task, type WorkItem } from '../plan/types.js';
import type { PlanFile } from './plan-snapshot.js';

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

/** A task's `files` compiled; patterns that do not compile are ignored here (validate reports them). */
function taskMatchers(task: Task, ignoreCase: boolean): CompiledPattern[] {
  const out: CompiledPattern[] = [];
  for (const source of Array.isArray(task.files) ? task.files : []) {
    try {
      if (typeof source === 'string') out.push(compilePattern(source, { ignoreCase }));
    } catch (error) {
      if (!(error instanceof PatternError)) throw error;
    }
  }
  return out;
}

/** Tasks whose `files` match a changed path, plus those named by Plan-Task trailers. */
export function matchTasks(tasks: TaskRef[], paths: string[], trailerTasks: string[], ignoreCase: boolean): string[] {
  const hits = new Set(trailerTasks.map((t) => t.trim()).filter(Boolean));
  for (const ref of tasks) {
    const matchers = taskMatchers(ref.task, ignoreCase);
    if (matchers.length > 0 && paths.some((p) => matchers.some((m) => m.test(p)))) hits.add(ref.key);
  }
  return [...hits].sort();
}

export interface Transition {
  task: string;
  field: 'status' | 'claimedBy';
  from: string | null;
  to: string | null;
}

/** Status and claim changes between two sets of plans (a commit against its parent). */
export function planTransitions(before: PlanFile[], after: PlanFile[]): Transition[] {
  const old = new Map(tasksOf(before).map((r) => [r.key, r.task]));
  const out: Transition[] = [];
  const seen = new Set<string>();
  for (const { key, task } of tasksOf(after)) {
    seen.add(key);
    const prev = old.get(key);
    if ((prev?.status ?? null) !== (task.status ?? null)) out.push({ task: key, field: 'status', from: prev?.status ?? null, to: task.status ?? null });
    if ((prev?.claimedBy ?? null) !== (task.claimedBy ?? null)) {
      out.push({ task: key, field: 'claimedBy', from: prev?.claimedBy ?? null, to: task.claimedBy ?? null });
    }
  }
  for (const [key, task] of old) {
    if (!seen.has(key)) out.push({ task: key, field: 'status', from: task.status ?? null, to: null });
  }
  return out;
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
