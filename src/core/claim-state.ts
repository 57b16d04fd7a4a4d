// The state of one task's claim, decided once: held (in progress with a holder), stale (the
// paired-plan takeover rule: claimedAt older than the limit and no log entry in its work item
// dated within it; log dates are days, so an entry on any day the limit reaches into counts as
// recent), and live (held, not stale). Every "is this task held?" in src/ asks here.
import type { Task, WorkItem } from './plan-types.js';

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

/** The holder of the task's claim (in progress with a non-blank claimedBy), or null. Plans are untrusted: any field may be of any type. */
export function holderOf(task: Task): string | null {
  return task.status === 'in-progress' && typeof task.claimedBy === 'string' && task.claimedBy.trim() !== '' ? task.claimedBy : null;
}

/** The holder of a live claim (held and not stale), or null. */
export function liveHolderOf(task: Task, item: WorkItem, now: Date, limitHours: number): string | null {
  const holder = holderOf(task);
  return holder !== null && !isStaleClaim(task, item, now, limitHours) ? holder : null;
}

export function isStaleClaim(task: Task, item: WorkItem, now: Date, limitHours: number): boolean {
  return isStaleAt(staleBasis(task, item), now, limitHours);
}

/** Whole hours from the time `at` (ISO) to `now`, for messages; null when `at` is not a usable time. */
export function hoursSince(at: string | null | undefined, now: Date): number | null {
  const claimed = at ? Date.parse(at) : Number.NaN;
  return Number.isNaN(claimed) ? null : Math.floor((now.getTime() - claimed) / (DAY_MS / 24));
}

/** Age of a claim in whole hours, for messages; null when there is no usable claimedAt. */
export const claimAgeHours = (task: Task, now: Date): number | null => hoursSince(task.claimedAt, now);
