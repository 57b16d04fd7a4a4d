// The paired-plan takeover rule: a claim is stale when its claimedAt is older than the limit
// and its work item has no log entry dated within the limit. Log dates are days, so a log
// entry on any day the limit reaches into counts as recent.
import type { Task, WorkItem } from './types.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * What staleness reads of a claim, kept apart from the clock: its claimedAt (ms; null: none or
 * unreadable) and the latest day of its work item's log (null: none). The claims cache keeps it,
 * so a claim decided once is judged stale or not at each later commit's time.
 */
export interface StaleBasis {
  claimed: number | null;
  lastLog: string | null;
}

export function staleBasis(task: Task, item: WorkItem): StaleBasis {
  const claimed = task.claimedAt ? Date.parse(task.claimedAt) : Number.NaN;
  let lastLog: string | null = null;
  for (const entry of item.log) {
    if (typeof entry.date !== 'string') continue;
    const day = entry.date.slice(0, 10);
    if (lastLog === null || day > lastLog) lastLog = day;
  }
  return { claimed: Number.isNaN(claimed) ? null : claimed, lastLog };
}

export function isStaleAt(basis: StaleBasis, now: Date, limitHours: number): boolean {
  if (basis.claimed === null) return false;
  const limitMs = limitHours * 60 * 60 * 1000;
  if (now.getTime() - basis.claimed <= limitMs) return false;
  // The first calendar day (UTC) the limit reaches into: a log entry on it or later is recent.
  const since = new Date(now.getTime() - limitMs).toISOString().slice(0, 10);
  return !(basis.lastLog !== null && basis.lastLog >= since);
}

export function isStaleClaim(task: Task, item: WorkItem, now: Date, limitHours: number): boolean {
  return isStaleAt(staleBasis(task, item), now, limitHours);
}

/** Age of a claim in whole hours, for messages; null when there is no usable claimedAt. */
export function claimAgeHours(task: Task, now: Date): number | null {
  const claimed = task.claimedAt ? Date.parse(task.claimedAt) : Number.NaN;
  return Number.isNaN(claimed) ? null : Math.floor((now.getTime() - claimed) / (DAY_MS / 24));
}
