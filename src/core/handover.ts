// Handovers and requests as the plan records them (docs/rotation.md), pure. Both live in a work item's
// log entry, under `metadata.planHooks` (plan-state v1 leaves log metadata free), so a plan that
// carries them stays schema-valid everywhere and git carries them to every clone and to CI:
//   { "planHooks": { "handover": { kind, task, from, to, by, stopped?, uncommitted? } } }
//   { "planHooks": { "request": { task, from, to, text, at } } }
// `kind` is `continue` (another agent took a paused claim) or `handover` (a person moved it).
// Push and CI cannot see sessions: a moved claim is accepted there only as such a record, and listed.
import type { LogEntry, PlanState, WorkItem } from './plan-types.js';
import { taskKey } from './task-key.js';

export type HandoverKind = 'continue' | 'handover';

/** What the holder left uncommitted in one worktree when the claim was continued. */
export interface LeftUncommitted {
  worktree: string;
  files: { path: string; added: number; removed: number }[];
}

export interface HandoverRecord {
  kind: HandoverKind;
  /** `<planId>/<taskId>`. */
  task: string;
  from: string;
  to: string;
  /** Who made the change: the successor (continue) or the person (handover). */
  by: string;
  at: string;
  /** Why the previous holder stopped and when, and the session whose end it was. */
  stopped?: { why: string; at: string | null; session?: { agent: string; id: string; ended: string } };
  uncommitted?: LeftUncommitted[];
}

export interface RequestRecord {
  task: string;
  from: string;
  to: string;
  text: string;
  at: string;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown, max = 500): string | null => (typeof v === 'string' && v !== '' ? v.slice(0, max) : null);

/** The record a log entry carries, or null (untrusted: every field checked, strings bounded). */
export function handoverOf(entry: unknown): HandoverRecord | null {
  const h = isObject(entry) && isObject(entry.metadata) && isObject(entry.metadata.planHooks) ? entry.metadata.planHooks.handover : undefined;
  if (!isObject(h)) return null;
  const kind = h.kind === 'continue' || h.kind === 'handover' ? h.kind : null;
  const task = str(h.task, 300);
  const from = str(h.from, 200);
  const to = str(h.to, 200);
  const by = str(h.by, 200);
  const at = str(h.at, 40);
  if (!kind || !task || !from || !to || !by || !at) return null;
  const record: HandoverRecord = { kind, task, from, to, by, at };
  if (isObject(h.stopped)) {
    const s = h.stopped;
    const session = isObject(s.session) && str(s.session.agent, 40) && str(s.session.id, 200) && str(s.session.ended, 40)
      ? { agent: str(s.session.agent, 40)!, id: str(s.session.id, 200)!, ended: str(s.session.ended, 40)! }
      : undefined;
    record.stopped = { why: str(s.why, 100) ?? 'unknown', at: str(s.at, 40), ...(session ? { session } : {}) };
  }
  if (Array.isArray(h.uncommitted)) {
    record.uncommitted = h.uncommitted.slice(0, 20).filter(isObject).map((u) => ({
      worktree: str(u.worktree, 300) ?? '?',
      files: (Array.isArray(u.files) ? u.files : []).slice(0, 50).filter(isObject).map((f) => ({ path: str(f.path, 300) ?? '?', added: Number(f.added) || 0, removed: Number(f.removed) || 0 })),
    }));
  }
  return record;
}

export function requestOf(entry: unknown): RequestRecord | null {
  const r = isObject(entry) && isObject(entry.metadata) && isObject(entry.metadata.planHooks) ? entry.metadata.planHooks.request : undefined;
  if (!isObject(r)) return null;
  const task = str(r.task, 300);
  const from = str(r.from, 200);
  const to = str(r.to, 200);
  const text = str(r.text, 2000);
  const at = str(r.at, 40);
  return task && from && to && text && at ? { task, from, to, text, at } : null;
}

export const handoverMetadata = (record: HandoverRecord): Record<string, unknown> => ({ planHooks: { handover: record } });
export const requestMetadata = (record: RequestRecord): Record<string, unknown> => ({ planHooks: { request: record } });

const items = (plan: PlanState): WorkItem[] => (Array.isArray(plan.workItems) ? plan.workItems.filter(isObject) as WorkItem[] : []);
const logOf = (item: WorkItem): LogEntry[] => (Array.isArray(item.log) ? item.log : []);

/** Every handover a plan records, oldest first per work item. */
export function handoversIn(plan: PlanState): HandoverRecord[] {
  return items(plan).flatMap((item) => logOf(item).map(handoverOf).filter((h): h is HandoverRecord => h !== null));
}

/** Every request a plan records; `open` are those made after the task last changed hands to their addressee (none answered it since). */
export function requestsIn(plan: PlanState): RequestRecord[] {
  return items(plan).flatMap((item) => logOf(item).map(requestOf).filter((r): r is RequestRecord => r !== null));
}

/**
 * The handovers a change adds: records in log entries appended to a work item (positions past
 * the earlier version's log), each naming a task of that work item.
 */
export function addedHandovers(before: PlanState, after: PlanState): HandoverRecord[] {
  const was = new Map(items(before).map((i) => [i.id, logOf(i).length]));
  const out: HandoverRecord[] = [];
  for (const item of items(after)) {
    const tasks = new Set((Array.isArray(item.tasks) ? item.tasks : []).filter(isObject).map((t) => taskKey(after.planId, String(t.id))));
    for (const entry of logOf(item).slice(was.get(item.id) ?? 0)) {
      const h = handoverOf(entry);
      if (h && tasks.has(h.task)) out.push(h);
    }
  }
  return out;
}
