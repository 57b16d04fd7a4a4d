// Every coding agent plan-hooks installs into, listed once, in the order init and doctor go
// through them, and every protocol its hook reads payloads in (the agents, then VS Code's agent
// mode, which reads their files). Here, below every layer, so the person-only rule
// (../person-only.ts) knows their files too.
import type { AgentEntry, HookEvent, PayloadNames } from './agent.js';
import { claude } from './claude.js';
import { codex } from './codex.js';
import { copilot } from './copilot.js';
import { cursor } from './cursor.js';
import { gemini } from './gemini.js';
import { vscode } from './vscode.js';

export type { AgentEntry, CodingAgent, HookEvent, PayloadNames, Protocol, Replies, Reply } from './agent.js';

export const AGENTS = [claude, codex, gemini, cursor, copilot] as const;
export type AgentKind = (typeof AGENTS)[number]['name'];
export const AGENT_KINDS: readonly AgentKind[] = AGENTS.map((a) => a.name);
export const isAgentKind = (v: string): v is AgentKind => (AGENT_KINDS as readonly string[]).includes(v);

/** The protocols a payload may come in, in the order they are recognised (./agent.ts `sends`). */
export const PROTOCOLS = [...AGENTS, vscode] as const;
/** Whose protocol a reply speaks: an agent, or VS Code's agent mode. */
export type Host = (typeof PROTOCOLS)[number]['name'];

export function agentNamed(kind: AgentKind): (typeof AGENTS)[number] {
  return AGENTS.find((a) => a.name === kind)!;
}

export function protocolNamed(host: Host): (typeof PROTOCOLS)[number] {
  return PROTOCOLS.find((p) => p.name === host)!;
}

/** The repository-relative file each agent reads its project hooks from. */
export const AGENT_FILES = Object.fromEntries(AGENTS.map((a) => [a.name, a.file])) as Record<AgentKind, string>;

/** The committed shim every installed command runs (src/agents/install.ts writes it). */
export const AGENT_SHIM = '.plan-hooks/agent-hook.sh';

/** The command an agent's entry runs: the same on every machine (Codex asks the user to trust a hook again when it changes). */
export function agentCommand(kind: AgentKind, event: HookEvent): string {
  const dir = agentNamed(kind).projectDir;
  if (dir) return `sh "\${${dir}:-.}/${AGENT_SHIM}" ${kind} ${event}`;
  // No variable names the top, and the hook runs in the agent's directory, which may be below
  // it: the shim is looked for upwards, in sh alone (no git process on every tool call), and
  // not finding it allows the call (exit 0) rather than fail with sh's "cannot open" (exit 2).
  return `d=$PWD; until [ -f "$d/${AGENT_SHIM}" ] || [ -z "$d" ]; do d=\${d%/*}; done; [ -z "$d" ] || exec sh "$d/${AGENT_SHIM}" ${kind} ${event}`;
}

/** Each agent's entries in its own file (see each agent's hook reference, noted in docs/agents.md). */
export function agentEntries(kind: AgentKind): AgentEntry[] {
  return agentNamed(kind).entries((event) => agentCommand(kind, event));
}

/** Whose protocol a payload speaks: the first that knows it by its own fields, else the agent the hook was installed for. */
export function hostOf(payload: Record<string, unknown>, installedFor: AgentKind): Host {
  return PROTOCOLS.find((p) => p.sends?.(payload))?.name ?? installedFor;
}

/**
 * Every protocol's names for one thing, in the order they are read: each protocol's first
 * choice (in PROTOCOLS order), then each one's second, and so on; a name once.
 */
function union(key: keyof PayloadNames): readonly string[] {
  const lists = PROTOCOLS.map((p) => (p.payload as PayloadNames)[key] ?? []);
  const out: string[] = [];
  for (let i = 0; lists.some((l) => i < l.length); i++) for (const l of lists) if (i < l.length && !out.includes(l[i]!)) out.push(l[i]!);
  return out;
}

/** The payload names of every protocol (a file may be read by a host other than its agent). */
export const PAYLOAD_NAMES: { readonly [K in keyof Required<PayloadNames>]: readonly string[] } = {
  tool: union('tool'),
  input: union('input'),
  cwd: union('cwd'),
  session: union('session'),
  source: union('source'),
  fileTools: union('fileTools'),
  shellTools: union('shellTools'),
  patchTools: union('patchTools'),
  patchAlso: union('patchAlso'),
  pathKeys: union('pathKeys'),
  listKeys: union('listKeys'),
  editKeys: union('editKeys'),
  commandKeys: union('commandKeys'),
  workdirKeys: union('workdirKeys'),
  patchKeys: union('patchKeys'),
};

/** The first of `names` that `obj` has as a non-empty string (`name[0]`: a list's first element). */
export function firstString(obj: Record<string, unknown>, names: readonly string[]): string | null {
  const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
  for (const name of names) {
    const list = name.endsWith('[0]') ? obj[name.slice(0, -3)] : undefined;
    const v = name.endsWith('[0]') ? (Array.isArray(list) ? str(list[0]) : null) : str(obj[name]);
    if (v) return v;
  }
  return null;
}
