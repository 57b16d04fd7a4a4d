// What git says about the working tree, for the handoff: the facts a block states and the ones
// a handoff is checked against (src/handoff/mismatches.ts). The shell half of the handoff.
import type { Config } from '../config/config.js';
import { git } from '../git/git.js';
import { currentBranch } from '../git/worktree.js';
import type { HandoffGitFacts } from './mismatches.js';
import type { BlockFacts } from './render.js';

/** The facts a block states, gathered from git (HEAD, branch, what is left uncommitted). */
export async function blockFacts(root: string, config: Config, now: Date): Promise<BlockFacts> {
  const [head, branch, uncommitted] = await Promise.all([
    git(['log', '-1', '--format=%H%x00%s', 'HEAD'], { cwd: root, allowFail: true }),
    currentBranch(root),
    uncommittedPaths(root),
  ]);
  const [id, subject] = (head ?? '').trim().split('\0');
  return { branch, head: id ? { id, subject: subject ?? '' } : null, uncommitted, now, staleAfterHours: config.staleAfterHours };
}

/** Paths whose working copy differs from the index, and untracked files (not ignored). */
export async function uncommittedPaths(root: string): Promise<string[]> {
  const [changed, untracked] = await Promise.all([
    git(['diff', '--name-only', '-z', '--no-ext-diff'], { cwd: root }),
    git(['ls-files', '-z', '--others', '--exclude-standard'], { cwd: root }),
  ]);
  return [...new Set([...changed.split('\0'), ...untracked.split('\0')].filter(Boolean))].sort();
}

export async function resolveLastCommit(rev: string | undefined, head: string | null, root: string): Promise<HandoffGitFacts['lastCommit']> {
  if (!rev || !/^[0-9A-Za-z._/-]{1,200}$/.test(rev) || rev.startsWith('-')) return null;
  const full = (await git(['rev-parse', '--verify', '-q', `${rev}^{commit}`], { cwd: root, allowFail: true }))?.trim();
  if (!full) return null;
  if (!head) return { full, ancestor: false };
  const ancestor = (await git(['merge-base', '--is-ancestor', full, head], { cwd: root, allowFail: true })) !== null;
  return { full, ancestor };
}

/** Commits on HEAD since the last one that changed `path` (how old its handoff is), or null if none did. */
export async function commitsSince(path: string, root: string): Promise<number | null> {
  const last = (await git(['log', '-1', '--format=%H', '--', path], { cwd: root, allowFail: true }))?.trim();
  if (!last) return null;
  return Number((await git(['rev-list', '--count', `${last}..HEAD`], { cwd: root })).trim());
}
