// Which plan blob each revision holds, from reads that do not depend on the configuration:
// the index's JSON files (`ls-files -s -- '*.json'`) and how a revision differs from the index
// (`diff --cached --raw <rev> -- '*.json'`; both in ../git/changes.ts). A revision's JSON files
// are the index's, except where the diff says otherwise (its old side). Plan paths always end in
// .json (isPlanPath), so the configuration's plan globs are applied afterwards, in node. Pure.
import { type Change, type RawEntry, REGULAR_FILE } from '../git/changes.js';

export interface RawChange extends Change {
  /** The blob on the old side (null: none, or not a regular file). */
  oldBlob: string | null;
  newBlob: string | null;
}

/** Raw diff entries with the blob of each side that is a regular file. */
export function regularBlobs(entries: RawEntry[]): RawChange[] {
  const blob = (mode: string, oid: string | null) => (REGULAR_FILE.test(mode) ? oid : null);
  return entries.map(({ oldMode, newMode, oldOid, newOid, ...change }) => ({ ...change, oldBlob: blob(oldMode, oldOid), newBlob: blob(newMode, newOid) }));
}

/** The blobs a revision holds, from the index's and the revision's diff against the index. */
export function blobsAt(index: Map<string, string>, diff: RawChange[]): Map<string, string> {
  const at = new Map(index);
  for (const c of diff) {
    // The new side is the index's; the old side is the revision's.
    at.delete(c.path);
    if (c.oldBlob !== null) at.set(c.from ?? c.path, c.oldBlob);
  }
  return at;
}
