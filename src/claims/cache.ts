// Claims views of plan blobs (claimsView), kept by blob id under the worktree's git dir. A
// blob id names its content, so an entry never goes stale; each write keeps the views of the
// run that wrote it, so the file stays the size of the plans in use. A hit spares pre-commit
// a cat-file process and the parse of every plan: the common commit changes no plan.
//
// A checked cache (../lib/cache-file.ts): a hand edit or a truncation by any tool makes it
// ignored (rebuilt) rather than trusted. The record, pre-push and CI never read it; they judge
// each commit from its plan blobs (src/worklog/judge.ts, src/check/range.ts).
import { join } from 'node:path';
import { CLAIMS_VIEW_FORMAT } from '../core/claims.js';
import { checkedCacheFiles, readCheckedCache, removeCheckedCache, writeCheckedCache } from '../lib/cache-file.js';
import { decidedCacheFile } from './decided-cache.js';

export const viewCacheFile = (gitDir: string) => join(gitDir, 'plan-hooks', 'claims-cache.json');

/** Blob id → view; empty when there is no usable cache (missing, damaged, another format). */
export function readViewCache(gitDir: string): Map<string, unknown> {
  const text = readCheckedCache(viewCacheFile(gitDir));
  if (text === null) return new Map();
  try {
    const data: unknown = JSON.parse(text);
    const views = (data as { format?: unknown; views?: unknown }).views;
    if ((data as { format?: unknown }).format === CLAIMS_VIEW_FORMAT && typeof views === 'object' && views !== null) return new Map(Object.entries(views));
  } catch {
    // Not the one we wrote: every plan is read from git.
  }
  return new Map();
}

export function writeViewCache(gitDir: string, views: Map<string, unknown>): void {
  writeCheckedCache(viewCacheFile(gitDir), JSON.stringify({ format: CLAIMS_VIEW_FORMAT, views: Object.fromEntries(views) }));
}

/** Every file the claims caches of one git dir are made of (what uninstall removes). */
export const claimsCacheFiles = (gitDir: string): string[] => [viewCacheFile(gitDir), decidedCacheFile(gitDir)].flatMap(checkedCacheFiles);

/** Drops the claims caches (the record found they lied): the next commit rebuilds them from the plan blobs. */
export function dropClaimsCaches(gitDir: string): void {
  for (const file of [viewCacheFile(gitDir), decidedCacheFile(gitDir)]) removeCheckedCache(file);
}
