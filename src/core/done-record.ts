// Where a task done beside other open tasks of its work item keeps its log entry (issue 31):
// `metadata.done` on the task's own lines, so two branches that each finished a task of one item
// merge without touching the same lines. Counts as the task's log entry wherever one is asked for.
import type { Task } from './plan-types.js';

export const DONE_KEY = 'done';

/** The task's own done record (a log entry's shape), or null. */
export function doneRecord(task: Task): { date: string; summary: string; agent?: string } | null {
  const meta = task.metadata;
  if (meta === null || typeof meta !== 'object' || Array.isArray(meta)) return null;
  const r = (meta as Record<string, unknown>)[DONE_KEY];
  if (r === null || typeof r !== 'object' || Array.isArray(r)) return null;
  const { date, summary, agent } = r as Record<string, unknown>;
  return typeof date === 'string' && typeof summary === 'string' ? { date, summary, ...(typeof agent === 'string' ? { agent } : {}) } : null;
}
