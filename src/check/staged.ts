// The facts of a commit in the making: the repository, what the index changes, every live
// claim the hooks can see, and who is committing (SPEC §4, the branch source included).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { type LiveClaim, liveClaims } from '../claims/claims.js';
import { loadConfig } from '../config/config.js';
import type { Change } from '../git/changes.js';
import { type Identity, branchHolder, pickIdentity } from '../identity/identity.js';
import { type Repository, diffIndex, listIndexPlans, onlyOwnChanges, openRepository, planVersions } from './repository.js';

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

function claimsOf(repo: Repository, now: Date, versions: Awaited<ReturnType<typeof planVersions>>): Claims {
  const claims = liveClaims(versions, now, repo.config.staleAfterHours);
  return { repo, now, claims, identity: identityOf(repo, claims) };
}

/** Live claims (index, HEAD, base branch, other worktrees) and the identity they imply. */
export async function readClaims(repo: Repository, changes?: Change[]): Promise<Claims> {
  const now = new Date();
  return claimsOf(repo, now, await planVersions(repo, changes ?? (await diffIndex(repo.root))));
}

/** The index's plan listing for a guessed root; any failure just means "no guess". */
function speculativeListing(root: string): Promise<string | null | undefined> {
  try {
    return listIndexPlans(root, loadConfig(root)).catch(() => undefined);
  } catch {
    return Promise.resolve(undefined);
  }
}

/**
 * Everything pre-commit needs. Git runs hooks at the top of the working tree, so the index's
 * plan listing starts at once, alongside the repository facts, on the guess that the current
 * directory is the root; a wrong guess only costs a second listing.
 */
export async function readStaged(cwd = process.cwd()): Promise<Staged> {
  const guess = existsSync(join(cwd, '.git')) ? cwd : null;
  const [repo, diff, listing] = await Promise.all([
    openRepository(cwd),
    diffIndex(cwd),
    guess === null ? undefined : speculativeListing(guess),
  ]);
  const now = new Date();
  const [changes, versions] = await Promise.all([
    onlyOwnChanges(repo, diff),
    planVersions(repo, diff, repo.root === guess ? listing : undefined),
  ]);
  return { ...claimsOf(repo, now, versions), changes };
}
