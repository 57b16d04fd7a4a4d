// The names install's decisions and its facts share: the hooks git knows, where a hook that was
// there before is moved, and the marks that say a file is plan-hooks' own.

/** Every hook git knows of that husky also stubs: a hand-written one of these must be chained. */
export const GIT_HOOKS = [
  'applypatch-msg', 'pre-applypatch', 'post-applypatch', 'pre-commit', 'pre-merge-commit', 'prepare-commit-msg',
  'commit-msg', 'post-commit', 'pre-rebase', 'post-checkout', 'post-merge', 'pre-push', 'post-rewrite', 'pre-auto-gc',
];

/** Where a chained hook (the one that was there before plan-hooks) is moved to. */
export const CHAINED_SUFFIX = '.plan-hooks-chained';
/** Where pre-commit (the framework) moves a hook it found, and runs it from first. */
export const LEGACY_SUFFIX = '.legacy';
/**
 * The runner a hook manager's configuration calls, tracked in the repository (init writes it,
 * the user commits it): a fresh clone has it with no init, and git, pre-commit, prek and
 * lefthook all start hooks at the worktree's top, so the relative path holds in every worktree.
 */
export const TRACKED_RUNNER = '.plan-hooks/plan-hooks.sh';
/** Where a repository without package.json records this machine's node and CLI for the tracked runner (under the git common dir). */
export const RUNTIME_FILE = 'plan-hooks/runtime';
/** A line that marks a hook file as plan-hooks' own shim. */
export const SHIM_MARK = '# plan-hooks shim';

/**
 * The lint-staged task init added before 0.1 (plans were then validated twice per commit: by
 * lint-staged and by pre-commit, which validates staged plans from the index anyway): init no
 * longer adds it; uninstall still removes it where an earlier init did.
 */
export const LINT_STAGED_TASK = 'plan-hooks validate';

/** Whether a hooksPath value is husky's (9: `.husky/_`; relative, resolved per worktree). */
export function isHuskyPath(hooksPath: string | null): boolean {
  return hooksPath !== null && !hooksPath.startsWith('/') && hooksPath.replace(/\/+$/, '') === '.husky/_';
}

/** The argv that runs a manager's program: `node` for the package's script, else the program itself. */
export function programArgv(bin: string, node: string): string[] {
  return bin.endsWith('.js') || bin.includes('/node_modules/') ? [node, bin] : [bin];
}
