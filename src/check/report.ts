// How a claim conflict reads: grouped by task, each path with the pattern that matched, then
// the ways forward. Text from plans (holders, patterns, task ids) is sanitized.
import type { ClaimHit, LiveClaim } from '../core/claims.js';
import type { Decision } from '../core/check.js';
import type { CommitVerdict } from './range.js';
import { type SessionFact, disputedEnd, holderState, hoursSince } from '../core/claim-state.js';
import { type Identity, sameAgent } from '../core/identity.js';
import { messages } from '../messages/index.js';
import { sanitizeLine } from '../term.js';
import { formatProblems } from '../plan/report.js';
import { sortProblems } from '../problems/problems.js';

/** Paths listed per task before the rest are counted. */
const PATHS_PER_TASK = 20;

/** Hits grouped by claim, in the order first met. */
export function byClaim(hits: ClaimHit[]): Map<LiveClaim, ClaimHit[]> {
  const groups = new Map<LiveClaim, ClaimHit[]>();
  for (const hit of hits) {
    const list = groups.get(hit.claim);
    if (list) list.push(hit);
    else groups.set(hit.claim, [hit]);
  }
  return groups;
}

/** Each claim the hits fall under (task, holder, since when, where read), with its paths and patterns. */
export function formatClaimGroups(groups: Map<LiveClaim, ClaimHit[]>, now: Date, ownOther: (claim: LiveClaim) => boolean = () => false, bound: readonly string[] = []): string {
  let out = '';
  for (const [claim, list] of groups) {
    const hours = hoursSince(claim.since, now);
    const since = messages.claimSince(claim.since === null ? null : sanitizeLine(claim.since), hours);
    out += messages.claimGroup(sanitizeLine(claim.task), sanitizeLine(claim.holder), since, `${sanitizeLine(claim.source.label)}: ${sanitizeLine(claim.file)}`, claim.stale);
    if (ownOther(claim)) out += messages.claimOwnOtherTask(bound.map(sanitizeLine));
    for (const hit of list.slice(0, PATHS_PER_TASK)) out += messages.claimPath(sanitizeLine(hit.path), sanitizeLine(hit.pattern));
    if (list.length > PATHS_PER_TASK) out += messages.claimMorePaths(list.length - PATHS_PER_TASK);
  }
  return out;
}

/** What the reports know of the sessions here (pre-commit, pre-push): absent in CI, and then nothing is said of them. */
export interface RotationFacts {
  sessions: SessionFact[];
  idleAfterMinutes: number;
  aliases: Record<string, string[]>;
}

/** The first ways forward for the paused claims among `claims`: continue them in one step. */
export function continueLines(claims: LiveClaim[], now: Date, rotation: RotationFacts | undefined): string {
  if (!rotation) return '';
  let out = '';
  for (const c of claims) {
    const state = holderState({ holder: c.holder, stale: c.stale, sessions: rotation.sessions, now, idleAfterMinutes: rotation.idleAfterMinutes, aliases: rotation.aliases });
    if (state.state === 'paused') out += messages.rotation.continueFirst(sanitizeLine(c.task), sanitizeLine(c.holder), state.why ?? 'idle');
  }
  return out;
}

/** The handovers a decision records, listed (push and CI accept them as recorded, never silently); disputed ones say why. */
export function formatHandovers(handovers: Decision['handovers'] | undefined, commit: string, rotation?: RotationFacts): string {
  if (!handovers || handovers.length === 0) return '';
  let out = messages.rotation.handoversHeading(handovers.length, rotation !== undefined);
  for (const h of handovers) {
    const at = rotation && h.stopped?.session ? disputedEnd(rotation.sessions, h.stopped.session, rotation.idleAfterMinutes) : null;
    out += sanitizeLine(messages.rotation.handoverLine(commit, h.kind, h.task, h.from, h.to, h.stopped?.why ?? null, at ? messages.rotation.disputed(h.from, at) : null).trimEnd()) + '\n';
  }
  return out;
}

export function formatClaimHits(hits: ClaimHit[], identity: Identity, now: Date, blocking: boolean, bypass?: string, rotation?: RotationFacts, bound: readonly string[] = []): string {
  const groups = byClaim(hits);
  const paths = new Set(hits.map((h) => h.path)).size;
  let out = blocking ? messages.claimRefusedHeader(paths) : messages.claimWarningHeader(paths);
  // A claim the committer holds itself refuses only because its change belongs to other tasks.
  const aliases = rotation?.aliases ?? {};
  const ownOther = (c: LiveClaim) => bound.length > 0 && sameAgent(c.holder, identity.name, aliases);
  out += formatClaimGroups(groups, now, ownOther, bound);
  const claims = [...groups.keys()];
  const holders = [...new Set(claims.filter((c) => !ownOther(c)).map((c) => sanitizeLine(c.holder)))];
  const stale = [...new Set(claims.filter((c) => c.stale).map((c) => sanitizeLine(c.task)))];
  const own = [...new Set(claims.filter(ownOther).map((c) => sanitizeLine(c.task)))];
  const first = (own.length > 0 ? messages.claimOwnOtherWay(own) : '') + continueLines(claims.filter((c) => !ownOther(c)), now, rotation);
  // At commit, the last way is the holder's task by name: ask it, or a person hands it over.
  const last = bypass ?? messages.bypassCommit(sanitizeLine(claims.find((c) => !ownOther(c))?.task ?? claims[0]?.task ?? '<task>'));
  out += messages.claimWaysForward(sanitizeLine(identity.name), sanitizeLine(`${identity.source}: ${identity.detail}`), holders.length > 0 ? holders : [sanitizeLine(identity.name)], stale, blocking, last, first);
  return out;
}

/**
 * Everything a decision has to say, for stderr: plan problems, then claim warnings and refusals.
 * `bypass` defaults where a refusal is worded: a decision with nothing to say reads no sentence.
 */
export function formatDecision(decision: Decision, identity: Identity, now: Date, bypass?: string, rotation?: RotationFacts, commit = ''): string {
  let out = '';
  const { errors, warnings } = decision;
  if (errors.length > 0 || warnings.length > 0) {
    out += errors.length > 0 ? messages.planRefusedHeader(errors.length) : messages.planWarningHeader(warnings.length);
    out += formatProblems(sortProblems([...errors, ...warnings]));
    if (errors.length > 0) out += messages.planRefusedFooter();
  }
  if (decision.personOnly?.length) out += messages.personOnlyHeader() + formatProblems(decision.personOnly);
  if (decision.signing?.length) out += messages.signing.refusedHeader() + formatProblems(decision.signing);
  if (decision.claimWarnings.length > 0) out += formatClaimHits(decision.claimWarnings, identity, now, false, undefined, undefined, decision.bound);
  if (decision.refusals.length > 0) out += formatClaimHits(decision.refusals, identity, now, true, bypass, rotation, decision.bound);
  out += formatHandovers(decision.handovers, commit, rotation);
  return out;
}

/** What a verdict says, as printed for people; '' when there is nothing to say. */
export async function formatVerdict(v: CommitVerdict, bypass: string, rotation?: RotationFacts): Promise<string> {
  let report = formatDecision(v.decision, v.identity, v.now, bypass, rotation, v.commit.slice(0, 12));
  if (v.rebasedFrom !== null) report += messages.rangeRebasedFrom(v.rebasedFrom);
  if (v.squashedFrom !== null) report += messages.rangeSquashedFrom(v.squashedFrom.tip, v.squashedFrom.commits);
  if (v.knownPatch !== null) report += messages.rangeKnownPatch(v.knownPatch.commit, v.knownPatch.why);
  if (v.skippedHits.length > 0) report += formatClaimHits(v.skippedHits, v.identity, v.now, false) + messages.rangeRecordedSkip(v.recordedSkips);
  if (v.refusedSkips.length > 0) report += messages.rangeSkipNotAllowed(v.refusedSkips);
  // A contradiction where signing is not required refuses nothing of its own: it is said.
  if (v.signature?.kind === 'contradicted' && !v.decision.signing?.length) report += messages.signing.rangeContradiction(sanitizeLine(v.signature.principal), sanitizeLine(v.signature.recorded));
  return report ? messages.rangeCommitHeader(v.commit, sanitizeLine(v.subject)) + report : '';
}

/** After a range's verdicts: how a refused rebase is judged and the ways forward; '' when no claim refused a commit. */
export const formatRangeAdvice = (verdicts: CommitVerdict[]): string => (verdicts.some((v) => v.decision.refusals.length > 0) ? messages.rangeNewAncestry() : '');
