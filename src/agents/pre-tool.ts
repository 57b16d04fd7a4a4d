// The pre-tool hook up to its decision: the paths a tool call writes against the live claims of
// every worktree's plans. It runs before every edit an agent makes, so it loads only what the
// decision needs (the answer's sentences load only when there is something to say,
// ./replies.ts) and reads the claims near the written paths from a cache kept by the plan
// files' stats (./edit-claims.ts).
import { existsSync } from 'node:fs';
import type { Config } from '../config/config.js';
import { sameAgent } from '../core/identity.js';
import { planMatcher } from '../plan/discover.js';
import { decideEdit, type EditDecision, writtenPaths } from './decide.js';
import { claimsNear } from './edit-claims.js';
import type { AgentKind } from './kinds.js';
import { type ToolCall, readToolCall } from './payload.js';
import { markSeen, seenMarkerFile } from './seen.js';
import { findRoot, openAt, type Workspace } from './workspace.js';
import { resolve } from 'node:path';
import { recordSession, sessionPlace } from './lifecycle.js';
import { type ContinuedNotice, recordCommitting } from '../sessions/store.js';

/** PLAN_HOOKS_AGENT when it names the agent the hook belongs to (through aliases), else null. */
export function declaredName(agent: AgentKind, env: NodeJS.ProcessEnv, config: Pick<Config, 'aliases'>): string | null {
  const declared = env.PLAN_HOOKS_AGENT?.trim();
  return declared && sameAgent(declared, agent, config.aliases) ? declared : null;
}

const skipsClaims = (env: NodeJS.ProcessEnv) => (env.PLAN_HOOKS_SKIP ?? '').toLowerCase().split(/[\s,]+/).includes('claims');

/** What the answer is made of. */
export interface PreToolFacts {
  call: ToolCall;
  ws: Workspace;
  config: Config;
  /** null when no path was checked (only a hook bypass to warn about, or PLAN_HOOKS_SKIP=claims). */
  decision: EditDecision | null;
  now: Date;
  /** What the session record said back: the holder's task continued by another, and whether this session had said it ended. */
  session?: { continued: ContinuedNotice[]; reopened: { ended: string; why: string } | null };
}

/** The facts of a tool call, or null when there is nothing to check (no write, no repository). */
export async function preToolFacts(kind: AgentKind, payload: unknown, rootArg: string | undefined, env: NodeJS.ProcessEnv): Promise<PreToolFacts | null> {
  const call = readToolCall(payload, kind);
  if (!call) return null;
  const now = new Date();
  // Every call the hook sees says the session is at work (one small write at most, ../sessions/store.ts).
  const place = sessionPlace(rootArg, call.cwd);
  const touched = recordSession(call.agent, call.sessionId, place, { kind: 'seen' }, now);
  // The agent's shell tool is about to commit: the commit is this agent's (../sessions/store.ts).
  if (call.gitOps.length > 0 && call.sessionId && place) recordCommittingFor(call, place, now);
  const session = touched && touched.continued.length > 0 ? touched : undefined;
  if (call.writes.length === 0 && call.bypasses.length === 0 && !session) return null;
  const opened = await openAt(rootArg, call.cwd);
  if (!opened) return null;
  const { ws, config } = opened;
  // The first call after the agent trusted the hooks shows doctor they run, as session start does.
  if (!existsSync(seenMarkerFile(ws.gitDir, kind))) markSeen(ws.gitDir, { agent: kind, host: call.host, event: 'pre-tool', time: now.toISOString() });
  if (call.writes.length === 0 || skipsClaims(env)) return { call, ws, config, decision: null, now, ...(session ? { session } : {}) };
  const cwd = call.cwd ?? process.cwd();
  const paths = writtenPaths(call.writes, cwd, ws.root);
  const claims = paths.length === 0 || config.checks.claims === 'off' ? [] : claimsNear(ws, config, paths, now);
  const decision = decideEdit({
    writes: call.writes,
    cwd,
    root: ws.root,
    claims,
    identity: { name: declaredName(call.agent, env, config) ?? call.agent },
    config,
    isPlanFile: planMatcher(config).matches,
    ignoreCase: ws.ignoreCase,
  });
  return { call, ws, config, decision, now, ...(session ? { session } : {}) };
}

/** One record per worktree the git commands run in (their -C, else the tool's working directory). */
function recordCommittingFor(call: ToolCall, place: { worktree: string; commonDir: string }, now: Date): void {
  const cwd = call.cwd ?? place.worktree;
  const trees = new Set<string>();
  for (const op of call.gitOps) {
    const at = op.dir === null ? cwd : resolve(cwd, op.dir);
    trees.add(findRoot(at) ?? place.worktree);
  }
  for (const worktree of trees) recordCommitting(place.commonDir, { agent: call.agent, session: call.sessionId!, worktree, at: now.toISOString(), ops: call.gitOps.map((o) => o.sub) });
}

/** An unclaimed write with no bypass: the call goes ahead with no output at all. */
export const nothingToSay = (facts: PreToolFacts): boolean =>
  facts.call.bypasses.length === 0 && !facts.session && (facts.decision === null || (facts.decision.refusals.length === 0 && facts.decision.warnings.length === 0));
