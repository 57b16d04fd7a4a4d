// What the agents' hook says, when it has something to say: a refusal or a warning before a
// tool call, and the session-start handoff. Loaded only then (./main.ts): the sentences and the
// renderers are most of the hook's code, and an unclaimed edit needs none of them.
import { liveClaims } from '../core/claims.js';
import { formatClaimGroups, byClaim } from '../check/report.js';
import type { Config } from '../config/config.js';
import type { Identity } from '../core/identity.js';
import { messages } from '../messages/index.js';
import { sanitizeLine } from '../term.js';
import type { EditDecision } from './decide.js';
import { AGENT_FILES, AGENT_KINDS, type AgentKind } from './kinds.js';
import { type ToolCall, readSessionStart } from './payload.js';
import { declaredName, type PreToolFacts } from './pre-tool.js';
import { type Reply, SILENT, denyReply, sessionReply, warnReply } from './reply.js';
import { markSeen } from './seen.js';
import { persistIdentity, renderSessionStart } from './session-start.js';
import { openAt, workspaceVersions } from './workspace.js';
import { recordSession } from './lifecycle.js';
import { pruneSessions } from '../sessions/store.js';

/** The one line edit time writes when it cannot judge a call, which then goes ahead. */
export const failOpenLine = (detail: string): string => messages.agent.failOpen(sanitizeLine(detail).slice(0, 300));
export const usageLine = (): string => messages.agent.failOpen(messages.agent.usage([...AGENT_KINDS]));
export const badPayloadLine = (): string => messages.agent.failOpen(messages.agent.badPayload());

/** Who edits: the agent the hook belongs to; PLAN_HOOKS_AGENT only when it names that same agent. */
export function editIdentity(agent: AgentKind, env: NodeJS.ProcessEnv, config: Pick<Config, 'aliases'>): { identity: Identity; declaredOther: string | null } {
  const declared = declaredName(agent, env, config);
  if (declared) return { identity: { name: declared, source: 'env', detail: 'PLAN_HOOKS_AGENT' }, declaredOther: null };
  return { identity: { name: agent, source: 'agent-marker', detail: messages.agent.identitySource(agent, AGENT_FILES[agent]) }, declaredOther: env.PLAN_HOOKS_AGENT?.trim() || null };
}

function editReason(call: ToolCall, decision: EditDecision, identity: Identity, now: Date, blocking: boolean): string {
  const hits = blocking ? decision.refusals : decision.warnings;
  const groups = byClaim(hits);
  const paths = new Set(hits.map((h) => h.path));
  let out = (blocking ? messages.agent.refusedHeader : messages.agent.warningHeader)(sanitizeLine(call.tool), paths.size);
  out += formatClaimGroups(groups, now);
  for (const p of paths) {
    const how = decision.how.get(p);
    if (how && how !== call.tool) out += messages.agent.writtenBy(sanitizeLine(p), sanitizeLine(how));
  }
  const holders = [...new Set([...groups.keys()].map((c) => sanitizeLine(c.holder)))];
  const stale = [...new Set([...groups.keys()].filter((c) => c.stale).map((c) => sanitizeLine(c.task)))];
  out += messages.agent.waysForward(sanitizeLine(identity.name), sanitizeLine(identity.detail), holders, stale, blocking);
  return out;
}

/** The pre-tool answer: a refusal, or a warning the agent sees while the call goes ahead. */
export function preToolReply({ call, config, decision, now }: PreToolFacts, env: NodeJS.ProcessEnv): Reply {
  const notes: string[] = [];
  if (call.bypasses.length > 0) notes.push(messages.agent.bypassWarning([...new Set(call.bypasses)].map(sanitizeLine)));
  if (decision) {
    const { identity } = editIdentity(call.agent, env, config);
    if (decision.refusals.length > 0) return denyReply(call.host, [editReason(call, decision, identity, now, true), ...notes].join('\n'));
    if (decision.warnings.length > 0) notes.unshift(editReason(call, decision, identity, now, false));
  }
  return notes.length > 0 ? warnReply(call.host, notes.join('\n')) : SILENT;
}

export async function sessionStart(kind: AgentKind, payload: unknown, rootArg: string | undefined, env: NodeJS.ProcessEnv): Promise<Reply> {
  const start = readSessionStart(payload, kind);
  const opened = await openAt(rootArg, start.cwd);
  if (!opened) return SILENT;
  const { ws, config } = opened;
  const now = new Date();
  markSeen(ws.gitDir, { agent: kind, host: start.host, event: 'session-start', time: now.toISOString() });
  pruneSessions(ws.commonDir);
  const touched = recordSession(start.agent, start.sessionId, { worktree: ws.root, commonDir: ws.commonDir }, { kind: 'seen' }, now);
  const { identity, declaredOther } = editIdentity(start.agent, env, config);
  if (start.host === 'claude' && env.CLAUDE_ENV_FILE && !env.PLAN_HOOKS_AGENT) persistIdentity(env.CLAUDE_ENV_FILE, 'claude');
  const versions = workspaceVersions(ws, config);
  const claims = liveClaims(versions, now, config.staleAfterHours);
  const text = renderSessionStart({ identity, versions, claims, config, now, declaredOther });
  return sessionReply(start.host, text, env.PLAN_HOOKS_AGENT ? {} : { PLAN_HOOKS_AGENT: start.agent });
}
