// Small facts about the working tree a command runs in, one git call each: where its top is,
// which branch is checked out, whether file names compare without case. Commands and the
// worklog ask these one at a time; the hooks' hot path reads them in one batch instead
// (./repository.ts).
import { UserError } from '../errors.js';
import { messages } from '../messages.js';
import { git } from './git.js';

/** The top of the working tree containing `cwd`, or null outside a repository. */
export async function worktreeRoot(cwd = process.cwd()): Promise<string | null> {
  const out = await git(['rev-parse', '--show-toplevel'], { cwd, allowFail: true });
  return out?.trim() || null;
}

/** The top of the working tree containing `cwd`, or a clear error outside a repository. */
export async function repoRoot(cwd = process.cwd()): Promise<string> {
  const root = await worktreeRoot(cwd);
  if (root === null) throw new UserError(messages.notInWorktree(cwd));
  return root;
}

/** Short name of the checked-out branch, or null when HEAD is detached. */
export async function currentBranch(cwd?: string): Promise<string | null> {
  return (await git(['symbolic-ref', '-q', '--short', 'HEAD'], { cwd, allowFail: true }))?.trim() || null;
}

/** core.ignorecase: whether claims' file patterns must match without case. */
export async function ignoreCase(cwd?: string): Promise<boolean> {
  return (await git(['config', '--bool', 'core.ignorecase'], { cwd, allowFail: true }))?.trim() === 'true';
}
