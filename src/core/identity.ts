// Who is committing, found without the committer's help. First hit wins; a declared
// name (PLAN_HOOKS_AGENT, git config plan-hooks.agent, a command's --as) must agree with the
// coding-agent markers in the environment, or there must be none.
import type { Config } from '../config/config.js';
// Every commit's identity carries its detail (the verified marker records it): from its own
// area, since all of ../messages/index.js is a bundle of its own that a silent commit never loads.
import { identityMessages } from '../messages/identity.js';
import { KNOWN_MARKERS } from './known-markers.js';
import { byCodeUnit } from '../lib/order.js';

export type IdentitySource = 'agent-hook' | 'env' | 'git-config' | 'option' | 'branch' | 'agent-marker' | 'git-author' | 'signature';

/**
 * Whether an identity's source makes it an agent's whatever its name: every source but the git
 * author. `git config plan-hooks.agent` declares an agent, as PLAN_HOOKS_AGENT does, so the
 * person-only rule and the handover rule read it alike (a person sets no such key).
 */
export const agentSource = (source: IdentitySource): boolean => source !== 'git-author';

/** The agent whose own pre-tool hook saw its shell tool run this commit (src/sessions/store.ts), while fresh. */
export interface HookCommitter {
  agent: string;
  /** Which hook and session, for messages. */
  detail: string;
}

export interface Identity {
  name: string;
  source: IdentitySource;
  /** Human-readable detail: which variable, which task, which config key. */
  detail: string;
}

/** A coding-agent marker found in the environment. */
export interface Marker {
  variable: string;
  name: string;
}

/** A declared name that no agent marker present supports, or markers of two agents at once. */
export interface IdentityConflict {
  declared: Identity;
  /** The markers present, each naming the agent it marks. */
  markers: Marker[];
  /** The markers themselves name different agents (`declared` is the first one's): a contradiction whatever is declared. */
  stacked?: boolean;
}

/**
 * The coding-agent markers set in `env`: the configuration's own mappings (at HEAD) first, then
 * @vercel/detect-agent's table (./known-markers.ts). A mapping of "$VAR" means: the variable's
 * own value is the name (AI_AGENT=aider). One agent started by another carries both markers.
 */
export function markersIn(env: NodeJS.ProcessEnv, config: Pick<Config, 'agentMarkers'>): Marker[] {
  const found: Marker[] = [];
  const seen = new Set<string>();
  const add = (variable: string, name: string, only?: string) => {
    if (seen.has(variable)) return;
    const value = env[variable];
    if (value === undefined || value.trim() === '' || (only !== undefined && value !== only)) return;
    seen.add(variable);
    const resolved = name.startsWith('$') ? value.trim() : name;
    if (resolved) found.push({ variable, name: resolved });
  };
  for (const [variable, name] of Object.entries(config.agentMarkers)) add(variable, name);
  for (const [variable, m] of Object.entries(KNOWN_MARKERS)) add(variable, m.name, m.value);
  return found;
}

/** Whether `name` is one of the agents the markers name (none present: anything goes). */
export function agreesWithMarkers(name: string, markers: Marker[], aliases: Config['aliases']): boolean {
  return markers.length === 0 || markers.some((m) => sameAgent(m.name, name, aliases));
}

/**
 * Markers of different agents at once (CLAUDECODE with CODEX_SANDBOX, or AI_AGENT=codex): one
 * agent's shell dressed in another's variables, or an agent started by another; either way the
 * environment does not say who commits, so it is refused (issue 25 item 1). Null when they agree.
 */
export function markersConflict(markers: Marker[], aliases: Config['aliases']): IdentityConflict | null {
  const first = markers[0];
  if (!first || markers.every((m) => sameAgent(m.name, first.name, aliases))) return null;
  return { declared: { name: first.name, source: 'agent-marker', detail: identityMessages.identityDetail.marker(first.variable) }, markers, stacked: true };
}

/** Whether `name`, whole, is a coding agent's as plan-hooks knows them: a marker's name (the configuration's or the known table's) or an alias. */
function isAgentNameWhole(name: string, config: Pick<Config, 'agentMarkers' | 'aliases'>): boolean {
  const names = [...Object.values(config.agentMarkers), ...Object.values(KNOWN_MARKERS).map((m) => m.name)].filter((n) => !n.startsWith('$'));
  return names.some((n) => sameAgent(n, name, config.aliases)) || Object.entries(config.aliases).some(([c, others]) => sameAgent(c, name, config.aliases) || others.some((o) => sameAgent(o, name, config.aliases)));
}

/** Words an agent's client adds after the agent's name where it signs commits ("Codex CLI", "gemini-cli", "Cursor Agent"). */
const CLIENT_WORDS = new Set(['cli', 'code', 'agent', 'app', 'bot', 'ai', 'assistant']);

/**
 * The agent a name in a commit denotes (its author's, a Co-authored-by's), or null for a person's:
 * the name itself where it is an agent's, else the name without GitHub's `[bot]` and without its
 * client's trailing words ("Codex CLI", "codex[bot]", "Claude Code" → codex, codex, claude).
 * Whole words only, so "Claude Monet" stays a person.
 */
export function agentNamed(name: string, config: Pick<Config, 'agentMarkers' | 'aliases'>): string | null {
  const whole = name.trim();
  if (whole === '') return null;
  if (isAgentNameWhole(whole, config)) return whole;
  const words = whole.replace(/\[bot\]$/i, '').trim().toLowerCase().split(/[\s_-]+/).filter((w) => w !== '');
  while (words.length > 1 && CLIENT_WORDS.has(words[words.length - 1]!)) words.pop();
  for (const candidate of [words.join('-'), words.join(' ')]) if (candidate !== '' && isAgentNameWhole(candidate, config)) return candidate;
  return null;
}

/** Whether `name` is a coding agent's as plan-hooks knows them (agentNamed: a client's words and `[bot]` aside). */
export const isAgentName = (name: string, config: Pick<Config, 'agentMarkers' | 'aliases'>): boolean => agentNamed(name, config) !== null;

/**
 * The conflict of an identity with the markers present, or null when they agree: markers of two
 * agents; a declared name (PLAN_HOOKS_AGENT, git config plan-hooks.agent, --as) none of them
 * names; or an author name (`git -c user.name=codex`) that names another agent than they do.
 */
export function identityConflict(identity: Identity, markers: Marker[], aliases: Config['aliases'], authorName: string | null = null, config?: Pick<Config, 'agentMarkers' | 'aliases'>): IdentityConflict | null {
  const stacked = markersConflict(markers, aliases);
  if (stacked) return stacked;
  if (identity.source === 'env' || identity.source === 'git-config' || identity.source === 'option') {
    return agreesWithMarkers(identity.name, markers, aliases) ? null : { declared: identity, markers };
  }
  if (authorName && config && markers.length > 0 && isAgentName(authorName, config) && !agreesWithMarkers(authorName, markers, aliases)) {
    return { declared: { name: authorName, source: 'git-author', detail: identityMessages.identityDetail.gitAuthor }, markers };
  }
  return null;
}

/**
 * What contradicts the agent hook's record of who is committing: a declared name (PLAN_HOOKS_AGENT,
 * git config plan-hooks.agent) of another agent, or markers none of which names it (an agent
 * started by another inherits its markers: one that agrees is enough). Null when nothing does.
 */
export function hookConflict(hook: HookCommitter, declared: Identity | null, markers: Marker[], aliases: Config['aliases']): IdentityConflict | null {
  const from = [{ variable: hook.detail, name: hook.agent }];
  if (declared && !sameAgent(declared.name, hook.agent, aliases)) return { declared, markers: from };
  if (markers.length > 0 && !markers.some((m) => sameAgent(m.name, hook.agent, aliases))) {
    return { declared: { name: markers[0]!.name, source: 'agent-marker', detail: identityMessages.identityDetail.marker(markers[0]!.variable) }, markers: from };
  }
  return null;
}

/**
 * The pure part: given the facts, pick the identity. `branchHolder` is the claimant of the
 * in-progress task bound to the current branch (metadata.branch), if any. A branch binding
 * that the markers present contradict is not this committer's: the markers decide then.
 */
export function pickIdentity(facts: {
  env: NodeJS.ProcessEnv;
  configAgent: string | null;
  branchHolder: { name: string; task: string } | null;
  authorName: string | null;
  config: Pick<Config, 'agentMarkers' | 'aliases'>;
  /** First of all: the agent's own hook saw its shell tool run this commit (hookConflict says what contradicts it). */
  hook?: HookCommitter | null;
}): Identity {
  if (facts.hook) return { name: facts.hook.agent, source: 'agent-hook', detail: facts.hook.detail };
  const fromEnv = facts.env.PLAN_HOOKS_AGENT?.trim();
  if (fromEnv) return { name: fromEnv, source: 'env', detail: 'PLAN_HOOKS_AGENT' };
  if (facts.configAgent) return { name: facts.configAgent, source: 'git-config', detail: 'git config plan-hooks.agent' };
  const markers = markersIn(facts.env, facts.config);
  if (facts.branchHolder && agreesWithMarkers(facts.branchHolder.name, markers, facts.config.aliases)) {
    return { name: facts.branchHolder.name, source: 'branch', detail: identityMessages.identityDetail.branch(facts.branchHolder.task) };
  }
  if (markers.length > 0) return { name: markers[0]!.name, source: 'agent-marker', detail: identityMessages.identityDetail.marker(markers[0]!.variable) };
  return { name: facts.authorName ?? 'unknown', source: 'git-author', detail: identityMessages.identityDetail.gitAuthor };
}

/** Canonical form of a name for comparison: lower case, aliases folded to their canonical name. */
function canonicalName(name: string, aliases: Config['aliases']): string {
  const lower = name.trim().toLowerCase();
  for (const [canonical, others] of Object.entries(aliases)) {
    if (canonical.toLowerCase() === lower || others.some((o) => o.toLowerCase() === lower)) return canonical.toLowerCase();
  }
  return lower;
}

export function sameAgent(a: string, b: string, aliases: Config['aliases']): boolean {
  return canonicalName(a, aliases) === canonicalName(b, aliases);
}

/**
 * The holder of the in-progress task bound to `branch` (metadata.branch). When tasks bound to
 * the branch have different holders the branch says nothing (ambiguous), and the next source
 * decides.
 */
export function branchHolder(
  claims: { task: string; holder: string; branch: string | null }[],
  branch: string | null,
  aliases: Config['aliases'],
): { name: string; task: string } | null {
  if (!branch) return null;
  const bound = claims.filter((c) => c.branch === branch).sort((a, b) => byCodeUnit(a.task, b.task));
  if (bound.length === 0) return null;
  if (bound.some((c) => !sameAgent(c.holder, bound[0]!.holder, aliases))) return null;
  return { name: bound[0]!.holder, task: bound[0]!.task };
}

/**
 * Whether a committer is a hosting service's merge button (pure): GitHub commits the merges it
 * makes as `GitHub <noreply@github.com>`; the other services commit them as the person who merged.
 */
export const isHostingServiceCommitter = (email: string) => email.trim().toLowerCase() === 'noreply@github.com';

