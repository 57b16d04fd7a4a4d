// Pure: what a commit means for the plans — the tasks it touched and the transitions it made.
// Plans and git facts in, decisions out. Claims are src/core/claims.ts's (one claim model for
// pre-commit, pre-push and the worklog).
import { PatternIndex } from '../lib/pattern-index.js';
import { PatternError, matchForm } from '../lib/pattern.js';
import { couldMatch } from '../core/claims.js';
import type { PlanFile } from '../plan/snapshot.js';
import { tasksOf, type TaskRef } from '../plan/tasks.js';

/**
 * Tasks whose `files` match a changed path, plus those named by Plan-Task trailers. Every plan
 * task is looked at (not only live ones), so the patterns go through one index: a path meets
 * only the patterns that could match it. Patterns that do not compile are ignored here
 * (validate reports them).
 */
export function matchTasks(tasks: TaskRef[], paths: string[], trailerTasks: string[], ignoreCase: boolean): string[] {
  return matchPatterns(nearTasks(tasks, paths, ignoreCase), paths, trailerTasks, ignoreCase);
}

/** The (task, pattern) pairs of `tasks` whose pattern could match one of `paths` (couldMatch). */
export function nearTasks(tasks: TaskRef[], paths: string[], ignoreCase: boolean): { key: string; pattern: string }[] {
  // Only the patterns near the commit's paths are compiled: plans of 10,000 tasks cost a string
  // test each.
  const forms = paths.map((p) => matchForm(p, ignoreCase));
  const near: { key: string; pattern: string }[] = [];
  for (const ref of tasks) {
    for (const pattern of Array.isArray(ref.task.files) ? ref.task.files : []) {
      try {
        if (typeof pattern === 'string' && couldMatch(pattern, forms, ignoreCase)) near.push({ key: ref.key, pattern });
      } catch (error) {
        if (!(error instanceof PatternError)) throw error;
      }
    }
  }
  return near;
}

/** matchTasks over the (task, pattern) pairs near the paths already found (./task-index.ts finds them without the plans). */
export function matchPatterns(near: { key: string; pattern: string }[], paths: string[], trailerTasks: string[], ignoreCase: boolean): string[] {
  const hits = new Set(trailerTasks.map((t) => t.trim()).filter(Boolean));
  const index = new PatternIndex<string>({ ignoreCase });
  for (const { key, pattern } of near) {
    try {
      index.add(pattern, key);
    } catch (error) {
      if (!(error instanceof PatternError)) throw error;
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
