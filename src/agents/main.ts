// The agents' hook: `agent-hook.sh <agent> <pre-tool|session-start>` runs this (bundled as
// dist/src/hooks/agent.cjs) with the repository's top first and the agent's JSON payload on
// stdin. pre-tool refuses a write to a path another holder claimed; session-start hands over.
// Edit time never breaks the agent: anything unexpected allows the call with one line on
// stderr — the commit is the wall.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { liveClaims } from '../claims/claims.js';
import { formatClaimGroups, byClaim } from '../check/report.js';
import { type Config, loadConfig, loadConfigUnchecked } from '../config/config.js';
import { type Identity, sameAgent } from '../identity/identity.js';
import { messages } from '../messages.js';
import { planMatcher } from '../plan/discover.js';
import { sanitizeLine } from '../term.js';
import { decideEdit, type EditDecision } from './decide.js';
import { AGENT_FILES, AGENT_KINDS, type AgentKind, isAgentKind } from './kinds.js';
import { type ToolCall, readSessionStart, readToolCall } from './payload.js';
import { type Reply, SILENT, denyReply, sessionReply, warnReply } from './reply.js';
import { markSeen, persistIdentity, renderSessionStart, seenMarkerFile } from './session-start.js';
import { findRoot, openWorkspace, workspaceVersions, type Workspace } from './workspace.js';

/** Who edits: the agent the hook belongs to; PLAN_HOOKS_AGENT only when it names that same agent. */
export function editIdentity(agent: AgentKind, env: NodeJS.ProcessEnv, config: Pick<Config, 'aliases'>): { identity: Identity; declaredOther: string | null } {
  const declared = env.PLAN_HOOKS_AGENT?.trim();
  if (declared && sameAgent(declared, agent, config.aliases)) return { identity: { name: declared, source: 'env', detail: 'PLAN_HOOKS_AGENT' }, declaredOther: null };
  return { identity: { name: agent, source: 'agent-marker', detail: messages.agent.identitySource(agent, AGENT_FILES[agent]) }, declaredOther: declared || null };
}

const skipsClaims = (env: NodeJS.ProcessEnv) => (env.PLAN_HOOKS_SKIP ?? '').toLowerCase().split(/[\s,]+/).includes('claims');

interface Opened {
  ws: Workspace;
  config: Config;
}

async function open(rootArg: string | undefined, cwd: string | null): Promise<Opened | null> {
  const root = findRoot(rootArg ? resolve(rootArg) : (cwd ?? process.cwd()));
  const ws = root ? openWorkspace(root) : null;
  if (!ws) return null;
  return { ws, config: loadConfigUnchecked(ws.root) ?? (await loadConfig(ws.root)) };
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

export async function preTool(kind: AgentKind, payload: unknown, rootArg: string | undefined, env: NodeJS.ProcessEnv): Promise<Reply> {
  const call = readToolCall(payload, kind);
  if (!call || (call.writes.length === 0 && call.bypasses.length === 0)) return SILENT;
  const opened = await open(rootArg, call.cwd);
  if (!opened) return SILENT;
  const { ws, config } = opened;
  // The first call after the agent trusted the hooks shows doctor they run, as session start does.
  if (!existsSync(seenMarkerFile(ws.gitDir, kind))) markSeen(ws.gitDir, { agent: kind, host: call.host, event: 'pre-tool', time: new Date().toISOString() });
  const notes: string[] = [];
  if (call.bypasses.length > 0) notes.push(messages.agent.bypassWarning([...new Set(call.bypasses)].map(sanitizeLine)));
  if (call.writes.length > 0 && !skipsClaims(env)) {
    const now = new Date();
    const plans = planMatcher(config);
    const claims = liveClaims(workspaceVersions(ws, config), now, config.staleAfterHours);
    const { identity } = editIdentity(call.agent, env, config);
    const decision = decideEdit({
      writes: call.writes,
      cwd: call.cwd ?? process.cwd(),
      root: ws.root,
      claims,
      identity,
      config,
      isPlanFile: plans.matches,
      ignoreCase: ws.ignoreCase,
    });
    if (decision.refusals.length > 0) return denyReply(call.host, [editReason(call, decision, identity, now, true), ...notes].join('\n'));
    if (decision.warnings.length > 0) notes.unshift(editReason(call, decision, identity, now, false));
  }
  return notes.length > 0 ? warnReply(call.host, notes.join('\n')) : SILENT;
}

export async function sessionStart(kind: AgentKind, payload: unknown, rootArg: string | undefined, env: NodeJS.ProcessEnv): Promise<Reply> {
  const start = readSessionStart(payload, kind);
  const opened = await open(rootArg, start.cwd);
  if (!opened) return SILENT;
  const { ws, config } = opened;
  const now = new Date();
  markSeen(ws.gitDir, { agent: kind, host: start.host, event: 'session-start', time: now.toISOString() });
  const { identity, declaredOther } = editIdentity(start.agent, env, config);
  if (start.host === 'claude' && env.CLAUDE_ENV_FILE && !env.PLAN_HOOKS_AGENT) persistIdentity(env.CLAUDE_ENV_FILE, 'claude');
  const versions = workspaceVersions(ws, config);
  const claims = liveClaims(versions, now, config.staleAfterHours);
  const text = renderSessionStart({ identity, versions, claims, config, now, declaredOther });
  return sessionReply(start.host, text, env.PLAN_HOOKS_AGENT ? {} : { PLAN_HOOKS_AGENT: start.agent });
}

function readPayload(): unknown {
  const text = readFileSync(0, 'utf8');
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The bundle's entry: argv is [root, agent, event]. Writes the reply; returns the exit code. */
export async function main(argv: string[]): Promise<number> {
  const [rootArg, kind, event] = argv;
  if (process.env.PLAN_HOOKS === '0') return 0;
  try {
    if (!kind || !isAgentKind(kind) || (event !== 'pre-tool' && event !== 'session-start')) {
      process.stderr.write(messages.agent.failOpen(messages.agent.usage([...AGENT_KINDS])));
      return 0;
    }
    const payload = readPayload();
    if (payload === undefined) {
      process.stderr.write(messages.agent.failOpen(messages.agent.badPayload()));
      return 0;
    }
    const reply = event === 'pre-tool' ? await preTool(kind, payload, rootArg, process.env) : await sessionStart(kind, payload, rootArg, process.env);
    process.stdout.write(reply.stdout);
    return reply.code;
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    process.stderr.write(messages.agent.failOpen(sanitizeLine(detail).slice(0, 300)));
    return 0;
  }
}
