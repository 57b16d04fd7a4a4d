// Reading trees: one parser for `ls-tree -z` output, and the listings built on it.
import { git, gitQueries, query, splitNul } from './git.js';

export interface TreeEntry {
  mode: string;
  type: string;
  oid: string;
  path: string;
}

/** `-- <roots>`, or nothing when a root is the whole tree (''). */
export const pathspec = (roots: string[]): string[] => (roots.length === 0 || roots.includes('') ? [] : ['--', ...roots]);

/** Entries of `ls-tree -z` output, full form (pure). */
export function parseTree(out: string | null): TreeEntry[] {
  const entries: TreeEntry[] = [];
  for (const entry of splitNul(out ?? '')) {
    const tab = entry.indexOf('\t');
    const [mode, type, oid] = entry.slice(0, tab).split(' ');
    entries.push({ mode: mode!, type: type!, oid: oid!, path: entry.slice(tab + 1) });
  }
  return entries;
}

/** Every entry of `rev` under `roots`, recursively. */
export async function listTree(rev: string, roots: string[], cwd: string): Promise<TreeEntry[]> {
  return parseTree(await git(['ls-tree', '-r', '-z', '--end-of-options', rev, ...pathspec(roots)], { cwd }));
}

/** Every entry of `rev` under `roots`, recursively; null when `rev` names no tree. */
export const treeUnder = (rev: string, roots: string[]) => query(['ls-tree', '-r', '-z', rev, ...pathspec(roots)], parseTree, () => null);

/** The recursive listings of several trees or commits, asked together (null for one that fails). */
export async function listTrees(revs: string[], roots: string[], cwd: string): Promise<(TreeEntry[] | null)[]> {
  const listed = await gitQueries(Object.fromEntries(revs.map((r, i) => [i, treeUnder(r, roots)])), cwd);
  return revs.map((_, i) => listed[i] ?? null);
}

/** The paths of `rev` under `roots`, recursively (none when `rev` names no tree). */
export async function treePaths(rev: string, roots: string[], cwd: string): Promise<string[]> {
  return splitNul((await git(['ls-tree', '-r', '-z', '--name-only', rev, ...pathspec(roots)], { cwd, allowFail: true })) ?? '');
}
