// What git says about the working tree, for the handoff: the facts a block states and the ones
// a handoff is checked against (src/handoff/mismatches.ts). The shell half of the handoff.
import type { Config } from '../config/config.js';
import { git } from '../git/git.js';
import { currentBranch } from '../git/queries.js';
import { uncommittedPaths } from '../git/status.js';
import type { HandoffGitFacts } from './mismatches.js';
import type { BlockFacts } from './render.js';

/** The facts a block states, gathered from git (HEAD, branch, what is left uncommitted). */
export async function blockFacts(root: string, config: Config, now: Date, known?: { branch: string | null }): Promise<BlockFacts> {
  const [head, branch, uncommitted] = await Promise.all([
    git(['log', '-1', '--format=%H%x00%s', 'HEAD'], { cwd: root, allowFail: true }),
    known ? known.branch : currentBranch(root),
    uncommittedPaths(root),
  ]);
  const [id, subject] = (head ?? '').trim().split('\0');
  return { branch, head: id ? { id, subject: subject ?? '' } : null, uncommitted, now, staleAfterHours: config.staleAfterHours };
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
  if (!rev || !/^[0-9A-Za-z._/-]{1,200}$/.test(rev) || rev.startsWith('-')) return null;
  const full = (await git(['rev-parse', '--verify', '-q', `${rev}^{commit}`], { cwd: root, allowFail: true }))?.trim();
  if (!full) return null;
  if (!head) return { full, ancestor: false };
  if (history?.window.has(full) || history?.bounded) return { full, ancestor: true };
  const ancestor = (await git(['merge-base', '--is-ancestor', full, head], { cwd: root, allowFail: true })) !== null;
  return { full, ancestor };
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

/** Pure: `git log --format=%x01%H --name-only -z` into each path's newest commit. */
export function lastChanges(out: string): Map<string, string> {
  const last = new Map<string, string>();
  for (const chunk of out.split('\x01')) {
    const [commit, ...names] = chunk.split(/[\0\n]/).filter(Boolean);
    if (!commit) continue;
    for (const name of names) if (!last.has(name)) last.set(name, commit);
  }
  return last;
}

/**
 * When each plan last changed, for every plan at once, looking back at most HISTORY_WINDOW
 * commits: never a walk of the whole history per plan (`git log -1 -- <plan>` walks back to the
 * commit that last touched it: seconds on a long history).
 */
export async function planHistory(paths: string[], head: string | null, root: string): Promise<PlanHistory> {
  const history: PlanHistory = { counts: new Map(), beyond: new Set(), window: new Set(), bounded: false };
  if (!head || paths.length === 0) return history;
  // The window's far end: HISTORY_WINDOW first parents back (none when the history is shorter).
  const bound = (await git(['rev-parse', '-q', '--verify', `${head}~${HISTORY_WINDOW}`], { cwd: root, allowFail: true }))?.trim();
  const range = bound ? [head, `^${bound}`] : [head];
  history.bounded = Boolean(bound);
  const [list, touched, tracked] = await Promise.all([
    git(['rev-list', ...range], { cwd: root }),
    git(['--literal-pathspecs', 'log', '--format=%x01%H', '--name-only', '-z', '--no-renames', ...range, '--', ...paths], { cwd: root }),
    git(['--literal-pathspecs', 'ls-tree', '-z', '--name-only', head, '--', ...paths], { cwd: root, allowFail: true }),
  ]);
  for (const c of list.split('\n')) if (c) history.window.add(c);
  const last = lastChanges(touched);
  const atHead = new Set((tracked ?? '').split('\0').filter(Boolean));
  await Promise.all(
    paths.map(async (path) => {
      const commit = last.get(path);
      if (commit) history.counts.set(path, Number((await git(['rev-list', '--count', `${commit}..${head}`], { cwd: root })).trim()));
      else if (bound && atHead.has(path)) {
        history.counts.set(path, HISTORY_WINDOW);
        history.beyond.add(path);
      }
    }),
  );
  return history;
}
