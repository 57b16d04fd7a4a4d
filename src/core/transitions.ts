// The transition rules: what a commit may do to a plan, judged by comparing the plan
// it stages with the plan at HEAD. Pure: two plans and the committer in, problems out.
//
// Decisions the rules leave open, made here:
// - Work items and tasks are matched by id (items and tasks may be reordered or moved);
//   log and changelog entries are matched by position (appending is the only allowed change).
// - Removing a work item that has log entries removes those entries: an error like any other.
// - Only the holder changes a live claim: while a task's claim at HEAD is live (not stale), any
//   change to that task by someone else — its files, status (completing included), claimedBy,
//   claimedAt, dependsOn, metadata (a branch binding), moving it to another work item, deleting
//   it — is refused. Otherwise the claim could be dodged by editing what refused the commit
//   (narrowing its files, backdating it into staleness). After the claim is stale, the takeover
//   (`plan-hooks claim <task> --takeover`) is the way; completing a stale claim of someone else
//   stays a warning.
// - A live claim moves to another holder only as a recorded handover (./handover.ts): a log
//   entry this change appends to the task's work item, naming the holder it moves from and the
//   one it moves to, made by the successor (`claim --continue`) or by a person (`handover --to`).
//   Where the sessions are known (pre-commit), a continuation of a holder still live is refused.
// - A new plan (nothing at HEAD) has no transitions.
import type { Config } from '../config/config.js';
import { type SessionFact, holderState, liveHolderOf } from './claim-state.js';
import { type HandoverRecord, addedHandovers } from './handover.js';
import { type IdentitySource, agentSource, sameAgent } from './identity.js';
import { messages } from '../messages/index.js';
import type { Position } from '../lib/json-document.js';
import type { Problem, Severity } from '../problems/problems.js';
import { taskKey } from './task-key.js';
import type { LogEntry, PlanState, Task, WorkItem } from './plan-types.js';

export interface TransitionContext {
  /** The plan file, as messages should name it. */
  file: string;
  /** Who is committing (already resolved). */
  identity: string;
  aliases: Config['aliases'];
  now: Date;
  staleAfterHours: number;
  /** How the committer's identity was found: a handover by a person needs one that is not an agent's. */
  identitySource?: IdentitySource;
  /** Whether the committer is an agent as the person-only rule reads it (its source, or an author or co-author named as an agent); unset: its source alone decides. */
  byAgent?: boolean;
  /** The sessions the agents' hooks recorded here (pre-commit only; push and CI cannot see them). */
  sessions?: SessionFact[];
  idleAfterMinutes?: number;
  /** Line and column of a JSON path in the staged file (JsonDocument.locate); unknown paths fall back to the nearest ancestor. */
  locate?: (path: string) => Position | undefined;
}

export const TRANSITION_RULES = {
  planIdChanged: 'transition-plan-id',
  createdDateChanged: 'transition-created-date',
  logRewritten: 'transition-log-rewritten',
  claimMoved: 'transition-claim-moved',
  claimDropped: 'transition-claim-dropped',
  claimedTaskChanged: 'transition-claimed-task-changed',
  continuedLive: 'transition-continued-live',
  handoverByAgent: 'transition-handover-by-agent',
  completedByOther: 'transition-completed-by-other',
} as const;

interface TaskAt {
  task: Task;
  item: WorkItem;
  /** JSON path of the task, e.g. `workItems[0].tasks[2]`. */
  path: string;
}

export function checkTransitions(before: PlanState | null, after: PlanState, ctx: TransitionContext): Problem[] {
  if (before === null) return [];
  const problems: Problem[] = [];
  const report = (severity: Severity, rule: string, path: string, text: { message: string; fix: string }) =>
    problems.push({ severity, rule, file: ctx.file, path, ...position(path, ctx.locate), ...text });

  if (before.planId !== after.planId) {
    report('error', TRANSITION_RULES.planIdChanged, 'planId', messages.transitionPlanIdChanged(String(before.planId), String(after.planId)));
  }
  if (before.createdDate !== after.createdDate) {
    report('error', TRANSITION_RULES.createdDateChanged, 'createdDate', messages.transitionCreatedDateChanged(String(before.createdDate), String(after.createdDate)));
  }

  for (const change of logChanges(list(before.changelog), list(after.changelog), 'changelog', 'changelog')) {
    report('error', TRANSITION_RULES.logRewritten, change.path, change.text);
  }
  const afterItems = new Map(list(after.workItems).map((item, i) => [item.id, { item, path: `workItems[${i}]` }]));
  for (const item of list(before.workItems)) {
    const found = afterItems.get(item.id);
    if (!found) {
      const count = list(item.log).length;
      if (count > 0) report('error', TRANSITION_RULES.logRewritten, 'workItems', messages.transitionItemWithLogRemoved(item.id, count));
      continue;
    }
    for (const change of logChanges(list(item.log), list(found.item.log), `${found.path}.log`, messages.itemLog(item.id))) {
      report('error', TRANSITION_RULES.logRewritten, change.path, change.text);
    }
  }

  const afterTasks = tasksById(after);
  const handovers = addedHandovers(before, after);
  for (const was of tasksById(before).values()) {
    const now = afterTasks.get(was.task.id) ?? null;
    const holder = liveHolder(was, ctx);
    if (holder !== null) {
      if (!sameAgent(holder, ctx.identity, ctx.aliases)) checkLiveClaim(taskKey(before.planId, was.task.id), was, now, holder, ctx, report, handovers);
      continue;
    }
    if (now && now.task.status === 'completed' && was.task.status !== 'completed') {
      const claimant = now.task.claimedBy ?? was.task.claimedBy;
      if (claimant && !sameAgent(claimant, ctx.identity, ctx.aliases)) {
        report('warning', TRANSITION_RULES.completedByOther, `${now.path}.status`, messages.transitionCompletedByOther(taskKey(after.planId, now.task.id), claimant, ctx.identity));
      }
    }
  }
  return problems;
}

/** The holder of a live (in-progress, claimed, not stale) claim at HEAD, or null. */
function liveHolder(at: TaskAt, ctx: TransitionContext): string | null {
  return liveHolderOf(at.task, { ...at.item, log: list(at.item.log) }, ctx.now, ctx.staleAfterHours);
}

/** The task's fields that differ between two versions, and whether it moved to another work item. */
function taskDifferences(was: TaskAt, now: TaskAt): string[] {
  const keys = new Set([...Object.keys(was.task), ...Object.keys(now.task)]);
  const fields = [...keys].filter((k) => !sameJson((was.task as unknown as Record<string, unknown>)[k], (now.task as unknown as Record<string, unknown>)[k])).sort();
  if (was.item.id !== now.item.id) fields.push('work item');
  return fields;
}

/** A task claimed live by `holder` (not the committer) at HEAD: any change to it is refused. */
function checkLiveClaim(
  name: string,
  was: TaskAt,
  now: TaskAt | null,
  holder: string,
  ctx: TransitionContext,
  report: (severity: Severity, rule: string, path: string, text: { message: string; fix: string }) => void,
  handovers: HandoverRecord[],
): void {
  const since = was.task.claimedAt ?? messages.claimSinceUnknown();
  if (now === null) {
    report('error', TRANSITION_RULES.claimDropped, 'workItems', messages.transitionClaimedTaskRemoved(name, holder, since, ctx.identity));
    return;
  }
  const fields = taskDifferences(was, now);
  if (fields.length === 0) return;
  const newHolder = now.task.claimedBy;
  if (typeof newHolder === 'string' && newHolder !== '' && !sameAgent(newHolder, holder, ctx.aliases)) {
    const record = handovers.find((h) => h.task === name && sameAgent(h.from, holder, ctx.aliases) && sameAgent(h.to, newHolder, ctx.aliases) && sameAgent(h.by, ctx.identity, ctx.aliases));
    if (record && now.task.status === 'in-progress') {
      const refusal = handoverRefusal(record, holder, ctx);
      if (refusal) report('error', refusal.rule, `${now.path}.claimedBy`, refusal.text);
      return;
    }
    report('error', TRANSITION_RULES.claimMoved, `${now.path}.claimedBy`, messages.transitionClaimMoved(name, holder, newHolder, since, ctx.identity));
    return;
  }
  const first = fields.find((f) => f !== 'work item');
  report('error', TRANSITION_RULES.claimedTaskChanged, first ? `${now.path}.${first}` : now.path, messages.transitionClaimedTaskChanged(name, holder, since, ctx.identity, fields));
}

/** Why a recorded handover of `holder`'s live claim is refused here, or null when it stands. */
function handoverRefusal(record: HandoverRecord, holder: string, ctx: TransitionContext): { rule: string; text: { message: string; fix: string } } | null {
  if (record.kind === 'continue') {
    if (!sameAgent(record.to, ctx.identity, ctx.aliases)) return { rule: TRANSITION_RULES.claimMoved, text: messages.transitionClaimMoved(record.task, holder, record.to, record.at, ctx.identity) };
    if (ctx.sessions && ctx.idleAfterMinutes) {
      const state = holderState({ holder, stale: false, sessions: ctx.sessions, now: ctx.now, idleAfterMinutes: ctx.idleAfterMinutes, aliases: ctx.aliases });
      if (state.state === 'live') return { rule: TRANSITION_RULES.continuedLive, text: messages.rotation.transitionContinuedLive(record.task, holder, state.lastSeen ?? '?', ctx.identity) };
    }
    return null;
  }
  // A person's handover: an agent's identity (its marker, PLAN_HOOKS_AGENT, git config plan-hooks.agent, a branch binding) cannot make one.
  const person = ctx.byAgent !== undefined ? !ctx.byAgent : ctx.identitySource === undefined || !agentSource(ctx.identitySource);
  return person ? null : { rule: TRANSITION_RULES.handoverByAgent, text: messages.rotation.transitionHandoverByAgent(record.task, holder, ctx.identity) };
}

function logChanges(before: LogEntry[], after: LogEntry[], path: string, label: string): { path: string; text: { message: string; fix: string } }[] {
  const changes: { path: string; text: { message: string; fix: string } }[] = [];
  const common = Math.min(before.length, after.length);
  for (let i = 0; i < common; i++) {
    if (!sameJson(before[i], after[i])) changes.push({ path: `${path}[${i}]`, text: messages.transitionLogEntryChanged(label, i) });
  }
  if (after.length < before.length) changes.push({ path, text: messages.transitionLogEntriesRemoved(label, before.length, after.length) });
  return changes;
}

function tasksById(plan: PlanState): Map<string, TaskAt> {
  const tasks = new Map<string, TaskAt>();
  list(plan.workItems).forEach((item, i) =>
    list(item.tasks).forEach((task, j) => {
      // Duplicate ids are the validator's error; the first one stands here.
      if (!tasks.has(task.id)) tasks.set(task.id, { task, item, path: `workItems[${i}].tasks[${j}]` });
    }),
  );
  return tasks;
}

/** Arrays from an untrusted plan: anything else reads as empty (the schema reports it). */
function list<T>(value: T[] | undefined): T[] {
  return Array.isArray(value) ? value : [];
}

/** Equality of parsed JSON values, ignoring key order (reformatting is not an edit). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => sameJson(v, b[i]));
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  const rb = b as Record<string, unknown>;
  return ka.length === kb.length && ka.every((k) => Object.hasOwn(rb, k) && sameJson((a as Record<string, unknown>)[k], rb[k]));
}

/** The position of `path`, or of its nearest ancestor the locator knows, or 1:1. */
function position(path: string, locate: TransitionContext['locate']): Position {
  let p = path;
  while (locate) {
    const found = locate(p);
    if (found) return found;
    if (p === '') break;
    p = parentPath(p);
  }
  return { line: 1, column: 1 };
}

function parentPath(path: string): string {
  const cut = Math.max(path.lastIndexOf('.'), path.lastIndexOf('['));
  return cut <= 0 ? '' : path.slice(0, cut);
}
