// The live claims as the repository has them now (index, HEAD, base branch, other worktrees),
// and who is committing: SPEC §4, the branch-bound task included.
import { type Change, diffIndex } from '../git/changes.js';
import type { Repository } from '../git/repository.js';
import { type Identity, branchHolder, pickIdentity } from '../identity/identity.js';
import { type LiveClaim, type PlanVersion, liveClaims } from './claims.js';
import { planVersions } from './versions.js';

export interface Claims {
  repo: Repository;
  now: Date;
  claims: LiveClaim[];
  identity: Identity;
}

/** SPEC §4 from the repository's facts; a commit already made passes its own author instead. */
export function identityOf(repo: Repository, claims: LiveClaim[], authorName = repo.authorName): Identity {
  return pickIdentity({
    env: process.env,
    configAgent: repo.configAgent,
    branchHolder: branchHolder(claims, repo.branch, repo.config.aliases),
    authorName,
    config: repo.config,
  });
}

/** The claims `versions` hold at `now`, and the identity they imply. */
export function claimsOf(repo: Repository, now: Date, versions: PlanVersion[]): Claims {
  const claims = liveClaims(versions, now, repo.config.staleAfterHours);
  return { repo, now, claims, identity: identityOf(repo, claims) };
}

/** Live claims (index, HEAD, base branch, other worktrees) and the identity they imply. */
export async function readClaims(repo: Repository, changes?: Change[]): Promise<Claims> {
  const now = new Date();
  return claimsOf(repo, now, await planVersions(repo, changes ?? (await diffIndex(repo.root))));
}
