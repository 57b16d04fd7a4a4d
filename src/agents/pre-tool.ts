// The pre-tool hook up to its decision: the paths a tool call writes against the live claims of
// every worktree's plans. It runs before every edit an agent makes, so it loads only what the
// decision needs (the answer's sentences load only when there is something to say,
// ./replies.ts) and reads the claims near the written paths from a cache kept by the plan
// files' stats (./edit-claims.ts).
import { existsSync } from 'node:fs';
import { type Config, loadConfig, loadConfigUnchecked } from '../config/config.js';
import { sameAgent } from '../core/identity.js';
import { planMatcher } from '../plan/discover.js';
import { decideEdit, type EditDecision } from './decide.js';
import { claimsNear } from './edit-claims.js';
import type { AgentKind } from './kinds.js';
import { type ToolCall, readToolCall } from './payload.js';
import { markSeen, seenMarkerFile } from './seen.js';
import { findRoot, openAt, openWorkspace, type Workspace } from './workspace.js';
import { join, resolve } from 'node:path';
import { type TreeWrites, writeTargets } from './write-targets.js';
import { recordSession, sessionPlace } from './lifecycle.js';
import { type ContinuedNotice, recordClaiming, recordCommitting, sessionClaims } from '../sessions/store.js';
import { readBinding } from '../sessions/binding.js';

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
  /** The call names more paths than edit time reads (payload.ts MAX_LISTED): refused with the reason. */
  tooMany?: number;
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
  // The agent's shell tool runs `plan-hooks claim`: the claim it makes is this session's.
  if (call.claims && call.sessionId && place) recordClaiming(place.commonDir, { agent: call.agent, session: call.sessionId, worktree: findRoot(call.cwd ?? place.worktree) ?? place.worktree, at: now.toISOString() });
  const session = touched && touched.continued.length > 0 ? touched : undefined;
  if (call.writes.length === 0 && call.bypasses.length === 0 && call.tooMany === null && !session) return null;
  const opened = await openAt(rootArg, call.cwd);
  if (!opened) return null;
  const { ws, config } = opened;
  // The first call after the agent trusted the hooks shows doctor they run, as session start does.
  if (!existsSync(seenMarkerFile(ws.gitDir, kind))) markSeen(ws.gitDir, { agent: kind, host: call.host, event: 'pre-tool', time: now.toISOString() });
  const unchecked = { call, ws, config, decision: null, now, ...(session ? { session } : {}) };
  if ((call.writes.length === 0 && call.tooMany === null) || skipsClaims(env) || config.checks.claims === 'off') return unchecked;
  if (call.tooMany !== null) return { ...unchecked, tooMany: call.tooMany };
  const targets = writeTargets(call.writes, call.cwd ?? process.cwd(), ws.root, ws.otherWorktrees.map((t) => t.path));
  if (targets.tooMany !== null) return { ...unchecked, tooMany: targets.tooMany };
  const decision: EditDecision = { refusals: [], warnings: [], how: new Map() };
  for (const tree of targets.trees) {
    if (tree.writes.length === 0) continue;
    const judged = tree.root === ws.root ? decideIn(call, ws, config, tree, env, now) : await decideInOther(call, tree, env, now);
    if (!judged) continue;
    decision.refusals.push(...judged.refusals);
    decision.warnings.push(...judged.warnings);
    for (const [p, how] of judged.how) if (!decision.how.has(p)) decision.how.set(p, how);
  }
  return { ...unchecked, decision };
}

/** The decision of the worktree `ws` on the writes that land in it (paths relative to its top). */
function decideIn(call: ToolCall, ws: Workspace, config: Config, tree: TreeWrites, env: NodeJS.ProcessEnv, now: Date): EditDecision {
  const claims = config.checks.claims === 'off' ? [] : claimsNear(ws, config, tree.writes.map((w) => w.path), now);
  return decideEdit({
    writes: tree.writes,
    cwd: ws.root,
    root: ws.root,
    claims,
    // The tasks this worktree belongs to (../sessions/binding.ts) and, among the claims near the paths, those bound to its branch: enough, since a bound task none of whose patterns can match changes nothing.
    // And the tasks this session claimed (../sessions/store.ts), in any worktree.
    identity: { name: declaredName(call.agent, env, config) ?? call.agent, bound: [...readBinding(ws.gitDir), ...(call.sessionId ? sessionClaims(ws.commonDir, call.agent, call.sessionId) : []), ...claims.filter((c) => ws.branch !== null && c.branch === ws.branch).map((c) => c.task)] },
    config,
    isPlanFile: planMatcher(config).matches,
    ignoreCase: ws.ignoreCase,
  });
}

/** Another worktree's decision, by its own configuration and claims cache, its paths shown absolute. */
async function decideInOther(call: ToolCall, tree: TreeWrites, env: NodeJS.ProcessEnv, now: Date): Promise<EditDecision | null> {
  const ws = openWorkspace(tree.root);
  if (!ws) return null;
  const config = loadConfigUnchecked(ws.root) ?? (await loadConfig(ws.root));
  const judged = decideIn(call, ws, config, tree, env, now);
  const shown = (path: string) => join(tree.root, path);
  return {
    refusals: judged.refusals.map((h) => ({ ...h, path: shown(h.path) })),
    warnings: judged.warnings.map((h) => ({ ...h, path: shown(h.path) })),
    how: new Map([...judged.how].map(([p, how]) => [shown(p), how])),
  };
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
  facts.tooMany === undefined &&
  facts.call.bypasses.length === 0 && !facts.session && (facts.decision === null || (facts.decision.refusals.length === 0 && facts.decision.warnings.length === 0));
