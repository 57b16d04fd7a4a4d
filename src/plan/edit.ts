// The decisions of `claim`, `release` and `done`: a plan and who is asking in, the edited plan
// (or a refusal that says why and what to do) out. Pure; the shell reads and writes the file.
//
// Decisions:
// - Only an in-progress task with a claimedBy is a claim (core/claims.ts); a claimedBy left on a
//   blocked or not-started task is history, not a hold.
// - Re-claiming your own task renews claimedAt. `--takeover` is a permission, not a demand:
//   without a claim to take over it is an ordinary claim.
// - `release` puts the task back to not-started (or the status asked for: blocked), removing
//   claimedBy and claimedAt. Someone else's stale claim may be released; a live one may not.
// - `done` is for the claimant or for an unclaimed task; someone else's claim, even a stale
//   one, must be taken over first (`claim --takeover`), so the log says who finished it.
// - The work item's status follows its tasks where it would otherwise disagree with them
//   (completed when every task is; not-started when none has started; otherwise a
//   not-started or completed item becomes in-progress — the validator's item-status rule),
//   so a claim and a release in a row leave the plan as it was.
// - Dates are UTC: lastUpdated and log dates are the UTC day, claimedAt is a UTC date-time.
import type { Config } from '../config/config.js';
import { claimAgeHours, holderOf, isStaleClaim } from '../core/claim-state.js';
import { sameAgent } from '../core/identity.js';
import { messages } from '../messages/index.js';
import { taskKey } from '../core/task-key.js';
import type { PlanState, Status, Task, WorkItem } from '../core/plan-types.js';
import { type HolderState, type SessionFact, holderState, holdsAgainstOthers } from '../core/claim-state.js';
import { DONE_KEY } from '../core/done-record.js';
import { type HandoverRecord, type LeftUncommitted, handoverMetadata, requestMetadata } from '../core/handover.js';

export interface EditContext {
  /** Who is asking (already resolved: --as or the identity). */
  actor: string;
  aliases: Config['aliases'];
  now: Date;
  staleAfterHours: number;
}

export type EditOutcome =
  | { ok: true; plan: PlanState; /** What was done, for the user. */ summary: string }
  | { ok: false; message: string; fix: string };

export const RELEASE_STATUSES = ['not-started', 'blocked'] as const;
export type ReleaseStatus = (typeof RELEASE_STATUSES)[number];

export function claimTask(plan: PlanState, taskId: string, ctx: EditContext, opts: { takeover: boolean }): EditOutcome {
  return edit(plan, taskId, (task, item, name, next) => {
    if (task.status === 'completed') return refuse(messages.editCompleted(name));
    const holder = holderOf(task);
    const stale = holder !== null && isStaleClaim(task, item, ctx.now, ctx.staleAfterHours);
    const other = holder !== null && !sameAgent(holder, ctx.actor, ctx.aliases);
    if (other && !stale) return refuse(messages.editHeldLive(name, holder, since(task, ctx.now), ctx.staleAfterHours, opts.takeover));
    if (other && !opts.takeover) return refuse(messages.editHeldStale(name, holder, since(task, ctx.now)));
    const renewed = holder !== null && !other;
    const previous = since(task, ctx.now);
    task.status = 'in-progress';
    if (!renewed) task.claimedBy = ctx.actor; // a renewal keeps the holder's own spelling
    task.claimedAt = dateTime(ctx.now);
    if (other) {
      const text = messages.editTakeoverLog(name, ctx.actor, holder, previous);
      item.log.push({ date: day(ctx.now), summary: text.item, agent: ctx.actor });
      next.changelog.push({ date: day(ctx.now), summary: text.changelog, agent: ctx.actor });
    }
    syncItemStatus(item);
    return { ok: true, summary: other ? messages.editTookOver(name, ctx.actor, holder) : renewed ? messages.editRenewed(name, ctx.actor) : messages.editClaimed(name, ctx.actor) };
  }, ctx);
}

/** What a continuation is decided on: the holder's state from the sessions, and what is left uncommitted where. */
export interface ContinueFacts {
  sessions: SessionFact[];
  idleAfterMinutes: number;
  uncommitted: LeftUncommitted[];
  /** Told the holder and its state when the continuation is made (for the notice to its sessions). */
  onContinued?(holder: string, state: HolderState, task: string): void;
}

/**
 * `claim --continue`: another identity takes a claim whose holder stopped (every session of it
 * ended or went idle; a stale one too), recorded in the work item's log and the changelog as a
 * handover the transition rules accept (../core/handover.ts). A live holder, or one with no
 * session known here (today's 24 h rule), is refused with the facts.
 */
export function continueTask(plan: PlanState, taskId: string, ctx: EditContext, facts: ContinueFacts): EditOutcome {
  return edit(plan, taskId, (task, item, name, next) => {
    if (task.status === 'completed') return refuse(messages.editCompleted(name));
    const holder = holderOf(task);
    if (holder === null || sameAgent(holder, ctx.actor, ctx.aliases)) return refuse(messages.rotation.continueNotHeld(name));
    const state = holderState({ holder, stale: isStaleClaim(task, item, ctx.now, ctx.staleAfterHours), sessions: facts.sessions, now: ctx.now, idleAfterMinutes: facts.idleAfterMinutes, aliases: ctx.aliases });
    if (holdsAgainstOthers(state)) {
      const minutes = state.lastSeen ? Math.floor((ctx.now.getTime() - Date.parse(state.lastSeen)) / 60000) : null;
      return refuse(messages.rotation.continueLive(name, holder, messages.rotation.holderStateLine(state.state, state.why, state.lastSeen, minutes)));
    }
    const why = state.state === 'stale' ? 'stale' : (state.why ?? 'idle');
    const at = state.session?.ended ?? state.lastSeen ?? null;
    const record: HandoverRecord = {
      kind: 'continue',
      task: name,
      from: holder,
      to: ctx.actor,
      by: ctx.actor,
      at: dateTime(ctx.now),
      stopped: { why, at, ...(state.session?.ended ? { session: { agent: state.session.agent, id: state.session.id, ended: state.session.ended } } : {}) },
      uncommitted: facts.uncommitted,
    };
    const left = facts.uncommitted.map((u) => messages.rotation.leftIn(u.worktree, u.files.map((f) => messages.rotation.fileDiff(f.path, f.added, f.removed)))).join('; ');
    const text = messages.rotation.continueLog(name, ctx.actor, holder, why, at, left);
    task.claimedBy = ctx.actor;
    task.claimedAt = dateTime(ctx.now);
    item.log.push({ date: dateTime(ctx.now), summary: text.item, agent: ctx.actor, metadata: handoverMetadata(record) });
    next.changelog.push({ date: day(ctx.now), summary: text.changelog, agent: ctx.actor });
    syncItemStatus(item);
    facts.onContinued?.(holder, state, name);
    return { ok: true, summary: messages.rotation.continued(name, ctx.actor, holder) };
  }, ctx);
}

/** The first way forward when the task's holder (someone else) is paused: continue it; null otherwise. */
export function pausedHolder(plan: PlanState, taskId: string, ctx: EditContext, facts: Pick<ContinueFacts, 'sessions' | 'idleAfterMinutes'>): string | null {
  for (const item of items(plan)) {
    const task = tasks(item).find((t) => t.id === taskId);
    if (!task) continue;
    const holder = holderOf(task);
    if (holder === null || sameAgent(holder, ctx.actor, ctx.aliases)) return null;
    const state = holderState({ holder, stale: isStaleClaim(task, { ...item, log: Array.isArray(item.log) ? item.log : [] }, ctx.now, ctx.staleAfterHours), sessions: facts.sessions, now: ctx.now, idleAfterMinutes: facts.idleAfterMinutes, aliases: ctx.aliases });
    return state.state === 'paused' ? messages.rotation.continueFirst(taskKey(plan.planId, taskId), holder, state.why ?? 'idle').trim().replace(/^- /, '') : null;
  }
  return null;
}

/** `handover --to NAME`: a person moves a claim, live or not, to NAME; recorded as `continue` is. */
export function handoverTask(plan: PlanState, taskId: string, ctx: EditContext, to: string): EditOutcome {
  return edit(plan, taskId, (task, item, name, next) => {
    if (task.status === 'completed') return refuse(messages.editCompleted(name));
    const holder = holderOf(task);
    if (holder === null) return refuse(messages.rotation.handoverNotHeld(name));
    if (sameAgent(holder, to, ctx.aliases)) return refuse(messages.rotation.handoverSame(name, to));
    const record: HandoverRecord = { kind: 'handover', task: name, from: holder, to, by: ctx.actor, at: dateTime(ctx.now) };
    const text = messages.rotation.handoverLog(name, ctx.actor, holder, to);
    task.claimedBy = to;
    task.claimedAt = dateTime(ctx.now);
    item.log.push({ date: dateTime(ctx.now), summary: text.item, agent: ctx.actor, metadata: handoverMetadata(record) });
    next.changelog.push({ date: day(ctx.now), summary: text.changelog, agent: ctx.actor });
    return { ok: true, summary: messages.rotation.handedOver(name, holder, to) };
  }, ctx);
}

/** `ask <task> "text"`: a request to the holder, recorded in the work item's log (no server). */
export function askTask(plan: PlanState, taskId: string, ctx: EditContext, text: string): EditOutcome {
  return edit(plan, taskId, (task, item, name) => {
    const holder = holderOf(task);
    if (holder === null) return refuse(messages.rotation.askNotHeld(name));
    if (sameAgent(holder, ctx.actor, ctx.aliases)) return refuse(messages.rotation.askOwn(name));
    const clean = text.replace(/[\x00-\x1f\x7f]+/g, ' ').trim().slice(0, 1000);
    item.log.push({ date: dateTime(ctx.now), summary: messages.rotation.askLog(name, ctx.actor, holder, clean), agent: ctx.actor, metadata: requestMetadata({ task: name, from: ctx.actor, to: holder, text: clean, at: dateTime(ctx.now) }) });
    return { ok: true, summary: messages.rotation.asked(name, holder) };
  }, ctx);
}

export function releaseTask(plan: PlanState, taskId: string, ctx: EditContext, opts: { status: ReleaseStatus }): EditOutcome {
  return edit(plan, taskId, (task, item, name) => {
    if (task.status === 'completed') return refuse(messages.editCompleted(name));
    const holder = holderOf(task);
    if (holder === null && task.claimedBy === undefined && task.status !== 'in-progress') return refuse(messages.editNotClaimed(name));
    if (holder !== null && !sameAgent(holder, ctx.actor, ctx.aliases) && !isStaleClaim(task, item, ctx.now, ctx.staleAfterHours)) {
      return refuse(messages.editReleaseHeldLive(name, holder, since(task, ctx.now)));
    }
    delete task.claimedBy;
    delete task.claimedAt;
    task.status = opts.status;
    syncItemStatus(item);
    return { ok: true, summary: messages.editReleased(name, opts.status) };
  }, ctx);
}

export function completeTask(plan: PlanState, taskId: string, ctx: EditContext, opts: { summary?: string }): EditOutcome {
  return edit(plan, taskId, (task, item, name) => {
    if (task.status === 'completed') return refuse(messages.editAlreadyDone(name));
    if (typeof task.acceptance !== 'string' || task.acceptance.trim() === '') return refuse(messages.editNoAcceptance(name));
    const holder = holderOf(task);
    if (holder !== null && !sameAgent(holder, ctx.actor, ctx.aliases)) {
      const stale = isStaleClaim(task, item, ctx.now, ctx.staleAfterHours);
      return refuse(messages.editDoneHeld(name, holder, since(task, ctx.now), stale));
    }
    task.status = 'completed';
    // A completed task has no next action: the handoff never shows one for finished work (issue 31 item 3).
    if (task.metadata && typeof task.metadata === 'object' && 'nextAction' in task.metadata) {
      const { nextAction: _done, ...rest } = task.metadata as Record<string, unknown>;
      if (Object.keys(rest).length > 0) task.metadata = rest;
      else delete task.metadata;
    }
    if (holder === null) {
      task.claimedBy = ctx.actor;
      task.claimedAt = dateTime(ctx.now);
    }
    const record = { date: day(ctx.now), summary: opts.summary?.trim() || messages.editDoneLog(name), agent: ctx.actor };
    // The work item's log is one place every task of it appends to, so two tasks done on two
    // branches would collide there in a line merge (the hosting service's button runs no
    // driver): a task done while others of its item are open keeps its record on its own lines.
    const shared = tasks(item).some((t) => t !== task && t.status !== 'completed');
    if (shared) task.metadata = { ...(task.metadata && typeof task.metadata === 'object' ? (task.metadata as Record<string, unknown>) : {}), [DONE_KEY]: record };
    else item.log.push(record);
    syncItemStatus(item);
    return { ok: true, summary: shared ? messages.editDoneOnTask(name, ctx.actor) : messages.editDone(name, ctx.actor) };
  }, ctx);
}

/** Every task id of a plan, for addressing; tolerant of malformed plans. */
export function taskIds(plan: PlanState): string[] {
  return items(plan).flatMap((item) => tasks(item).map((t) => t.id).filter((id): id is string => typeof id === 'string'));
}

type Step = (task: Task, item: WorkItem, name: string, next: PlanState) => { ok: true; summary: string } | { ok: false; message: string; fix: string };

/** Applies `step` to a copy of the plan (key order kept) and bumps lastUpdated when it succeeds. */
function edit(plan: PlanState, taskId: string, step: Step, ctx: EditContext): EditOutcome {
  const next = structuredClone(plan);
  for (const item of items(next)) {
    const task = tasks(item).find((t) => t.id === taskId);
    if (!task) continue;
    if (!Array.isArray(item.log)) return refuse(messages.editMalformed(messages.editNoLog(String(item.id))));
    if (!Array.isArray(next.changelog)) return refuse(messages.editMalformed(messages.editNoChangelog()));
    const outcome = step(task, item, taskKey(next.planId, taskId), next);
    if (!outcome.ok) return outcome;
    next.lastUpdated = day(ctx.now);
    // A merge of two branches that each completed a task of one item leaves the item's status behind its tasks: every edit puts it right.
    for (const other of items(next)) syncItemStatus(other);
    return { ok: true, plan: next, summary: outcome.summary };
  }
  return refuse(messages.editMalformed(messages.editTaskMissing(taskId, String(plan.planId))));
}

function refuse(text: { message: string; fix: string }): { ok: false; message: string; fix: string } {
  return { ok: false, ...text };
}

function since(task: Task, now: Date): string {
  const age = claimAgeHours(task, now);
  return messages.claimedAtAgo(String(task.claimedAt), age);
}

function syncItemStatus(item: WorkItem): void {
  const statuses: Status[] = tasks(item).map((t) => t.status);
  if (statuses.every((s) => s === 'completed')) item.status = 'completed';
  else if (statuses.every((s) => s === 'not-started')) item.status = 'not-started';
  else if (item.status === 'not-started' || item.status === 'completed') item.status = 'in-progress';
}

function items(plan: PlanState): WorkItem[] {
  return Array.isArray(plan.workItems) ? plan.workItems.filter((i) => i !== null && typeof i === 'object') : [];
}

function tasks(item: WorkItem): Task[] {
  return Array.isArray(item.tasks) ? item.tasks.filter((t) => t !== null && typeof t === 'object') : [];
}

/** YYYY-MM-DD, UTC. */
export function day(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** An ISO date-time to the second, UTC: 2026-01-16T09:30:00Z. */
export function dateTime(now: Date): string {
  return now.toISOString().replace(/\.\d{3}Z$/, 'Z');
}
