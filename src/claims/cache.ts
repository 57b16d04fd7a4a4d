// Claims views of plan blobs (claimsView), kept by blob id under the worktree's git dir. A
// blob id names its content, so an entry never goes stale; each write keeps the views of the
// run that wrote it, so the file stays the size of the plans in use. A hit spares pre-commit
// a cat-file process and the parse of every plan: the common commit changes no plan.
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { CLAIMS_VIEW_FORMAT } from '../core/claims.js';

export const viewCacheFile = (gitDir: string) => join(gitDir, 'plan-hooks', 'claims-cache.json');
/** Beside it: the stamp of the file as its writer left it (see stampOf). */
export const viewCacheStampFile = (gitDir: string) => `${viewCacheFile(gitDir)}.stamp`;

/**
 * The cache's self-check, in O(1) whatever its size: size, modification time (ns) and inode of
 * the file as written. A hand edit or a truncation by any tool changes them, so the file is
 * ignored (rebuilt) rather than trusted. It is no defence against a forger, who can write the
 * stamp too: nothing local can be. The record, pre-push and CI never read the cache; they judge
 * each commit from its plan blobs (src/worklog/judge.ts, src/check/range.ts).
 */
function stampOf(file: string): string {
  const s = statSync(file, { bigint: true });
  return `${s.size} ${s.mtimeNs} ${s.ino}`;
}

/** Blob id → view; empty when there is no usable cache (missing, damaged, another format). */
export function readViewCache(gitDir: string): Map<string, unknown> {
  try {
    const file = viewCacheFile(gitDir);
    if (readFileSync(viewCacheStampFile(gitDir), 'utf8') !== stampOf(file)) return new Map();
    const data: unknown = JSON.parse(readFileSync(file, 'utf8'));
    const views = (data as { format?: unknown; views?: unknown }).views;
    if ((data as { format?: unknown }).format === CLAIMS_VIEW_FORMAT && typeof views === 'object' && views !== null) return new Map(Object.entries(views));
  } catch {
    // No cache yet, or not the one we wrote: every plan is read from git.
  }
  return new Map();
}

export function writeViewCache(gitDir: string, views: Map<string, unknown>): void {
  const file = viewCacheFile(gitDir);
  const temp = `${file}.${process.pid}.tmp`;
  try {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(temp, JSON.stringify({ format: CLAIMS_VIEW_FORMAT, views: Object.fromEntries(views) }));
    // Renamed into place: a reader never sees half a file.
    renameSync(temp, file);
    writeFileSync(viewCacheStampFile(gitDir), stampOf(file));
  } catch {
    // A cache that cannot be written only makes the next commit read the plans again.
  }
}
