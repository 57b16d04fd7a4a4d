// The same check over commits already made (pre-push, `check --range`): each commit against its
// first parent, as pre-commit judges the index against HEAD. The facts of each commit (what it
// changes, the plan versions and claims that judge it) come from ../facts/commit.ts; this module
// decides who committed (the record the commit carries), and judges.
//
// A COMMIT IS JUDGED BY THE CLAIMS OF ITS OWN TIME. The claims that count for a commit C are the
// ones visible in its own ancestry, nothing else:
//   - C's own plans (what the commit says: a claim it makes or releases), and its first parent's
//     versions of the plans C changes (as HEAD at commit time);
//   - the base branch as it stood where C's history meets it: the plans at merge-base(C, base);
//   - never the plans of other worktrees, remote-tracking branches or the base branch's tip:
//     those are today's, and a claim made after C never refuses it.
// Staleness is read at C's committer time, but never later than now: a committer who sets
// GIT_COMMITTER_DATE ahead gains nothing, and one who sets it back only makes claims fresher.
// Merges are judged only by what they change relative to EVERY parent (a combined diff): what a
// merge carries in from a parent was judged in the commits that made it, by their own time.
// Who committed: the identity recorded with the commit (the Plan-Agent trailer, ../hooks/
// trailer.ts) when its seal matches the commit's tree; otherwise the commit's author, reported
// as unverified. Never the pusher's environment or git config. No local cache or marker is read
// (claims cache, verified marker): pre-push and CI see exactly what the commits say.
// Rebased and cherry-picked commits are recognised from objects alone, never from a date (the
// author date is whatever `git commit --date` says). A commit that would be refused, and whose
// patch-id (`git patch-id --stable`, ../git/patch-id.ts) equals that of a commit the remote
// already has, carries the same change as that earlier commit: it is judged as that commit is
// judged (by the earlier commit's own ancestry, which is how it was judged at its own push) and
// reported as "rebased from <sha>"; the claims its new ancestry holds are listed as warnings.
// Only where that judgement stands for it: the earlier commit was judged under the claim, or is
// older than it on the same line of history (../core/rebase.ts); a change published first where
// no claim could see it (a root snapshot with no plan) and then cherry-picked is refused.
// What the remote already has is named by the caller (`known`): at pre-push the commits
// reachable from --remotes=<remote> (and the tips the push replaces); in CI what the checkout
// fetched (every remote-tracking branch, the base, and the event's previous head, which the
// template fetches so a force-pushed rebase is recognised). Every other commit is judged by
// its own ancestry, so a rebase of work that was never pushed is new work on its new base: a
// claim that arrived there refuses it (the report says so and how to go on: merge the base in
// instead, or push the work before rebasing it). The earlier commit is judged without looking
// further back: a branch rebased twice over a claim needs its first copy still on the remote.
// Cost: only commits that would otherwise be refused are looked at; the earlier commits are
// looked for among the remote's commits that the checked ones do not have and that touch one of
// their paths (the same change touches the same paths), at most KNOWN_LIMIT of them, and all
// patch-ids come from one diff-tree and one patch-id process (../git/patch-id.ts).
import type { ClaimHit, LiveClaim } from '../core/claims.js';
import { type Laundering, rebaseWitness } from '../core/rebase.js';
import type { CheckName } from '../config/config.js';
import { type CommitFacts, type CommitInfo, readCommitFacts } from '../facts/commit.js';
import { gitQuery, orNull } from '../git/git.js';
import { commitInfosOf } from '../git/log.js';
import { commitsInRange } from '../git/history.js';
import { commitsTouching, patchIds } from '../git/patch-id.js';
import type { Repository } from '../git/repository.js';
import type { Identity } from '../core/identity.js';
import type { Problem } from '../problems/problems.js';
import { planMatcher } from '../plan/discover.js';
import { forkClaims } from './fork.js';
import { judgeSquashed } from './squash.js';
import { installedFileChanges, settingsChanges } from './person-only.js';
import { isAgentIdentity, personOnlyFilesRefusal, personOnlySettingsRefusal } from '../core/person-only.js';
import { CHECKS, type Decision, allowed, check, effectiveModes } from '../core/check.js';
import { recordedSkipsJudged } from '../core/overrides.js';
import { AGENT_TRAILER, BOUND_TRAILER, SKIP_TRAILER, parseAgentTrailer, parseBoundTrailers, parseSkipTrailer } from './trailer.js';
// A commit's identity carries its detail in every verdict, worded or not: from its own area, as
// ../core/identity.ts does, so a judge that passes (the worklog writer's, on most commits) never
// loads the sentences' bundle.
import { identityMessages } from '../messages/identity.js';
import { signingMessages } from '../messages/signing.js';
import { type SigningOutcome, judgeSignature, signingRefused } from '../core/signing.js';
import { isAgentName } from '../core/identity.js';
import { type RangeSigning, readSignatures } from './signing.js';

export interface CommitVerdict {
  commit: string;
  subject: string;
  identity: Identity;
  /** False when the identity is the author's because the commit carries no sealed record. */
  identityRecorded: boolean;
  /** What backs the identity: a verified signature, a recorded trailer (a seal anyone can compute), or nothing (the author). */
  evidence: 'signed' | 'recorded' | 'author';
  /** Checks the commit records as skipped at commit time (Plan-Skip), honoured here. */
  recordedSkips: CheckName[];
  /** Checks the commit records as skipped that are not honoured here (the base's configuration allows no skips: ../core/overrides.ts). */
  refusedSkips: CheckName[];
  /** Claimed paths the recorded skip let through: listed, never refused. */
  skippedHits: ClaimHit[];
  /** The commit the remote already has with the same patch-id, whose judgement this one took. */
  rebasedFrom: string | null;
  /** A commit the remote has with the same patch-id whose judgement does not stand for this one, and why (../core/rebase.ts). */
  knownPatch: { commit: string; why: Laundering } | null;
  /** The remote's branch tip whose commits this one squashes (./squash.ts), and how many they are. */
  squashedFrom: { tip: string; commits: number } | null;
  /** The live claims its own ancestry held for what it changes (what the rebase rule compares). */
  claims: LiveClaim[];
  decision: Decision;
  /** The time the commit is judged at: its committer time, never later than now. */
  now: Date;
  /** What its signature proves, against the base's allowed signers (../core/signing.ts); absent when signing is not set up at the base. */
  signature?: SigningOutcome;
}

/** Commits in `range` (`A..B`, or one revision for all its history), parents first. */
export function commitsIn(range: string, cwd: string): Promise<string[]> {
  return gitQuery(commitsInRange(range), cwd);
}

/** What the remote already has, as the caller sees it (see the top: pre-push and CI). */
export interface KnownToRemote {
  /** Pseudo-options naming refs: `--remotes=origin`, `--remotes`. */
  refs: string[];
  /** Commit ids whose history the remote has (the tips a push replaces, a fetched previous head). */
  commits: string[];
}

export interface RangeOptions {
  /** Checks turned off for every commit (the pusher's recorded override, never CI's). */
  skip?: CheckName[];
  /** The base branch (its tip); defaults to the repository's. */
  base?: { commit: string } | null;
  now?: Date;
  /** The answer to commitsRead(commits), when the caller asked for it with its own reads (null: git failed; read again). */
  infos?: CommitInfo[] | null;
  /** Whether a skip recorded with a commit (Plan-Skip) is honoured: check --range asks the base's configuration (allowSkips); pre-push honours a person's. Default true. */
  allowRecordedSkips?: boolean;
  /** What the remote already has: a refused commit with the patch-id of one of its commits is judged as that commit. None given: every commit by its own ancestry. */
  known?: KnownToRemote;
  /** Signed identity as the range's base has it (./signing.ts signingAt); none: signatures are not read. */
  signing?: RangeSigning | null;
}

/** At most this many of the remote's commits are compared with the refused ones (newest first). */
export const KNOWN_LIMIT = 2000;

export async function checkCommits(repo: Repository, commits: string[], opts: RangeOptions = {}): Promise<CommitVerdict[]> {
  if (commits.length === 0) return [];
  const plans = planMatcher(repo.config);
  const base = opts.base === undefined ? repo.base : opts.base;
  const now = opts.now ?? new Date();
  const gathered = await readCommitFacts(repo, commits, { base, now, trailerKeys: TRAILER_KEYS, infos: opts.infos });
  const rulesModule = gathered.some((g) => g.plans.length > 0) ? await import('./plan-rules.js') : null;
  const [settings, installed, signatures] = await Promise.all([
    settingsChanges(gathered.map((g) => ({ commit: g.commit.commit, parent: g.commit.parents[0] ?? null, changes: g.changes })), repo.root),
    installedFileChanges(gathered.map((g) => ({ key: g.commit.commit, before: g.commit.parents[0] ? `${g.commit.parents[0]}:` : null, after: `${g.commit.commit}:`, changes: g.changes })), repo.root),
    opts.signing ? readSignatures(opts.signing, commits, repo.root) : null,
  ]);

  const verdicts: CommitVerdict[] = [];
  for (const { commit: info, changes: own, plans: planChanges, claims, now: time } of gathered) {
    const read = recordedIdentity(info);
    const { recorded } = read;
    let identity = read.identity;
    // A good signature's principal is the commit's identity (../core/signing.ts).
    const sig = signatures?.get(info.commit);
    const signed = sig
      ? judgeSignature({ signature: sig, recorded: recorded ? identity.name : null, author: { name: info.author, email: sig.authorEmail }, aliases: repo.config.aliases, isAgentName: (n) => isAgentName(n, repo.config) })
      : null;
    if (signed?.name) identity = { name: signed.name, source: 'signature', detail: signingMessages.signing.identitySigned(signed.name) };
    else if (signed?.outcome.kind === 'verified') identity = { ...identity, detail: signingMessages.signing.identitySigned(signed.outcome.principal) };
    const { honoured: recordedSkips, refused: refusedSkips } = recordedSkipsJudged(recordedSkipsOf(info), opts.allowRecordedSkips ?? true);
    const modes = effectiveModes(repo.config.checks, [...(opts.skip ?? []), ...recordedSkips]);
    const coAuthors = info.trailers[CO_AUTHOR_TRAILER] ?? [];
    // A handover is a person's as the person-only rule reads a person: by source, author and co-authors.
    const byAgent = (id: Identity) => isAgentIdentity(id, repo.config, coAuthors);
    const rules = rulesModule && planChanges.length > 0 && (modes.plans !== 'off' || modes.transitions !== 'off')
      ? await rulesModule.loadPlanRules(repo.root, planChanges, { now: time, staleAfterHours: repo.config.staleAfterHours, aliases: repo.config.aliases, ignoreCase: repo.ignoreCase, byAgent })
      : null;
    const bound = parseBoundTrailers(info.trailers[BOUND_TRAILER] ?? []);
    const input = { changes: own, plans: rules ? planChanges : [], rules, identity, bound, claims, config: repo.config, modes, isPlanFile: plans.matches, ignoreCase: repo.ignoreCase, clock: Date.now };
    const decision = check(input);
    const changed = settings.get(info.commit);
    const personOnly = [
      changed ? personOnlySettingsRefusal({ identity, config: changed.before, change: changed.change, coAuthors }) : null,
      personOnlyFilesRefusal({ identity, config: changed?.before ?? repo.config, files: installed.get(info.commit) ?? [], coAuthors }),
    ].filter((p) => p !== null);
    if (personOnly.length > 0) decision.personOnly = personOnly;
    if (signed) {
      // Anyone's claim counts: an unverified identity may be the holder's name, forged.
      const claimed = [...new Set([...decision.refusals, ...decision.ownHits, ...decision.claimWarnings.filter((h) => !h.claim.stale)].map((h) => h.path))];
      const refusal = signingRefused(signed.outcome, opts.signing!.require, claimed) ? signingProblem(signed.outcome, claimed) : null;
      if (refusal) decision.signing = [refusal];
    }
    // What a recorded skip of the claims let through, to list it.
    const skippedHits = recordedSkips.includes('claims') && !(opts.skip ?? []).includes('claims')
      ? check({ ...input, plans: [], rules: null, modes: { plans: 'off', transitions: 'off', claims: repo.config.checks.claims } }).refusals
      : [];
    verdicts.push({ commit: info.commit, subject: info.subject, identity, identityRecorded: recorded, evidence: signed && (signed.outcome.kind === 'verified' || (signed.outcome.kind === 'contradicted' && !signed.outcome.person)) ? 'signed' : recorded ? 'recorded' : 'author', recordedSkips, refusedSkips, skippedHits, rebasedFrom: null, knownPatch: null, squashedFrom: null, claims, decision, now: time, ...(signed ? { signature: signed.outcome } : {}) });
  }
  if (opts.known) await judgeRebased(repo, gathered, verdicts, opts.known, { skip: opts.skip, base, now });
  return verdicts;
}

/**
 * The rebase rule (see the top): each refused non-merge commit whose patch-id equals that of a
 * commit the remote already has takes that commit's judgement when it is allowed and stands for
 * it (../core/rebase.ts: judged under the claim, or older than it on the same line of history;
 * a known patch launders nothing). The earlier commits are judged by their own ancestry alone (no
 * `known`), so nothing chains.
 */
async function judgeRebased(repo: Repository, gathered: CommitFacts[], verdicts: CommitVerdict[], known: KnownToRemote, opts: RangeOptions): Promise<void> {
  const refused = verdicts.flatMap((v, i) => {
    const g = gathered[i]!;
    return g.commit.parents.length <= 1 && g.all.length > 0 && !allowed(v.decision) ? [{ v, path: g.all[0]!.path }] : [];
  });
  if (refused.length === 0) return;
  // The same change touches the same paths: one path of each refused commit narrows the search.
  const query = { ...known, exclude: gathered.map((g) => g.commit.commit), paths: [...new Set(refused.map((r) => r.path))], limit: KNOWN_LIMIT };
  const candidates = await commitsTouching(query, repo.root);
  if (candidates.length === 0) return;
  await judgeByPatch(repo, refused, candidates, opts);
  // Still refused: a squash-merge of a branch the remote has (./squash.ts).
  const parentOf = new Map(gathered.map((g) => [g.commit.commit, g.commit.parents[0]]));
  const still = refused.flatMap(({ v }) => (!allowed(v.decision) && parentOf.get(v.commit) ? [{ v, parent: parentOf.get(v.commit)! }] : []));
  await judgeSquashed(repo, still, known, (commits) => checkCommits(repo, commits, opts));
}

/** The single-commit case: a commit the remote has with the same patch-id. */
async function judgeByPatch(repo: Repository, refused: { v: CommitVerdict }[], candidates: string[], opts: RangeOptions): Promise<void> {
  const ids = await patchIds([...refused.map((r) => r.v.commit), ...candidates], repo.root);
  const byPatch = new Map<string, string[]>();
  for (const c of candidates) {
    const id = ids.get(c);
    if (id) byPatch.set(id, [...(byPatch.get(id) ?? []), c]);
  }
  const matched = refused.flatMap(({ v }) => {
    const earlier = byPatch.get(ids.get(v.commit) ?? '') ?? [];
    return earlier.length > 0 ? [{ v, earlier }] : [];
  });
  if (matched.length === 0) return;
  const judged = new Map((await checkCommits(repo, [...new Set(matched.flatMap((m) => m.earlier))], opts)).map((e) => [e.commit, e]));
  const forks = await forkClaims(repo, matched.flatMap(({ v, earlier }) => earlier.filter((c) => judged.get(c) && allowed(judged.get(c)!.decision)).map((c) => ({ v, earlier: c }))));
  for (const { v, earlier } of matched) {
    let declined: CommitVerdict['knownPatch'] = null;
    for (const c of earlier) {
      const e = judged.get(c);
      if (!e) continue;
      const witness = rebaseWitness(v.decision.refusals, { allowed: allowed(e.decision), claims: e.claims, fork: forks.get(`${v.commit} ${c}`) ?? null }, repo.config.aliases);
      if (witness.accepted) {
        v.decision = { ...e.decision, claimWarnings: [...e.decision.claimWarnings, ...v.decision.refusals] };
        v.rebasedFrom = e.commit;
        declined = null;
        break;
      }
      declined ??= { commit: c, why: witness.why };
    }
    v.knownPatch = declined;
  }
}

/** The refusal of a commit for its signature (where the base requires signing). */
function signingProblem(outcome: SigningOutcome, claimed: string[]): Problem {
  const text = outcome.kind === 'contradicted'
    ? signingMessages.signing.contradicted(outcome.principal, outcome.recorded, outcome.by, outcome.person)
    : signingMessages.signing.required(outcome.kind === 'unverified' ? outcome.status : 'none', outcome.kind === 'unverified' ? outcome.key : null, claimed);
  return { severity: 'error', rule: outcome.kind === 'contradicted' ? 'signature-contradicted' : 'signature-required', file: claimed[0] ?? '', path: '', line: 1, column: 1, ...text };
}

/** An agent's own client names itself there (Claude Code does by default): the person-only rule reads it. */
const CO_AUTHOR_TRAILER = 'Co-authored-by';
const TRAILER_KEYS = [AGENT_TRAILER, SKIP_TRAILER, BOUND_TRAILER, CO_AUTHOR_TRAILER];

/** checkCommits' first read of `commits` (their facts and trailers), for a caller to ask with its own reads and pass as `infos`. */
export const commitsRead = (commits: string[]) => orNull(commitInfosOf(commits, TRAILER_KEYS));

/** The committer as the commit records it (a sealed Plan-Agent trailer), else its author. */
export function recordedIdentity(info: Pick<CommitInfo, 'trailers' | 'tree' | 'author'>): { identity: Identity; recorded: boolean } {
  const agents = info.trailers[AGENT_TRAILER] ?? [];
  const record = agents.length === 1 ? parseAgentTrailer(agents[0]!, info.tree) : null;
  if (record?.sealed) return { identity: { name: record.name, source: record.source as Identity['source'], detail: identityMessages.identityRecorded(AGENT_TRAILER) }, recorded: true };
  return { identity: { name: info.author || 'unknown', source: 'git-author', detail: identityMessages.identityFromAuthor() }, recorded: false };
}

/** The checks the commit records as skipped at commit time (a sealed Plan-Skip), else none. */
export function recordedSkipsOf(info: Pick<CommitInfo, 'trailers' | 'tree'>): CheckName[] {
  const skips = info.trailers[SKIP_TRAILER] ?? [];
  const skipped = skips.length === 1 ? parseSkipTrailer(skips[0]!, info.tree) : null;
  return (skipped ?? []).filter((s): s is CheckName => (CHECKS as readonly string[]).includes(s));
}
