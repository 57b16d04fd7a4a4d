// Commits made where no hook ran (isomorphic-git, libgit2, a clone without hooks, PLAN_HOOKS=0,
// `git -c core.hooksPath=/dev/null`) never reach the queue. The next drain on the branch finds
// them: the commits under the new one that the worklog does not hold — not reachable from a
// recorded commit, not on a remote (those came from elsewhere: pre-push and CI judge them), and
// made on top of one of those (by ancestry, never by date: a committer date is whatever
// GIT_COMMITTER_DATE said; and never a whole history on first install) — at most GAP_LIMIT of
// them. A rebase, reset or amend moves the branch onto recorded commits, so it is no gap.
import { open } from 'node:fs/promises';
import { newCommitsUnder } from '../git/history.js';
import { isWorklogEntry, type WorklogEntry } from './entry.js';
import { tail } from './store.js';

/** At most this many commits made without hooks are recorded in one go (the newest). */
export const GAP_LIMIT = 20;

/** What the worklog's tail says is recorded: commit ids, the newest per branch, its start. */
export class Recorded {
  readonly commits = new Set<string>();
  readonly tips = new Map<string, string>();
  constructor(public first: string | null) {}

  /** Entries are added oldest first: the last one on a branch is its tip. */
  add(e: WorklogEntry): void {
    const ids = e.type === 'commit' ? [e.commit] : e.type === 'rewrite' ? e.rewrites.map((r) => r.new) : [];
    for (const id of ids) this.commits.add(id);
    if (e.branch && ids.length > 0) this.tips.set(e.branch, ids.at(-1)!);
  }

  /** An entry just appended: the first one written to an empty log starts it (a drain that read the log empty). */
  written(e: WorklogEntry): void {
    this.first ??= startOf(e);
    this.add(e);
  }

  has(commit: string): boolean {
    return this.commits.has(commit);
  }
}

/** An entry's commit time or the time it was written, the earlier (null: neither is a time). */
function startOf(e: { time?: unknown; committedAt?: unknown }): string | null {
  const times = [e.time, e.committedAt].filter((t): t is string => typeof t === 'string' && !Number.isNaN(Date.parse(t)));
  return times.length > 0 ? times.reduce((a, b) => (Date.parse(a) <= Date.parse(b) ? a : b)) : null;
}

/**
 * When recording began here (null: an empty log): the first entry's commit time, or when it was
 * written — the earlier, since an entry is written after its commit, later still under load.
 */
async function firstTime(file: string): Promise<string | null> {
  let handle;
  try {
    handle = await open(file, 'r');
  } catch {
    return null;
  }
  try {
    if (!(await handle.stat()).isFile()) return null;
    const buf = Buffer.alloc(64 * 1024);
    const { bytesRead } = await handle.read(buf, 0, buf.length, 0);
    const text = buf.subarray(0, bytesRead).toString('utf8');
    for (const line of text.split('\n').slice(0, 20)) {
      try {
        const value: unknown = JSON.parse(line);
        const start = isWorklogEntry(value) ? startOf(value as { time?: unknown; committedAt?: unknown }) : null;
        if (start !== null) return start;
      } catch {
        // A torn or damaged first line: the next one says as much.
      }
    }
    return null;
  } finally {
    await handle.close();
  }
}

export async function recordedFrom(file: string, count: number): Promise<Recorded> {
  const [entries, first] = await Promise.all([tail<WorklogEntry>(file, count, isWorklogEntry), firstTime(file)]);
  const recorded = new Recorded(first);
  for (const e of entries.reverse()) recorded.add(e);
  return recorded;
}

/** Pure: whether a walk is needed at all (the common case: the parent is recorded). */
export function mayHaveGaps(tips: string[], recorded: Recorded): boolean {
  return recorded.first !== null && tips.length > 0 && !tips.every((t) => recorded.has(t));
}

/** The commits made without hooks under `tips` (included), oldest first, at most `limit`. */
export async function findGaps(tips: string[], recorded: Recorded, branch: string, cwd: string, limit: number): Promise<string[]> {
  if (!mayHaveGaps(tips, recorded)) return [];
  const anchors = new Set([...(recorded.tips.has(branch) ? [recorded.tips.get(branch)!] : []), ...recorded.tips.values(), ...recorded.commits]);
  return (await newCommitsUnder(tips, [...anchors], { limit }, cwd)).reverse();
}
