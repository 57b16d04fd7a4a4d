// What is left uncommitted in the working tree: paths whose working copy differs from the index,
// and untracked files (not ignored), from one `git status`, which scans the tree once (`git diff
// --name-only` and `git ls-files --others` each scanned it). No optional lock: it runs inside
// hooks, while git holds the index.
import { gitQuery, query, splitNul } from './git.js';

export const UNCOMMITTED_STATUS = ['--no-optional-locks', 'status', '--porcelain=v1', '-z', '--untracked-files=all', '--no-renames'];

/** Pure: `status --porcelain=v1 -z` → the paths with a working-tree change, and untracked ones, sorted. */
export function parseUncommitted(out: string): string[] {
  const parts = splitNul(out);
  const paths = new Set<string>();
  for (let i = 0; i < parts.length; i++) {
    const entry = parts[i]!;
    const x = entry.charAt(0);
    const y = entry.charAt(1);
    if (y !== ' ') paths.add(entry.slice(3));
    // A rename or copy (none with --no-renames, unless git ignores it) is followed by its source.
    if (x === 'R' || x === 'C' || y === 'R' || y === 'C') i++;
  }
  return [...paths].sort();
}

/** The paths left uncommitted, sorted. */
export const UNCOMMITTED = query(UNCOMMITTED_STATUS, parseUncommitted);

/**
 * The same read, for a caller that runs it beside its own work (pre-commit's handoff: while node
 * reads and validates the plans): in one thread. git's index preload lstat()s every tracked file
 * from up to 20 threads, which on a machine of few cores take the core node is working on (on
 * 2 cores and 10,000 files: node's concurrent work ~45% slower with them, the status itself no
 * sooner done). The answer is the same: the preload only does ahead what the refresh checks.
 */
export const UNCOMMITTED_BESIDE = query(['-c', 'core.preloadIndex=false', ...UNCOMMITTED_STATUS], parseUncommitted);

export function uncommittedPaths(root: string, beside = false): Promise<string[]> {
  return gitQuery(beside ? UNCOMMITTED_BESIDE : UNCOMMITTED, root);
}

/** Pure: `diff HEAD --numstat -z` → lines added and removed per path (binary files: 0). */
export function parseNumstat(out: string): Map<string, { added: number; removed: number }> {
  const sizes = new Map<string, { added: number; removed: number }>();
  const parts = splitNul(out);
  for (let i = 0; i < parts.length; i++) {
    const m = /^(\d+|-)\t(\d+|-)\t(.*)$/s.exec(parts[i]!);
    if (!m) continue;
    // A rename (none with --no-renames) gives an empty path and then its two names.
    const path = m[3] === '' ? parts[(i += 2)] : m[3];
    if (path) sizes.set(path, { added: m[1] === '-' ? 0 : Number(m[1]), removed: m[2] === '-' ? 0 : Number(m[2]) });
  }
  return sizes;
}

/** Lines added and removed per uncommitted tracked path, against HEAD (none before the first commit). */
export const UNCOMMITTED_SIZES = query(['--no-optional-locks', 'diff', 'HEAD', '--numstat', '-z', '--no-renames'], parseNumstat, () => new Map());
