// How this repository runs its installed plan-hooks, for the commands messages print
// (src/messages/run.ts): its package manager's way to run a dependency's program, or, in a
// linked worktree without node_modules, the main worktree's program by path; without
// package.json, plan-hooks (a global install). Files only: no git process.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { detectPackageManager, runCommand } from '../core/install/package-manager.js';
import { shQuote } from '../lib/sh-quote.js';

/** A path as one shell word, quoted only where it must be (it sits inside quoted commands). */
const word = (path: string) => (/^[A-Za-z0-9_@%+=:,./-]+$/.test(path) ? path : shQuote(path));

const BIN = 'node_modules/.bin/plan-hooks';
/** The installed package (its program is linked into node_modules/.bin by every package manager). */
const PACKAGE = 'node_modules/plan-hooks';
/** How far up from the working directory the repository's top is looked for. */
const MAX_DEPTH = 64;

function readIf(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

/** The nearest directory at or above `cwd` with a `.git` entry (a worktree's top), or null. */
function topOf(cwd: string): string | null {
  let dir = resolve(cwd);
  for (let i = 0; i < MAX_DEPTH; i++) {
    if (existsSync(join(dir, '.git'))) return dir;
    const up = dirname(dir);
    if (up === dir) return null;
    dir = up;
  }
  return null;
}

/** A linked worktree's main worktree, from its `.git` file and the commondir git writes. */
function mainWorktreeOf(top: string): string | null {
  const pointer = readIf(join(top, '.git'));
  const gitDir = pointer && /^gitdir: (.+)$/m.exec(pointer)?.[1]?.trim();
  if (!gitDir) return null;
  const common = readIf(join(resolve(top, gitDir), 'commondir'))?.trim();
  if (!common) return null;
  const commonDir = resolve(top, gitDir, common);
  return basename(commonDir) === '.git' ? dirname(commonDir) : null;
}

/** The command for the repository at or above `cwd`. */
export function installedRunCommand(cwd: string): string {
  const top = topOf(cwd);
  const pkgText = top && readIf(join(top, 'package.json'));
  if (top && pkgText !== null) {
    let data: Record<string, unknown> = {};
    try {
      data = JSON.parse(pkgText) as Record<string, unknown>;
    } catch {
      // A broken package.json: the lockfile alone says the package manager.
    }
    const pm = detectPackageManager(readdirSync(top), data.packageManager);
    if (existsSync(join(top, PACKAGE))) return runCommand(pm);
    const main = mainWorktreeOf(top);
    if (main && existsSync(join(main, PACKAGE))) return word(join(main, BIN));
    // Not installed here yet: `npx plan-hooks` would ask the registry, where the name is not ours.
    return 'plan-hooks';
  }
  // Without package.json plan-hooks is a global install (or npx's, by path, in the hooks): its name.
  return 'plan-hooks';
}
