// Where a tool call's writes land on disk, and which worktree judges each: what the command
// says (./shell-writes.ts) made concrete with a look at the file system. A destination that is a
// directory takes the copied names inside it; a directory removed or moved away takes every file
// under it; a symbolic link written through writes what it points to, and a path through a
// linked directory lands where the link leads; a path in another worktree of the same
// repository is that worktree's to judge. Bounded: past MAX_LISTED paths the call is refused
// with the reason (./payload.ts), never judged by the first few.
import { type Dirent, lstatSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { MAX_LISTED } from './payload.js';
import type { ShellWrite } from './shell-writes.js';

/** The writes one worktree judges: its top, and each path relative to it. */
export interface TreeWrites {
  root: string;
  writes: ShellWrite[];
}

export interface Targets {
  /** The worktree the tool runs in first (present even when it has nothing to judge), then the others that have writes. */
  trees: TreeWrites[];
  /** How many paths the writes came to, when more than MAX_LISTED (then `trees` is not to be used). */
  tooMany: number | null;
}

const MAX_PATH = 4096;

const isDirectory = (path: string): boolean => {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
};

/** The real path of `path` when a link lies on the way (itself, when `entry`, is left as it is); null when it is the path. */
function realOf(path: string, entry: boolean): string | null {
  try {
    const real = entry ? join(realpathSync(dirname(path)), basename(path)) : realpathSync(path);
    return real === path ? null : real;
  } catch {
    // Not there yet: where its directory really is.
    try {
      const real = join(realpathSync(dirname(path)), basename(path));
      return real === path ? null : real;
    } catch {
      return null;
    }
  }
}

/** A directory itself, not a link to one (rm -r and mv take the link away, not what it points to). */
const isTree = (path: string): boolean => {
  try {
    return lstatSync(path).isDirectory();
  } catch {
    return false;
  }
};

/** Every file under `dir` (not following links), at most `room`; null when there are more. */
function filesUnder(dir: string, room: number): string[] | null {
  const out: string[] = [];
  const pending = [dir];
  while (pending.length > 0) {
    const at = pending.pop()!;
    let entries: Dirent[];
    try {
      entries = readdirSync(at, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const e of entries) {
      if (e.name === '.git') continue;
      const path = join(at, e.name);
      if (e.isDirectory()) pending.push(path);
      else if (out.push(path) > room) return null;
    }
  }
  return out;
}

/** `path` (absolute) relative to `root` when it lies inside it, else null. */
function inside(root: string, path: string): string | null {
  const rel = relative(root, path);
  if (rel === '' || rel === '..' || rel.startsWith(`..${sep}`) || resolve(root, rel) !== resolve(path)) return null;
  return sep === '/' ? rel : rel.split(sep).join('/');
}

/**
 * The writes of a tool call running in `cwd`, by the worktree each lands in: `root` (the tool's)
 * or one of `others` (the same repository's other worktrees). Paths outside all of them are no
 * worktree's to judge and are left out.
 */
export function writeTargets(writes: ShellWrite[], cwd: string, root: string, others: string[]): Targets {
  const tops = [root, ...others];
  // Each top as given and as it really is: a path may be written either way.
  const reals = tops.map((t) => {
    try {
      return realpathSync(t);
    } catch {
      return t;
    }
  });
  const mine = (path: string) => tops.some((t, i) => inside(t, path) !== null || inside(path, t) !== null || inside(reals[i]!, path) !== null || inside(path, reals[i]!) !== null || path === t || path === reals[i]);
  const absolute: { path: string; how: string; entry: boolean }[] = [];
  let tooMany: number | null = null;
  const add = (path: string, how: string, entry: boolean) => {
    if (absolute.push({ path, how, entry }) > MAX_LISTED) tooMany = absolute.length;
  };
  for (const w of writes) {
    if (tooMany !== null) break;
    // No file system takes a longer path (PATH_MAX): the write fails, and matching it would cost the square of its length.
    if (w.path.length > MAX_PATH) continue;
    const path = resolve(cwd, w.path);
    if (w.into && (w.path.endsWith('/') || w.into.length > 1 || isDirectory(path))) {
      for (const name of w.into) add(join(path, name), w.how, false);
      continue;
    }
    add(path, w.how, w.entry === true);
    // Only a directory in a worktree, or holding one, has files of ours under it.
    if (w.tree && isTree(path) && mine(realOf(path, false) ?? path)) {
      const files = filesUnder(path, MAX_LISTED - absolute.length);
      if (files === null) tooMany = MAX_LISTED + 1;
      else for (const f of files) add(f, w.how, true);
    }
  }
  const trees: TreeWrites[] = [{ root, writes: [] }];
  if (tooMany !== null) return { trees, tooMany };
  // The deepest top first: a worktree may lie inside another's directory.
  const order = tops.map((_, i) => i).sort((a, b) => tops[b]!.length - tops[a]!.length);
  const seen = new Set<string>();
  const judge = (path: string, how: string) => {
    for (const i of order) {
      const rel = inside(tops[i]!, path) ?? inside(reals[i]!, path);
      if (rel === null) continue;
      const top = tops[i]!;
      if (seen.has(`${top}\0${rel}`)) return;
      seen.add(`${top}\0${rel}`);
      let tree = trees.find((t) => t.root === top);
      if (!tree) trees.push((tree = { root: top, writes: [] }));
      tree.writes.push({ path: rel, how });
      return;
    }
  };
  for (const { path, how, entry } of absolute) {
    judge(path, how);
    const real = realOf(path, entry);
    if (real !== null) judge(real, how);
  }
  return { trees, tooMany: null };
}
