// The one check behind pre-commit (the index against HEAD), pre-push and `check --range` (a
// commit against its first parent). Pure: the hooks gather the facts and feed them here.
import type { CheckName, Config, Mode } from '../config/config.js';
import { type ClaimHit, type LiveClaim, claimIndex, exemptPath, matchClaims } from './claims.js';
import type { Change } from '../git/changes.js';
import { touchedPaths } from './changes.js';
import { type Identity, sameAgent } from './identity.js';
import { messages } from '../messages/index.js';
import { TRANSITION_RULES } from './transitions.js';
import type { Problem } from '../problems/problems.js';
import type { PlanChange, PlanState } from './plan-types.js';
import { type HandoverRecord, addedHandovers } from './handover.js';

/** The plan rules, bound to their facts (clock, git) by the caller; loaded only when a plan changed. */
export interface PlanRules {
  validate(text: string, file: string): { plan: PlanState | null; problems: Problem[] };
  /** Parses a plan's earlier text for comparison; null when it is not a plan. */
  parse(text: string): PlanState | null;
  transitions(before: PlanState, after: PlanState, file: string, afterText: string, identity: Identity): Problem[];
}

export interface CheckInput {
  changes: Change[];
  plans: PlanChange[];
  /** Required when `plans` is not empty and the plans or transitions check runs. */
  rules: PlanRules | null;
  identity: Identity;
  /** The tasks the change belongs to (../sessions/binding.ts, a bound branch, a Plan-Bound trailer): another task's claim refuses it even when held by the committer. */
  bound?: readonly string[];
  /** The live claims that judge the change: those that stood before it. */
  claims: LiveClaim[];
  /** The committer's claims once the change is made, for ownHits (the trailer); default `claims`. */
  ownClaims?: LiveClaim[];
  /** Every plan after the change with its planId, so a reused planId is found; omitted: not checked. */
  planIds?: { file: string; planId: string | null }[];
  config: Pick<Config, 'aliases' | 'strict'>;
  modes: Record<CheckName, Mode>;
  isPlanFile(path: string): boolean;
  ignoreCase: boolean;
  /** Milliseconds now (the shell passes Date.now): bounds the claim matching (../core/claims.ts). */
  clock?: () => number;
}

export interface Decision {
  /** Plan problems that block. */
  errors: Problem[];
  /** Plan problems that are only reported (warnings, or errors of a check in warn mode). */
  warnings: Problem[];
  /** Claimed paths that block. */
  refusals: ClaimHit[];
  /** Claimed paths that are only reported: stale claims, or the claims check in warn mode. */
  claimWarnings: ClaimHit[];
  /** The committer's own claims the change falls under (for the Plan-Task trailer). */
  ownHits: ClaimHit[];
  /** The handovers the change records (docs/rotation.md), each listed in the report; its file is the plan's. */
  handovers: (HandoverRecord & { file: string })[];
  /** The tasks the change belongs to, as given (the report says so beside a claim the committer holds for another task). */
  bound?: readonly string[];
  /** What only a person changes and an agent's change touches (./person-only.ts): blocks whatever the modes say. */
  personOnly?: Problem[];
  /** A signature refusal where the base requires signing (./signing.ts): blocks whatever the modes say. */
  signing?: Problem[];
}

export const allowed = (d: Decision) => d.errors.length === 0 && d.refusals.length === 0 && (d.personOnly?.length ?? 0) === 0 && (d.signing?.length ?? 0) === 0;

/** The configured modes with the checks named in PLAN_HOOKS_SKIP turned off. */
export function effectiveModes(checks: Config['checks'], skip: string[]): Record<CheckName, Mode> {
  const modes = { ...checks };
  for (const name of skip) if (Object.hasOwn(modes, name)) modes[name as CheckName] = 'off';
  return modes;
}

/** PLAN_HOOKS_SKIP=claims,plans → ['claims', 'plans']. */
export function parseSkip(value: string | undefined): string[] {
  return [...new Set((value ?? '').split(/[\s,]+/).map((s) => s.trim().toLowerCase()).filter(Boolean))];
}

export const CHECKS: readonly CheckName[] = ['plans', 'transitions', 'claims'];

/** PLAN_HOOKS_SKIP split into the checks it names and the names that are no check. */
export function skipsFrom(value: string | undefined): { skipped: CheckName[]; unknown: string[] } {
  const names = parseSkip(value);
  const isCheck = (n: string): n is CheckName => (CHECKS as readonly string[]).includes(n);
  return { skipped: names.filter(isCheck), unknown: names.filter((n) => !isCheck(n)) };
}

/** A deleted plan that held someone else's live claim at HEAD (the transition rules see no "after"). */
function removedPlanProblems(file: string, input: CheckInput): Problem[] {
  return input.claims
    .filter((c) => c.source.kind === 'head' && c.file === file && !c.stale && !sameAgent(c.holder, input.identity.name, input.config.aliases))
    .map((c) => ({
      severity: 'error' as const,
      rule: TRANSITION_RULES.claimDropped,
      file,
      path: '',
      line: 1,
      column: 1,
      ...messages.transitionClaimedPlanRemoved(c.task, c.holder, c.since ?? messages.claimSinceUnknown(), input.identity.name),
    }));
}

/** A staged plan whose planId another plan already has (task identity is planId/taskId). */
export function reusedPlanIdProblems(file: string, planId: unknown, planIds: CheckInput['planIds']): Problem[] {
  if (!planIds || typeof planId !== 'string' || planId === '') return [];
  const other = planIds.find((p) => p.file !== file && p.planId === planId);
  return other ? [{ severity: 'error', rule: 'plan-id-reused', file, path: 'planId', line: 1, column: 1, ...messages.planIdReused(planId, other.file) }] : [];
}

/**
 * A merge's own findings (pure): those against its first parent whose subject is found against
 * every other parent too. What the merged plan takes from one parent as it stands there was
 * judged in the commits that made it, as a combined diff leaves out a path taken from one parent.
 */
function mergeOwn<T>(first: T[], others: T[][], subject: (x: T) => string): T[] {
  const found = others.map((o) => new Set(o.map(subject)));
  return first.filter((x) => found.every((f) => f.has(subject(x))));
}

/** What a transition problem is about, whichever rule found it: its task, its log, or its path. */
function problemSubject(path: string): string {
  return /^(workItems\[\d+\]\.tasks\[\d+\]|workItems\[\d+\]\.log|changelog)/.exec(path)?.[1] ?? path;
}

export function check(input: CheckInput): Decision {
  const decision: Decision = { errors: [], warnings: [], refusals: [], claimWarnings: [], ownHits: [], handovers: [], ...(input.bound?.length ? { bound: input.bound } : {}) };
  const committer = { name: input.identity.name, bound: input.bound };
  const file = (mode: Mode, problems: Problem[]) => {
    for (const p of problems) {
      const blocking = mode === 'enforce' && (p.severity === 'error' || input.config.strict);
      (blocking ? decision.errors : decision.warnings).push(p);
    }
  };
  const { modes } = input;
  if ((modes.plans !== 'off' || modes.transitions !== 'off') && input.plans.length > 0) {
    const rules = input.rules;
    if (!rules) throw new Error(messages.checkWithoutRules());
    for (const change of input.plans) {
      if (change.after === null) {
        if (modes.transitions !== 'off') file(modes.transitions, removedPlanProblems(change.file, input));
        continue;
      }
      const { plan, problems } = rules.validate(change.after, change.file);
      if (modes.plans !== 'off') file(modes.plans, [...problems, ...reusedPlanIdProblems(change.file, plan?.planId, input.planIds)]);
      if (modes.transitions !== 'off' && plan && change.before !== null) {
        const before = rules.parse(change.before);
        if (before) {
          const afterText = change.after;
          const againstEach = [before, ...(change.others ?? []).map((t) => (t === null ? null : rules.parse(t)))]
            .filter((p): p is PlanState => p !== null)
            .map((parent) => ({ problems: rules.transitions(parent, plan, change.file, afterText, input.identity), handovers: addedHandovers(parent, plan) }));
          const [first, ...others] = againstEach;
          file(modes.transitions, mergeOwn(first!.problems, others.map((o) => o.problems), (p) => problemSubject(p.path)));
          for (const h of mergeOwn(first!.handovers, others.map((o) => o.handovers), (h) => `${h.task}\0${h.from}\0${h.to}`)) decision.handovers.push({ ...h, file: change.file });
        }
      }
    }
  }
  const paths = touchedPaths(input.changes);
  const exempt = (p: string) => exemptPath(p, input.isPlanFile);
  if (input.claims.length > 0) {
    const index = claimIndex(input.claims, input.ignoreCase, paths);
    const { others, own } = matchClaims(paths, index, exempt, committer, input.config.aliases, input.clock);
    decision.ownHits = own;
    if (input.ownClaims && input.ownClaims !== input.claims) decision.ownHits = matchClaims(paths, claimIndex(input.ownClaims, input.ignoreCase), exempt, committer, input.config.aliases, input.clock).own;
    if (modes.claims !== 'off') {
      // A claim this change records as passed to the committer (a handover the transition rules
      // judged, an error there when it does not stand) is the committer's for the rest of it.
      const handed = (hit: ClaimHit) =>
        decision.errors.length === 0 &&
        decision.handovers.some((h) => h.task === hit.claim.task && sameAgent(h.to, input.identity.name, input.config.aliases) && sameAgent(h.from, hit.claim.holder, input.config.aliases));
      for (const hit of others) {
        if (handed(hit)) continue;
        (hit.claim.stale || modes.claims === 'warn' ? decision.claimWarnings : decision.refusals).push(hit);
      }
    }
  }
  return decision;
}
