// What git says about the working tree, for the handoff: the facts a block states and the ones
// a handoff is checked against (src/handoff/mismatches.ts). The shell half of the handoff.
import type { Config } from '../config/config.js';
import { type Answers, gitQueries, gitQuery } from '../git/git.js';
import { commitsBetween, commitsOf, firstParentBack, isAncestorOf, lastChanges, lastChangesIn, trackedAt } from '../git/history.js';
import { CURRENT_BRANCH, commitNamed } from '../git/queries.js';
import { uncommittedPaths } from '../git/status.js';
import { BLOCK_READS, lastCommitFrom, usableRev } from './reads.js';
import type { HandoffGitFacts } from './mismatches.js';
import type { BlockFacts } from './render.js';

export { BLOCK_READS };

/**
 * The facts a block states, gathered from git (HEAD, branch, what is left uncommitted); `read`:
 * BLOCK_READS' answers when the caller asked for them with its own reads (it knows the branch then).
 */
export async function blockFacts(root: string, config: Config, now: Date, known?: { branch: string | null; read?: Answers<typeof BLOCK_READS> }): Promise<BlockFacts> {
  const { head, uncommitted, branch } = known
    ? { branch: known.branch, ...(known.read ?? (await gitQueries(BLOCK_READS, root))) }
    : await gitQueries({ ...BLOCK_READS, branch: CURRENT_BRANCH }, root);
  return { branch, head, uncommitted, now, staleAfterHours: config.staleAfterHours };
}

/** Paths whose working copy differs from the index, and untracked files (not ignored). */
export { uncommittedPaths };

/**
 * handoff.lastCommit resolved against HEAD. `history` (planHistory's) holds HEAD's recent
 * commits: one found there is an ancestor without a walk. One older than a bounded window is
 * taken as an ancestor unasked: `git merge-base --is-ancestor` would walk the whole history
 * back to it (1.3 s at 100,000 commits), on every status.
 */
export async function resolveLastCommit(rev: string | undefined, head: string | null, root: string, history?: Pick<PlanHistory, 'window' | 'bounded'>): Promise<HandoffGitFacts['lastCommit']> {
  return (await resolveLastCommits([rev], head, root, history))[0]!;
}

/** resolveLastCommit for several plans' lastCommit at once: one batch of reads, then one for the ancestry asked. */
export async function resolveLastCommits(revs: (string | undefined)[], head: string | null, root: string, history?: Pick<PlanHistory, 'window' | 'bounded'>): Promise<HandoffGitFacts['lastCommit'][]> {
  const full: Record<string, string | null> = await gitQueries(Object.fromEntries(revs.flatMap((rev, i) => (usableRev(rev) ? [[i, commitNamed(rev)]] : []))), root);
  const found = revs.map((_, i) => full[i] ?? null);
  const ask = head && !history?.bounded ? found.filter((f): f is string => f !== null && !history?.window.has(f)) : [];
  const ancestors = await gitQueries(Object.fromEntries([...new Set(ask)].map((f) => [f, isAncestorOf(f, head!)])), root);
  return found.map((f) => lastCommitFrom(f, head, f !== null && (history?.window.has(f) || history?.bounded ? true : ancestors[f] === true)));
}

/** How far back status looks for a plan's last change: bounded, so status costs the same on any history. */
export const HISTORY_WINDOW = 500;

export interface PlanHistory {
  /** Per plan path: commits on HEAD since the last one that changed it (how old its handoff is). */
  counts: Map<string, number>;
  /** Plans last changed before the window: their count is HISTORY_WINDOW, at least. */
  beyond: Set<string>;
  /** The commits of the window (HEAD's newest). */
  window: Set<string>;
  /** The history goes on past the window. */
  bounded: boolean;
}

export { lastChanges };

/**
 * When each plan last changed, for every plan at once, looking back at most HISTORY_WINDOW
 * commits: never a walk of the whole history per plan (`git log -1 -- <plan>` walks back to the
 * commit that last touched it: seconds on a long history).
 */
export async function planHistory(paths: string[], head: string | null, root: string): Promise<PlanHistory> {
  const history: PlanHistory = { counts: new Map(), beyond: new Set(), window: new Set(), bounded: false };
  if (!head || paths.length === 0) return history;
  // The window's far end: HISTORY_WINDOW first parents back (none when the history is shorter).
  const bound = await gitQuery(firstParentBack(head, HISTORY_WINDOW), root);
  const range = bound ? [head, `^${bound}`] : [head];
  history.bounded = Boolean(bound);
  const { list, last, atHead } = await gitQueries({ list: commitsOf(range), last: lastChangesIn(range, paths), atHead: trackedAt(head, paths) }, root);
  for (const c of list) history.window.add(c);
  const changed = paths.filter((path) => last.has(path));
  const counts = await gitQueries(Object.fromEntries(changed.map((path) => [path, commitsBetween(last.get(path)!, head)])), root);
  for (const path of paths) {
    if (last.has(path)) history.counts.set(path, counts[path]!);
    else if (bound && atHead.has(path)) {
      history.counts.set(path, HISTORY_WINDOW);
      history.beyond.add(path);
    }
  }
  return history;
}
