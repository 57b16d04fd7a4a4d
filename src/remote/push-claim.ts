// The decisions of claiming through the remote (`claim/release/done --push`), pure. The remote
// is the arbiter: the plan edit becomes a commit on the tip of the base branch as the remote has
// it, pushed without force. git takes a push only while the branch still stands where the
// commit was built (its ref is locked and compared as it is updated), so of several clones
// racing on one tip exactly one gets in; each other one fetches, reads the task again on the new
// tip, and either finds it held (and says by whom) or builds its edit again there (someone else
// changed another task) — a bounded number of times.
import type { GitResult } from '../git/spawn.js';

/** Tries before giving up: each lost race means someone else's plan edit landed meanwhile. */
export const MAX_TRIES = 5;

/** Milliseconds to wait before try `attempt` (2, 3, …): growing, jittered so racing clones spread out. */
export function retryWait(attempt: number, random: () => number = Math.random): number {
  return Math.round((40 + random() * 120) * (attempt - 1));
}

export type PushOutcome = 'pushed' | 'race' | 'failed';

/**
 * What a `git push --porcelain` said (pure). A rejection because the branch moved (non-fast-
 * forward, fetch first, stale info) or because another push held the ref's lock is a lost race;
 * anything else (no access, a hook on the remote declined, no network) is a failure to report.
 */
export function classifyPush(r: GitResult): PushOutcome {
  if (r.code === 0) return 'pushed';
  const text = `${r.stdout}\n${r.stderr}`;
  if (/^!\t.*\t\[rejected\]/m.test(text)) return 'race';
  if (/cannot lock ref|failed to lock|unable to lock|incorrect old value|failed to update ref|is at [0-9a-f]+ but expected/i.test(text)) return 'race';
  return 'failed';
}

export interface Target {
  remote: string;
  branch: string;
}

/**
 * Where the claim goes (pure): the remote and branch named by the configured base branch or the
 * resolved one (`origin/main`, or a local `main` and the remote it tracks), else the remote's own
 * default (`defaultBranch`, asked of the remote), else main. The remote: the one the name
 * starts with, the one the branch tracks, origin, or the only one; null when there is none or
 * no way to choose.
 */
export function pushTarget(p: { remotes: string[]; base: string | null; upstreamRemote: (branch: string) => string | null; defaultBranch: string | null }): Target | null {
  if (p.remotes.length === 0) return null;
  const prefixed = p.base ? p.remotes.filter((r) => p.base!.startsWith(`${r}/`)).sort((a, b) => b.length - a.length)[0] : undefined;
  if (prefixed) return { remote: prefixed, branch: p.base!.slice(prefixed.length + 1) };
  const branch = p.base?.replace(/^refs\/heads\//, '') ?? p.defaultBranch ?? 'main';
  const upstream = p.upstreamRemote(branch);
  const remote = upstream && p.remotes.includes(upstream) ? upstream : p.remotes.includes('origin') ? 'origin' : p.remotes.length === 1 ? p.remotes[0]! : null;
  return remote ? { remote, branch } : null;
}

/**
 * The claim commit's message (pure): what was done, the task, and `record`, the sealed
 * Plan-Agent trailer prepare-commit-msg would have written (commit-tree runs no hook), so push
 * and CI see the identity and its source, not only the author name.
 */
export function editCommitMessage(command: string, task: string, actor: string, record: string | null): string {
  return `plan-hooks ${command} ${task} (${actor})\n\nPlan-Task: ${task}\n${record ? `${record}\n` : ''}`;
}

export type LocalUpdate =
  | { kind: 'fast-forward' }
  | { kind: 'ahead'; branch: string }
  | { kind: 'other-branch'; branch: string | null };

/** What becomes of the current branch after the push (pure): only the base branch itself, and only when it has nothing the remote lacks, moves. */
export function localUpdate(current: string | null, target: Target, headIsBehind: boolean): LocalUpdate {
  if (current !== target.branch) return { kind: 'other-branch', branch: current };
  return headIsBehind ? { kind: 'fast-forward' } : { kind: 'ahead', branch: current };
}
