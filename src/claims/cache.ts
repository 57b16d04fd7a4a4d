// Claims views of plan blobs (claimsView), kept by blob id under the worktree's git dir. A
// blob id names its content, so an entry never goes stale; each write keeps the views of the
// run that wrote it, so the file stays the size of the plans in use. A hit spares pre-commit
// a cat-file process and the parse of every plan: the common commit changes no plan.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { CLAIMS_VIEW_FORMAT } from './claims.js';

export const viewCacheFile = (gitDir: string) => join(gitDir, 'plan-hooks', 'claims-cache.json');

/** Blob id → view; empty when there is no usable cache (missing, damaged, another format). */
export function readViewCache(gitDir: string): Map<string, unknown> {
  try {
    const data: unknown = JSON.parse(readFileSync(viewCacheFile(gitDir), 'utf8'));
    const views = (data as { format?: unknown; views?: unknown }).views;
    if ((data as { format?: unknown }).format === CLAIMS_VIEW_FORMAT && typeof views === 'object' && views !== null) return new Map(Object.entries(views));
  } catch {
    // No cache yet, or not one we wrote: every plan is read from git.
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
  } catch {
    // A cache that cannot be written only makes the next commit read the plans again.
  }
}
