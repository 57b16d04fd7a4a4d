// What a set of changes touches, for the decisions over it.
import type { Change } from '../git/changes.js';

/** Every path a change touches: both sides of renames. */
export function touchedPaths(changes: Change[]): string[] {
  return changes.flatMap((c) => (c.from !== undefined ? [c.from, c.path] : [c.path]));
}
