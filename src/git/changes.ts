// Changed paths, as git reports them (both sides of renames): `--name-status -z` (paths and
// status), `--raw -z` (with modes and blob ids; `diff-tree --stdin` heads each commit's block
// with its id), and the index's listing with blob ids (`ls-files -s -z`).
import { PICKED } from './batch.js';
import { gitQuery, query, splitNul } from './git.js';
import { pathspec } from './tree.js';

export type ChangeStatus = 'A' | 'M' | 'D' | 'R' | 'C' | 'T' | 'U' | 'X';

export interface Change {
  status: ChangeStatus;
  path: string;
  /** For renames and copies: the path it came from. */
  from?: string;
}

/** Parses `--name-status -z` output (pure). */
export function parseNameStatus(out: string): Change[] {
  const parts = splitNul(out);
  const changes: Change[] = [];
  for (let i = 0; i < parts.length; ) {
    const status = parts[i++]!.charAt(0) as ChangeStatus;
    if (status === 'R' || status === 'C') {
      const from = parts[i++]!;
      changes.push({ status, path: parts[i++]!, from });
    } else {
      changes.push({ status, path: parts[i++]! });
    }
  }
  return changes;
}

/** One `--raw` entry: the modes and blob ids on each side (an all-zero id as null). */
export interface RawEntry extends Change {
  oldMode: string;
  newMode: string;
  oldOid: string | null;
  newOid: string | null;
}

const NULL_OID = /^0+$/;

/**
 * `--raw -z` output (pure), in blocks: `diff-tree --stdin` heads each input line's block with
 * the commit id (with --always, an empty block too); a plain diff is one block.
 */
export function parseRawBlocks(out: string): RawEntry[][] {
  const blocks: RawEntry[][] = [];
  const parts = splitNul(out);
  for (let i = 0; i < parts.length; ) {
    const part = parts[i++]!;
    if (!part.startsWith(':')) {
      blocks.push([]);
      continue;
    }
    if (blocks.length === 0) blocks.push([]);
    const [oldMode, newMode, oldOid, newOid, statusField] = part.slice(1).split(' ');
    const status = (statusField ?? 'M').charAt(0) as ChangeStatus;
    const entry = { oldMode: oldMode ?? '', newMode: newMode ?? '', oldOid: oldOid && !NULL_OID.test(oldOid) ? oldOid : null, newOid: newOid && !NULL_OID.test(newOid) ? newOid : null };
    const current = blocks.at(-1)!;
    if (status === 'R' || status === 'C') {
      const from = parts[i++]!;
      current.push({ status, path: parts[i++]!, from, ...entry });
    } else current.push({ status, path: parts[i++]!, ...entry });
  }
  return blocks;
}

/** `diff --raw -z` output, with or without renames (pure). */
export const parseRawDiff = (out: string): RawEntry[] => parseRawBlocks(out).flat();

/** A regular file's mode (not a symlink, not a submodule). */
export const REGULAR_FILE = /^100(644|755)$/;

/** `ls-files -s -z` output (pure): stage-0 regular files → blob id. Conflicted entries are no version yet. */
export function parseIndexListing(out: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const entry of splitNul(out)) {
    const tab = entry.indexOf('\t');
    const [mode, oid, stage] = entry.slice(0, tab).split(' ');
    if (stage === '0' && mode && REGULAR_FILE.test(mode)) map.set(entry.slice(tab + 1), oid!);
  }
  return map;
}

/** Any JSON file: plans are among them whatever the configuration says (plan paths end in .json). */
const JSON_PATHSPEC = ['--', '*.json'];

/** `ls-files -s -z` output (pure): every path it lists, once, in any mode and any stage. */
export function listedPaths(out: string): string[] {
  return [...new Set(splitNul(out).map((entry) => entry.slice(entry.indexOf('\t') + 1)))];
}

const INDEX_JSON_LISTING = ['ls-files', '-s', '-z', ...JSON_PATHSPEC];

/** The index's JSON files → blob id (none when git fails). */
export const INDEX_JSON_BLOBS = query(INDEX_JSON_LISTING, parseIndexListing, () => new Map<string, string>());

/**
 * The same listing read both ways: the regular files' blob ids, and every JSON path the index
 * lists (a symlink or a conflicted plan too: the handoff reads each as the index has it).
 */
export const INDEX_JSON = query(INDEX_JSON_LISTING, (out) => ({ blobs: parseIndexListing(out), paths: listedPaths(out) }), () => ({ blobs: new Map<string, string>(), paths: [] as string[] }));

/** The raw diff of `rev` (the old side) against the index, for JSON files. */
const diffIndexJson = (rev: string) => ['diff', '--cached', '--raw', '-z', '--no-renames', '--abbrev=40', '--no-ext-diff', '--end-of-options', rev, ...JSON_PATHSPEC];

/** What the index changes against HEAD, with blob ids (both sides of renames). */
export const DIFF_INDEX_RAW = ['diff', '--cached', '--raw', '-z', '-M', '--abbrev=40', '--no-ext-diff'];

/** What the working tree changes against HEAD (against the index before the first commit), with blob ids; none when git fails. */
export const worktreeDiff = (hasHead: boolean) =>
  query(['diff', '--raw', '-z', '-M', '--abbrev=40', '--no-ext-diff', ...(hasHead ? ['HEAD'] : ['--cached'])], parseRawDiff, () => []);

/** What the index changes against HEAD, with blob ids. */
export const INDEX_DIFF = query(DIFF_INDEX_RAW, parseRawDiff);

/** The raw diff of `rev` against the index, for JSON files; none when `rev` names nothing. */
export const revisionJsonDiff = (rev: string) => query(diffIndexJson(rev), parseRawDiff, () => []);

/** revisionJsonDiff's command for a batch's PickCommand (./batch.ts): the ref picked is the old side. */
export const PICKED_JSON_DIFF = diffIndexJson(PICKED);

/** The paths that differ between the index and MERGE_HEAD. */
export const mergeHeadDiffPaths = query(['diff', '--cached', '--name-only', '-z', '--no-renames', '--no-ext-diff', 'MERGE_HEAD'], (out) => new Set(splitNul(out)));

/**
 * The raw diff of each line of `lines` (`<commit>` against its first parent or the empty tree,
 * `<commit> <parent>` against that parent), in one `diff-tree --stdin`: a block per line, in order.
 */
export async function diffTrees(lines: string[], cwd: string): Promise<RawEntry[][]> {
  if (lines.length === 0) return [];
  return gitQuery(diffTreesOf(lines), cwd);
}

/**
 * What `commit` changes under `roots` since it and `base` parted: `git diff base...commit`, from
 * merge-base(base, commit) (the first git finds where there are several) to the commit, with
 * the merge-base's blob ids as oldOid. No renames: each path is an entry of its own. Null when
 * they share no history. Pathspecs literal, as ls-tree's are.
 */
export const sinceMergeBase = (base: string, commit: string, roots: string[]) =>
  query(['--literal-pathspecs', 'diff', '--raw', '-z', '--no-renames', '--abbrev=40', '--no-ext-diff', '--end-of-options', `${base}...${commit}`, ...pathspec(roots)], parseRawDiff, () => null);

/** diffTrees as a query (`lines`: at least one), for a batch to run beside other reads. */
export const diffTreesOf = (lines: string[]) =>
  query({ args: ['diff-tree', '--stdin', '--always', '--root', '-r', '-z', '--raw', '--no-abbrev', '-M', '--no-ext-diff'], input: lines.map((l) => `${l}\n`).join('') }, parseRawBlocks);
