// Plan JSON as the claims read it, and the other worktrees' working files (edit time reads
// those; a commit is judged by their HEADs, src/facts/facts.ts).
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Repository, Worktree } from '../git/repository.js';
import type { PlanMatcher } from '../plan/discover.js';
import { planValue } from '../plan/plan-text.js';
import { readTextFileSync } from '../fs/text.js';
import type { PlanVersion } from './claims.js';

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

function worktreePlans(tree: Worktree, plans: PlanMatcher): { file: string; text: string }[] {
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
  const out: { file: string; text: string }[] = [];
  for (const file of files.filter(plans.matches)) {
    try {
      out.push({ file, text: readTextFileSync(join(tree.path, file)) });
    } catch {
      // Gone between the listing and the read: that worktree is mid-change; nothing to see.
    }
  }
  return out;
}

/**
 * A plan file's JSON, or null when it is not JSON (the validator reports that). Claims take
 * whatever part of a plan is well-formed, read as every reader reads it (plan/plan-text.ts):
 * a byte-order mark or a repeated key never hides a claim.
 */
export const parsePlanJson = planValue;

/** The plans as the other worktrees have them on disk (claims made there, committed or not). */
export function worktreeVersions(
  repo: Pick<Repository, 'otherWorktrees'>,
  plans: PlanMatcher,
  labelOf = (tree: Worktree) => `worktree ${tree.path}${tree.branch ? ` (branch ${tree.branch})` : ''}`,
  parse: (text: string) => unknown = parsePlanJson,
): PlanVersion[] {
  const versions: PlanVersion[] = [];
  for (const tree of repo.otherWorktrees) {
    const label = labelOf(tree);
    for (const { file, text } of worktreePlans(tree, plans)) versions.push({ source: { kind: 'worktree', label }, file, plan: parse(text) });
  }
  return versions;
}
