// Where a worktree's git dir is, read from the file system alone (no git process): the
// loaders of the hooks' bundles need it before anything else is loaded (../agents/loader.ts,
// ../hooks/loader.ts), and the edit-time hook's workspace after it (../agents/workspace.ts).
import { readFileSync, statSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { LAYOUT } from './layout.js';

/** A file's text, or null when it cannot be read. */
export function readIf(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

/** The git dir of the worktree whose top is `root` (`.git` is a directory, or a file naming one). */
export function gitDirOf(root: string): string | null {
  const dotGit = join(root, LAYOUT.dotGit);
  try {
    if (statSync(dotGit).isDirectory()) return dotGit;
  } catch {
    return null;
  }
  const line = (readIf(dotGit) ?? '').split('\n').find((l) => l.startsWith(LAYOUT.gitdirPrefix));
  const dir = line?.slice(LAYOUT.gitdirPrefix.length).trim();
  if (!dir) return null;
  return isAbsolute(dir) ? dir : resolve(root, dir);
}
