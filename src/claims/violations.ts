// The worklog and status see claims through the same model as pre-commit (src/core/claims.ts):
// plans from one place in, live claims (stale ones flagged) and the paths that cross them out.
import { claimIndex, exemptPath, liveClaims, matchClaims, type LiveClaim, type SourceKind } from '../core/claims.js';
import type { Config } from '../config/config.js';
import type { PlanFile } from '../plan/snapshot.js';

export interface Violation {
  path: string;
  task: string;
  holder: string;
  pattern: string;
}

export function claimsIn(plans: PlanFile[], kind: SourceKind, label: string, now: Date, staleAfterHours: number): LiveClaim[] {
  return liveClaims(plans.map((p) => ({ source: { kind, label }, file: p.path, plan: p.plan })), now, staleAfterHours);
}

/**
 * Paths a commit changed that cross a live, non-stale claim held by someone other than its
 * committer. Recorded after the fact: pre-commit refuses these, so here they mean a bypass or a pick.
 */
export function claimViolations(
  claims: LiveClaim[],
  paths: string[],
  committer: string,
  isPlanFile: (path: string) => boolean,
  config: Pick<Config, 'aliases'>,
  ignoreCase: boolean,
): Violation[] {
  const index = claimIndex(claims.filter((c) => !c.stale), ignoreCase, paths);
  const { others } = matchClaims(paths, index, (p) => exemptPath(p, isPlanFile), { name: committer }, config.aliases, Date.now);
  return others.map((h) => ({ path: h.path, task: h.claim.task, holder: h.claim.holder, pattern: h.pattern }));
}
