// Named git queries, one git call each, for commands and the shells around the core: where the
// working tree's top is, which branch is checked out, what a revision names, a config value,
// which commits exist. Commands and the worklog ask these one at a time; the hooks' hot path
// reads what it needs in one batch instead (./repository.ts). Nothing outside src/git/ builds a
// git command line.
import { UserError } from '../errors.js';
import { messages } from '../messages/index.js';
import { git, splitNul } from './git.js';
import { pathspec } from './tree.js';

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

/** The commit HEAD names, or null before the first commit. */
export async function headCommit(cwd?: string): Promise<string | null> {
  return (await git(['rev-parse', '--verify', '-q', 'HEAD'], { cwd, allowFail: true }))?.trim() || null;
}

/** The commit `rev` names, or null when it names none (never an option: `--end-of-options`). */
export async function resolveCommit(rev: string, cwd?: string): Promise<string | null> {
  return (await git(['rev-parse', '--verify', '-q', '--end-of-options', `${rev}^{commit}`], { cwd, allowFail: true }))?.trim() || null;
}

/** This working tree's git dir and the common dir its worktrees share, absolute. */
export async function gitDirs(cwd?: string): Promise<{ gitDir: string; commonDir: string }> {
  const [gitDir, commonDir] = (await git(['rev-parse', '--path-format=absolute', '--git-dir', '--git-common-dir'], { cwd })).trim().split('\n') as [string, string];
  return { gitDir, commonDir };
}

/** One git config value, or null when unset. */
export async function configValue(key: string, cwd?: string): Promise<string | null> {
  return (await git(['config', '--get', key], { cwd, allowFail: true }))?.trim() || null;
}

/** The name git would record as the author, or null when it has none. */
export async function authorName(cwd?: string): Promise<string | null> {
  const ident = await git(['var', 'GIT_AUTHOR_IDENT'], { cwd, allowFail: true });
  return ident ? ident.replace(/\s*<.*$/s, '').trim() || null : null;
}

/** Branch → the remote it tracks (`branch.<name>.remote`). */
export async function branchRemotes(cwd?: string): Promise<Map<string, string>> {
  const remotes = new Map<string, string>();
  for (const line of ((await git(['config', '--get-regexp', '^branch\\..*\\.remote$'], { cwd, allowFail: true })) ?? '').split('\n')) {
    const m = /^branch\.(.+)\.remote (.+)$/.exec(line);
    if (m) remotes.set(m[1]!, m[2]!);
  }
  return remotes;
}

/** Every local and remote-tracking ref name (`refs/heads/…`, `refs/remotes/…`). */
export async function branchRefs(cwd?: string): Promise<string[]> {
  return (await git(['for-each-ref', '--format=%(refname)', 'refs/heads', 'refs/remotes'], { cwd })).split('\n').filter(Boolean);
}

/** The ids among `ids` that name a commit (an ambiguous short id still names one). */
export async function existingCommits(ids: string[], cwd?: string): Promise<Set<string>> {
  const found = new Set<string>();
  if (ids.length === 0) return found;
  const out = await git(['cat-file', '--batch-check'], { cwd, input: ids.map((id) => `${id}^{commit}\n`).join('') });
  out.split('\n').forEach((line, i) => {
    if (i < ids.length && !line.endsWith(' missing')) found.add(ids[i]!);
  });
  return found;
}

/** Tracked and untracked-but-not-ignored files of the working tree, repository-relative (may name deleted files). */
export async function workingFiles(cwd: string): Promise<string[]> {
  return splitNul(await git(['ls-files', '-z', '-co', '--exclude-standard'], { cwd }));
}

/** The paths the index holds under `roots` ('' for everywhere). */
export async function indexPaths(roots: string[], cwd: string): Promise<string[]> {
  return splitNul(await git(['ls-files', '-z', ...pathspec(roots)], { cwd }));
}

/** A file's text at `rev` (`rev:path`), or null when it has none. */
export function fileAt(rev: string, path: string, cwd: string): Promise<string | null> {
  return git(['show', `${rev}:${path}`], { cwd, allowFail: true });
}
