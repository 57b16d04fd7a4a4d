// Which files are plans: the config's `plans` patterns over the files git knows about
// (tracked, plus untracked files that are not ignored), so a new plan is found before its
// first commit and nothing under node_modules or build output is ever read.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config/config.js';
import { compilePattern, PatternError, type CompiledPattern } from '../lib/pattern.js';
import { workingFiles } from '../git/queries.js';

const compiled = new WeakMap<Config, CompiledPattern[]>();

function planPatterns(config: Config): CompiledPattern[] {
  let patterns = compiled.get(config);
  if (!patterns) {
    // Plan names are matched exactly as written: a plan's path is part of its identity.
    patterns = config.plans.map((p) => compilePattern(p, { ignoreCase: false }));
    compiled.set(config, patterns);
  }
  return patterns;
}

/**
 * Each path's answer, per configuration (as its compiled patterns are): a commit asks about the
 * same paths at HEAD, in the index and on the base branch, and its pattern tests run once, cold
 * (~15 µs a path): 600 tests were ~3-5 ms of pre-commit with 200 plans.
 */
const answered = new WeakMap<Config, Map<string, boolean>>();

/** True when the repository-relative `path` is a plan file under `config.plans`. */
export function isPlanPath(path: string, config: Config): boolean {
  let known = answered.get(config);
  if (!known) answered.set(config, (known = new Map()));
  let is = known.get(path);
  if (is === undefined) {
    is = path.endsWith('.json') && planPatterns(config).some((p) => p.test(path));
    known.set(path, is);
  }
  return is;
}

/** Repository-relative paths of every plan git knows about in the working tree at `root`, sorted. */
export async function findPlanFiles(root: string, config: Config): Promise<string[]> {
  return planFilesAmong(await workingFiles(root), root, config);
}

/** The plans among the working tree's files (WORKING_FILES' answer), sorted. */
export function planFilesAmong(files: string[], root: string, config: Config): string[] {
  // -c also lists tracked files deleted from the working tree; those are not there to read.
  return [...new Set(files.filter((p) => isPlanPath(p, config) && existsSync(join(root, p))))].sort();
}

export interface PlanMatcher {
  /** Literal directory prefixes to list ('' for the whole tree, when a pattern starts with a wildcard). */
  roots: string[];
  matches(path: string): boolean;
}

export function planMatcher(config: Config): PlanMatcher {
  const roots = new Set<string>();
  for (const source of config.plans) {
    try {
      const pattern = compilePattern(source, { ignoreCase: false });
      // A literal pattern names a file or a directory: listing its parent covers both.
      roots.add(pattern.literal ? pattern.literalPrefix.split('/').slice(0, -1).join('/') : pattern.literalPrefix);
    } catch (error) {
      if (!(error instanceof PatternError)) throw error;
    }
  }
  return { roots: roots.has('') ? [''] : [...roots], matches: (path) => isPlanPath(path, config) };
}

/** The plan paths among `paths` (a listing under the plan roots), sorted, each once. */
export function planPathsAmong(paths: string[], config: Config): string[] {
  return [...new Set(paths)].filter(planMatcher(config).matches).sort();
}
