// The state of one task's claim, decided once: held (in progress with a holder), stale (the
// paired-plan takeover rule: claimedAt older than the limit and no log entry in its work item
// dated within it; log dates are days, so an entry on any day the limit reaches into counts as
// recent), and live (held, not stale). Every "is this task held?" in src/ asks here.
import type { Task, WorkItem } from './plan-types.js';
import { sameAgent } from './identity.js';

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
    // A request to the holder (`ask`) is someone else's word: it does not keep the claim fresh.
    if (isRequestEntry(entry)) continue;
    const day = entry.date.slice(0, 10);
    if (lastLog === null || day > lastLog) lastLog = day;
  }
  return { claimed: Number.isNaN(claimed) ? null : claimed, lastLog };
}

export const isRequestEntry = (entry: { metadata?: Record<string, unknown> }): boolean => {
  const ph = entry.metadata && typeof entry.metadata === 'object' ? (entry.metadata as Record<string, unknown>).planHooks : undefined;
  return typeof ph === 'object' && ph !== null && 'request' in ph;
};

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
  // A time a little ahead (another machine's clock, within the plan rules' CLOCK_SKEW_MS) is 0 h ago, never -1.
  return Number.isNaN(claimed) ? null : Math.max(0, Math.floor((now.getTime() - claimed) / (DAY_MS / 24)));
}

/** Age of a claim in whole hours, for messages; null when there is no usable claimedAt. */
export const claimAgeHours = (task: Task, now: Date): number | null => hoursSince(task.claimedAt, now);

// Rotation (docs/rotation.md): whether a held claim's holder is still at it. The agents' own hooks record
// each session (src/sessions/store.ts, a cache under the git common dir); the facts come in here.

/** One agent session as the agents' hooks saw it. */
export interface SessionFact {
  /** The agent kind whose hook saw it (claude, codex, …). */
  agent: string;
  /** The payload's session id (bounded, as recorded). */
  id: string;
  /** The worktree top the session works in. */
  worktree: string;
  started: string;
  lastSeen: string;
  /** When it said it ended (SessionEnd, or a stop on an error such as a rate limit), or null. */
  ended: string | null;
  /** Why: the stop's error type (rate_limit, …) or the end's reason (exit, clear, …). */
  why: string | null;
  /** Each end the session contradicted by acting again: when it said it ended, why, and when it acted next. */
  reopened: { ended: string; why: string; at: string }[];
}

export type HolderStateName = 'live' | 'paused' | 'stale' | 'unknown';

/** A held claim's holder: live (a session seen within the window), paused (every session ended or idle), stale (the 24 h rule), unknown (no session of it known here: live by the 24 h rule). */
export interface HolderState {
  state: HolderStateName;
  /** live: 'seen'; paused: the stop's reason (rate_limit, exit, …) or 'idle'; unknown: 'no-session'. */
  why?: string;
  lastSeen?: string;
  agent?: string;
  /** The session the state is read from (the latest seen). */
  session?: SessionFact;
}

/** The sessions of `holder` (by agent kind, through aliases), latest seen first. */
export function sessionsOfHolder(holder: string, sessions: SessionFact[], aliases: Record<string, string[]>): SessionFact[] {
  return sessions.filter((s) => sameAgent(holder, s.agent, aliases)).sort((a, b) => (a.lastSeen < b.lastSeen ? 1 : a.lastSeen > b.lastSeen ? -1 : 0));
}

const minutesMs = (m: number) => m * 60 * 1000;

/** The holder's state: stale first (the 24 h rule stands), then the sessions known here. */
export function holderState(input: { holder: string; stale: boolean; sessions: SessionFact[]; now: Date; idleAfterMinutes: number; aliases: Record<string, string[]> }): HolderState {
  if (input.stale) return { state: 'stale' };
  const own = sessionsOfHolder(input.holder, input.sessions, input.aliases);
  if (own.length === 0) return { state: 'unknown', why: 'no-session' };
  const window = minutesMs(input.idleAfterMinutes);
  const live = own.find((s) => s.ended === null && input.now.getTime() - Date.parse(s.lastSeen) <= window);
  if (live) return { state: 'live', why: 'seen', lastSeen: live.lastSeen, agent: live.agent, session: live };
  const latest = own[0]!;
  return { state: 'paused', why: latest.ended !== null ? (latest.why ?? 'ended') : 'idle', lastSeen: latest.lastSeen, agent: latest.agent, session: latest };
}

/** Whether a claim in this state refuses others (live, or unknown: today's rule). */
export const holdsAgainstOthers = (s: HolderState): boolean => s.state === 'live' || s.state === 'unknown';

/**
 * A continuation made on the word of `session`'s end at `ended`: disputed when the session acted
 * again before it could have gone idle (within the window after that end) — a session that said
 * it ended and then acts was not ended (a forged stop). The time it acted again, or null.
 */
export function disputedEnd(sessions: SessionFact[], cited: { agent: string; id: string; ended: string }, idleAfterMinutes: number): string | null {
  const s = sessions.find((x) => x.agent === cited.agent && x.id === cited.id);
  if (!s) return null;
  const end = Date.parse(cited.ended);
  for (const r of s.reopened) {
    if (r.ended !== cited.ended) continue;
    const gap = Date.parse(r.at) - end;
    if (gap >= 0 && gap <= minutesMs(idleAfterMinutes)) return r.at;
  }
  return null;
}
