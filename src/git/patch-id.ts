// Which commits carry the same change as others: git's patch-id (`git patch-id --stable`), the
// hash of a commit's diff with line numbers and whitespace left out, so a rebased or
// cherry-picked commit has the id of the commit it was made from. Used by the range check to
// recognise a rebase of work the remote already has (src/check/range.ts), from objects alone.
import { gitAlone } from './spawn.js';

/**
 * The diff every patch-id is taken from. Fixed options, so the user's diff configuration cannot
 * make two runs disagree: no renames (a rename is its two paths), binary changes by their blob
 * ids (two different edits of one binary file never share an id), no textconv or external diff.
 */
const DIFF = ['diff-tree', '--stdin', '--root', '-r', '-p', '--binary', '--no-renames', '--no-color', '--no-ext-diff', '--no-textconv'];

/** `git patch-id` output (pure): commit → patch-id. A commit with an empty diff has none. */
export function parsePatchIds(out: string): Map<string, string> {
  const ids = new Map<string, string>();
  for (const line of out.split('\n')) {
    const [id, commit] = line.trim().split(' ');
    if (id && commit) ids.set(commit, id);
  }
  return ids;
}

/**
 * The patch-id of each commit (non-merges; a merge's diff is against its first parent only and
 * means nothing here), in two processes whatever the count: one diff-tree, one patch-id.
 */
export async function patchIds(commits: string[], cwd: string): Promise<Map<string, string>> {
  if (commits.length === 0) return new Map();
  const diff = await gitAlone(DIFF, { cwd, input: commits.map((c) => `${c}\n`).join('') });
  return parsePatchIds(await gitAlone(['patch-id', '--stable'], { cwd, input: diff }));
}

export interface TouchingQuery {
  /** Pseudo-options naming refs (`--remotes`, `--remotes=origin`); they go on argv. */
  refs: string[];
  /** Commit ids whose history counts too (a fetched previous head, the base). */
  commits: string[];
  /** Commit ids whose ancestry is left out. */
  exclude: string[];
  /** Only commits that change one of these paths (taken literally, never as patterns). */
  paths: string[];
  /** At most this many, newest first. */
  limit: number;
}

/**
 * The non-merge commits reachable from `refs` and `commits` but not from `exclude` that change
 * one of `paths`, newest first. Revisions and paths reach git on stdin (rev-list reads paths
 * after a `--` line), so no list is too long for argv. --full-history: a side branch's commit
 * counts even where a merge is the same as its first parent for these paths.
 */
export async function commitsTouching(q: TouchingQuery, cwd: string): Promise<string[]> {
  if (q.paths.length === 0 || (q.refs.length === 0 && q.commits.length === 0)) return [];
  const input = [...q.commits, ...q.exclude.map((c) => `^${c}`), '--', ...q.paths].map((l) => `${l}\n`).join('');
  const out = await gitAlone(['--literal-pathspecs', 'rev-list', '--no-merges', '--full-history', `--max-count=${q.limit}`, ...q.refs, '--stdin'], { cwd, input });
  return out.split('\n').filter(Boolean);
}
