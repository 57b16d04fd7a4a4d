// Named git queries, one git call each, for commands and the shells around the core: where the
// working tree's top is, which branch is checked out, what a revision names, a config value,
// which commits exist. Each is a function that runs it; the reads are also Queries (./git.ts),
// so a caller that needs several at once asks for them together with gitQueries. Nothing
// outside src/git/ builds a git command line.
import { UserError } from '../errors.js';
import { messages } from '../messages/index.js';
import { objectTexts } from './cat-file.js';
import { git, gitQuery, query, splitNul } from './git.js';
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
export const CURRENT_BRANCH = query(['symbolic-ref', '-q', '--short', 'HEAD'], (out) => out.trim() || null, () => null);

/** The ref HEAD points at (`refs/heads/<branch>`), or `HEAD` when it is detached. */
export const HEAD_REF = query(['symbolic-ref', '-q', 'HEAD'], (out) => out.trim() || 'HEAD', () => 'HEAD');

/** HEAD's id and subject, or null before the first commit. */
export const LAST_COMMIT = query(
  ['log', '-1', '--format=%H%x00%s', 'HEAD'],
  (out) => {
    const [id, subject] = out.trim().split('\0');
    return id ? { id, subject: subject ?? '' } : null;
  },
  () => null,
);

/** core.ignorecase: whether claims' file patterns must match without case. */
export async function ignoreCase(cwd?: string): Promise<boolean> {
  return (await git(['config', '--bool', 'core.ignorecase'], { cwd, allowFail: true }))?.trim() === 'true';
}

/** The tree the index would commit (`write-tree`), or null when it cannot be written (a conflict). */
export const WRITE_TREE = query(['write-tree'], (out) => out.trim() || null, () => null);

/** The commit HEAD names, or null before the first commit. */
export const HEAD_COMMIT = query(['rev-parse', '--verify', '-q', 'HEAD'], (out) => out.trim() || null, () => null);

/** Whether this clone has the commit `id` (an object, of type commit). */
export const hasCommit = (id: string) => query(['cat-file', '-e', `${id}^{commit}`], () => true, () => false);

/** The commit `rev` names, or null when it names none (never an option: `--end-of-options`). */
export const commitNamed = (rev: string) => query(['rev-parse', '--verify', '-q', '--end-of-options', `${rev}^{commit}`], (out) => out.trim() || null, () => null);

export function resolveCommit(rev: string, cwd = process.cwd()): Promise<string | null> {
  return gitQuery(commitNamed(rev), cwd);
}

/** This working tree's git dir, absolute. */
export const ABSOLUTE_GIT_DIR = query(['rev-parse', '--absolute-git-dir'], (out) => out.trim());

/** This working tree's git dir and the common dir its worktrees share, absolute. */
export const GIT_DIRS = query(['rev-parse', '--path-format=absolute', '--git-dir', '--git-common-dir'], (out) => {
  const [gitDir, commonDir] = out.trim().split('\n') as [string, string];
  return { gitDir, commonDir };
});

export function gitDirs(cwd = process.cwd()): Promise<{ gitDir: string; commonDir: string }> {
  return gitQuery(GIT_DIRS, cwd);
}

/** Whether the repository is bare. */
export const IS_BARE = query(['rev-parse', '--is-bare-repository'], (out) => out.trim() === 'true');

/** A config value and the scope it is set in (`local`, `global`, `worktree`…), or null when unset. */
export const configWithScope = (key: string) =>
  query(
    ['config', '--show-scope', '--get', key],
    (out) => {
      const [scope = '', ...value] = out.replace(/\n$/, '').split('\t');
      return { scope, value: value.join('\t') };
    },
    () => null,
  );

/** The local config entries whose key matches `pattern` (lower-case keys, as git prints them); none when there are none. */
export const localConfigMatching = (pattern: string) =>
  query(
    ['config', '--local', '--get-regexp', pattern],
    (out) => out.split('\n').filter(Boolean).map((l) => ({ key: l.split(' ')[0]!, value: l.slice(l.indexOf(' ') + 1) })),
    () => [] as { key: string; value: string }[],
  );

/** Every value of a multi-valued config key, in order; none when unset. */
export const configValues = (key: string) => query(['config', '--get-all', key], (out) => out.split('\n').filter(Boolean), () => [] as string[]);

/** Sets a config value in the repository's own config (`add`: one more value of a multi-valued key). */
export async function setConfig(key: string, value: string, cwd: string, opts: { add?: boolean } = {}): Promise<void> {
  await git(['config', ...(opts.add ? ['--add'] : []), key, value], { cwd });
}

/** One git config value, or null when unset. */
export const configNamed = (key: string) => query(['config', '--get', key], (out) => out.trim() || null, () => null);

/** The name git would record as the author, or null when it has none. */
export const AUTHOR_NAME = query(['var', 'GIT_AUTHOR_IDENT'], (ident) => ident.replace(/\s*<.*$/s, '').trim() || null, () => null);

export function authorName(cwd = process.cwd()): Promise<string | null> {
  return gitQuery(AUTHOR_NAME, cwd);
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
export const BRANCH_REFS = query(['for-each-ref', '--format=%(refname)', 'refs/heads', 'refs/remotes'], (out) => out.split('\n').filter(Boolean));

export async function branchRefs(cwd = process.cwd()): Promise<string[]> {
  return gitQuery(BRANCH_REFS, cwd);
}

/** The ids among `ids` that name an object this clone has. */
export async function existingObjects(ids: string[], cwd: string): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const out = await git(['cat-file', '--batch-check'], { cwd, input: ids.map((id) => `${id}\n`).join('') });
  return new Set(out.split('\n').filter((l) => l !== '' && !l.endsWith(' missing')).map((l) => l.split(' ')[0]!));
}

/** The ids among `ids` that name a commit (an ambiguous short id still names one): one `cat-file --batch-check`. */
export const commitsAmong = (ids: string[]) =>
  query({ args: ['cat-file', '--batch-check'], input: ids.map((id) => `${id}^{commit}\n`).join('') }, (out) => {
    const found = new Set<string>();
    out.split('\n').forEach((line, i) => {
      if (i < ids.length && !line.endsWith(' missing')) found.add(ids[i]!);
    });
    return found;
  });

export async function existingCommits(ids: string[], cwd = process.cwd()): Promise<Set<string>> {
  return ids.length === 0 ? new Set() : gitQuery(commitsAmong(ids), cwd);
}

/** Tracked and untracked-but-not-ignored files of the working tree, repository-relative (may name deleted files). */
export const WORKING_FILES = query(['ls-files', '-z', '-co', '--exclude-standard'], splitNul);

export function workingFiles(cwd: string): Promise<string[]> {
  return gitQuery(WORKING_FILES, cwd);
}

/** The paths the index holds under `roots` ('' for everywhere). */
export const indexPathsUnder = (roots: string[]) => query(['ls-files', '-z', ...pathspec(roots)], splitNul);

export function indexPaths(roots: string[], cwd: string): Promise<string[]> {
  return gitQuery(indexPathsUnder(roots), cwd);
}

/** The blob at `rev:path` as text, or null when `rev` has no such file. */
export const blobAt = (rev: string, path: string) => query(['cat-file', 'blob', `${rev}:${path}`], (out) => out, () => null);

/**
 * The blobs at `rev:<path>` for each of `paths`, as blobAt gives them, in one process (`cat-file
 * --batch` fed the names); undefined when its answer cannot be split (parseBatchText): ask blobAt.
 */
export const blobsAt = (rev: string, paths: string[]) => {
  const texts = objectTexts(paths.map((p) => `${rev}:${p}`));
  return query(texts.command, texts.parse, () => paths.map(() => null));
};

/** A file's text at `rev` (`rev:path`), or null when it has none. */
export function fileAt(rev: string, path: string, cwd: string): Promise<string | null> {
  return git(['show', `${rev}:${path}`], { cwd, allowFail: true });
}
