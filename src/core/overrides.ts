// Overrides are a person's (issue 25 item 4, docs/overrides.md): PLAN_HOOKS=0 and PLAN_HOOKS_SKIP
// turn checks off for a person at the keyboard; inside an agent session (an agent marker in the
// environment, or the agent's own pre-tool hook saw it run the git command) they are refused, and
// CI honours a skip recorded with a commit only where the base branch's configuration, which a
// person wrote, says "allowSkips": true. Pure: the callers gather the facts.
import type { CheckName } from '../config/config.js';
import { CHECKS, skipsFrom } from './check.js';
import type { HookCommitter, Marker } from './identity.js';

/** What the environment asks plan-hooks to leave unchecked. */
export interface Override {
  /** PLAN_HOOKS=0: every hook (pre-push: every check). */
  off: boolean;
  /** The checks PLAN_HOOKS_SKIP names (unknown names are no override). */
  skipped: CheckName[];
}

/** What says this process runs inside an agent session. */
export interface SessionFacts {
  markers: Marker[];
  /** The agent whose pre-tool hook saw its shell tool run this git command here, while fresh. */
  hook: HookCommitter | null;
}

export type OverrideDecision =
  /** Nothing is overridden. */
  | { kind: 'none' }
  /** A person's override: honoured, and recorded as before. */
  | { kind: 'person'; override: Override }
  /** An override asked inside an agent session: refused, with what shows the session. */
  | { kind: 'refused'; override: Override; evidence: string[] };

/** The override `env` asks for. */
export function overrideIn(env: NodeJS.ProcessEnv): Override {
  return { off: env.PLAN_HOOKS === '0', skipped: skipsFrom(env.PLAN_HOOKS_SKIP).skipped };
}

export const overrides = (o: Override) => o.off || o.skipped.length > 0;

/** The checks an override turns off: all of them under PLAN_HOOKS=0. */
export const overriddenChecks = (o: Override): CheckName[] => (o.off ? [...CHECKS] : o.skipped);

/**
 * What shows an agent session, for the refusal: each marker variable (never its value, which may
 * be a token) and the hook's record.
 */
export function sessionEvidence(session: SessionFacts): string[] {
  return [...(session.hook ? [session.hook.detail] : []), ...session.markers.map((m) => `${m.variable} (${m.name})`)];
}

export const inAgentSession = (session: SessionFacts) => session.hook !== null || session.markers.length > 0;

/** Whether an override is honoured: a person's is; one asked in an agent session is refused. */
export function decideOverride(override: Override, session: SessionFacts): OverrideDecision {
  if (!overrides(override)) return { kind: 'none' };
  if (!inAgentSession(session)) return { kind: 'person', override };
  return { kind: 'refused', override, evidence: sessionEvidence(session) };
}

/**
 * The skips a commit records (Plan-Skip) that CI honours: all of them where the base branch's
 * configuration allows skips, none otherwise (the commit is then judged with every check).
 */
export function recordedSkipsJudged(recorded: CheckName[], baseAllowsSkips: boolean): { honoured: CheckName[]; refused: CheckName[] } {
  return baseAllowsSkips ? { honoured: recorded, refused: [] } : { honoured: [], refused: recorded };
}
