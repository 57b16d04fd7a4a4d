// A KNOWN PATCH LAUNDERS NOTHING. The range check's rebase rule (src/check/range.ts) lets a
// refused commit take the judgement of a commit the remote already has with the same patch-id.
// That judgement is proof only if the earlier commit was judged under the claim that refuses the
// new one, or under the same plan before that claim existed; otherwise anyone could publish the
// change first where no claim can see it (a root snapshot with no plan, a branch whose history
// dropped the plan) and then cherry-pick it past the holder. So, for every claim that refuses the
// new commit, the earlier commit must be
//   (a) judged under it: its own claims hold the same task by the same holder, claimed no later
//       (claims at least as old as the one in question); or
//   (b) older than it on the same line of history: the two commits' histories meet (a fork point
//       exists) and the fork does not hold the claim yet (it arrived on the new commit's line after
//       the two parted, which is how a rebase of earlier work onto a base that gained it looks).
// What objects cannot tell, this cannot either: a branch made from just before the claim was
// written passes (b) whenever it was made, as an honest branch of that age does.
import type { Config } from '../config/config.js';
import type { ClaimHit, LiveClaim } from './claims.js';
import { sameAgent } from './identity.js';
import { TRANSITION_RULES } from './transitions.js';

/** The earlier commit (the remote's, same patch-id) as its own ancestry judged it, and where its history meets the new commit's. */
export interface EarlierCommit {
  allowed: boolean;
  /** The live claims its own ancestry held for its paths. */
  claims: LiveClaim[];
  /** Where the two histories meet: the claims held there; null when they share no commit. */
  fork: { claims: LiveClaim[] } | null;
}

export type Laundering = 'refused' | 'unrelated' | 'claim-at-fork';

/** Whether the earlier commit's judgement stands for the new one (pure); when not, why, and for which claim. */
export type RebaseWitness = { accepted: true } | { accepted: false; why: Laundering; claim: LiveClaim | null };

const time = (iso: string | null) => (iso === null ? Number.NaN : Date.parse(iso));

/** `held` is the same claim as `claim`, or the same holder's claim on the task made no later (pure). */
export function holdsClaim(held: LiveClaim, claim: LiveClaim, aliases: Config['aliases']): boolean {
  if (held.task !== claim.task || !sameAgent(held.holder, claim.holder, aliases)) return false;
  return held.since === claim.since || time(held.since) <= time(claim.since);
}

/** The rule above, over every claim that refuses the new commit (pure). */
export function rebaseWitness(refusals: ClaimHit[], earlier: EarlierCommit, aliases: Config['aliases']): RebaseWitness {
  if (!earlier.allowed) return { accepted: false, why: 'refused', claim: null };
  for (const claim of new Set(refusals.map((h) => h.claim))) {
    if (earlier.claims.some((c) => holdsClaim(c, claim, aliases))) continue;
    const fork = earlier.fork;
    if (fork === null) return { accepted: false, why: 'unrelated', claim };
    if (fork.claims.some((c) => holdsClaim(c, claim, aliases))) return { accepted: false, why: 'claim-at-fork', claim };
  }
  return { accepted: true };
}

// A SQUASH-MERGE OF A BRANCH THE REMOTE HAS is the same case with many earlier commits: a
// person squash-merges the holder's branch, and the one new commit makes, by patch-id, the
// change of every commit from where the branch left to its tip. Those commits were each judged
// by their own ancestry; when all passed, they stand for the squash as one earlier commit does
// for a rebased one (the same rule above, over the claims they were judged under). Who may change
// a claimed task was decided for each of them; the squash's other plan errors stay its own.
const WHO_RULES: ReadonlySet<string> = new Set([
  TRANSITION_RULES.claimMoved,
  TRANSITION_RULES.claimDropped,
  TRANSITION_RULES.claimedTaskChanged,
  TRANSITION_RULES.continuedLive,
  TRANSITION_RULES.handoverByAgent,
  TRANSITION_RULES.completedByOther,
]);

/** Whether the branch's commits stand for the squash (pure); see above. */
export function squashWitness(
  squash: { refusals: ClaimHit[]; errors: { rule: string }[] },
  branch: { allowed: boolean; claims: LiveClaim[] }[],
  fork: EarlierCommit['fork'],
  aliases: Config['aliases'],
): RebaseWitness {
  if (branch.length === 0 || squash.errors.some((e) => !WHO_RULES.has(e.rule))) return { accepted: false, why: 'refused', claim: null };
  return rebaseWitness(squash.refusals, { allowed: branch.every((c) => c.allowed), claims: branch.flatMap((c) => c.claims), fork }, aliases);
}
