// The paired-plan takeover rule: a claim is stale when its claimedAt is older than the limit
// and its work item has no log entry dated within the limit. Log dates are days, so a log
// entry on any day the limit reaches into counts as recent.
import type { Task, WorkItem } from './types.js';

const DAY_MS = 24 * 60 * 60 * 1000;

export function isStaleClaim(task: Task, item: WorkItem, now: Date, limitHours: number): boolean {
  if (!task.claimedAt) return false;
  const claimed = Date.parse(task.claimedAt);
  if (Number.isNaN(claimed)) return false;
  const limitMs = limitHours * 60 * 60 * 1000;
  if (now.getTime() - claimed <= limitMs) return false;
  // The first calendar day (UTC) the limit reaches into.
  const since = new Date(now.getTime() - limitMs).toISOString().slice(0, 10);
  return !item.log.some((entry) => entry.date.slice(0, 10) >= since);
}

/** Age of a claim in whole hours, for messages; null when there is no usable claimedAt. */
export function claimAgeHours(task: Task, now: Date): number | null {
  const claimed = task.claimedAt ? Date.parse(task.claimedAt) : Number.NaN;
  return Number.isNaN(claimed) ? null : Math.floor((now.getTime() - claimed) / (DAY_MS / 24));
}
