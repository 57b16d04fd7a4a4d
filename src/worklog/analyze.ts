// Pure: what a commit means for the plans — the tasks it touched and the transitions it made —
// and which tasks are ready or blocked. Plans and git facts in, decisions out. Claims are
// src/claims/claims.ts's (one claim model for pre-commit, pre-push and the worklog).
import { PatternIndex } from '../claims/index.js';
import { PatternError } from '../claims/pattern.js';
import type { Status, Task, WorkItem } from '../plan/types.js';
import type { PlanFile } from './plan-snapshot.js';

export interface TaskRef {
  key: string;
  planPath: string;
  item: WorkItem;
  task: Task;
}

export function tasksOf(plans: PlanFile[]): TaskRef[] {
  const refs: TaskRef[] = [];
  for (const { path, plan } of plans) {
    for (const item of plan.workItems) {
      for (const task of item.tasks) {
        if (task && typeof task.id === 'string') refs.push({ key: `${plan.planId}/${task.id}`, planPath: path, item, task });
      }
    }
  }
  return refs;
}

/**
 * Tasks whose `files` match a changed path, plus those named by Plan-Task trailers. Every plan
 * task is looked at (not only live ones), so the patterns go through one index: a path meets
 * only the patterns that could match it. Patterns that do not compile are ignored here
 * (validate reports them).
 */
export function matchTasks(tasks: TaskRef[], paths: string[], trailerTasks: string[], ignoreCase: boolean): string[] {
  const hits = new Set(trailerTasks.map((t) => t.trim()).filter(Boolean));
  const index = new PatternIndex<string>({ ignoreCase });
  for (const ref of tasks) {
    for (const source of Array.isArray(ref.task.files) ? ref.task.files : []) {
      try {
        if (typeof source !== 'string') continue;
        const pattern = index.add(source, ref.key);
        // `.` names the whole tree: its test() matches every path but the index files it under
        // no ancestor, so it is counted here as matchTasks always did.
        if (pattern.literal && pattern.literalPrefix === '' && paths.length > 0) hits.add(ref.key);
      } catch (error) {
        if (!(error instanceof PatternError)) throw error;
      }
    }
  }
  for (const path of paths) for (const hit of index.match(path)) hits.add(hit.value);
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
