// git's file layout as plan-hooks reads it without a git process: the one description both the
// TypeScript (git-dir.ts, ../agents/workspace.ts, ../worklog/pending.ts) and the hook runner
// (hooks/plan-hooks.sh, its names filled in by ../install/scripts.ts) take their names from, so
// test/git/layout.test.ts fails where the two would read different files.

/** The names, relative to a worktree's top, its git dir, or the common dir. */
export const LAYOUT = {
  /** At a worktree's top: the git dir itself (main worktree), or a file `gitdir: <path>` (linked). */
  dotGit: '.git',
  /** What a linked worktree's `.git` file says before the git dir's path. */
  gitdirPrefix: 'gitdir: ',
  /** In a git dir: the branch (`ref: refs/heads/<name>`) or a detached commit id. */
  head: 'HEAD',
  /** In a linked worktree's git dir: the path to the common dir, relative to it. */
  commonDir: 'commondir',
  /** What `git worktree add` writes in `commondir`: the common dir two levels up. */
  linkedCommonDir: '../..',
  /** In the common dir: one git dir per linked worktree. */
  worktrees: 'worktrees',
  /** In a linked worktree's git dir: the path of its `.git` file. */
  worktreeGitdir: 'gitdir',
  /** In the common dir: loose refs, the object store, and the reftable (then refs are not files). */
  refs: 'refs',
  objects: 'objects',
  reftable: 'reftable',
  /** The branch a HEAD names: `ref: refs/heads/<name>`. */
  headRefPrefix: 'ref: ',
  branchPrefix: 'refs/heads/',
} as const;

/**
 * In a git dir while a rebase, cherry-pick or revert is under way: what the worklog records as
 * the commit's state (the runner lists the same, from this).
 */
export const SEQUENCER_STATE = ['rebase-merge', 'rebase-apply', 'CHERRY_PICK_HEAD', 'sequencer', 'REVERT_HEAD'] as const;
