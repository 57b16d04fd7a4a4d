// What only a person changes (issue 25 items 3 and 6): the settings that decide who is who or what
// is checked. A commit whose identity is an agent's (../core/identity.ts) and that changes one of
// them is refused at commit, at push and in CI; a person's passes; the other settings stay free.
//
// PERSON-ONLY SETTINGS are every key of the configuration except FREE_SETTINGS, so a key added
// later is a person's until someone decides otherwise. Today that is: plans, staleAfterHours (a
// stale claim only warns), strict, checks, baseBranch and remoteClaims (where claims come from),
// agentMarkers and aliases (who is who), trailer and noVerify (the trailer settings), agents (whose
// edit-time hooks, which record who commits, init installs) and idleAfterMinutes (when another
// agent may continue a claim). A configuration that no longer loads changes all of them.
//
// AN AGENT'S IDENTITY is any identity not taken from the git author (an agent's hook record, a
// marker, a declared name, a branch binding), or a git author, or a Co-authored-by of the commit,
// whose name is an agent's (the configuration's markers and aliases, @vercel/detect-agent's
// names). Push and CI know only what the commit records: a hookless commit with a person's name
// passes as that person, listed among the identities judged by their author (docs/identity.md).
import type { Config } from '../config/config.js';
import { type Identity, agentSource, isAgentName } from './identity.js';
import type { Problem } from '../problems/problems.js';
import { identityMessages } from '../messages/identity.js';
import type { Markers } from '../lib/marked-sections.js';
import { AGENT_FILES, AGENT_SHIM } from './install/agent-kinds.js';
import { LEFTHOOK_FILES, PRE_COMMIT_FILE, YAML_MARKERS, managerCommand } from './install/managers.js';
import { TRACKED_RUNNER } from './install/names.js';
import { ALLOWED_SIGNERS_FILE } from './signing.js';
import { SHELL_MARKERS, hasTopLevelExit } from './install/sections.js';

/** The settings an agent may change: they decide neither identity nor what is checked. */
export const FREE_SETTINGS: readonly string[] = ['entryFiles', 'notes', 'claimPush'];

/** The settings that differ between two configurations, as dotted keys (pure). */
export function configDifferences(before: Config, after: Config): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  const out: string[] = [];
  for (const key of [...keys].sort()) {
    const a = (before as unknown as Record<string, unknown>)[key];
    const b = (after as unknown as Record<string, unknown>)[key];
    if (typeof a === 'object' && a !== null && typeof b === 'object' && b !== null && !Array.isArray(a)) {
      const inner = new Set([...Object.keys(a), ...Object.keys(b)]);
      for (const k of [...inner].sort()) {
        if (JSON.stringify((a as Record<string, unknown>)[k]) !== JSON.stringify((b as Record<string, unknown>)[k])) out.push(`${key}.${k}`);
      }
    } else if (JSON.stringify(a) !== JSON.stringify(b)) out.push(key);
  }
  return out;
}

/** Of the dotted keys that differ, those only a person changes (pure). */
export const personOnlyKeys = (keys: readonly string[]) => keys.filter((k) => !FREE_SETTINGS.includes(k.split('.')[0]!));

/** The name of a `Name <email>` trailer value (pure). */
const personName = (value: string) => value.replace(/<[^>]*>/g, '').trim();

/**
 * Whether `identity` is an agent's (see the top): `coAuthors` are the commit's Co-authored-by
 * values (an agent's own client names itself there); `config` is the one in force before the change.
 */
export function isAgentIdentity(identity: Pick<Identity, 'name' | 'source'>, config: Pick<Config, 'agentMarkers' | 'aliases'>, coAuthors: readonly string[] = []): boolean {
  if (agentSource(identity.source)) return true;
  // An author and a co-author are read alike: "Codex CLI" and codex[bot] are codex's.
  return [identity.name, ...coAuthors.map(personName)].some((n) => isAgentName(n, config));
}

/** A change of the configuration: the file that carries it, the dotted keys that differ, or why the new one does not load. */
export interface SettingsChange {
  file: string;
  keys: readonly string[];
  problem: string | null;
}

/**
 * The refusal of a change to person-only settings by an agent (pure), or null: `change` is what
 * the commit does to the configuration in force (`config`), null when nothing.
 */
export function personOnlySettingsRefusal(facts: {
  identity: Pick<Identity, 'name' | 'source' | 'detail'>;
  config: Pick<Config, 'agentMarkers' | 'aliases'>;
  change: SettingsChange | null;
  coAuthors?: readonly string[];
}): Problem | null {
  const { change } = facts;
  if (!change) return null;
  const keys = change.problem !== null ? [] : personOnlyKeys(change.keys);
  if (change.problem === null && keys.length === 0) return null;
  if (!isAgentIdentity(facts.identity, facts.config, facts.coAuthors)) return null;
  const text = identityMessages.personOnlySettings(change.file, keys, change.problem, facts.identity);
  return { severity: 'error', rule: 'person-only-settings', file: change.file, path: '', line: 1, column: 1, ...text };
}

// PLAN-HOOKS' OWN INSTALLED FILES are a person's too (item 6): the tracked runner, the agents'
// shim and husky's copy of the runner as whole files; in the files plan-hooks shares with the user,
// only its part (the section, not the file): its marked sections of husky's hooks (and whether a
// top-level exit before one stops it running), of lefthook's and pre-commit's YAML with every other
// line naming plan-hooks, the hooks of package.json's simple-git-hooks key that run its runner, and
// the entries of the agents' hook files that run its shim (with Claude Code's disableAllHooks);
// and the allowed signers (docs/signing.md), whole: an agent adding its own key proves nothing.

/** The files plan-hooks owns whole. */
const OWN_FILES = [TRACKED_RUNNER, AGENT_SHIM, '.husky/plan-hooks.sh', ALLOWED_SIGNERS_FILE];
const YAML_FILES = [...LEFTHOOK_FILES, PRE_COMMIT_FILE];
const HUSKY_HOOK = /^\.husky\/(?!_\/)[^/]+$/;
const AGENT_HOOK_FILES: readonly string[] = Object.values(AGENT_FILES);

/** Whether plan-hooks installs (a part of) `path`: only such paths are read for ownPart (pure). */
export const installedPath = (path: string) => OWN_FILES.includes(path) || YAML_FILES.includes(path) || HUSKY_HOOK.test(path) || path === 'package.json' || AGENT_HOOK_FILES.includes(path);

/** The lines of each section from `key` to `end` (pure), and the lines outside them. */
function sections(text: string, markers: Markers): { inside: string[]; outside: string[]; firstAt: number } {
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  const inside: string[] = [];
  const outside: string[] = [];
  let firstAt = -1;
  for (let i = 0; i < lines.length; i++) {
    const end = lines[i]!.trim().startsWith(markers.key) ? lines.findIndex((l, j) => j > i && l.trim() === markers.end) : -1;
    if (end < 0) {
      outside.push(lines[i]!);
      continue;
    }
    if (firstAt < 0) firstAt = i;
    inside.push(...lines.slice(i, end + 1).map((l) => l.trim()));
    i = end;
  }
  return { inside, outside, firstAt };
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * plan-hooks' own part of `path` holding `text` (null: no such file), as one comparable string
 * (pure): two versions of a file whose parts are equal differ only in what is the user's.
 */
export function ownPart(path: string, text: string | null): string {
  if (text === null) return '';
  if (OWN_FILES.includes(path)) return text;
  if (HUSKY_HOOK.test(path)) {
    const { inside, firstAt } = sections(text, SHELL_MARKERS);
    const before = firstAt < 0 ? '' : text.replace(/\r\n/g, '\n').split('\n').slice(0, firstAt).join('\n');
    return inside.length === 0 ? '' : [...inside, hasTopLevelExit(before) ? '<exit>' : ''].join('\n');
  }
  if (YAML_FILES.includes(path)) {
    const { inside, outside } = sections(text, YAML_MARKERS);
    return [...inside, ...outside.filter((l) => l.includes('plan-hooks')).map((l) => l.trim())].join('\n');
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    // A file that does not parse runs none of plan-hooks' hooks: its part is gone.
    return '';
  }
  if (!isRecord(data)) return '';
  if (path === 'package.json') {
    const hooks = data['simple-git-hooks'];
    if (!isRecord(hooks)) return '';
    return Object.entries(hooks)
      .filter(([hook, cmd]) => typeof cmd === 'string' && cmd.includes(managerCommand(hook, '"$@"')))
      .map(([hook, cmd]) => `${hook}${/\bexit\b/.test(cmd as string) ? ' <exit>' : ''}`)
      .sort()
      .join('\n');
  }
  const entries = isRecord(data.hooks)
    ? Object.entries(data.hooks).flatMap(([event, list]) => (Array.isArray(list) ? list.filter((e) => JSON.stringify(e).includes(AGENT_SHIM)).map((e) => `${event} ${JSON.stringify(e)}`) : []))
    : [];
  if (entries.length === 0) return '';
  return [...entries.sort(), data.disableAllHooks === undefined ? '' : `disableAllHooks ${JSON.stringify(data.disableAllHooks)}`].join('\n');
}

/** One installed file a change touches: its text before and after (null: absent). */
export interface InstalledFileChange {
  path: string;
  before: string | null;
  after: string | null;
}

/** The refusal of an agent's change to plan-hooks' own part of installed files (pure), or null. */
export function personOnlyFilesRefusal(facts: {
  identity: Pick<Identity, 'name' | 'source' | 'detail'>;
  config: Pick<Config, 'agentMarkers' | 'aliases'>;
  files: readonly InstalledFileChange[];
  coAuthors?: readonly string[];
}): Problem | null {
  const paths = facts.files.filter((f) => installedPath(f.path) && ownPart(f.path, f.before) !== ownPart(f.path, f.after)).map((f) => f.path);
  if (paths.length === 0 || !isAgentIdentity(facts.identity, facts.config, facts.coAuthors)) return null;
  const text = identityMessages.personOnlyFiles(paths, facts.identity);
  return { severity: 'error', rule: 'person-only-files', file: paths[0]!, path: '', line: 1, column: 1, ...text };
}
