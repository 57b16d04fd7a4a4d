// The board's facts besides status's: every worktree with its branch, HEAD and what it left
// uncommitted (read from git at that moment, as the rotation reads it).
import { gitQuery } from '../git/git.js';
import { WORKTREES } from '../git/repository.js';
import { leftUncommitted } from '../sessions/facts.js';
import type { WorktreeView } from './render.js';

/** Worktrees past this many are left off the board, so one repository's count cannot stall it. */
const MAX_WORKTREES = 20;

export async function worktreeViews(root: string): Promise<WorktreeView[]> {
  const list = (await gitQuery(WORKTREES, root)).slice(0, MAX_WORKTREES);
  const left = await leftUncommitted(list.map((w) => w.path));
  return list.map((w) => ({
    path: w.path,
    branch: w.branch,
    head: w.head,
    current: w.path === root,
    uncommitted: left.find((l) => l.worktree === w.path)?.files ?? [],
  }));
}
