// Live claims, from every version of every plan the hook can see, and what they say about a
// set of changed paths. Pure: plan versions in, claims and hits out.
//
// WHICH VERSION OF A TASK DECIDES. The same task can appear in the index, at HEAD, on the base
// branch and in other worktrees, and the versions can disagree. The rule:
//   1. The index is HEAD plus this commit, so the index version supersedes HEAD's. HEAD's is
//      used only when the index no longer has the task (deleting a plan does not drop claims).
//   2. Each remaining version gets a time: its claimedAt. A version the commit itself changed
//      that carries no claimedAt (a release) takes the claimedAt of the HEAD version it
//      replaced: a release ends exactly the claim it released, not newer ones made elsewhere.
//      A version with no claimedAt and no live claim (never claimed) has no time and ends
//      nothing, so a claim made in another worktree is not hidden by an older unclaimed copy.
//   3. The versions with the newest time decide. When one of them is no longer live
//      (completed, released, blocked), the claim has ended; otherwise each is a live claim.
// Why: a takeover or a fresh claim always writes a newer claimedAt, so the newest claim is the
// current one wherever it lives; completing or releasing keeps (or inherits) the claim's time,
// so it ends that claim and no other; and a source that merely has not heard of a claim yet
// cannot cancel it. When in doubt the claim is honoured: a wrong refusal costs a message and
// an escape; a wrong pass costs two agents editing the same files.
import type { Config } from '../config/config.js';
import { type Identity, sameAgent } from './identity.js';
import type { Task, WorkItem } from './plan-types.js';
import { PatternError, matchForm } from '../lib/pattern.js';
import { PatternIndex } from '../lib/pattern-index.js';
import { type StaleBasis, holderOf, isRequestEntry, isStaleAt, staleBasis } from './claim-state.js';
import { UserError } from '../errors.js';
import { messages } from '../messages/index.js';

export type SourceKind = 'index' | 'head' | 'base' | 'worktree' | 'remote';

export interface PlanSource {
  kind: SourceKind;
  /** For messages: "the index", "HEAD", "main", "worktree /path (branch x)", "origin/feature/x". */
  label: string;
  /** For a remote-tracking branch: its ref (status reads when it was fetched). */
  ref?: string;
  /** This worktree's own files on disk (the edit-time check's first source), told apart by a flag, not by its label. */
  here?: true;
}

/** One parsed plan file as one source has it. `plan` is untrusted JSON. */
export interface PlanVersion {
  source: PlanSource;
  file: string;
  plan: unknown;
}

export interface TaskVersion {
  /** `<planId>/<taskId>` (the plan file stands in for a missing planId). */
  key: string;
  file: string;
  source: PlanSource;
  task: Task;
  item: WorkItem;
}

export interface LiveClaim {
  /** `<planId>/<taskId>`. */
  task: string;
  file: string;
  holder: string;
  since: string | null;
  files: string[];
  stale: boolean;
  source: PlanSource;
  /** metadata.branch of the task, when it binds the task to a branch. */
  branch: string | null;
}

export interface ClaimHit {
  path: string;
  claim: LiveClaim;
  pattern: string;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isString = (v: unknown): v is string => typeof v === 'string';

/** A work item's log entries that carry a date (what staleness reads); malformed ones are skipped. */
const datedLog = (item: Record<string, unknown>): Record<string, unknown>[] =>
  Array.isArray(item.log) ? item.log.filter((e): e is Record<string, unknown> => isObject(e) && isString(e.date)) : [];

/** The tasks of one plan version, skipping whatever is malformed (the validator reports it). */
export function taskVersions(version: PlanVersion, relevant: (task: Task) => boolean = () => true): TaskVersion[] {
  const plan = version.plan;
  if (!isObject(plan) || !Array.isArray(plan.workItems)) return [];
  const planId = isString(plan.planId) && plan.planId !== '' ? plan.planId : version.file;
  const out: TaskVersion[] = [];
  for (const item of plan.workItems) {
    if (!isObject(item) || !Array.isArray(item.tasks)) continue;
    const workItem = { ...item, log: datedLog(item) } as unknown as WorkItem;
    for (const task of item.tasks) {
      if (!isObject(task) || !isString(task.id) || !relevant(task as unknown as Task)) continue;
      out.push({ key: `${planId}/${task.id}`, file: version.file, source: version.source, task: task as unknown as Task, item: workItem });
    }
  }
  return out;
}

/** In progress with a holder: a claim on the task (it claims files when it also lists some). */
const isHeld = (task: Task) => holderOf(task) !== null;

/** A task that can decide a claim: held, or dated by a claim (rule 2). */
const dated = (task: Task) => isHeld(task) || isString(task.claimedAt);

function claimTime(task: Task): number | null {
  if (!isString(task.claimedAt)) return null;
  const t = Date.parse(task.claimedAt);
  return Number.isNaN(t) ? null : t;
}

const sameVersion = (a: Task, b: Task) => JSON.stringify(a) === JSON.stringify(b);

/** The versions of each task that decide it (rule above); a task with no live winner has no claim. */
function decideTasks(versions: TaskVersion[]): Map<string, TaskVersion[]> {
  const byKey = new Map<string, TaskVersion[]>();
  for (const v of versions) {
    const list = byKey.get(v.key);
    if (list) list.push(v);
    else byKey.set(v.key, [v]);
  }
  const decided = new Map<string, TaskVersion[]>();
  for (const [key, list] of byKey) {
    // The common case: one version, which decides alone.
    if (list.length === 1) {
      if (isHeld(list[0]!.task)) decided.set(key, list);
      continue;
    }
    const index = list.filter((v) => v.source.kind === 'index');
    const head = list.filter((v) => v.source.kind === 'head');
    const local = index.length > 0 ? index : head;
    const candidates: { v: TaskVersion; time: number }[] = [];
    for (const v of [...local, ...list.filter((x) => x.source.kind === 'base' || x.source.kind === 'worktree' || x.source.kind === 'remote')]) {
      let time = claimTime(v.task);
      if (time === null && v.source.kind === 'index' && !isHeld(v.task)) {
        const replaced = head.find((h) => h.file === v.file && !sameVersion(h.task, v.task));
        time = replaced ? claimTime(replaced.task) : null;
      }
      if (time === null && !isHeld(v.task)) continue;
      candidates.push({ v, time: time ?? Number.NEGATIVE_INFINITY });
    }
    if (candidates.length === 0) continue;
    const newest = Math.max(...candidates.map((c) => c.time));
    const winners = candidates.filter((c) => c.time === newest).map((c) => c.v);
    decided.set(key, winners);
  }
  return decided;
}

/** A live claim before the clock is read: staleness is decided from `basis` at each commit's time. */
export type DecidedClaim = Omit<LiveClaim, 'stale'> & { basis: StaleBasis };

/**
 * Held tasks after the version rule, with what their staleness depends on. A held task
 * without `files` claims no paths but still binds its branch (identity).
 */
export function decideClaims(versions: PlanVersion[]): DecidedClaim[] {
  // The claims cache keeps what this returns (../claims/decided-cache.ts): change DECIDED_FORMAT with it.
  // A version neither held nor dated decides nothing (rule 2), unless it may be a release of
  // the HEAD version of the same plan; skipping the rest keeps large plans cheap.
  const replacing = new Set(versions.filter((v) => v.source.kind === 'head').map((v) => v.file));
  const decided = decideTasks(versions.flatMap((v) => taskVersions(v, v.source.kind === 'index' && replacing.has(v.file) ? undefined : dated)));
  const claims: DecidedClaim[] = [];
  for (const [key, winners] of decided) {
    if (winners.some((w) => !isHeld(w.task))) continue;
    const seen = new Set<string>();
    for (const w of winners) {
      const holder = w.task.claimedBy!.trim();
      if (seen.has(holder.toLowerCase())) continue;
      seen.add(holder.toLowerCase());
      const branch = isObject(w.task.metadata) && isString(w.task.metadata.branch) ? w.task.metadata.branch : null;
      claims.push({
        task: key,
        file: w.file,
        holder,
        since: isString(w.task.claimedAt) ? w.task.claimedAt : null,
        files: Array.isArray(w.task.files) ? w.task.files.filter(isString) : [],
        basis: staleBasis(w.task, w.item),
        source: w.source,
        branch,
      });
    }
  }
  return claims;
}

/** A decided claim as it stands at `now`. */
export function claimAt(c: DecidedClaim, now: Date, staleAfterHours: number): LiveClaim {
  // Field by field: an object rest and spread per claim cost more than deciding it, at 10,000.
  return { task: c.task, file: c.file, holder: c.holder, since: c.since, files: c.files, stale: isStaleAt(c.basis, now, staleAfterHours), source: c.source, branch: c.branch };
}

/** Held tasks after the version rule, with staleness at `now`. */
export function liveClaims(versions: PlanVersion[], now: Date, staleAfterHours: number): LiveClaim[] {
  return decideClaims(versions).map((c) => claimAt(c, now, staleAfterHours));
}

// 2: plans are read by plan/plan-text.ts (a byte-order mark no longer makes a plan unreadable).
// 3: a request's log entry (`ask`) is left out of the view.
export const CLAIMS_VIEW_FORMAT = 3;

/**
 * What liveClaims reads of a plan that is not being replaced (every version but the index's
 * of a plan the commit changes): planId, and per work item its log dates and dated tasks,
 * whole. liveClaims gives the same claims for the view as for the plan, so the view can stand
 * in for it (the claims cache keeps views: a plan of 1,000 tasks has a few dozen dated ones).
 */
export function claimsView(plan: unknown): unknown {
  // Cached views carry CLAIMS_VIEW_FORMAT: change it with what this function keeps.
  if (!isObject(plan) || !Array.isArray(plan.workItems)) return null;
  const workItems = [];
  for (const item of plan.workItems) {
    if (!isObject(item) || !Array.isArray(item.tasks)) continue;
    const tasks = item.tasks.filter((t) => isObject(t) && isString(t.id) && dated(t as unknown as Task));
    if (tasks.length === 0) continue;
    // A request to the holder (`ask`) does not keep a claim fresh (claim-state.ts): the view leaves it out.
    const log = datedLog(item).filter((e) => !isRequestEntry(e)).map((e) => ({ date: e.date }));
    workItems.push({ tasks, log });
  }
  return { ...(isString(plan.planId) ? { planId: plan.planId } : {}), workItems };
}

/** Plan files, their paired Markdown and plan-hooks' configuration are never claimable. */
export function exemptPath(path: string, isPlanFile: (path: string) => boolean): boolean {
  if (path === '.plan-hooks.json') return true;
  if (isPlanFile(path)) return true;
  return path.endsWith('.md') && isPlanFile(`${path.slice(0, -3)}.json`);
}

/** A leading `/`, an empty or `.` segment, or a character outside ASCII: normalised the long way. */
const UNUSUAL_PATTERN = /^\/|\/\/|(^|\/)\.(\/|$)|[^\x20-\x7e]/;

/**
 * Pure: where a path must lie for `pattern` to match it or a directory above it (normalised as
 * compilePattern does): `L<form>` for a literal pattern (the path is the form, or lies under
 * it), `D<dir>` for one with a wildcard (the path lies under the directory named before the
 * first wildcard; `D` alone: anywhere). pathKeys lists the keys a path lies at, so a string
 * test or a lookup finds the patterns near a commit's paths, however many claims there are;
 * it only ever keeps too much, never too little.
 */
export function patternKey(pattern: string, ignoreCase: boolean): string {
  let end = pattern.length;
  while (end > 0 && pattern.charCodeAt(end - 1) === 0x2f) end--;
  const trimmed = end === pattern.length ? pattern : pattern.slice(0, end);
  // Most patterns are plain ASCII with no empty or `.` segment: those are their own form, and
  // ten thousand claims then cost no allocation beyond this test.
  const form = UNUSUAL_PATTERN.test(trimmed)
    ? matchForm(trimmed, ignoreCase)
        .split('/')
        .filter((s) => s !== '' && s !== '.')
        .join('/')
    : ignoreCase
      ? trimmed.toLowerCase()
      : trimmed;
  const wild = form.search(/[*?[\\]/);
  if (wild === -1) return form === '' ? 'D' : `L${form}`;
  return `D${form.slice(0, form.lastIndexOf('/', wild) + 1)}`;
}

/** Pure: every key (patternKey) under which a pattern could match `form` (a path in matchForm). */
export function pathKeys(form: string): string[] {
  const keys = ['D'];
  for (let i = form.indexOf('/'); i !== -1; i = form.indexOf('/', i + 1)) keys.push(`D${form.slice(0, i + 1)}`, `L${form.slice(0, i)}`);
  keys.push(`L${form}`);
  return keys;
}

/** Pure: whether `pattern` could match one of `paths` (in matchForm) or a directory above it. */
export function couldMatch(pattern: string, paths: string[], ignoreCase: boolean): boolean {
  const key = patternKey(pattern, ignoreCase);
  if (key === 'D') return true;
  const text = key.slice(1);
  if (key.charCodeAt(0) === 0x44) return paths.some((p) => p.startsWith(text));
  return paths.some((p) => p === text || (p.startsWith(text) && p.charCodeAt(text.length) === 0x2f));
}

/**
 * Pure: the versions cut down to the tasks that could claim one of `paths` (as claimIndex
 * filters them: couldMatch over their matchForm), keeping every version of such a task, since
 * the version rule decides a task by its own versions only. So the claims liveClaims decides
 * from the result, matched against those paths, are the ones it decides from all the versions:
 * what a judge of one commit needs, without deciding the ten thousand claims it cannot touch.
 * Only for matching: a plan rule, a transition or an identity's branch reads the whole versions.
 */
export function versionsNear(versions: PlanVersion[], paths: string[], ignoreCase: boolean): PlanVersion[] {
  const forms = paths.map((p) => matchForm(p, ignoreCase));
  const planIdOf = (v: PlanVersion, plan: Record<string, unknown>) => (isString(plan.planId) && plan.planId !== '' ? plan.planId : v.file);
  const near = new Set<string>();
  for (const v of versions) {
    const plan = v.plan;
    if (!isObject(plan) || !Array.isArray(plan.workItems)) continue;
    const planId = planIdOf(v, plan);
    for (const item of plan.workItems) {
      if (!isObject(item) || !Array.isArray(item.tasks)) continue;
      for (const task of item.tasks) {
        if (isObject(task) && isString(task.id) && Array.isArray(task.files) && task.files.some((f) => isString(f) && couldMatch(f, forms, ignoreCase))) near.add(`${planId}/${task.id}`);
      }
    }
  }
  const out: PlanVersion[] = [];
  if (near.size === 0) return out;
  for (const v of versions) {
    const plan = v.plan;
    if (!isObject(plan) || !Array.isArray(plan.workItems)) continue;
    const planId = planIdOf(v, plan);
    const workItems = [];
    for (const item of plan.workItems) {
      if (!isObject(item) || !Array.isArray(item.tasks)) continue;
      const tasks = item.tasks.filter((t) => isObject(t) && isString(t.id) && near.has(`${planId}/${t.id}`));
      if (tasks.length > 0) workItems.push({ ...item, tasks });
    }
    // The file's planId stands in (as taskVersions reads it), so the keys stay the same.
    if (workItems.length > 0) out.push({ ...v, plan: { ...plan, planId, workItems } });
  }
  return out;
}

/** The claims' patterns, indexed; with `paths`, only those that could match one of them. */
export function claimIndex(claims: LiveClaim[], ignoreCase: boolean, paths?: string[]): PatternIndex<LiveClaim> {
  const index = new PatternIndex<LiveClaim>({ ignoreCase });
  const forms = paths?.map((p) => matchForm(p, ignoreCase));
  for (const claim of claims) {
    for (const pattern of claim.files) {
      if (forms && !couldMatch(pattern, forms, ignoreCase)) continue;
      try {
        index.add(pattern, claim);
      } catch (error) {
        // A bad pattern is the validator's to report; it claims nothing.
        if (!(error instanceof PatternError)) throw error;
      }
    }
  }
  return index;
}

/**
 * Matching is linear in each pattern and path, but a plan could still list thousands of
 * patterns that start with a wildcard against a commit of thousands of paths. Past this budget
 * the check stops and fails closed with the bypass, rather than hang the commit.
 */
export const MATCH_BUDGET_MS = 5000;

/**
 * The committer, and the tasks its change belongs to (a worktree bound by `claim`, a branch bound by
 * metadata.branch, a commit's Plan-Bound trailer): empty or absent, every claim it holds is its own.
 */
export type Committer = Pick<Identity, 'name'> & { bound?: readonly string[] };

/**
 * Which claims each path falls under, split by whether they are the committer's: held by it and,
 * when its change belongs to tasks (`bound`), one of those tasks; a claim of its own other task is
 * another's, so two subagents of one agent stay apart. One hit per (path, task): the first pattern
 * that matched is the one reported. `clock` (milliseconds, the shell passes Date.now) bounds the
 * time spent; without one the matching has no time limit.
 */
export function matchClaims(
  paths: string[],
  index: PatternIndex<LiveClaim>,
  exempt: (path: string) => boolean,
  identity: Committer,
  aliases: Config['aliases'],
  clock: (() => number) | null = null,
  budgetMs = MATCH_BUDGET_MS,
): { others: ClaimHit[]; own: ClaimHit[] } {
  const others: ClaimHit[] = [];
  const own: ClaimHit[] = [];
  const mine = new Map<string, boolean>();
  const bound = identity.bound && identity.bound.length > 0 ? new Set(identity.bound) : null;
  const deadline = clock ? clock() + budgetMs : Infinity;
  let n = 0;
  for (const path of new Set(paths)) {
    if (clock && ++n % 256 === 0 && clock() > deadline) throw new UserError(messages.claimsTooCostly(budgetMs, n));
    if (exempt(path)) continue;
    const seen = new Set<LiveClaim>();
    for (const hit of index.match(path)) {
      if (seen.has(hit.value)) continue;
      seen.add(hit.value);
      let isMine = mine.get(hit.value.holder);
      if (isMine === undefined) {
        isMine = sameAgent(hit.value.holder, identity.name, aliases);
        mine.set(hit.value.holder, isMine);
      }
      if (isMine && bound && !bound.has(hit.value.task)) isMine = false;
      (isMine ? own : others).push({ path, claim: hit.value, pattern: hit.pattern.source });
    }
  }
  return { others, own };
}
