// What a coding agent's hook payload says (pure): which agent sent it, the tool, where it runs,
// and what the tool would write. Payloads are untrusted JSON in each agent's own shape, whose
// names each agent's module gives (src/core/agents/); they are read by every agent's names, since
// another host (VS Code, Cursor) may send a payload through an agent's file. A shell tool's
// command is a string, or an argv (each word quoted as it is), run in the tool's own directory
// when it names one (relative to the payload's cwd, or absolute).
import { type AgentKind, type Host, PAYLOAD_NAMES, firstString, hostOf, protocolNamed } from '../core/agents/index.js';
import { shQuote } from '../lib/sh-quote.js';
import { gitOperations, patchPaths, runsClaim, shellFacts, type ShellWrite } from './shell-writes.js';

export type { Host } from '../core/agents/index.js';

export interface ToolCall {
  host: Host;
  /** The agent whose identity edits here: the one the hook was installed for, unless the payload shows another. */
  agent: AgentKind;
  tool: string;
  cwd: string | null;
  sessionId: string | null;
  /** Paths the tool writes, as given (absolute or relative to cwd), each with how. */
  writes: ShellWrite[];
  /** How a shell command skips git's hooks. */
  bypasses: string[];
  /** The committing git operations a shell command runs (identity from the agent's hook). */
  gitOps: { sub: string; dir: string | null }[];
  /** A shell command that runs `plan-hooks claim`: this session claims what it claims. */
  claims: boolean;
  /** How many paths a list in the input names, when more than edit time reads (MAX_LISTED): the call is refused. */
  tooMany: number | null;
}

/** Paths a tool's lists may name: past this the call is refused with the reason, not read in part. */
export const MAX_LISTED = 10_000;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

const field = firstString;

/** Every agent's tool names (src/core/agents/), matched case-insensitively. */
const lower = (names: readonly string[]) => new Set(names.map((n) => n.toLowerCase()));
const FILE_TOOLS = lower(PAYLOAD_NAMES.fileTools);
const SHELL_TOOLS = lower(PAYLOAD_NAMES.shellTools);
const PATCH_TOOLS = lower(PAYLOAD_NAMES.patchTools);
const PATCH_ALSO = lower(PAYLOAD_NAMES.patchAlso);

/** The paths a file tool's input names; a list longer than MAX_LISTED makes `tooMany` its length. */
function filePaths(input: Record<string, unknown>, call: ToolCall): string[] {
  const out: string[] = [];
  const listed = (key: string): unknown[] => {
    const list = input[key];
    if (!Array.isArray(list)) return [];
    if (list.length > MAX_LISTED) {
      call.tooMany = Math.max(call.tooMany ?? 0, list.length);
      return [];
    }
    return list;
  };
  for (const key of PAYLOAD_NAMES.pathKeys) {
    const v = str(input[key]);
    if (v) out.push(v);
  }
  for (const key of PAYLOAD_NAMES.listKeys) {
    for (const f of listed(key)) {
      const v = str(f) ?? (isObject(f) ? str(f.filePath) ?? str(f.path) ?? str(f.file_path) : null);
      if (v) out.push(v);
    }
  }
  for (const key of PAYLOAD_NAMES.editKeys) {
    for (const e of listed(key)) if (isObject(e)) {
      const v = str(e.filePath) ?? str(e.file_path) ?? str(e.path);
      if (v) out.push(v);
    }
  }
  return [...new Set(out)];
}

/** A shell tool's command as one script: a string, or an argv (each word quoted as it is). */
function commandText(v: unknown): string | null {
  if (typeof v === 'string') return v === '' ? null : v;
  if (!Array.isArray(v) || v.length === 0 || v.length > 4096 || !v.every((w) => typeof w === 'string')) return null;
  return (v as string[]).map(shQuote).join(' ');
}

/** The payload's tool call, or null when it is not one we can read (then the hook allows). */
export function readToolCall(payload: unknown, installedFor: AgentKind): ToolCall | null {
  if (!isObject(payload)) return null;
  const host = hostOf(payload, installedFor);
  // VS Code's agent is GitHub Copilot, whichever file the hook was read from; Cursor likewise.
  const agent = protocolNamed(host).agent;
  const tool = field(payload, PAYLOAD_NAMES.tool) ?? '';
  let input: unknown = PAYLOAD_NAMES.input.map((name) => payload[name]).find((v) => v !== undefined && v !== null);
  if (typeof input === 'string') {
    try {
      input = JSON.parse(input);
    } catch {
      // Codex's freeform apply_patch input, or a shell command given as text.
      input = { command: input };
    }
  }
  const args = isObject(input) ? input : {};
  const call: ToolCall = {
    host,
    agent,
    tool,
    cwd: field(payload, PAYLOAD_NAMES.cwd),
    sessionId: field(payload, PAYLOAD_NAMES.session),
    writes: [],
    bypasses: [],
    gitOps: [],
    claims: false,
    tooMany: null,
  };
  const name = tool.toLowerCase();
  if (PATCH_TOOLS.has(name) || PATCH_ALSO.has(name) && typeof args.command === 'string' && args.command.includes('*** Begin Patch')) {
    const patch = field(args, PAYLOAD_NAMES.patchKeys) ?? '';
    call.writes = patchPaths(patch).map((path) => ({ path, how: 'apply_patch' }));
  } else if (FILE_TOOLS.has(name)) {
    call.writes = filePaths(args, call).map((path) => ({ path, how: tool }));
  } else if (SHELL_TOOLS.has(name)) {
    const command = PAYLOAD_NAMES.commandKeys.map((key) => commandText(args[key])).find((c) => c !== null) ?? null;
    if (command) {
      // The tool's own directory, relative to the payload's cwd (or absolute).
      const dir = field(args, PAYLOAD_NAMES.workdirKeys) ?? '';
      const facts = shellFacts(command, 0, dir.replace(/\/+$/, '') || (dir.startsWith('/') ? '/' : ''));
      call.writes = facts.writes;
      call.bypasses = facts.bypasses;
      call.claims = runsClaim(command);
      call.gitOps = gitOperations(command).map((op) => ({ sub: op.sub, dir: op.dir === null ? (dir || null) : op.dir.startsWith('/') || !dir ? op.dir : `${dir}/${op.dir}` }));
    }
  }
  return call;
}

export interface SessionStart {
  host: Host;
  agent: AgentKind;
  cwd: string | null;
  sessionId: string | null;
  /** startup, resume, clear, compact … as the agent says. */
  source: string | null;
}

export function readSessionStart(payload: unknown, installedFor: AgentKind): SessionStart {
  const p = isObject(payload) ? payload : {};
  const host = hostOf(p, installedFor);
  return {
    host,
    agent: protocolNamed(host).agent,
    cwd: field(p, PAYLOAD_NAMES.cwd),
    sessionId: field(p, PAYLOAD_NAMES.session),
    source: field(p, PAYLOAD_NAMES.source),
  };
}
