// Which files are plans: the config's `plans` patterns over the files git knows about
// (tracked, plus untracked files that are not ignored), so a new plan is found before its
// first commit and nothing under node_modules or build output is ever read.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config/config.js';
import { compilePattern, PatternError, type CompiledPattern } from '../lib/pattern.js';
import { workingFiles } from '../git/queries.js';

/** A configuration's plan patterns, and the answer for each JSON path already asked. */
const compiled = new WeakMap<Config, { patterns: CompiledPattern[]; verdicts: Map<string, boolean> }>();

function planPatterns(config: Config): { patterns: CompiledPattern[]; verdicts: Map<string, boolean> } {
  let known = compiled.get(config);
  if (!known) {
    // Plan names are matched exactly as written: a plan's path is part of its identity.
    known = { patterns: config.plans.map((p) => compilePattern(p, { ignoreCase: false })), verdicts: new Map() };
    compiled.set(config, known);
  }
  return known;
}

/** True when the repository-relative `path` is a plan file under `config.plans`. */
export function isPlanPath(path: string, config: Config): boolean {
  if (!path.endsWith('.json')) return false;
  // Kept: pre-commit asks of each JSON path in the index, at HEAD and at the base, the same
  // paths each time, and matching a glob is ~10,000 instructions (1.4 M a commit in the bench).
  const { patterns, verdicts } = planPatterns(config);
  let verdict = verdicts.get(path);
  if (verdict === undefined) verdicts.set(path, (verdict = patterns.some((p) => p.test(path))));
  return verdict;
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

/** A file named as plan-hooks names plans (`new` writes `<name>-plan.json`). */
const PLAN_LIKE = /(^|\/)[^/]+-plan\.json$/;

/**
 * Files named like a plan that no `plans` pattern matches, sorted: a monorepo's
 * packages/*\/docs/x-plan.json left out of the default glob is named, not silently ignored.
 * Bounded to what git lists (WORKING_FILES: tracked and not-ignored files), never node_modules.
 */
export function ignoredPlanLike(files: string[], config: Config): string[] {
  const out = new Set<string>();
  for (const p of files) if (PLAN_LIKE.test(p) && !isPlanPath(p, config) && !p.split('/').includes('node_modules')) out.add(p);
  return [...out].sort();
}

/** A `plans` pattern for each directory depth of `paths`: the segments they share, '*' where they differ (packages/*\/docs/*-plan.json). */
export function includePatterns(paths: string[]): string[] {
  const byDepth = new Map<number, string[][]>();
  for (const p of paths) {
    const dir = p.split('/').slice(0, -1);
    byDepth.set(dir.length, [...(byDepth.get(dir.length) ?? []), dir]);
  }
  return [...byDepth.values()].map((dirs) => [...dirs[0]!.map((seg, i) => (dirs.every((d) => d[i] === seg) ? seg : '*')), '*-plan.json'].join('/')).sort();
}
