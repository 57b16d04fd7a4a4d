// A shallow clone (CI's `fetch-depth: 1`): its boundary commits have parents this repository does
// not hold, so each reads as adding every file. check --range deepens it first (../check/shallow.ts).
import { readFileSync } from 'node:fs';
import { git, query } from './git.js';

/** Whether the repository is shallow. */
export const IS_SHALLOW = query(['rev-parse', '--is-shallow-repository'], (out) => out.trim() === 'true', () => false);

/** Where git lists the commits it holds without their parents. */
export const SHALLOW_FILE = query(['rev-parse', '--path-format=absolute', '--git-path', 'shallow'], (out) => out.trim());

/** The commits listed in `file` (none when there is no such file): bounded, ids only. */
export function shallowCommits(file: string): Set<string> {
  try {
    return new Set(readFileSync(file, 'utf8').slice(0, 1 << 20).split('\n').map((l) => l.trim()).filter((l) => /^[0-9a-f]{40,64}$/.test(l)));
  } catch {
    return new Set();
  }
}

/** Fetches the whole history from `remote` (git fetch --unshallow): null when it did, else git's error. */
export async function unshallow(remote: string, cwd: string): Promise<string | null> {
  try {
    await git(['fetch', '-q', '--no-tags', '--unshallow', '--end-of-options', remote], { cwd });
    return null;
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    return (text.split('\n').find((l) => l.trim() !== '') ?? text).slice(0, 300);
  }
}
