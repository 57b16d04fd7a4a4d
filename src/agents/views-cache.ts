// The claims views (claimsView, src/core/claims.ts) of the plan files the pre-tool hook read,
// kept under the git dir by each file's path and stat signature (../lib/cache-file.ts): the hook
// runs on every edit, and the plans rarely change between two edits, so it stats them instead of
// parsing them. A cache, never a witness: only this hook reads it; commit, push and CI never
// do. A checked cache (../lib/cache-file.ts: stamped with its signature and checksum): a file
// missing, damaged, emptied, not a regular file or of another format is ignored (every plan is
// read again), so no planted file can make a claim vanish at edit time.
import { join } from 'node:path';
import { CLAIMS_VIEW_FORMAT, claimsView } from '../core/claims.js';
import { type StatSignature, isRacy, readCheckedCache, statSignature, writeCheckedCache } from '../lib/cache-file.js';
import { readTextFileSync } from '../fs/text.js';
import { agentStateDir } from './seen.js';

/** What the file's stat must still say for its cached view to stand in for it. */
interface Entry {
  stat: string;
  view: unknown;
}

/** Bump with what an entry keeps; CLAIMS_VIEW_FORMAT covers what a view keeps. 3: a checked cache. */
const FORMAT = 3;

/** Plans a cache keeps at most (a bound on what an untrusted tree can make it write). */
const MAX_ENTRIES = 4096;

export const viewsCacheFile = (gitDir: string) => join(agentStateDir(gitDir), 'claims-views.json');

const isEntry = (v: unknown): v is Entry => {
  if (typeof v !== 'object' || v === null) return false;
  const e = v as Record<string, unknown>;
  return typeof e.stat === 'string' && 'view' in e;
};

export interface ViewsCache {
  /**
   * The claims view of the plan file at `path` (absolute), whose signature is `sig` (taken
   * before the read: a change in between is then read again next time); throws when it cannot
   * be read.
   */
  view(path: string, sig?: StatSignature): unknown;
  /** Writes the cache back when this run read a plan it did not have (or dropped one). */
  save(): void;
}

/** The cache for the worktree whose git dir is `gitDir`; `parse` reads a plan's text into its value. */
export function openViewsCache(gitDir: string, parse: (text: string) => unknown, now = Date.now()): ViewsCache {
  const file = viewsCacheFile(gitDir);
  let old: Record<string, unknown> = {};
  try {
    const text = readCheckedCache(file);
    const data = (text === null ? null : JSON.parse(text)) as { format?: unknown; views?: unknown; entries?: unknown } | null;
    if (data !== null && data.format === FORMAT && data.views === CLAIMS_VIEW_FORMAT && typeof data.entries === 'object' && data.entries !== null && !Array.isArray(data.entries)) old = data.entries as Record<string, unknown>;
  } catch {
    // No cache yet, or not one this hook wrote.
  }
  const kept = new Map<string, Entry>();
  let changed = false;
  return {
    view(path, sig = statSignature(path)) {
      // Stat before reading: a change in between leaves the new stat with the old view, which
      // the next run reads again; the other way round, a stale view could pass for current.
      const hit = Object.hasOwn(old, path) ? old[path] : undefined;
      if (isEntry(hit) && hit.stat === sig.signature) {
        kept.set(path, hit);
        return hit.view;
      }
      const view = claimsView(parse(readTextFileSync(path)));
      if (!isRacy(sig, now) && kept.size < MAX_ENTRIES) {
        kept.set(path, { stat: sig.signature, view });
        changed = true;
      }
      return view;
    },
    save() {
      if (!changed && kept.size === Object.keys(old).length) return;
      // Unwritable: the next edit reads the plans again.
      writeCheckedCache(file, JSON.stringify({ format: FORMAT, views: CLAIMS_VIEW_FORMAT, entries: Object.fromEntries(kept) }));
    },
  };
}
