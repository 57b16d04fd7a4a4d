// A force-push that drops a live claim. A claim made on the remote (a `claim --push`, or a
// pushed feature branch) lives in commits; a forced push from a clone that never fetched them
// replaces the branch and the claim is gone without any commit ever changing it, so no check of
// the pushed commits can see it. This compares the branch being overwritten with what replaces it.
//
// THE RULE. Pushing P over the remote's R (R not an ancestor of P: a forced update) drops a claim
// when the claim is live in R's plans (held, not stale, now), was made in the commits the push
// discards (merge-base(R, P) does not have it: a claim already in the shared history that P's own
// commits changed is theirs to answer for, commit by commit), and P does not have it (no version
// of the task in P with a claimedAt as new: a renewal, a takeover, a completion keep or end it
// knowingly). The holder may drop their own claim (it is theirs to release, as pre-commit lets
// them); anyone else is refused at pre-push, and `check --range R..P` in CI reports it. A new
// branch and a fast-forward drop nothing; deleting a branch is not checked.
import { type LiveClaim, type PlanVersion, liveClaims, taskVersions } from '../core/claims.js';
import { parsePlanJson } from '../claims/versions.js';
import { fetchRef, filesAtEach, isAncestor } from '../git/remote.js';
import { gitQueries, gitQuery } from '../git/git.js';
import { mergeBase } from '../git/history.js';
import { authorOf } from '../git/log.js';
import { commitNamed, hasCommit } from '../git/queries.js';
import type { Repository } from '../git/repository.js';
import { planMatcher } from '../plan/discover.js';
import { identityFor } from '../facts/facts.js';
import { sameAgent } from '../core/identity.js';
import { messages } from '../messages/index.js';
import { sanitize } from '../term.js';

const claimedTime = (v: unknown) => (typeof v === 'string' ? Date.parse(v) : Number.NaN);

/** Whether `versions` hold task `claim.task` with a claimedAt at least as new as the claim's (pure). */
function knows(versions: PlanVersion[], claim: LiveClaim): boolean {
  const since = claimedTime(claim.since);
  return versions.some((v) =>
    taskVersions(v).some((t) => t.key === claim.task && (Number.isNaN(since) ? t.task.claimedBy === claim.holder : claimedTime(t.task.claimedAt) >= since)),
  );
}

/** The claims live in `overwritten` that neither the shared history nor the pushed tip has, held by someone other than the pusher (pure). */
export function droppedClaims(p: {
  overwritten: PlanVersion[];
  base: PlanVersion[];
  pushed: PlanVersion[];
  now: Date;
  staleAfterHours: number;
  isPusher: (holder: string) => boolean;
}): LiveClaim[] {
  return liveClaims(p.overwritten, p.now, p.staleAfterHours).filter((c) => !c.stale && !p.isPusher(c.holder) && !knows(p.base, c) && !knows(p.pushed, c));
}

export interface Drop {
  /** The remote ref being overwritten. */
  ref: string;
  claim: LiveClaim;
}

/** The plan versions of each commit (none for null), read together, each with its label. */
async function versionsAt(repo: Repository, at: { commit: string | null; label: string }[]): Promise<PlanVersion[][]> {
  const plans = planMatcher(repo.config);
  const present = at.filter((a): a is { commit: string; label: string } => a.commit !== null);
  const files = await filesAtEach(repo.root, present.map((a) => a.commit), plans.roots, plans.matches);
  return at.map((a) => {
    const i = present.indexOf(a as { commit: string; label: string });
    return i === -1 ? [] : files[i]!.map((f) => ({ source: { kind: 'remote', label: a.label }, file: f.path, plan: parsePlanJson(f.text ?? '') }));
  });
}

/**
 * The claims dropped by replacing `old` with `pushed` on `ref` (see the rule above). `fetch`
 * brings `old` when this clone does not have it (a clone that never fetched); when that fails
 * nothing can be said (null).
 */
export async function dropsOf(
  repo: Repository,
  update: { ref: string; old: string; pushed: string },
  opts: { now: Date; isPusher: (holder: string) => boolean; label: string; fetch?: () => Promise<void> },
): Promise<Drop[] | null> {
  const has = () => gitQuery(hasCommit(update.old), repo.root);
  if (!(await has())) {
    await opts.fetch?.();
    if (!(await has())) return null;
  }
  if (await isAncestor(repo.root, update.old, update.pushed)) return [];
  const base = await gitQuery(mergeBase(update.old, update.pushed), repo.root);
  const [overwritten, shared, pushed] = (await versionsAt(repo, [{ commit: update.old, label: opts.label }, { commit: base, label: 'merge-base' }, { commit: update.pushed, label: 'pushed' }])) as [PlanVersion[], PlanVersion[], PlanVersion[]];
  const claims = droppedClaims({ overwritten, base: shared, pushed, now: opts.now, staleAfterHours: repo.config.staleAfterHours, isPusher: opts.isPusher });
  return claims.map((claim) => ({ ref: update.ref, claim }));
}

const OID = /^[0-9a-f]{40,64}$/;
const ZERO = /^0+$/;

/** The forced-update candidates of a push (pure): git's pre-push lines with both tips present; deletions and new branches drop nothing checked here. */
export function replacedRefs(lines: string[]): { ref: string; old: string; pushed: string }[] {
  const out: { ref: string; old: string; pushed: string }[] = [];
  for (const line of lines) {
    const [, pushed, ref, old] = line.trim().split(' ');
    if (!pushed || !old || !ref || !OID.test(pushed) || !OID.test(old) || ZERO.test(pushed) || ZERO.test(old) || pushed === old) continue;
    out.push({ ref, old, pushed });
  }
  return out;
}

/** pre-push's part: the claims a forced update in this push would drop, and the refs that could not be checked. */
export async function pushDrops(repo: Repository, lines: string[], remote: string, isPusher: (holder: string) => boolean): Promise<{ drops: Drop[]; unchecked: string[] }> {
  const drops: Drop[] = [];
  const unchecked: string[] = [];
  const now = new Date();
  for (const update of replacedRefs(lines)) {
    const label = `${remote} ${update.ref.replace(/^refs\/heads\//, '')}`;
    const fetch = async () => void (await fetchRef(repo.root, remote, update.ref));
    const found = await dropsOf(repo, update, { now, isPusher, label, fetch });
    if (found === null) unchecked.push(update.ref);
    else drops.push(...found);
  }
  return { drops, unchecked };
}

/** What pre-push or check --range says about the drops (empty when there are none). */
export function formatDrops(drops: Drop[], fix: (branch: string, holders: string[]) => string): string {
  if (drops.length === 0) return '';
  const lines = drops.map((d) => messages.droppedClaim(d.claim.source.label, d.claim.task, d.claim.holder, d.claim.since ?? messages.claimSinceUnknown(), d.claim.file));
  const branch = drops[0]!.ref.replace(/^refs\/heads\//, '');
  return sanitize(lines.join('') + fix(branch, [...new Set(drops.map((d) => d.claim.holder))]));
}

/** pre-push: refuses (returns 1) when a forced update of this push drops someone else's live claim. */
export async function refuseDroppedClaims(repo: Repository, lines: string[], remote: string, bypass: string): Promise<number> {
  const pusher = identityFor(repo, []).identity;
  const { drops, unchecked } = await pushDrops(repo, lines, remote, (holder) => sameAgent(holder, pusher.name, repo.config.aliases));
  for (const ref of unchecked) process.stderr.write(sanitize(messages.droppedUnchecked(remote, ref)));
  process.stderr.write(formatDrops(drops, (branch, holders) => messages.droppedClaimFix(remote, branch, holders, bypass)));
  return drops.length > 0 ? 1 : 0;
}

/**
 * check --range A..B: when A is not an ancestor of B (CI's before..after of a forced push), the
 * claims B dropped. The tip's author stands for the pusher (CI has no one else to ask).
 */
export async function rangeDrops(repo: Repository, range: string): Promise<Drop[]> {
  const at = range.indexOf('..');
  if (at <= 0 || range.includes('...')) return [];
  const [from, to] = [range.slice(0, at), range.slice(at + 2) || 'HEAD'];
  const { old, pushed } = await gitQueries({ old: commitNamed(from), pushed: commitNamed(to) }, repo.root);
  if (!old || !pushed) return [];
  const author = await gitQuery(authorOf(pushed), repo.root);
  return (await dropsOf(repo, { ref: from, old, pushed }, { now: new Date(), isPusher: (holder) => sameAgent(holder, author, repo.config.aliases), label: from })) ?? [];
}
