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
import type { Identity } from './identity.js';
import type { Problem } from '../problems/problems.js';
import { KNOWN_MARKERS } from './known-markers.js';
import { identityMessages } from '../messages/identity.js';

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

/** The names agents go by under `config` (lower case): its markers' names, its aliases, detect-agent's names. */
function agentNames(config: Pick<Config, 'agentMarkers' | 'aliases'>): Set<string> {
  const names = new Set<string>();
  const add = (n: string) => {
    if (!n.startsWith('$') && n.trim() !== '') names.add(n.trim().toLowerCase());
  };
  Object.values(config.agentMarkers).forEach(add);
  Object.values(KNOWN_MARKERS).forEach((m) => add(m.name));
  for (const [canonical, others] of Object.entries(config.aliases)) [canonical, ...others].forEach(add);
  return names;
}

/** The name of a `Name <email>` trailer value (pure). */
const personName = (value: string) => value.replace(/<[^>]*>/g, '').trim();

/**
 * Whether `identity` is an agent's (see the top): `coAuthors` are the commit's Co-authored-by
 * values (an agent's own client names itself there); `config` is the one in force before the change.
 */
export function isAgentIdentity(identity: Pick<Identity, 'name' | 'source'>, config: Pick<Config, 'agentMarkers' | 'aliases'>, coAuthors: readonly string[] = []): boolean {
  if (identity.source !== 'git-author') return true;
  const names = agentNames(config);
  return [identity.name, ...coAuthors.map(personName)].some((n) => names.has(n.trim().toLowerCase()));
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
