// All or nothing: what init may change (the files its actions name, package.json and the
// lockfiles the package manager rewrites, the hook directories husky and the managers write, the
// local core.hooksPath), saved before the first action and put back when one fails, so a failed
// init leaves the repository as it found it. node_modules is the package manager's: not saved.
import { localConfigSync, setLocalConfigSync, unsetLocalConfigSync } from '../git/sync.js';
import { chmodSync, existsSync, lstatSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Action } from '../core/install/action.js';

interface Saved {
  files: Map<string, { content: Buffer; mode: number } | null>;
  /** Directories that did not exist (removed again on rollback). */
  newDirs: string[];
  /** Directories whose files were saved: files found there later are new (removed on rollback). */
  dirs: string[];
  config: Map<string, string | null>;
  cwd: string;
}

function filesUnder(dir: string): string[] {
  let out: string[] = [];
  try {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (name === 'node_modules') continue;
      out = lstatSync(path).isDirectory() ? [...out, ...filesUnder(path)] : [...out, path];
    }
  } catch {
    // Not there.
  }
  return out;
}

/** Saves `files` and everything under `dirs`, and the local git `keys`. */
export function save(cwd: string, files: string[], dirs: string[], keys: string[]): Saved {
  const saved: Saved = { files: new Map(), newDirs: [], dirs: [], config: new Map(), cwd };
  const isDir = (p: string) => existsSync(p) && lstatSync(p).isDirectory();
  dirs = [...dirs, ...files.filter(isDir)];
  for (const path of [...files.filter((f) => !isDir(f)), ...dirs.flatMap(filesUnder)]) {
    if (saved.files.has(path)) continue;
    saved.files.set(path, existsSync(path) ? { content: readFileSync(path), mode: statSync(path).mode & 0o777 } : null);
  }
  saved.dirs = dirs;
  for (const dir of dirs) if (!existsSync(dir)) saved.newDirs.push(dir);
  for (const key of keys) saved.config.set(key, localConfigSync(key, cwd));
  return saved;
}

/** Puts everything back as saved: files rewritten or removed, new directories removed, git config restored. */
export function restore(saved: Saved): void {
  for (const dir of saved.dirs) {
    for (const path of filesUnder(dir)) if (!saved.files.has(path)) rmSync(path, { force: true });
  }
  for (const [path, before] of saved.files) {
    if (before === null) rmSync(path, { force: true });
    else {
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, before.content);
      chmodSync(path, before.mode);
    }
  }
  for (const dir of saved.newDirs) rmSync(dir, { recursive: true, force: true });
  for (const [key, value] of saved.config) {
    if (localConfigSync(key, saved.cwd) === value) continue;
    if (value === null) unsetLocalConfigSync(key, { cwd: saved.cwd });
    else {
      try {
        setLocalConfigSync(key, value, saved.cwd);
      } catch {
        // A rollback restores what it can.
      }
    }
  }
}

/** The files an action list names. */
export function touchedBy(actions: Action[]): string[] {
  return actions.flatMap((a) => {
    switch (a.kind) {
      case 'write':
      case 'remove':
      case 'editJson':
        return [a.path];
      case 'rename':
        return [a.from, a.to];
      default:
        return [];
    }
  });
}
