// A squash-merge of a branch the remote has (a person squash-merges the holder's pull request):
// the one new commit makes the change of the branch's commits from where the branch left its
// parent's line to its tip, found by patch-id among the remote's branch tips and the commits the
// caller knows (../check/range.ts's `known`). The branch's commits judged by their own ancestry
// stand for it as ../core/rebase.ts says (squashWitness). Bounded: the SQUASH_TIPS newest tips,
// branches of at most SQUASH_LIMIT commits, a fixed number of git rounds whatever the count.
import { allowed } from '../core/check.js';
import { squashWitness } from '../core/rebase.js';
import { gitQueries } from '../git/git.js';
import { commitsOf, mergeBase } from '../git/history.js';
import { patchIds, patchIdsBetween, remoteTips } from '../git/patch-id.js';
import type { Repository } from '../git/repository.js';
import { forkClaims } from './fork.js';
import type { CommitVerdict, KnownToRemote } from './range.js';

/** At most this many remote branch tips are compared with a refused commit (newest first). */
export const SQUASH_TIPS = 100;
/** A branch of more commits than this is not looked at as a squash. */
export const SQUASH_LIMIT = 500;

/** Each refused commit (with its first parent) that squashes a known branch whose commits stand for it takes their judgement. */
export async function judgeSquashed(repo: Repository, refused: { v: CommitVerdict; parent: string }[], known: KnownToRemote, judge: (commits: string[]) => Promise<CommitVerdict[]>): Promise<void> {
  if (refused.length === 0) return;
  const tips = [...new Set([...(await remoteTips(known.refs, SQUASH_TIPS, repo.root)), ...known.commits])];
  if (tips.length === 0) return;
  const pairs = refused.flatMap((r) => tips.map((tip) => ({ ...r, tip, key: `${r.v.commit} ${tip}` })));
  const forks = await gitQueries(Object.fromEntries(pairs.map((p) => [p.key, mergeBase(p.parent, p.tip)])), repo.root);
  // A tip already in the commit's history was merged before, not squashed here.
  const branches = pairs.flatMap((p) => {
    const fork = forks[p.key] as string | null;
    return fork && fork !== p.tip ? [{ ...p, fork }] : [];
  });
  if (branches.length === 0) return;
  const [own, between] = await Promise.all([patchIds(refused.map((r) => r.v.commit), repo.root), patchIdsBetween(branches, repo.root)]);
  const matched = branches.filter((b) => own.get(b.v.commit) !== undefined && own.get(b.v.commit) === between.get(`${b.tip} ${b.fork}`));
  if (matched.length === 0) return;
  const listed = await gitQueries(Object.fromEntries(matched.map((m) => [m.key, commitsOf([`--max-count=${SQUASH_LIMIT + 1}`, `${m.fork}..${m.tip}`])])), repo.root);
  const commitsOfBranch = new Map(matched.map((m) => [m.key, listed[m.key] as string[]]));
  const judged = new Map((await judge([...new Set([...commitsOfBranch.values()].filter((c) => c.length <= SQUASH_LIMIT).flat())])).map((e) => [e.commit, e]));
  const atFork = await forkClaims(repo, matched.map((m) => ({ v: m.v, earlier: m.tip })));
  for (const m of matched) {
    if (allowed(m.v.decision)) continue;
    const commits = commitsOfBranch.get(m.key)!;
    if (commits.length > SQUASH_LIMIT) continue;
    const branch = commits.map((c) => judged.get(c)).map((e) => (e ? { allowed: allowed(e.decision), claims: e.claims } : { allowed: false, claims: [] }));
    const witness = squashWitness(m.v.decision, branch, atFork.get(m.key) ?? null, repo.config.aliases);
    if (!witness.accepted) continue;
    // Who may change the claimed task was decided for each commit of the branch: listed, not blocking.
    m.v.decision = { ...m.v.decision, errors: [], warnings: [...m.v.decision.warnings, ...m.v.decision.errors.map((e) => ({ ...e, severity: 'warning' as const }))], refusals: [], claimWarnings: [...m.v.decision.claimWarnings, ...m.v.decision.refusals] };
    m.v.squashedFrom = { tip: m.tip, commits: commits.length };
    m.v.knownPatch = null;
  }
}
