// Changed paths, as `git diff --name-status -z -M` reports them (both sides of renames).
import { git, splitNul } from './git.js';

export type ChangeStatus = 'A' | 'M' | 'D' | 'R' | 'C' | 'T' | 'U' | 'X';

export interface Change {
  status: ChangeStatus;
  path: string;
  /** For renames and copies: the path it came from. */
  from?: string;
}

/** Parses `--name-status -z` output (pure). */
export function parseNameStatus(out: string): Change[] {
  const parts = splitNul(out);
  const changes: Change[] = [];
  for (let i = 0; i < parts.length; ) {
    const status = parts[i++]!.charAt(0) as ChangeStatus;
    if (status === 'R' || status === 'C') {
      const from = parts[i++]!;
      changes.push({ status, path: parts[i++]!, from });
    } else {
      changes.push({ status, path: parts[i++]! });
    }
  }
  return changes;
}

/** The empty tree: what the first commit of a repository is compared against. */
export const EMPTY_TREE = '4b825dc642cb6eb9a060e54bf8d69288fbee4904';

/** What a commit changes against its first parent (or the empty tree for a root commit). */
export async function commitChanges(commit: string, cwd?: string): Promise<Change[]> {
  const parent = await git(['rev-parse', '--verify', '-q', `${commit}^1`], { cwd, allowFail: true });
  const base = parent === null ? EMPTY_TREE : parent.trim();
  return parseNameStatus(await git(['diff', '--name-status', '-z', '-M', '--no-ext-diff', base, commit], { cwd }));
}

/** `git diff --cached` against HEAD (against nothing before the first commit). */
export const DIFF_INDEX = ['diff', '--cached', '--name-status', '-z', '-M', '--no-ext-diff'];

export async function diffIndex(cwd: string): Promise<Change[]> {
  return parseNameStatus(await git(DIFF_INDEX, { cwd }));
}
