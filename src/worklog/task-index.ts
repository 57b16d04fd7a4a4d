// What the worklog writer needs of a commit's plans, kept under the worktree's git dir keyed by
// the plans' blob ids, so the common commit — it changes no plan — costs the writer one
// `ls-tree` instead of reading, parsing and deciding every plan (10,000 claims: most of its time).
//   - The task index: one sorted line per (pattern key, task, pattern) of every task
//     (../core/claims.ts patternKey), and the plans that could not be read. A commit looks up
//     the keys its paths lie at and matches only the patterns found (analyze.ts matchPatterns).
//   - The claims the commit's plans decide, as its child's parent (`head`), in the decided-claims
//     format (../claims/decided-cache.ts), for the violations the entry lists and the branch an
//     identity may come from.
// Both are keyed by every plan's (path, blob id) as `ls-tree` lists the commit: a hit
// is checked against the blob ids git gives, never against a date, and each file is a checked
// cache (../lib/cache-file.ts: touched since it was written, it is ignored and rewritten).
// Local state, never a witness: an entry is
// `verified` only when the judge (./judge.ts), reading the plan blobs themselves, agrees; the
// writer reads these files only for such a commit, and the judge, pre-push and CI read none.
import { join } from 'node:path';
import { PatternError } from '../lib/pattern.js';
import { CLAIMS_VIEW_FORMAT, type DecidedClaim, pathKeys, patternKey } from '../core/claims.js';
import { matchForm } from '../lib/pattern.js';
import { type ClaimSet, readDecided, writeDecided } from '../claims/decided-cache.js';
import { escapeKey, sortLines, sortedLookup } from '../claims/sorted-lines.js';
import { checkedCacheFiles, readCheckedCache, removeCheckedCache, writeCheckedCache } from '../lib/cache-file.js';
import type { TreeEntry } from '../git/tree.js';
import { byCodeUnit } from '../lib/order.js';

export const TASK_INDEX_FORMAT = 1;
const MAGIC = 'plan-hooks task-index';

export const taskIndexFile = (gitDir: string) => join(gitDir, 'plan-hooks', 'task-index');
/** The claims beside it (decided-claims format, its own key). */
export const commitClaimsFile = (gitDir: string) => join(gitDir, 'plan-hooks', 'claims-at-commit');

/** A plan file of a commit and its blob. */
export interface PlanBlob {
  path: string;
  oid: string;
}

/**
 * Pure: the plan files of a listing (`ls-tree -r`), sorted; null
 * when one is not a plain blob (a submodule at a plan path), which the writer reads the long way.
 */
export function planBlobs(listing: TreeEntry[], isPlan: (path: string) => boolean): PlanBlob[] | null {
  const plans = listing.filter((e) => isPlan(e.path));
  if (plans.some((e) => e.type !== 'blob')) return null;
  // Any fixed order names the set.
  return plans.map((e) => ({ path: e.path, oid: e.oid })).sort((a, b) => byCodeUnit(a.path, b.path));
}

/**
 * Pure: the key of a commit's plans, for one case rule. The plans themselves, not a digest of
 * them (as the decided-claims cache's key, ../claims/decided-cache.ts): loading node:crypto costs
 * the writer of every commit more than a longer header line does, and no two sets share a key.
 */
export const taskIndexKey = (blobs: PlanBlob[], ignoreCase: boolean): string =>
  JSON.stringify([TASK_INDEX_FORMAT, CLAIMS_VIEW_FORMAT, ignoreCase, blobs.map((b) => [b.path, b.oid])]);

/** A task's key and its patterns: what matchTasks reads of a task. */
export interface TaskPatterns {
  key: string;
  files: unknown;
}

/** A pattern's key, or 'D' (anywhere: always looked at) for one too broken to have a key. */
function keyOf(pattern: string, ignoreCase: boolean): string {
  try {
    return patternKey(pattern, ignoreCase);
  } catch (error) {
    if (error instanceof PatternError) return 'D';
    throw error;
  }
}

/** Pure: the index's text for `tasks` and the unreadable plans, under `key`. */
export function formatTaskIndex(key: string, tasks: TaskPatterns[], unreadable: string[], ignoreCase: boolean): string {
  const lines: string[] = [];
  for (const t of tasks) {
    if (!Array.isArray(t.files)) continue;
    for (const pattern of new Set(t.files)) if (typeof pattern === 'string') lines.push(`${escapeKey(keyOf(pattern, ignoreCase))}\t${JSON.stringify([t.key, pattern])}`);
  }
  sortLines(lines);
  return `${MAGIC} ${TASK_INDEX_FORMAT}\n${JSON.stringify({ key, unreadable })}\n${lines.map((l) => `${l}\n`).join('')}`;
}

/** The index of one key, read lazily from the file's text. */
export class TaskIndex {
  constructor(
    private readonly body: string,
    /** Where the sorted lines start. */
    private readonly from: number,
    readonly unreadable: string[],
  ) {}

  /** (task, pattern) of every pattern that could match one of `paths` (couldMatch), in index order. */
  near(paths: string[], ignoreCase: boolean): { key: string; pattern: string }[] {
    const keys = new Set<string>();
    for (const p of paths) for (const k of pathKeys(matchForm(p, ignoreCase))) keys.add(k);
    const out: { key: string; pattern: string }[] = [];
    for (const key of keys) {
      for (const value of sortedLookup(this.body, this.from, escapeKey(key))) {
        const [task, pattern] = JSON.parse(value) as [string, string];
        out.push({ key: task, pattern });
      }
    }
    return out;
  }
}

/** Pure: the index in `text` when it is a file of this format for `key`; else null. */
export function parseTaskIndex(text: string, key: string): TaskIndex | null {
  const first = text.indexOf('\n');
  if (first < 0 || text.slice(0, first) !== `${MAGIC} ${TASK_INDEX_FORMAT}`) return null;
  const rest = text.slice(first + 1);
  const cut = rest.indexOf('\n');
  let header: { key?: unknown; unreadable?: unknown };
  try {
    header = JSON.parse(rest.slice(0, cut)) as typeof header;
  } catch {
    return null;
  }
  if (typeof header !== 'object' || header === null || header.key !== key || !Array.isArray(header.unreadable) || !header.unreadable.every((u) => typeof u === 'string')) return null;
  return new TaskIndex(rest, cut + 1, header.unreadable as string[]);
}

/** What the writer keeps of one commit's plans. */
export interface CommitPlansIndex {
  tasks: TaskIndex;
  claims: ClaimSet;
}

/** Both files for `key`, or null when either is missing, for other plans, or damaged. */
export function readCommitIndex(gitDir: string, key: string, now: Date, staleAfterHours: number): CommitPlansIndex | null {
  const text = readCheckedCache(taskIndexFile(gitDir));
  const tasks = text === null ? null : parseTaskIndex(text, key);
  if (!tasks) return null;
  const claims = readDecided(gitDir, key, now, staleAfterHours, commitClaimsFile(gitDir));
  return claims ? { tasks, claims } : null;
}

export function writeCommitIndex(gitDir: string, key: string, index: { tasks: TaskPatterns[]; unreadable: string[]; claims: DecidedClaim[] }, ignoreCase: boolean): void {
  writeCheckedCache(taskIndexFile(gitDir), formatTaskIndex(key, index.tasks, index.unreadable, ignoreCase));
  writeDecided(gitDir, key, index.claims, ignoreCase, commitClaimsFile(gitDir));
}

/** Every file of the index (uninstall removes them). */
export const commitIndexFiles = (gitDir: string): string[] => [taskIndexFile(gitDir), commitClaimsFile(gitDir)].flatMap(checkedCacheFiles);

/** Drops the index (the judge disagreed with what the local state said). */
export function dropCommitIndex(gitDir: string): void {
  for (const file of [taskIndexFile(gitDir), commitClaimsFile(gitDir)]) removeCheckedCache(file);
}
