// Which plan blob each revision holds, from reads that do not depend on the configuration:
// the index's JSON files (`ls-files -s -- '*.json'`) and how a revision differs from the index
// (`diff --cached --raw <rev> -- '*.json'`). A revision's JSON files are the index's, except
// where the diff says otherwise (its old side). Plan paths always end in .json (isPlanPath), so
// the configuration's plan globs are applied afterwards, in node. Pure.
import { type Change, type ChangeStatus } from '../git/changes.js';
import { NULL_OID } from '../git/repository.js';
import { splitNul } from '../git/git.js';

/** Any JSON file: plans are among them whatever the configuration says (see above). */
export const JSON_PATHSPEC = ['--', '*.json'];

export const LIST_INDEX_JSON = ['ls-files', '-s', '-z', ...JSON_PATHSPEC];

/** The raw diff of `rev` (the old side) against the index, for JSON files. */
export const diffIndexJson = (rev: string) => ['diff', '--cached', '--raw', '-z', '--no-renames', '--abbrev=40', '--no-ext-diff', '--end-of-options', rev, ...JSON_PATHSPEC];

/** What the index changes against HEAD, with blob ids (both sides of renames). */
export const DIFF_INDEX_RAW = ['diff', '--cached', '--raw', '-z', '-M', '--abbrev=40', '--no-ext-diff'];

export interface RawChange extends Change {
  /** The blob on the old side (null: none, or not a regular file). */
  oldBlob: string | null;
  newBlob: string | null;
}

const REGULAR = /^100(644|755)$/;

/** Parses `diff --raw -z` output, with or without renames. */
export function parseRawDiff(out: string): RawChange[] {
  const parts = splitNul(out);
  const changes: RawChange[] = [];
  for (let i = 0; i < parts.length; ) {
    const [oldMode, newMode, oldOid, newOid, statusField] = parts[i++]!.replace(/^:/, '').split(' ');
    const status = (statusField ?? 'M').charAt(0) as ChangeStatus;
    const blob = (mode: string | undefined, oid: string | undefined) => (mode && REGULAR.test(mode) && oid && !NULL_OID.test(oid) ? oid : null);
    const base = { oldBlob: blob(oldMode, oldOid), newBlob: blob(newMode, newOid) };
    if (status === 'R' || status === 'C') {
      const from = parts[i++]!;
      changes.push({ status, path: parts[i++]!, from, ...base });
    } else changes.push({ status, path: parts[i++]!, ...base });
  }
  return changes;
}

/** `ls-files -s -z` output: stage-0 regular files → blob id. Conflicted entries are no version yet. */
export function parseIndexListing(out: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const entry of splitNul(out)) {
    const tab = entry.indexOf('\t');
    const [mode, oid, stage] = entry.slice(0, tab).split(' ');
    if (stage === '0' && mode && REGULAR.test(mode)) map.set(entry.slice(tab + 1), oid!);
  }
  return map;
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
