// The agents' sessions as their own hooks saw them (docs/rotation.md): one small JSON file per session
// under `<git common dir>/plan-hooks/sessions/` (shared by every worktree, never in a working
// tree). A cache, never a witness: a file that is missing, damaged or of another shape is simply
// not a session, and plan-hooks falls back to today's rules (src/core/claim-state.ts). Bounded:
// at most MAX_SESSIONS files (the oldest pruned at session start), each at most MAX_BYTES, ids
// bounded; every write is a whole file renamed into place, so a reader never sees half of one.
//
// The pre-tool hook touches the session on every call it sees, so a touch is one read of the
// session's own file and, at most every TOUCH_EVERY_MS, one write; nothing else is loaded.
import { mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { SessionFact } from '../core/claim-state.js';
import { readRegular } from '../lib/cache-file.js';

export const MAX_SESSIONS = 200;
const MAX_BYTES = 8192;
/** A session seen again within this time is not written again (the idle window is minutes). */
const TOUCH_EVERY_MS = 20_000;
/** Ends the session contradicted that are kept (for disputes). */
const MAX_REOPENED = 4;

export const sessionsDir = (commonDir: string) => join(commonDir, 'plan-hooks', 'sessions');

/** What `claim --continue` leaves for the holder's session: told once, at its next tool call or session start. */
export interface ContinuedNotice {
  task: string;
  by: string;
  at: string;
}

/** A session's file: the facts, and the notices waiting for it. */
export interface SessionRecord extends SessionFact {
  v: 1;
  continued?: ContinuedNotice[];
  /** The tasks this session claimed (`plan-hooks claim` run through its shell tool): its commits belong to them. */
  claimed?: string[];
}

/** At most this many tasks claimed per session, each id at most MAX_TASK characters. */
const MAX_CLAIMED = 32;
const MAX_TASK = 300;
const isTask = (v: unknown): v is string => typeof v === 'string' && v !== '' && v.length <= MAX_TASK && !/[\x00-\x1f\x7f]/.test(v);

/** FNV-1a of the id, so two ids that sanitize alike still get their own files. */
function hash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(36);
}

/** The session's file: agent and id as file-name characters only, bounded. */
export function sessionFile(commonDir: string, agent: string, id: string): string {
  const safe = id.replace(/[^A-Za-z0-9_.-]/g, '_').slice(0, 48);
  return join(sessionsDir(commonDir), `${agent.replace(/[^a-z]/g, '')}-${safe}-${hash(id)}.json`);
}

/** A session id from a payload, bounded and stripped of control characters. */
export const boundedId = (id: string): string => id.replace(/[\x00-\x1f\x7f]/g, '').slice(0, 200);

const isStr = (v: unknown): v is string => typeof v === 'string' && v.length <= 1000;
const isTime = (v: unknown): v is string => typeof v === 'string' && v.length <= 40 && !Number.isNaN(Date.parse(v));

/** A record read back, checked field by field (a damaged file is none). */
export function parseRecord(text: string): SessionRecord | null {
  if (text.length > MAX_BYTES) return null;
  let d: Record<string, unknown>;
  try {
    d = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return null;
  }
  if (typeof d !== 'object' || d === null || d.v !== 1) return null;
  if (!isStr(d.agent) || !isStr(d.id) || !isStr(d.worktree) || !isTime(d.started) || !isTime(d.lastSeen)) return null;
  const ended = isTime(d.ended) ? d.ended : null;
  const reopened = Array.isArray(d.reopened)
    ? d.reopened.filter((r): r is { ended: string; why: string; at: string } => typeof r === 'object' && r !== null && isTime(r.ended) && isStr(r.why) && isTime(r.at)).slice(-MAX_REOPENED)
    : [];
  const continued = Array.isArray(d.continued)
    ? d.continued.filter((c): c is ContinuedNotice => typeof c === 'object' && c !== null && isStr(c.task) && isStr(c.by) && isTime(c.at)).slice(-MAX_REOPENED)
    : [];
  const claimed = Array.isArray(d.claimed) ? [...new Set(d.claimed.filter(isTask))].slice(-MAX_CLAIMED) : [];
  return { v: 1, agent: d.agent, id: d.id, worktree: d.worktree, started: d.started, lastSeen: d.lastSeen, ended, why: ended !== null && isStr(d.why) ? d.why : null, reopened, ...(continued.length ? { continued } : {}), ...(claimed.length ? { claimed } : {}) };
}

function readRecord(file: string): SessionRecord | null {
  try {
    // A regular file of bounded size only: a FIFO or a device planted here must not hang a hook.
    const read = readRegular(file, MAX_BYTES);
    return read === null ? null : parseRecord(read.bytes.toString('utf8'));
  } catch {
    return null;
  }
}

/**
 * The whole file written beside it and renamed into place, its directory made once if missing.
 * Never throws: a cache that cannot be written (a read-only git dir) records nothing, and today's
 * rules apply. Not src/fs/atomic-write.ts: its fsync and its messages cost the pre-tool hook's
 * hot path, and a cache needs no durability.
 */
function writeWhole(file: string, text: string): boolean {
  const tmp = `${file}.${process.pid}.tmp`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(tmp, text);
      renameSync(tmp, file);
      return true;
    } catch (error) {
      if (attempt > 0 || (error as NodeJS.ErrnoException).code !== 'ENOENT') break;
      try {
        mkdirSync(dirname(file), { recursive: true });
      } catch {
        break;
      }
    }
  }
  try {
    rmSync(tmp, { force: true });
  } catch {
    // Nothing to clean up.
  }
  return false;
}

const writeRecord = (file: string, record: SessionRecord): boolean => writeWhole(file, JSON.stringify(record));

export type SessionEvent =
  /** A tool call, a session start, an end of turn: the session is at work. */
  | { kind: 'seen' }
  /** It ended (SessionEnd) or stopped on an error (StopFailure: rate_limit, …), with why. */
  | { kind: 'ended'; why: string };

/**
 * Records what a hook saw of a session. Returns the notices waiting for it (its task continued by
 * another), which the caller tells the agent, and whether it acted again after saying it ended.
 */
export function touchSession(
  commonDir: string,
  seen: { agent: string; id: string; worktree: string; now: Date },
  event: SessionEvent,
): { continued: ContinuedNotice[]; reopened: { ended: string; why: string } | null } {
  const id = boundedId(seen.id);
  const file = sessionFile(commonDir, seen.agent, id);
  const prev = readRecord(file);
  const now = seen.now.toISOString();
  const worktree = seen.worktree.slice(0, 1000);
  if (event.kind === 'seen' && prev && prev.ended === null && !prev.continued && prev.worktree === worktree && seen.now.getTime() - Date.parse(prev.lastSeen) < TOUCH_EVERY_MS) {
    return { continued: [], reopened: null };
  }
  const record: SessionRecord = prev ?? { v: 1, agent: seen.agent, id, worktree, started: now, lastSeen: now, ended: null, why: null, reopened: [] };
  record.lastSeen = now;
  record.worktree = worktree;
  let reopened: { ended: string; why: string } | null = null;
  if (event.kind === 'ended') {
    record.ended = now;
    record.why = event.why.replace(/[^A-Za-z0-9_:.-]/g, '_').slice(0, 60) || 'ended';
  } else if (record.ended !== null) {
    reopened = { ended: record.ended, why: record.why ?? 'ended' };
    record.reopened = [...record.reopened, { ...reopened, at: now }].slice(-MAX_REOPENED);
    record.ended = null;
    record.why = null;
  }
  const continued = event.kind === 'seen' ? (record.continued ?? []) : [];
  if (event.kind === 'seen') delete record.continued;
  writeRecord(file, record);
  return { continued, reopened };
}

/** Leaves a notice for each of the previous holder's sessions: its task was continued by another. */
export function noticeContinued(commonDir: string, sessions: SessionFact[], notice: ContinuedNotice): void {
  for (const s of sessions) {
    const file = sessionFile(commonDir, s.agent, s.id);
    const record = readRecord(file);
    if (!record) continue;
    record.continued = [...(record.continued ?? []), notice].slice(-MAX_REOPENED);
    writeRecord(file, record);
  }
}

/** Every session recorded here, newest seen first (bounded). Missing or unreadable: none. */
export function readSessions(commonDir: string): SessionRecord[] {
  let names: string[];
  try {
    names = readdirSync(sessionsDir(commonDir)).filter((n) => n.endsWith('.json')).slice(0, MAX_SESSIONS * 2);
  } catch {
    return [];
  }
  const out: SessionRecord[] = [];
  for (const name of names) {
    const r = readRecord(join(sessionsDir(commonDir), name));
    if (r) out.push(r);
  }
  return out.sort((a, b) => (a.lastSeen < b.lastSeen ? 1 : a.lastSeen > b.lastSeen ? -1 : 0));
}

/** Keeps the store bounded: beyond MAX_SESSIONS files, the least recently changed go. */
export function pruneSessions(commonDir: string): void {
  try {
    const dir = sessionsDir(commonDir);
    const names = readdirSync(dir);
    if (names.length <= MAX_SESSIONS) return;
    const aged = names.map((n) => {
      try {
        return { n, t: statSync(join(dir, n)).mtimeMs };
      } catch {
        return { n, t: 0 };
      }
    });
    aged.sort((a, b) => b.t - a.t);
    for (const { n } of aged.slice(MAX_SESSIONS)) rmSync(join(dir, n), { force: true });
  } catch {
    // Nothing recorded yet.
  }
}

/** The git common dir of a worktree's git dir (its `commondir` file), read without git. */
export function commonDirOf(gitDir: string): string {
  try {
    const common = readFileSync(join(gitDir, 'commondir'), 'utf8').trim();
    return common ? resolve(gitDir, common) : gitDir;
  } catch {
    return gitDir;
  }
}

// Who is about to commit (issue 25 item 1, docs/rotation.md): the pre-tool hook saw an agent's shell tool
// run `git commit` (push, merge, rebase, am, cherry-pick) in a worktree, and leaves one small file
// per worktree saying so. A commit made there while it is fresh is that agent's, whatever the
// environment declares. A cache like the sessions: damaged or missing, the markers decide as before.

/** How long after the agent's shell tool ran a committing git command its record decides. */
export const COMMITTING_FRESH_MS = 5 * 60_000;

export interface CommittingRecord {
  agent: string;
  session: string;
  worktree: string;
  at: string;
  ops: string[];
}

export const committingDir = (commonDir: string) => join(commonDir, 'plan-hooks', 'committing');
const committingFile = (commonDir: string, worktree: string) => join(committingDir(commonDir), `${hash(worktree)}-${hash(`${worktree}\0`)}.json`);

/** Records that `agent`'s session is about to commit in `worktree`. Never throws. */
export function recordCommitting(commonDir: string, record: CommittingRecord): void {
  writeWhole(committingFile(commonDir, record.worktree), JSON.stringify({ ...record, session: boundedId(record.session), ops: record.ops.slice(0, 10) }));
}

/** The fresh record for `worktree`, or null (none, stale, damaged, or another worktree's). */
export function readCommitting(commonDir: string, worktree: string, now: number): CommittingRecord | null {
  try {
    const read = readRegular(committingFile(commonDir, worktree), MAX_BYTES);
    if (read === null) return null;
    const text = read.bytes.toString('utf8');
    const r = JSON.parse(text) as CommittingRecord;
    if (typeof r.agent !== 'string' || typeof r.session !== 'string' || r.worktree !== worktree || !isTime(r.at)) return null;
    const age = now - Date.parse(r.at);
    if (age < -60_000 || age > COMMITTING_FRESH_MS) return null;
    // A session that has since ended (a usage limit, an exit) commits no more: its successor may, here.
    const session = readRecord(sessionFile(commonDir, r.agent, r.session));
    return session?.ended ? null : r;
  } catch {
    return null;
  }
}

// Which session claims (issue 31 item 2): the pre-tool hook saw an agent's shell tool run
// `plan-hooks claim` in a worktree and leaves one small file per worktree saying which session;
// `claim`, once it has written the claim, adds the task to that session's record. A commit the
// session then makes, wherever it is, belongs to the tasks it claimed. A cache: missing, damaged
// or another agent's, no session claimed anything and nothing is bound by it.

const claimingDir = (commonDir: string) => join(commonDir, 'plan-hooks', 'claiming');
const claimingFile = (commonDir: string, worktree: string) => join(claimingDir(commonDir), `${hash(worktree)}-${hash(`${worktree}\0`)}.json`);

/** Records that `agent`'s session is about to run `plan-hooks claim` in `worktree`. Never throws. */
export function recordClaiming(commonDir: string, record: { agent: string; session: string; worktree: string; at: string }): void {
  writeWhole(claimingFile(commonDir, record.worktree), JSON.stringify({ ...record, session: boundedId(record.session) }));
}

/** Adds `task` to the claims of the session whose shell tool ran `claim` in `worktree` just now (fresh, not ended, an agent `accepts` takes for the claimant); the session's agent, or null. Never throws. */
export function noteSessionClaim(commonDir: string, worktree: string, task: string, now: number, accepts: (agent: string) => boolean): string | null {
  try {
    if (!isTask(task)) return null;
    const read = readRegular(claimingFile(commonDir, worktree), MAX_BYTES);
    if (read === null) return null;
    const r = JSON.parse(read.bytes.toString('utf8')) as { agent?: unknown; session?: unknown; worktree?: unknown; at?: unknown };
    if (typeof r.agent !== 'string' || typeof r.session !== 'string' || r.worktree !== worktree || !isTime(r.at) || !accepts(r.agent)) return null;
    const age = now - Date.parse(r.at);
    if (age < -60_000 || age > COMMITTING_FRESH_MS) return null;
    const file = sessionFile(commonDir, r.agent, r.session);
    const record = readRecord(file);
    if (!record || record.ended) return null;
    const claimed = [...(record.claimed ?? []).filter((t) => t !== task), task].slice(-MAX_CLAIMED);
    return writeRecord(file, { ...record, claimed }) ? r.agent : null;
  } catch {
    return null;
  }
}

/** The tasks the session `agent`/`id` claimed; none when unknown. */
export function sessionClaims(commonDir: string, agent: string, id: string): string[] {
  return readRecord(sessionFile(commonDir, agent, id))?.claimed ?? [];
}
