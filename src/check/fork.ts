// Where a refused commit's history meets an earlier commit's (the rebase rule's fork point,
// ../core/rebase.ts), and the claims held there for the plans of the claims that refuse it.
import { type LiveClaim, liveClaims } from '../core/claims.js';
import { parsePlanJson } from '../claims/versions.js';
import { gitQueries } from '../git/git.js';
import { mergeBase } from '../git/history.js';
import { blobAt } from '../git/queries.js';
import type { Repository } from '../git/repository.js';
import type { CommitVerdict } from './range.js';

/**
 * For each (refused commit, earlier commit) pair: the claims held where their histories meet,
 * from the plan files of the claims that refuse the new commit; no entry when they share no
 * commit. Two rounds of git whatever the count: the merge-bases, then the plans there.
 */
export async function forkClaims(repo: Repository, pairs: { v: Pick<CommitVerdict, 'commit' | 'decision' | 'now'>; earlier: string }[]): Promise<Map<string, { claims: LiveClaim[] }>> {
  const key = (p: { v: { commit: string }; earlier: string }) => `${p.v.commit} ${p.earlier}`;
  const bases = await gitQueries(Object.fromEntries(pairs.map((p) => [key(p), mergeBase(p.v.commit, p.earlier)])), repo.root);
  const reads = pairs.flatMap((p) => {
    const fork = bases[key(p)] as string | null;
    return fork ? [...new Set(p.v.decision.refusals.map((h) => h.claim.file))].map((file) => ({ p, fork, file })) : [];
  });
  const texts = await gitQueries(Object.fromEntries(reads.map((r, i) => [String(i), blobAt(r.fork, r.file)])), repo.root);
  const forks = new Map<string, { claims: LiveClaim[] }>();
  for (const p of pairs) if (bases[key(p)]) forks.set(key(p), { claims: [] });
  reads.forEach((r, i) => {
    const text = texts[String(i)] as string | null;
    if (text === null) return;
    const version = { source: { kind: 'base' as const, label: r.fork.slice(0, 12) }, file: r.file, plan: parsePlanJson(text) };
    forks.get(key(r.p))!.claims.push(...liveClaims([version], r.p.v.now, repo.config.staleAfterHours));
  });
  return forks;
}
