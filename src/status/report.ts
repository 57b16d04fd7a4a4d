// Pure: the `status` report from the plans, the facts git gave, and the worklog's tail.
import { STATUSES, type Handoff, type Status } from '../core/plan-types.js';
import { handoffMismatches, type HandoffGitFacts } from '../handoff/mismatches.js';
import { type HolderState, type SessionFact, disputedEnd, holderState, hoursSince } from '../core/claim-state.js';
import { type HandoverRecord, type RequestRecord, handoversIn, requestsIn } from '../core/handover.js';
import { sameAgent } from '../core/identity.js';
import { taskKey } from '../core/task-key.js';
import { blockedTasks, readyTasks, statusCounts, tasksOf } from '../plan/tasks.js';
import type { LiveClaim } from '../core/claims.js';
import type { CommitEntry, WorklogEntry } from '../worklog/entry.js';
import type { PlanFile, Snapshot } from '../plan/snapshot.js';

export interface StatusInput {
  snapshot: Snapshot;
  /** Per plan path: the git facts its handoff is checked against. */
  handoffFacts: Map<string, HandoffGitFacts & { commitsSince: number | null; commitsSinceAtLeast?: boolean }>;
  branch: string | null;
  head: string | null;
  /** Every claim the hooks see (index, HEAD, base branch, other worktrees), stale ones flagged. */
  claims: LiveClaim[];
  /** Newest first. */
  entries: WorklogEntry[];
  now: Date;
  isPlanPath: (path: string) => boolean;
  recent: number;
  /** The sessions the agents' hooks recorded here (src/sessions/store.ts); none: today's rules. */
  sessions?: SessionFact[];
  idleAfterMinutes?: number;
  aliases?: Record<string, string[]>;
}

/** A claim's holder as status shows it (the board renders it): HolderState without its session. */
export type HolderStateView = Omit<HolderState, 'session'>;

/** A recorded handover, with the plan that records it and, when the sessions contradict the stop it was made on, why it is disputed. */
export type HandoverView = HandoverRecord & { file: string; disputed?: string };

/** A task as the board draws it: its place in the dependency graph (dependsOn: ids in the same plan). */
export interface TaskView {
  id: string;
  key: string;
  status: Status;
  dependsOn: string[];
  claimedBy: string | null;
  /** metadata.branch: the branch the task is bound to, when it is. */
  branch: string | null;
}

export interface PlanReport {
  path: string;
  planId: string;
  title: string;
  open: boolean;
  /** The work items and their tasks, in the plan's order. */
  items: { id: string; title: string; status: Status; tasks: TaskView[] }[];
  counts: Record<Status, number>;
  tasks: Record<Status, string[]>;
  ready: string[];
  blocked: { task: string; waitingOn: string[] }[];
  /**
   * commitsSince: commits on HEAD since the plan file last changed; with commitsSinceAtLeast,
   * it changed before the window status looks back over, so at least that many.
   */
  handoff: (Handoff & { mismatches: string[]; commitsSince: number | null; commitsSinceAtLeast: boolean }) | null;
}

export interface StatusReport {
  branch: string | null;
  head: string | null;
  plans: PlanReport[];
  unreadablePlans: { path: string; reason: string }[];
  claims: { task: string; holder: string; since: string | null; ageHours: number | null; stale: boolean; files: string[]; source: string; holderState: HolderStateView }[];
  /** Every session recorded here, latest seen first. */
  sessions: Omit<SessionFact, 'reopened'>[];
  handovers: HandoverView[];
  /** Requests to a claim's current holder, made since it claimed (not answered by a handover). */
  requests: (RequestRecord & { file: string })[];
  recent: WorklogEntry[];
  unverified: CommitEntry[];
  /** Unverified because pre-commit's pass did not hold when the commit itself was judged. */
  disputed: CommitEntry[];
  drift: { since: string | null; commits: CommitEntry[] };
  scanned: number;
}

function planReport(p: PlanFile, input: StatusInput): PlanReport {
  const tasks = tasksOf([p]);
  const byStatus = Object.fromEntries(STATUSES.map((s) => [s, [] as string[]])) as Record<Status, string[]>;
  for (const r of tasks) byStatus[r.task.status]?.push(r.key);
  const counts = statusCounts(tasks);
  const open = tasks.some((r) => r.task.status !== 'completed');
  const h = p.plan.handoff;
  const facts = input.handoffFacts.get(p.path);
  return {
    path: p.path,
    planId: p.plan.planId,
    title: String(p.plan.title ?? ''),
    open,
    items: itemViews(p),
    counts,
    tasks: byStatus,
    ready: readyTasks(tasks).map((r) => r.key),
    blocked: blockedTasks(tasks).map((b) => ({ task: b.ref.key, waitingOn: b.waitingOn })),
    handoff:
      h && typeof h === 'object'
        ? {
            ...h,
            mismatches: facts && open ? handoffMismatches(h, facts) : [],
            commitsSince: facts?.commitsSince ?? null,
            commitsSinceAtLeast: facts?.commitsSinceAtLeast ?? false,
          }
        : null,
  };
}

const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);

function itemViews(p: PlanFile): PlanReport['items'] {
  return p.plan.workItems.map((item) => ({
    id: String(item.id),
    title: String(item.title ?? ''),
    status: item.status,
    tasks: item.tasks
      .filter((t) => t && typeof t.id === 'string')
      .map((t) => ({
        id: t.id,
        key: taskKey(p.plan.planId, t.id),
        status: t.status,
        dependsOn: Array.isArray(t.dependsOn) ? t.dependsOn.filter((d): d is string => typeof d === 'string') : [],
        claimedBy: text(t.claimedBy),
        branch: t.metadata && typeof t.metadata === 'object' ? text(t.metadata.branch) : null,
      })),
  }));
}

/** The newest handoff update across plans: drift is measured from there. */
function lastHandoff(plans: PlanFile[]): string | null {
  const times = plans.map((p) => p.plan.handoff?.updatedAt).filter((t): t is string => typeof t === 'string' && !Number.isNaN(Date.parse(t)));
  return times.length ? times.reduce((a, b) => (Date.parse(a) > Date.parse(b) ? a : b)) : null;
}

function stateOf(c: LiveClaim, input: StatusInput): HolderStateView {
  const { session: _s, ...view } = holderState({ holder: c.holder, stale: c.stale, sessions: input.sessions ?? [], now: input.now, idleAfterMinutes: input.idleAfterMinutes ?? 30, aliases: input.aliases ?? {} });
  return view;
}

function handoversOf(plans: PlanFile[], input: StatusInput): HandoverView[] {
  return plans.flatMap((p) =>
    handoversIn(p.plan).map((h) => {
      const cited = h.stopped?.session;
      const at = cited ? disputedEnd(input.sessions ?? [], cited, input.idleAfterMinutes ?? 30) : null;
      return { ...h, file: p.path, ...(at ? { disputed: at } : {}) };
    }),
  );
}

function openRequests(plans: PlanFile[], claims: LiveClaim[], input: StatusInput): (RequestRecord & { file: string })[] {
  const out: (RequestRecord & { file: string })[] = [];
  for (const p of plans) {
    for (const q of requestsIn(p.plan)) {
      const c = claims.find((x) => x.task === q.task);
      if (c && sameAgent(c.holder, q.to, input.aliases ?? {}) && (!c.since || q.at >= c.since)) out.push({ ...q, file: p.path });
    }
  }
  return out;
}

export function buildStatus(input: StatusInput): StatusReport {
  const { plans, skipped } = input.snapshot;
  const commits = input.entries.filter((e): e is CommitEntry => e.type === 'commit');
  const since = lastHandoff(plans);
  const drift = commits.filter(
    (e) =>
      (since === null || Date.parse(e.time) > Date.parse(since)) &&
      e.tasks.length === 0 &&
      !e.changes.some((c) => input.isPlanPath(c.path)),
  );
  return {
    branch: input.branch,
    head: input.head,
    plans: plans.map((p) => planReport(p, input)),
    unreadablePlans: skipped,
    claims: input.claims.map((c) => ({
      task: c.task,
      holder: c.holder,
      since: c.since,
      ageHours: hoursSince(c.since, input.now),
      stale: c.stale,
      files: c.files,
      source: c.source.label,
      holderState: stateOf(c, input),
    })),
    sessions: (input.sessions ?? []).map(({ reopened: _r, ...s }) => s),
    handovers: handoversOf(plans, input),
    requests: openRequests(plans, input.claims, input),
    recent: input.entries.slice(0, input.recent),
    unverified: commits.filter((e) => !e.verified),
    disputed: commits.filter((e) => e.disputed !== undefined),
    drift: { since, commits: drift },
    scanned: input.entries.length,
  };
}
