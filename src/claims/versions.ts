// Plan JSON as the claims read it, and the other worktrees' working files (edit time reads
// those; a commit is judged by their HEADs, src/facts/facts.ts).
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Repository, Worktree } from '../git/repository.js';
import type { PlanMatcher } from '../plan/discover.js';
import { planValue } from '../plan/plan-text.js';
import { readTextFileSync } from '../fs/text.js';
import type { PlanSource, PlanVersion } from '../core/claims.js';

function walk(dir: string, rel: string, out: string[], depth = 0): void {
  if (depth > 32) return;
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const e of entries) {
    if (e.name === '.git' || e.name === 'node_modules') continue;
    const relPath = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) walk(join(dir, e.name), relPath, out, depth + 1);
    else if (e.isFile()) out.push(relPath);
  }
}

/** The plan files in a worktree's files, repository-relative: the plans' roots walked, .git and node_modules skipped. */
function worktreePlanFiles(tree: Worktree, plans: PlanMatcher): string[] {
  const files: string[] = [];
  for (const root of plans.roots) {
    const dir = join(tree.path, root);
    try {
      if (!statSync(dir).isDirectory()) continue;
    } catch {
      continue;
    }
    walk(dir, root, files);
  }
  return files.filter(plans.matches);
}

/**
 * A plan file's JSON, or null when it is not JSON (the validator reports that). Claims take
 * whatever part of a plan is well-formed, read as every reader reads it (plan/plan-text.ts):
 * a byte-order mark or a repeated key never hides a claim.
 */
export const parsePlanJson = planValue;

/** A plan file's JSON from its path (`parsePlanJson` of its text). */
export const readPlanJson = (path: string): unknown => parsePlanJson(readTextFileSync(path));

/** A plan file in another worktree: the version it gives, and where it is on disk. */
export interface WorktreePlan {
  source: PlanVersion['source'];
  /** Repository-relative. */
  file: string;
  /** Absolute. */
  path: string;
}

/**
 * The plan files the other worktrees have on disk, listed, not read (claims made there, committed
 * or not, are read by the edit-time hook, through a cache by file stat).
 */
export function worktreePlans(
  repo: Pick<Repository, 'otherWorktrees'>,
  plans: PlanMatcher,
  sourceOf = (tree: Worktree): PlanSource => ({ kind: 'worktree', label: `worktree ${tree.path}${tree.branch ? ` (branch ${tree.branch})` : ''}` }),
): WorktreePlan[] {
  const out: WorktreePlan[] = [];
  for (const tree of repo.otherWorktrees) {
    const source = sourceOf(tree);
    for (const file of worktreePlanFiles(tree, plans)) out.push({ source, file, path: join(tree.path, file) });
  }
  return out;
}

/** The versions of listed plan files; `read` takes a plan's absolute path. */
export function readWorktreePlans(list: WorktreePlan[], read: (path: string) => unknown = readPlanJson): PlanVersion[] {
  const versions: PlanVersion[] = [];
  for (const { source, file, path } of list) {
    let plan: unknown;
    try {
      plan = read(path);
    } catch {
      // Gone between the listing and the read: that worktree is mid-change; nothing to see.
      continue;
    }
    versions.push({ source, file, plan });
  }
  return versions;
}
