// What a set of changes touches, for the decisions over it.
import type { Change } from '../git/changes.js';

/** Every path a change touches: both sides of renames. */
export function touchedPaths(changes: Change[]): string[] {
  return changes.flatMap((c) => (c.from !== undefined ? [c.from, c.path] : [c.path]));
}

/**
 * A merge's own changes (pure): of what it changes against its first parent, only the paths that
 * differ from every other parent too (a combined diff); what a parent brings in was judged in the
 * commits that made it. `others`: the merge against each other parent.
 */
export function mergeOwnChanges<C extends Change>(all: C[], others: Change[][]): C[] {
  let own = all;
  for (const other of others) {
    const differs = new Set(touchedPaths(other));
    own = own.filter((c) => differs.has(c.path) || (c.from !== undefined && differs.has(c.from)));
  }
  return own;
}
