// What a coding agent's hook payload says (pure): which agent sent it, the tool, where it runs,
// and what the tool would write. Payloads are untrusted JSON in each agent's own shape:
//   Claude Code, Codex, Gemini CLI: { session_id, cwd, hook_event_name, tool_name, tool_input }
//   Cursor:   the same names plus conversation_id / cursor_version / workspace_roots
//   VS Code agent mode (reads .claude/settings.json and .github/hooks/*.json, ignoring matchers):
//             { sessionId, hookEventName, cwd, tool_name, tool_input } (editFiles has files[])
//   Copilot CLI / cloud agent: { sessionId?, cwd, toolName, toolArgs } (toolArgs: a JSON string)
// A shell tool's command is a string, or Codex's argv (`["bash", "-lc", "<script>"]`), run in
// the tool's own directory when it names one: Codex's `workdir`, Gemini's `dir_path` (older
// releases: `directory`, relative to the project's top, which is the payload's cwd).
import type { AgentKind } from './kinds.js';
import { shQuote } from '../lib/sh-quote.js';
import { gitOperations, patchPaths, runsClaim, shellFacts, type ShellWrite } from './shell-writes.js';

/** Whose protocol the reply speaks: an agent, or VS Code's agent mode (Claude-style replies). */
export type Host = AgentKind | 'vscode';

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

/** Tools that write the file named in their input (every agent's names; matching is case-insensitive). */
const FILE_TOOLS = new Set([
  // Claude Code
  'edit', 'write', 'multiedit', 'notebookedit',
  // Gemini CLI
  'write_file', 'replace',
  // Cursor
  'delete', 'strreplace', 'edit_file', 'delete_file', 'search_replace',
  // Copilot CLI
  'create',
  // VS Code agent mode
  'editfiles', 'createfile', 'replacestringinfile', 'multireplacestringinfile', 'insertedit', 'applypatch', 'editnotebook', 'createdirectory', 'deletefile',
]);
const SHELL_TOOLS = new Set(['bash', 'shell', 'run_shell_command', 'powershell', 'runterminalcommand', 'runinterminal', 'run_in_terminal', 'terminal']);
const PATCH_TOOLS = new Set(['apply_patch']);

/** Path-valued keys a file tool's input uses, across agents. */
const PATH_KEYS = ['file_path', 'filePath', 'path', 'notebook_path', 'target_file', 'absolute_path', 'dirPath'];

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
  for (const key of PATH_KEYS) {
    const v = str(input[key]);
    if (v) out.push(v);
  }
  for (const key of ['files', 'paths', 'filePaths']) {
    for (const f of listed(key)) {
      const v = str(f) ?? (isObject(f) ? str(f.filePath) ?? str(f.path) ?? str(f.file_path) : null);
      if (v) out.push(v);
    }
  }
  // VS Code's multi-replace: { replacements: [{ filePath, … }] }; Claude's MultiEdit names one file.
  for (const key of ['replacements', 'edits']) {
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

function hostOf(payload: Record<string, unknown>, installedFor: AgentKind): Host {
  if ('cursor_version' in payload || 'conversation_id' in payload || 'workspace_roots' in payload) return 'cursor';
  // VS Code's common fields are camelCase beside snake_case tool fields.
  if ('hookEventName' in payload && !('hook_event_name' in payload)) return 'vscode';
  return installedFor;
}

/** The payload's tool call, or null when it is not one we can read (then the hook allows). */
export function readToolCall(payload: unknown, installedFor: AgentKind): ToolCall | null {
  if (!isObject(payload)) return null;
  const host = hostOf(payload, installedFor);
  // VS Code's agent is GitHub Copilot, whichever file the hook was read from; Cursor likewise.
  const agent: AgentKind = host === 'vscode' ? 'copilot' : host;
  const tool = str(payload.tool_name) ?? str(payload.toolName) ?? '';
  let input: unknown = payload.tool_input ?? payload.toolArgs ?? payload.toolInput;
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
    cwd: str(payload.cwd) ?? (Array.isArray(payload.workspace_roots) ? str(payload.workspace_roots[0]) : null),
    sessionId: str(payload.session_id) ?? str(payload.sessionId) ?? str(payload.conversation_id),
    writes: [],
    bypasses: [],
    gitOps: [],
    claims: false,
    tooMany: null,
  };
  const name = tool.toLowerCase();
  if (PATCH_TOOLS.has(name) || (name === 'edit' || name === 'write') && typeof args.command === 'string' && args.command.includes('*** Begin Patch')) {
    const patch = str(args.command) ?? str(args.patch) ?? str(args.input) ?? '';
    call.writes = patchPaths(patch).map((path) => ({ path, how: 'apply_patch' }));
  } else if (FILE_TOOLS.has(name)) {
    call.writes = filePaths(args, call).map((path) => ({ path, how: tool }));
  } else if (SHELL_TOOLS.has(name)) {
    const command = commandText(args.command) ?? commandText(args.cmd);
    if (command) {
      // The tool's own directory, relative to the payload's cwd (or absolute).
      const dir = str(args.workdir) ?? str(args.dir_path) ?? str(args.directory) ?? '';
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
    agent: host === 'vscode' ? 'copilot' : host,
    cwd: str(p.cwd) ?? (Array.isArray(p.workspace_roots) ? str(p.workspace_roots[0]) : null),
    sessionId: str(p.session_id) ?? str(p.sessionId) ?? str(p.conversation_id),
    source: str(p.source) ?? str(p.trigger),
  };
}
