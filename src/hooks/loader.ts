// Each hook's entry, dist/src/hooks/<hook>.cjs, which the runner starts with node: it runs the
// hook's bundle beside it (<hook>-main.cjs, ./main.ts and the hook's file) from V8's code cache
// of it (../lib/code-cache.ts), kept under the git dir. Kept this small because node compiles
// it on every commit. The sentences are a third bundle (messages.cjs, scripts/build.mjs),
// required only when a hook has something to say.
import { isAbsolute, join } from 'node:path';
import { requireSiblings, runBundle } from '../lib/code-cache.js';
import { gitDirOf } from '../git/git-dir.js';
import type { HookName } from '../core/hook-table.js';
import { internalError } from './main.js';

/** Where the code caches of the hooks' bundles are kept for the worktree whose git dir is `gitDir` (uninstall removes it). */
export const hookCodeCacheDir = (gitDir: string) => join(gitDir, 'plan-hooks', 'code-cache');
/**
 * The bundles a hook's bundle requires beside it (scripts/build.mjs): a commit staging a plan's
 * validator and handoff, and the sentences. Each runs from a code cache of its own, next to the
 * hook's (`<hook>+<bundle>`).
 */
export const HOOK_SIBLINGS = ['plan-commit.cjs', 'messages.cjs'] as const;
/** The code cache of `hook`'s bundle. */
export const hookCodeCacheFile = (gitDir: string, hook: HookName) => join(hookCodeCacheDir(gitDir), hook);

/**
 * The git dir of the repository the hook runs for: git starts hooks at the worktree's top, and
 * sets GIT_DIR (absolute) in a linked worktree or a submodule. A relative GIT_DIR or none found: no cache.
 */
function gitDirHere(): string | null {
  const named = process.env.GIT_DIR;
  if (named !== undefined && named !== '') return isAbsolute(named) ? named : null;
  return gitDirOf(process.cwd());
}

/** Runs `hook` from the bundle in `dir` (the entry's own directory, whose `require` this is). */
export function load(hook: HookName, dir: string, require: NodeJS.Require): void {
  let file: string | null = null;
  try {
    const gitDir = gitDirHere();
    if (gitDir !== null) file = hookCodeCacheFile(gitDir, hook);
  } catch {
    file = null;
  }
  try {
    // A run that passed leaves the cache: what it compiled is what most runs need (a refusal
    // compiles the report, not the marker or the trailers).
    const keep = (code: number) => code === 0;
    const cached = file;
    const siblingCache = (name: string) => (cached === null ? null : `${cached}+${name.replace(/\.cjs$/, '')}`);
    runBundle(join(dir, `${hook}-main.cjs`), file, keep, requireSiblings(require, dir, HOOK_SIBLINGS, siblingCache, keep));
  } catch (error) {
    // The bundle could not even be started: the hook's internal error, as runHook reports one.
    process.exitCode = internalError(hook, error);
  }
}
