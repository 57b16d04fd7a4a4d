// The facts of a commit in the making: the repository, what the index changes, every live
// claim the hooks can see, and who is committing (SPEC §4, the branch source included).
import { type LiveClaim, liveClaims } from '../claims/claims.js';
import type { Change } from '../git/changes.js';
import { type Identity, branchHolder, pickIdentity } from '../identity/identity.js';
import { type Repository, openRepository, planVersions, stagedChanges } from './repository.js';

export interface Claims {
  repo: Repository;
  now: Date;
  claims: LiveClaim[];
  identity: Identity;
}

export interface Staged extends Claims {
  changes: Change[];
}

export function identityOf(repo: Repository, claims: LiveClaim[]): Identity {
  return pickIdentity({
    env: process.env,
    configAgent: repo.configAgent,
    branchHolder: branchHolder(claims, repo.branch, repo.config.aliases),
    authorName: repo.authorName,
    config: repo.config,
  });
}

/** Live claims (index, HEAD, base branch, other worktrees) and the identity they imply. */
export async function readClaims(repo: Repository, now = new Date()): Promise<Claims> {
  const versions = await planVersions(repo, { index: true });
  const claims = liveClaims(versions, now, repo.config.staleAfterHours);
  return { repo, now, claims, identity: identityOf(repo, claims) };
}

export async function readStaged(cwd?: string): Promise<Staged> {
  const repo = await openRepository(cwd);
  const [changes, claims] = await Promise.all([stagedChanges(repo), readClaims(repo)]);
  return { ...claims, changes };
}
