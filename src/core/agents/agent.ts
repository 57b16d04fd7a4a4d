// What a coding agent is to plan-hooks, as one interface (like a hook manager's, ../install/managers/
// manager.ts): the file its project hooks live in and the entries plan-hooks puts there, how its
// hook payloads read, how its replies look. Pure: the shell (src/agents/) reads and writes the
// files. Each agent is one module in this folder, listed once in ./index.ts.

/** Our hook's events: the two that answer, and the lifecycle ones that only record the session (src/agents/lifecycle.ts). */
export type HookEvent = 'pre-tool' | 'session-start' | 'stop' | 'stop-failure' | 'session-end';

type Json = Record<string, unknown>;

/** Where an entry goes (the agent's event name), which of our hooks it runs, and the entry itself (a matcher group or a flat hook). */
export interface AgentEntry {
  event: string;
  runs: HookEvent;
  value: Json;
}

/** The hook's answer: what goes to stdout and the exit code. */
export interface Reply {
  stdout: string;
  code: number;
}

/** An answer of JSON on stdout, exit 0 (every protocol plan-hooks speaks today). */
export const json = (value: unknown): Reply => ({ stdout: `${JSON.stringify(value)}\n`, code: 0 });

/** The first line of a note, for the protocols that show the user one line. */
export const firstLine = (text: string) => text.split('\n', 1)[0]!;

/** How a protocol answers: a refusal, a note while the call goes ahead, the session-start handoff. */
export interface Replies {
  deny(reason: string): Reply;
  warn(note: string): Reply;
  session(context: string, env: Record<string, string>): Reply;
}

/**
 * The names a protocol's payloads use, each list in the order it is read. Payloads are read by
 * the union of every protocol's names (./index.ts), since a file may be read by another host.
 * A name ending in `[0]` reads the first element of a list.
 */
export interface PayloadNames {
  /** Top-level fields: the tool's name, its input (an object, or JSON text), the working directory, the session id, what started the session. */
  tool?: string[];
  input?: string[];
  cwd?: string[];
  session?: string[];
  source?: string[];
  /** Tools (matched case-insensitively) that write the files their input names, run a shell command, or apply a patch. */
  fileTools?: string[];
  shellTools?: string[];
  patchTools?: string[];
  /** Tools of another name whose `command` may be a patch (`*** Begin Patch`). */
  patchAlso?: string[];
  /** A file tool's input keys naming one path; naming a list of paths (strings, or objects naming one); naming a list of edits (objects naming one). */
  pathKeys?: string[];
  listKeys?: string[];
  editKeys?: string[];
  /** A shell tool's input keys: its command (a string or an argv), and the directory it runs in. */
  commandKeys?: string[];
  workdirKeys?: string[];
  /** A patch tool's input keys holding the patch. */
  patchKeys?: string[];
}

/** Who speaks a hook protocol: an agent, or a host (VS Code) reading an agent's file. */
export interface Protocol<N extends string = string, A extends string = string> {
  readonly name: N;
  /** The agent whose identity edits when this protocol sends the payload. */
  readonly agent: A;
  /** Whether a payload is this protocol's whichever agent's file it came through (by fields only it sends). */
  sends?(payload: Json): boolean;
  readonly payload: PayloadNames;
  readonly replies: Replies;
}

/** A coding agent plan-hooks installs its edit-time hooks into. */
export interface CodingAgent<K extends string = string> extends Protocol<K, K> {
  /** Its name as its makers write it, for messages. */
  readonly title: string;
  /** It asks the user to trust a hook again whenever the hook's command changes (doctor says so when init would change it). */
  readonly retrusts: boolean;
  /** The repository-relative file it reads its project hooks from. */
  readonly file: string;
  /** The variable it sets to the project's top for its hooks (null: it sets none, and the command looks upwards). */
  readonly projectDir: string | null;
  /** Its file's top level carries `"version": 1` (init adds it to a new one). */
  readonly versioned: boolean;
  /** The file it reads before each shell command to export variables (Claude Code's CLAUDE_ENV_FILE): session start puts the identity there. */
  readonly envFile: string | null;
  /** Its entries, in its own format, each running `command(event)`. */
  entries(command: (event: HookEvent) => string): AgentEntry[];
}

/** An agent module, its kind kept as a literal type. */
export const defineAgent = <K extends string>(agent: CodingAgent<K>): CodingAgent<K> => agent;
