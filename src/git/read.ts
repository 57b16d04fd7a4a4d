// Reading file content from git objects: the index (`:path`), a commit (`HEAD:path`).
import { git } from './git.js';

/** The content of `path` in the index as the hook sees it, or null if it is not staged. */
export function readStaged(path: string, cwd?: string): Promise<string | null> {
  return git(['show', `:${path}`], { cwd, allowFail: true });
}

/** The content of `path` at a revision, or null when the revision or path does not exist. */
export function readAt(rev: string, path: string, cwd?: string): Promise<string | null> {
  return git(['show', `${rev}:${path}`], { cwd, allowFail: true });
}
