// The plans as they are at one place — a commit, the index, or the working tree — parsed
// leniently: a plan that is not valid JSON is reported and skipped, never fatal, because the
// worklog and the handoff must not depend on the validator (which is not loaded after commits).
import { join } from 'node:path';
import { planMatcher } from './discover.js';
import type { Config } from '../config/config.js';
import { readObjects } from '../git/cat-file.js';
import { findPlanFiles, planPathsAmong } from './discover.js';
import type { PlanState } from '../core/plan-types.js';
import { readPlanText } from './plan-text.js';
import { messages } from '../messages/index.js';
import { readTextFile } from '../fs/text.js';
import { indexPaths } from '../git/queries.js';
import { treePaths } from '../git/tree.js';
import type { Change } from '../git/changes.js';
import { byCodeUnit } from '../lib/order.js';

export type Place = { rev: string } | 'index' | 'worktree';

export interface PlanFile {
  path: string;
  plan: PlanState;
}

export interface Snapshot {
  plans: PlanFile[];
  /** Plan files that could not be read as JSON objects, with the reason. */
  skipped: { path: string; reason: string }[];
}

/** Plan paths at a place; the working tree is what validate's findPlanFiles sees. */
async function planPaths(place: Place, config: Config, cwd: string): Promise<string[]> {
  if (place === 'worktree') return findPlanFiles(cwd, config);
  const roots = planMatcher(config).roots;
  return planPathsAmong(place === 'index' ? await indexPaths(roots, cwd) : await treePaths(place.rev, roots, cwd), config);
}

export { planPathsAmong };


/**
 * Parses a plan leniently: an object with planId and workItems, or a reason why not. A file
 * validate refuses as text (./plan-text.ts) is refused here with the same message.
 */
export function parsePlan(text: string): PlanState | string {
  const { value: data, problem } = readPlanText(text);
  if (problem) return messages.planTextReason(problem.message, problem.line, problem.column);
  return asPlan(data);
}

/** Parsed JSON as a plan (lenient, as parsePlan), or the reason it is not one. */
export function asPlan(data: unknown): PlanState | string {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return messages.notAPlan('notObject');
  const plan = data as PlanState;
  if (typeof plan.planId !== 'string' || !Array.isArray(plan.workItems)) return messages.notAPlan('noIds');
  for (const item of plan.workItems) {
    if (typeof item !== 'object' || item === null || !Array.isArray(item.tasks)) return messages.notAPlan('itemWithoutTasks');
    if (!Array.isArray(item.log)) item.log = [];
  }
  return plan;
}

export async function readSnapshot(place: Place, config: Config, root: string, only?: string[]): Promise<Snapshot> {
  const paths = only ?? (await planPaths(place, config, root));
  const texts =
    place === 'worktree'
      ? await Promise.all(paths.map((p) => readTextFile(join(root, p)).catch(() => null)))
      : await readObjects(paths.map((p) => (place === 'index' ? `:${p}` : `${place.rev}:${p}`)), root);
  return snapshotOf(paths, texts);
}

/** Pure: the snapshot of the plan texts read for `paths`, in order (a missing one, null, is left out). */
export function snapshotOf(paths: string[], texts: (string | null | undefined)[]): Snapshot {
  const snapshot: Snapshot = { plans: [], skipped: [] };
  paths.forEach((path, i) => {
    const text = texts[i];
    if (text === null || text === undefined) return;
    const plan = parsePlan(text);
    if (typeof plan === 'string') snapshot.skipped.push({ path, reason: plan });
    else snapshot.plans.push({ path, plan });
  });
  // By code unit, as git lists paths (src/lib/order.ts).
  snapshot.plans.sort((a, b) => byCodeUnit(a.path, b.path));
  return snapshot;
}

/**
 * The plans at a commit's first parent, from the commit's own (`after`) and its changes against
 * that parent (name-status, renames found): a plan path the changes do not name holds the same
 * blob on both sides, so only the plans the commit changes, deletes or renames away are read at
 * `parent`. The same snapshot as readSnapshot({ rev: parent }) (the worklog's transitions need
 * it on every plan commit; reading every plan twice was most of that writer's plan reading).
 */
export async function parentSnapshot(after: Snapshot, changes: Change[], parent: string, config: Config, root: string): Promise<Snapshot> {
  const { kept, read } = unchangedPlans(after, changes, planMatcher(config).matches);
  const changed = await readSnapshot({ rev: parent }, config, root, read);
  const byPath = <T extends { path: string }>(a: T, b: T) => byCodeUnit(a.path, b.path);
  return { plans: [...kept.plans, ...changed.plans].sort(byPath), skipped: [...kept.skipped, ...changed.skipped].sort(byPath) };
}

/** Pure: what parentSnapshot keeps of `after` (what the changes do not name), and the plan paths it reads at the parent (sorted). */
export function unchangedPlans(after: Snapshot, changes: Change[], isPlan: (path: string) => boolean): { kept: Snapshot; read: string[] } {
  const named = new Set<string>();
  const read = new Set<string>();
  for (const c of changes) {
    named.add(c.path);
    // Added or copied to: not at the parent (a copy's source is unchanged, unless the changes
    // name it again as modified). Renamed: at the parent under the old path only. Anything else
    // (modified, deleted, its type changed) is at the parent with another blob, or none.
    if (c.status === 'R' && c.from !== undefined) {
      named.add(c.from);
      read.add(c.from);
    } else if (c.status !== 'A' && c.status !== 'C') read.add(c.path);
  }
  const keep = (path: string) => !named.has(path);
  return {
    kept: { plans: after.plans.filter((p) => keep(p.path)), skipped: after.skipped.filter((s) => keep(s.path)) },
    read: [...read].filter(isPlan).sort(),
  };
}
