// The entry files' block lists every plan the index holds, while a plan commit stages one or
// two: reading, checking and summing up the other plans (each a 12 KB parse and a walk of its
// tasks) was most of the handoff's own work. So each plan's part of that block (its lines,
// none when it has no open work, or why it cannot be read) is kept by the plan's path and blob
// id under the worktree's git dir: a blob id names its content, so an entry never goes stale
// while the code that wrote it stays. The format names that code's output: bump
// HANDOFF_LINES_FORMAT whenever entryPlanLines or what it calls words a plan differently
// (test/handoff/lines-cache.test.ts fails until it is). Each write keeps only the plans of the
// run that wrote it. A checked cache (../lib/cache-file.ts): edited or cut short, it is unused.
import { join } from 'node:path';
import { checkedCacheFiles, readCheckedCache, writeCheckedCache } from '../lib/cache-file.js';

export const HANDOFF_LINES_FORMAT = 'plan-hooks handoff-lines 2';

export const handoffLinesFile = (gitDir: string) => join(gitDir, 'plan-hooks', 'handoff-lines.json');

/** One plan's part of the entry files' block: its lines (null: no open work), or why it was skipped. */
export type PlanPart = { lines: string[] | null } | { skipped: string };

/** The key of a plan's part: its blob id and path (the lines name the path). */
export const partKey = (blob: string, path: string) => `${blob} ${path}`;

const isPart = (v: unknown): v is PlanPart => {
  if (typeof v !== 'object' || v === null) return false;
  const { lines, skipped } = v as { lines?: unknown; skipped?: unknown };
  if (skipped !== undefined) return typeof skipped === 'string' && lines === undefined;
  return lines === null || (Array.isArray(lines) && lines.every((l) => typeof l === 'string'));
};

/** Key → part; empty when there is no usable cache (missing, damaged, another format). */
export function readHandoffLines(gitDir: string): Map<string, PlanPart> {
  const text = readCheckedCache(handoffLinesFile(gitDir));
  if (text === null) return new Map();
  try {
    const data = JSON.parse(text) as { format?: unknown; parts?: unknown };
    if (data.format !== HANDOFF_LINES_FORMAT || typeof data.parts !== 'object' || data.parts === null) return new Map();
    const parts = Object.entries(data.parts as Record<string, unknown>);
    if (parts.every(([, v]) => isPart(v))) return new Map(parts as [string, PlanPart][]);
  } catch {
    // Not the one we wrote: every plan is read.
  }
  return new Map();
}

/** Keeps `parts`; a failure leaves the next commit to read every plan again. */
export function writeHandoffLines(gitDir: string, parts: Map<string, PlanPart>): void {
  try {
    writeCheckedCache(handoffLinesFile(gitDir), JSON.stringify({ format: HANDOFF_LINES_FORMAT, parts: Object.fromEntries(parts) }));
  } catch {
    // Not written: nothing depends on it.
  }
}

/** The files of one git dir's cache (what uninstall removes). */
export const handoffLinesFiles = (gitDir: string): string[] => checkedCacheFiles(handoffLinesFile(gitDir));
