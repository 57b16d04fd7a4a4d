// What the agents' hook says, when it has something to say: a refusal or a warning before a
// tool call, and the session-start handoff. Loaded only then (./main.ts): the sentences and the
// renderers are most of the hook's code, and an unclaimed edit needs none of them.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { liveClaims } from '../core/claims.js';
import { type RotationFacts, continueLines, formatClaimGroups, byClaim } from '../check/report.js';
import type { Config } from '../config/config.js';
import type { Identity } from '../core/identity.js';
import { messages } from '../messages/index.js';
import { setRunCommand } from '../messages/run.js';
import { installedRunCommand } from '../facts/run-command.js';
import { sanitizeLine } from '../term.js';
import type { EditDecision } from './decide.js';
import { AGENT_FILES, AGENT_KINDS, type AgentKind, protocolNamed } from './kinds.js';
import { MAX_LISTED, type ToolCall, readSessionStart } from './payload.js';
import { declaredName, type PreToolFacts } from './pre-tool.js';
import { type Reply, SILENT, denyReply, sessionReply, warnReply } from './reply.js';
import { markSeen } from './seen.js';
import { persistIdentity, renderSessionStart } from './session-start.js';
import { openAt, workspaceVersions } from './workspace.js';
import { recordSession } from './lifecycle.js';
import { pruneSessions, readSessions } from '../sessions/store.js';
import { continuedFrom, openRequestsFor, pickupLines } from './pickup.js';

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

function editReason(call: ToolCall, decision: EditDecision, identity: Identity, now: Date, blocking: boolean, rotation?: RotationFacts): string {
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
  out += messages.agent.waysForward(sanitizeLine(identity.name), sanitizeLine(identity.detail), holders, stale, blocking, continueLines([...groups.keys()], now, rotation));
  return out;
}

/**
 * What skipping the hooks does here: HUSKY=0 turns off every hook where husky runs them (its
 * `.husky/_` in this worktree) and nothing anywhere else; the other ways skip some hooks only.
 */
function bypassNote(ways: string[], root: string): string {
  const husky = ways.filter((w) => w.startsWith('HUSKY=0 '));
  if (husky.length === 0) return messages.agent.bypassWarning(ways);
  if (existsSync(join(root, '.husky', '_', 'h'))) return messages.agent.huskyOffWarning(ways);
  const others = ways.filter((w) => !husky.includes(w));
  return others.length > 0 ? messages.agent.bypassWarning(others) : messages.agent.huskyNoEffect();
}

/** The pre-tool answer: a refusal, or a warning the agent sees while the call goes ahead. */
export function preToolReply({ call, config, decision, now, ws, session, tooMany }: PreToolFacts, env: NodeJS.ProcessEnv): Reply {
  setRunCommand(() => installedRunCommand(ws.root));
  if (tooMany !== undefined) return denyReply(call.host, messages.agent.tooManyPaths(sanitizeLine(call.tool), MAX_LISTED));
  const notes: string[] = [];
  // The returning holder: its task was continued by another while it was recorded as stopped.
  for (const n of session?.continued ?? []) {
    const disputed = session?.reopened != null && Date.parse(n.at) >= Date.parse(session.reopened.ended) && now.getTime() - Date.parse(session.reopened.ended) <= config.idleAfterMinutes * 60_000;
    notes.push(messages.rotation.continuedNotice(sanitizeLine(n.task), sanitizeLine(n.by), sanitizeLine(n.at), disputed));
  }
  const rotation = (): RotationFacts => ({ sessions: readSessions(ws.commonDir), idleAfterMinutes: config.idleAfterMinutes, aliases: config.aliases });
  if (call.bypasses.length > 0) notes.push(bypassNote([...new Set(call.bypasses)].map(sanitizeLine), ws.root));
  if (decision) {
    const { identity } = editIdentity(call.agent, env, config);
    if (decision.refusals.length > 0) {
      // Open requests to the holders of the refused claims: what others already asked of them.
      const tasks = new Set(decision.refusals.map((h) => h.claim.task));
      const asked = openRequestsFor(tasks, workspaceVersions(ws, config)).map((q) => messages.rotation.openRequest(sanitizeLine(q.task), sanitizeLine(q.from), sanitizeLine(q.text), sanitizeLine(q.at)));
      return denyReply(call.host, [editReason(call, decision, identity, now, true, rotation()) + asked.join(''), ...notes].join('\n'));
    }
    if (decision.warnings.length > 0) notes.unshift(editReason(call, decision, identity, now, false, rotation()));
  }
  return notes.length > 0 ? warnReply(call.host, notes.join('\n')) : SILENT;
}

export async function sessionStart(kind: AgentKind, payload: unknown, rootArg: string | undefined, env: NodeJS.ProcessEnv): Promise<Reply> {
  const start = readSessionStart(payload, kind);
  const opened = await openAt(rootArg, start.cwd);
  if (!opened) return SILENT;
  const { ws, config } = opened;
  setRunCommand(() => installedRunCommand(ws.root));
  const now = new Date();
  markSeen(ws.gitDir, { agent: kind, host: start.host, event: 'session-start', time: now.toISOString() });
  pruneSessions(ws.commonDir);
  const touched = recordSession(start.agent, start.sessionId, { worktree: ws.root, commonDir: ws.commonDir }, { kind: 'seen' }, now);
  const { identity, declaredOther } = editIdentity(start.agent, env, config);
  // The agent that exports a file's variables to its shell commands (Claude Code's CLAUDE_ENV_FILE) keeps its name there.
  const protocol = protocolNamed(start.host);
  const envFile = 'envFile' in protocol && protocol.envFile ? env[protocol.envFile] : undefined;
  if (envFile && !env.PLAN_HOOKS_AGENT) persistIdentity(envFile, start.agent);
  const versions = workspaceVersions(ws, config);
  const claims = liveClaims(versions, now, config.staleAfterHours);
  let text = renderSessionStart({ identity, versions, claims, config, now, declaredOther });
  // Rotation (docs/rotation.md): what a successor needs to continue a paused claim, read from git now;
  // what the returning holder must know. A cache that cannot be read changes nothing here.
  const sessions = readSessions(ws.commonDir);
  const recent = (at: string) => now.getTime() - Date.parse(at) <= config.staleAfterHours * 3600_000;
  const notices = [...(touched?.continued ?? []), ...continuedFrom(identity.name, versions, config.aliases).filter((n) => recent(n.at))];
  const unique = notices.filter((n, i) => notices.findIndex((m) => m.task === n.task && m.by === n.by) === i);
  const pickup = await pickupLines({
    me: identity.name,
    root: ws.root,
    worktrees: [ws.root, ...ws.otherWorktrees.map((w) => w.path)],
    claims,
    versions,
    sessions,
    notices: unique,
    now,
    idleAfterMinutes: config.idleAfterMinutes,
    aliases: config.aliases,
  });
  if (pickup.length > 0) text += `\n${pickup.join('\n')}`;
  return sessionReply(start.host, text, env.PLAN_HOOKS_AGENT ? {} : { PLAN_HOOKS_AGENT: start.agent });
}
