// Reading trees: one parser for `ls-tree -z` output, and the listings built on it.
import { gitBatch } from './batch.js';
import { git, splitNul } from './git.js';

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

/** The recursive listings of several trees or commits, in one batch of shells (null for one that fails). */
export async function listTrees(revs: string[], roots: string[], cwd: string): Promise<(TreeEntry[] | null)[]> {
  const outs = await gitBatch(revs.map((r) => ['ls-tree', '-r', '-z', r, ...pathspec(roots)]), cwd);
  return outs.map((o) => (o === null ? null : parseTree(o)));
}

/** The paths of `rev` under `roots`, recursively (none when `rev` names no tree). */
export async function treePaths(rev: string, roots: string[], cwd: string): Promise<string[]> {
  return splitNul((await git(['ls-tree', '-r', '-z', '--name-only', rev, ...pathspec(roots)], { cwd, allowFail: true })) ?? '');
}
