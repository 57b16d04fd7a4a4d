// Configuration: `.plan-hooks.json` at the repository root, or a "plan-hooks" key in
// package.json. Defaults need no file. Read synchronously: it is small and every hook needs it.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { UsageError } from '../errors.js';
import { messages } from '../messages/index.js';
import { scanJson } from '../lib/json-document.js';
import { compilePattern } from '../lib/pattern.js';

export type Mode = 'enforce' | 'warn' | 'off';
export type CheckName = 'plans' | 'transitions' | 'claims';

/** Which remote-tracking branches contribute claims (src/remote/remote-claims.ts). */
export interface RemoteClaims {
  /** Only branches whose tip was committed within this many days. */
  days: number;
  /** Remote names (globs: `*` any run, `?` one character). */
  remotes: string[];
  /** Branch names on those remotes (globs; `*` matches slashes too). */
  branches: string[];
}

export interface Config {
  /** Globs (repository-relative) that name plan files. */
  plans: string[];
  /** Entry files that carry the Plan State / handoff blocks; null means those present among the defaults. */
  entryFiles: string[] | null;
  /** A claim older than this, with no recent log entry, is stale. */
  staleAfterHours: number;
  /** Warnings fail validation. */
  strict: boolean;
  checks: Record<CheckName, Mode>;
  /** Branch whose plans also contribute claims; null means the repository's default branch. */
  baseBranch: string | null;
  /** Environment variable → agent name, for identity detection. */
  agentMarkers: Record<string, string>;
  /** Canonical name → other names the same agent goes by. */
  aliases: Record<string, string[]>;
  /** Add the Plan-Task trailer in prepare-commit-msg. */
  trailer: boolean;
  /** Mirror worklog entries to refs/notes/plan-hooks. */
  notes: boolean;
  /** `claim`, `release` and `done` push the plan edit to the base branch on the remote (as with --push). */
  claimPush: boolean;
  /** Claims from remote-tracking branches; false reads none. */
  remoteClaims: RemoteClaims | false;
  /** The coding agents init installs edit-time hooks for; null means all (src/agents/kinds.ts). */
  agents: string[] | null;
  /** What prepare-commit-msg does when pre-commit did not run for the tree (--no-verify). */
  noVerify: 'refuse' | 'allow';
  /** A claim's holder whose every session known here was last seen longer ago than this is paused (src/core/claim-state.ts). */
  idleAfterMinutes: number;
  /** CI honours a skip recorded with a commit (Plan-Skip) only where the base branch's configuration says so (docs/overrides.md). */
  allowSkips: boolean;
  /** Signed identity (docs/signing.md): require: check --range and pre-push refuse a commit that touches a claimed path and bears no good signature of the base's allowed signers. */
  signing: { require: boolean };
}

export const DEFAULT_ENTRY_FILES = ['AGENTS.md', 'CLAUDE.md', '.github/copilot-instructions.md', 'GEMINI.md'];

export const DEFAULT_CONFIG: Config = {
  plans: ['docs/**/*-plan.json'],
  entryFiles: null,
  staleAfterHours: 24,
  strict: false,
  checks: { plans: 'enforce', transitions: 'enforce', claims: 'enforce' },
  baseBranch: null,
  agentMarkers: {
    CLAUDECODE: 'claude',
    CLAUDE_CODE_ENTRYPOINT: 'claude',
    // Codex sets these in the commands it runs; CODEX_HOME is a user setting, not a marker.
    CODEX_SANDBOX: 'codex',
    CODEX_SANDBOX_NETWORK_DISABLED: 'codex',
    CURSOR_AGENT: 'cursor',
    GEMINI_CLI: 'gemini',
    AI_AGENT: '$AI_AGENT',
  },
  // The names @vercel/detect-agent gives (src/core/known-markers.ts) fold into the common ones.
  aliases: { claude: ['claude-code'], cursor: ['cursor-cli'], copilot: ['github-copilot', 'github-copilot-cli'] },
  trailer: true,
  notes: false,
  claimPush: false,
  remoteClaims: { days: 30, remotes: ['*'], branches: ['*'] },
  agents: null,
  noVerify: 'refuse',
  idleAfterMinutes: 30,
  allowSkips: false,
  signing: { require: false },
};

export const CONFIG_FILE = '.plan-hooks.json';

/** The text of the two files a configuration can live in, from wherever they were read. */
export interface ConfigTexts {
  /** `.plan-hooks.json`, or null when there is none. */
  planHooksJson: string | null;
  /** `package.json`, or null when there is none. */
  packageJson: string | null;
}

/** The two files' texts in the working tree at `root`. */
export function workingConfigTexts(root: string): ConfigTexts {
  const read = (file: string) => {
    const path = join(root, file);
    if (!existsSync(path)) return null;
    try {
      return readFileSync(path, 'utf8');
    } catch (error) {
      throw new UsageError(messages.config.unreadable(path, (error as Error).message));
    }
  };
  return { planHooksJson: read(CONFIG_FILE), packageJson: read('package.json') };
}

/**
 * The user's raw settings and where they came from, or null when there are none. `where` names
 * the files in messages (the root for the working tree, "HEAD:" for a revision).
 */
function readUserConfig(texts: ConfigTexts, where: (file: string) => string): { source: string; data: unknown } | null {
  if (texts.planHooksJson !== null) return { source: CONFIG_FILE, data: parseJson(texts.planHooksJson, where(CONFIG_FILE)) };
  if (texts.packageJson !== null) {
    const pkg = parseJson(texts.packageJson, where('package.json')) as Record<string, unknown> | null;
    if (pkg && typeof pkg === 'object' && pkg['plan-hooks'] !== undefined) {
      return { source: 'package.json "plan-hooks"', data: pkg['plan-hooks'] };
    }
  }
  return null;
}

function parseJson(text: string, file: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    // Only on failure: the scan says where, JSON.parse (on Node 20) does not reliably.
    const { error } = scanJson(text);
    throw new UsageError(error ? messages.config.badJson(file, error.line, error.column, messages.jsonProblem(error.reason)) : messages.config.badJson(file, 1, 1, messages.jsonUnreadable));
  }
}

/** The configuration in the working tree at `root`. Async so the validator loads only when there is a user config. */
export async function loadConfig(root: string): Promise<Config> {
  return configFromTexts(workingConfigTexts(root), (file) => join(root, file));
}

/** The configuration the two files' texts give (defaults when neither has settings). */
export async function configFromTexts(texts: ConfigTexts, where: (file: string) => string = (file) => file): Promise<Config> {
  const user = readUserConfig(texts, where);
  if (!user) return DEFAULT_CONFIG;
  if (typeof user.data !== 'object' || user.data === null || Array.isArray(user.data)) {
    throw new UsageError(messages.config.notObject(user.source));
  }
  const { configProblems } = await import('./validate.js');
  const problems = configProblems(user.data);
  if (problems.length > 0) throw new UsageError(messages.config.invalid(user.source, problems));
  return withDefaults(user.data as Partial<Config>);
}

function withDefaults(data: Partial<Config>): Config {
  return {
    ...DEFAULT_CONFIG,
    ...data,
    checks: { ...DEFAULT_CONFIG.checks, ...data.checks },
    signing: { ...DEFAULT_CONFIG.signing, ...data.signing },
    agentMarkers: { ...DEFAULT_CONFIG.agentMarkers, ...data.agentMarkers },
    aliases: { ...DEFAULT_CONFIG.aliases, ...data.aliases },
    remoteClaims: data.remoteClaims === false ? false : { ...(DEFAULT_CONFIG.remoteClaims as RemoteClaims), ...data.remoteClaims },
  };
}

const isStrings = (v: unknown) => Array.isArray(v) && v.every((x) => typeof x === 'string' && x !== '');
/** Whether a plan glob compiles (one that leaves the repository does not; loadConfig says why). */
function compiles(source: string): boolean {
  try {
    compilePattern(source, { ignoreCase: false });
    return true;
  } catch {
    return false;
  }
}
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The configuration without the validator (~30 ms to load), for the agents' edit-time hook,
 * which runs on every edit and reads only plans, staleAfterHours, checks and aliases: when
 * those have the schema's types, the settings merged as loadConfig merges them; otherwise null,
 * and the caller uses loadConfig, which says what is wrong.
 */
export function loadConfigUnchecked(root: string): Config | null {
  const user = readUserConfig(workingConfigTexts(root), (file) => join(root, file));
  if (!user) return DEFAULT_CONFIG;
  const d = user.data;
  if (!isRecord(d)) return null;
  if (d.plans !== undefined && !(isStrings(d.plans) && (d.plans as string[]).length > 0 && (d.plans as string[]).every(compiles))) return null;
  if (d.staleAfterHours !== undefined && !(typeof d.staleAfterHours === 'number' && d.staleAfterHours > 0)) return null;
  if (d.idleAfterMinutes !== undefined && !(typeof d.idleAfterMinutes === 'number' && d.idleAfterMinutes > 0)) return null;
  if (d.checks !== undefined && !(isRecord(d.checks) && Object.values(d.checks).every((m) => m === 'enforce' || m === 'warn' || m === 'off'))) return null;
  if (d.aliases !== undefined && !(isRecord(d.aliases) && Object.values(d.aliases).every(isStrings))) return null;
  return withDefaults(d as Partial<Config>);
}

