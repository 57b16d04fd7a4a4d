// The plan rules beyond the schema, on a plan that already passed the schema. Pure:
// the plan, the git facts and the clock in; problems out.
import { doneRecord } from './done-record.js';
import { compilePattern, patternEscapes, PatternError, type CompiledPattern } from '../lib/pattern.js';
import { claimAgeHours, holderOf, isStaleClaim } from './claim-state.js';
import { messages } from '../messages/index.js';
import { formatPath, type JsonPath } from '../lib/json-document.js';
import { firstOverlaps } from './overlaps.js';
import type { DraftProblem, Severity } from '../problems/problems.js';
import { taskKey } from './task-key.js';
import type { PlanFacts, PlanState, Task, WorkItem } from './plan-types.js';

export interface RuleOptions {
  now: Date;
  staleAfterHours: number;
}

/** Clocks on different machines disagree a little; a claim this far ahead is still "now". */
const CLOCK_SKEW_MS = 5 * 60 * 1000;

/** A task as the rules see it: where it is in the plan (its JSON path) and how messages name it. */
interface RuleTask {
  task: Task;
  item: WorkItem;
  path: JsonPath;
  /** `<planId>/<taskId>`, how messages name a task. */
  name: string;
}

type Emit = (severity: Severity, rule: string, path: JsonPath, text: { message: string; fix: string }) => void;

export function planRules(plan: PlanState, facts: PlanFacts, opts: RuleOptions): DraftProblem[] {
  const drafts: DraftProblem[] = [];
  const emit: Emit = (severity, rule, path, text) => drafts.push({ severity, rule, path, ...text });
  const tasks: RuleTask[] = plan.workItems.flatMap((item, i) =>
    item.tasks.map((task, j) => ({ task, item, path: ['workItems', i, 'tasks', j], name: taskKey(plan.planId, task.id) })),
  );
  const byId = uniqueIds(plan, tasks, emit);
  dependencies(plan, tasks, byId, emit);
  claims(tasks, opts, emit);
  const patterns = filePatterns(tasks, facts, emit);
  overlaps(tasks, patterns, emit);
  taskWarnings(tasks, emit);
  itemWarnings(plan, emit);
  handoffWarnings(plan, facts, emit);
  return drafts;
}

function uniqueIds(plan: PlanState, tasks: RuleTask[], emit: Emit): Map<string, RuleTask> {
  const check = <T>(kind: string, entries: { id: string; path: JsonPath; value: T }[]): Map<string, T> => {
    const first = new Map<string, { path: JsonPath; value: T }>();
    for (const e of entries) {
      const earlier = first.get(e.id);
      if (earlier) emit('error', 'duplicate-id', [...e.path, 'id'], messages.plan.duplicateId(kind, e.id, formatPath(earlier.path)));
      else first.set(e.id, e);
    }
    return new Map([...first].map(([id, e]) => [id, e.value]));
  };
  check('step', plan.taskTemplate.steps.map((s, i) => ({ id: s.id, path: ['taskTemplate', 'steps', i], value: s })));
  check('work item', plan.workItems.map((w, i) => ({ id: w.id, path: ['workItems', i], value: w })));
  return check('task', tasks.map((t) => ({ id: t.task.id, path: t.path, value: t })));
}

/** A dependsOn entry names a task of this plan, bare or as `<planId>/<taskId>`. */
function resolveDependency(plan: PlanState, dep: string, byId: Map<string, RuleTask>): RuleTask | undefined {
  const slash = dep.indexOf('/');
  if (slash === -1) return byId.get(dep);
  return dep.slice(0, slash) === plan.planId ? byId.get(dep.slice(slash + 1)) : undefined;
}

/** Longer cycles are shown by their first and last three tasks. */
const MAX_CYCLE_SHOWN = 12;

function dependencies(plan: PlanState, tasks: RuleTask[], byId: Map<string, RuleTask>, emit: Emit): void {
  const edges = new Map<RuleTask, { to: RuleTask; path: JsonPath }[]>();
  for (const ref of tasks) {
    const out: { to: RuleTask; path: JsonPath }[] = [];
    (ref.task.dependsOn ?? []).forEach((dep, k) => {
      const path = [...ref.path, 'dependsOn', k];
      const to = resolveDependency(plan, dep, byId);
      if (!to) return emit('error', 'unknown-dependency', path, messages.plan.unknownDependency(ref.name, dep));
      out.push({ to, path });
      if (ref.task.status === 'in-progress' && to.task.status !== 'completed') {
        emit('warning', 'dependency-not-completed', path, messages.plan.dependencyNotCompleted(ref.name, to.name, to.task.status));
      }
    });
    edges.set(ref, out);
  }
  // Iterative depth-first search (plans are untrusted: no recursion on their depth). Each
  // cycle is reported once, at the edge that closes it.
  // An open task maps to its place on the stack, so a cycle is cut out of it without a search,
  // and a long cycle is named by its ends (a chain of 100,000 tasks must not print them all).
  const state = new Map<RuleTask, number | 'done'>();
  for (const start of tasks) {
    if (state.has(start)) continue;
    const stack: { ref: RuleTask; next: number }[] = [{ ref: start, next: 0 }];
    state.set(start, 0);
    while (stack.length > 0) {
      const top = stack.at(-1)!;
      const edge = edges.get(top.ref)![top.next++];
      const seen = edge && state.get(edge.to);
      if (!edge) {
        state.set(top.ref, 'done');
        stack.pop();
      } else if (typeof seen === 'number') {
        const length = stack.length - seen;
        const names = (from: number, to: number) => stack.slice(from, to).map((f) => f.ref.name);
        const cycle = length <= MAX_CYCLE_SHOWN ? names(seen, stack.length) : [...names(seen, seen + 3), `… ${length - 6} more …`, ...names(stack.length - 3, stack.length)];
        emit('error', 'dependency-cycle', edge.path, messages.plan.dependencyCycle([...cycle, edge.to.name]));
      } else if (seen === undefined) {
        state.set(edge.to, stack.length);
        stack.push({ ref: edge.to, next: 0 });
      }
    }
  }
}

function claims(tasks: RuleTask[], opts: RuleOptions, emit: Emit): void {
  for (const { task, item, path, name } of tasks) {
    if (task.claimedAt && Date.parse(task.claimedAt) > opts.now.getTime() + CLOCK_SKEW_MS) {
      emit('error', 'claimed-in-future', [...path, 'claimedAt'], messages.plan.claimedInFuture(name, task.claimedAt));
    } else {
      const holder = holderOf(task);
      if (holder === null || !isStaleClaim(task, item, opts.now, opts.staleAfterHours)) continue;
      const hours = claimAgeHours(task, opts.now) ?? 0;
      emit('warning', 'stale-claim', [...path, 'claimedAt'], messages.plan.staleClaim(name, holder, task.claimedAt!, hours, opts.staleAfterHours, item.id));
    }
  }
}

interface PlacedPattern {
  pattern: CompiledPattern;
  path: JsonPath;
}

/** Compiles every task's files; patterns leaving the repository or unusable are errors. */
function filePatterns(tasks: RuleTask[], facts: PlanFacts, emit: Emit): Map<RuleTask, PlacedPattern[]> {
  const result = new Map<RuleTask, PlacedPattern[]>();
  for (const ref of tasks) {
    const placed: PlacedPattern[] = [];
    (ref.task.files ?? []).forEach((source, k) => {
      const path = [...ref.path, 'files', k];
      const escape = patternEscapes(source);
      if (escape) return emit('error', 'pattern-escapes', path, messages.plan.patternEscapes(source, messages.patternEscape(escape)));
      // gitignore would read a leading '!' as "not this": here it is a literal name, almost never meant.
      if (typeof source === 'string' && source.startsWith('!')) emit('warning', 'negated-pattern', path, messages.plan.negatedPattern(source));
      try {
        placed.push({ pattern: compilePattern(source, { ignoreCase: facts.ignoreCase }), path });
      } catch (error) {
        if (!(error instanceof PatternError)) throw error;
        emit('error', 'invalid-pattern', path, messages.plan.invalidPattern(source, messages.patternProblem(error.problem)));
      }
    });
    result.set(ref, placed);
  }
  return result;
}

/** One warning per task at most (its first overlap), so a hostile plan cannot flood the output. */
function overlaps(tasks: RuleTask[], patterns: Map<RuleTask, PlacedPattern[]>, emit: Emit): void {
  const active = tasks.filter((t) => t.task.status === 'in-progress');
  const placed = active.map((t) => patterns.get(t)!);
  firstOverlaps(placed.map((list) => list.map((p) => p.pattern))).forEach((hit, i) => {
    if (!hit) return;
    const [mine, theirs] = [placed[i]![hit.mine]!, placed[hit.other]![hit.theirs]!];
    emit('warning', 'overlapping-files', mine.path, messages.plan.overlappingFiles(active[i]!.name, mine.pattern.source, active[hit.other]!.name, theirs.pattern.source));
  });
}

function taskWarnings(tasks: RuleTask[], emit: Emit): void {
  for (const { task, item, path, name } of tasks) {
    const at = [...path, 'status'];
    if (task.status === 'completed' && item.log.length === 0 && doneRecord(task) === null) emit('warning', 'completed-without-log', at, messages.plan.completedWithoutLog(name, item.id));
    if (task.status === 'completed' && !task.acceptance) emit('warning', 'completed-without-acceptance', at, messages.plan.completedWithoutAcceptance(name));
    if (task.status === 'in-progress' && holderOf(task) === null) emit('warning', 'in-progress-without-claim', at, messages.plan.inProgressWithoutClaim(name));
  }
}

/** What a work item's tasks say its status should be, or null when several statuses fit. */
function statusMismatch(item: WorkItem): string | null {
  const statuses = item.tasks.map((t) => t.status);
  const all = (s: string) => statuses.every((x) => x === s);
  if (item.status === 'completed' && !all('completed')) {
    const open = item.tasks.filter((t) => t.status !== 'completed').map((t) => t.id);
    return messages.itemTasksNotCompleted(open);
  }
  if (item.status !== 'completed' && all('completed')) return messages.itemTasksAllCompleted();
  if (item.status === 'not-started' && !all('not-started')) {
    const started = item.tasks.filter((t) => t.status !== 'not-started').map((t) => t.id);
    return messages.itemTasksStarted(started);
  }
  return null;
}

function itemWarnings(plan: PlanState, emit: Emit): void {
  plan.workItems.forEach((item, i) => {
    const detail = statusMismatch(item);
    if (detail) emit('warning', 'item-status-mismatch', ['workItems', i, 'status'], messages.plan.itemStatusMismatch(item.id, item.status, detail));
  });
  if (plan.lifecycle === 'multi-session' && !plan.handoff) {
    const open = plan.workItems.find((w) => w.status === 'in-progress' || w.status === 'blocked');
    if (open) emit('warning', 'missing-handoff', [], messages.plan.missingHandoff(open.id));
  }
}

function handoffWarnings(plan: PlanState, facts: PlanFacts, emit: Emit): void {
  const handoff = plan.handoff;
  if (handoff?.lastCommit !== undefined && facts.lastCommitFound === false) {
    emit('warning', 'handoff-commit-unknown', ['handoff', 'lastCommit'], messages.plan.handoffCommitUnknown(JSON.stringify(handoff.lastCommit)));
  }
  if (handoff?.branch !== undefined && facts.branchFound === false) {
    emit('warning', 'handoff-branch-unknown', ['handoff', 'branch'], messages.plan.handoffBranchUnknown(handoff.branch));
  }
}
