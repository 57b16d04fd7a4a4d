// The session record each agent hook event leaves (docs/rotation.md): a tool call, a session start or an
// end of turn says the session is at work; a stop on an error (Claude Code's StopFailure: its
// error_type, e.g. rate_limit) or an end (SessionEnd, Gemini's and Cursor's and Copilot's
// sessionEnd: their reason) says it stopped, and why. The store is ../sessions/store.ts; this
// finds the worktree and its git common dir from the file system alone, as the pre-tool hook does.
import { resolve } from 'node:path';
import { gitDirOf } from '../git/git-dir.js';
import { type SessionEvent, commonDirOf, touchSession } from '../sessions/store.js';
import { findRoot } from './workspace.js';
import { PAYLOAD_NAMES, firstString } from '../core/agents/index.js';

export type LifecycleEvent = 'stop' | 'stop-failure' | 'session-end';
export const LIFECYCLE_EVENTS: readonly string[] = ['stop', 'stop-failure', 'session-end'];

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** The payload's session id, in each agent's spelling (src/core/agents/). */
export function payloadSessionId(payload: unknown): string | null {
  if (!isObject(payload)) return null;
  return firstString(payload, PAYLOAD_NAMES.session);
}

/** Why a session stopped, as its payload says: the error type of a failed stop, the reason of an end. */
export function stopReason(event: LifecycleEvent, payload: unknown): string {
  const p = isObject(payload) ? payload : {};
  if (event === 'stop-failure') return str(p.error_type) ?? str(p.error) ?? 'error';
  return str(p.reason) ?? str(p.trigger) ?? 'exit';
}

/** The worktree top and git common dir for a hook run, or null outside a repository. */
export function sessionPlace(rootArg: string | undefined, cwd: string | null): { worktree: string; commonDir: string } | null {
  const worktree = findRoot(rootArg ? resolve(rootArg) : (cwd ?? process.cwd()));
  const gitDir = worktree ? gitDirOf(worktree) : null;
  return worktree && gitDir ? { worktree, commonDir: commonDirOf(gitDir) } : null;
}

/** Records the session a hook run came from; null when it names no session or no repository. */
export function recordSession(agent: string, sessionId: string | null, place: { worktree: string; commonDir: string } | null, event: SessionEvent, now = new Date()) {
  if (!sessionId || !place) return null;
  return touchSession(place.commonDir, { agent, id: sessionId, worktree: place.worktree, now }, event);
}

/** The lifecycle hooks: record and say nothing (their output is ignored, or read as a note). */
export function lifecycle(agent: string, event: LifecycleEvent, payload: unknown, rootArg: string | undefined): void {
  const cwd = isObject(payload) ? firstString(payload, PAYLOAD_NAMES.cwd) : null;
  const place = sessionPlace(rootArg, cwd);
  recordSession(agent, payloadSessionId(payload), place, event === 'stop' ? { kind: 'seen' } : { kind: 'ended', why: stopReason(event, payload) });
}
