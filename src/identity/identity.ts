// Who is committing, found without the committer's help (SPEC §4). First hit wins.
import type { Config } from '../config/config.js';
import { git } from '../git/git.js';

export type IdentitySource = 'env' | 'git-config' | 'branch' | 'agent-marker' | 'git-author';

export interface Identity {
  name: string;
  source: IdentitySource;
  /** Human-readable detail: which variable, which task, which config key. */
  detail: string;
}

/**
 * The pure part: given the facts, pick the identity. `branchHolder` is the claimant of the
 * in-progress task bound to the current branch (metadata.branch), if any.
 */
export function pickIdentity(facts: {
  env: NodeJS.ProcessEnv;
  configAgent: string | null;
  branchHolder: { name: string; task: string } | null;
  authorName: string | null;
  config: Pick<Config, 'agentMarkers'>;
}): Identity {
  const fromEnv = facts.env.PLAN_HOOKS_AGENT?.trim();
  if (fromEnv) return { name: fromEnv, source: 'env', detail: 'PLAN_HOOKS_AGENT' };
  if (facts.configAgent) return { name: facts.configAgent, source: 'git-config', detail: 'git config plan-hooks.agent' };
  if (facts.branchHolder) {
    return { name: facts.branchHolder.name, source: 'branch', detail: `task ${facts.branchHolder.task} is bound to this branch` };
  }
  for (const [variable, name] of Object.entries(facts.config.agentMarkers)) {
    const value = facts.env[variable];
    if (value === undefined || value === '') continue;
    // A mapping of "$VAR" means: the variable's own value is the name (AI_AGENT=aider).
    const resolved = name.startsWith('$') ? value.trim() : name;
    if (resolved) return { name: resolved, source: 'agent-marker', detail: `environment variable ${variable}` };
  }
  return { name: facts.authorName ?? 'unknown', source: 'git-author', detail: 'git config user.name' };
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
  const bound = claims.filter((c) => c.branch === branch).sort((a, b) => a.task.localeCompare(b.task));
  if (bound.length === 0) return null;
  if (bound.some((c) => !sameAgent(c.holder, bound[0]!.holder, aliases))) return null;
  return { name: bound[0]!.holder, task: bound[0]!.task };
}

/** The shell around pickIdentity: reads git config. The branch source is supplied by the caller. */
export async function resolveIdentity(
  config: Config,
  branchHolder: { name: string; task: string } | null = null,
  cwd?: string,
): Promise<Identity> {
  const [configAgent, authorName] = await Promise.all([
    git(['config', '--get', 'plan-hooks.agent'], { cwd, allowFail: true }),
    git(['var', 'GIT_AUTHOR_IDENT'], { cwd, allowFail: true }),
  ]);
  return pickIdentity({
    env: process.env,
    configAgent: configAgent?.trim() || null,
    branchHolder,
    authorName: authorName ? authorName.replace(/\s*<.*$/s, '').trim() || null : null,
    config,
  });
}
