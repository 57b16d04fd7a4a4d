// The facts of a commit in the making: the repository, what the index changes, every live
// claim the hooks can see, and who is committing.
import { type Claims, claimsOf } from '../claims/read.js';
import { diffIndexBase, listIndexPlans, planVersions } from '../claims/versions.js';
import type { Config } from '../config/config.js';
import type { BatchCommand } from '../git/batch.js';
import { type Change, DIFF_INDEX, parseNameStatus } from '../git/changes.js';
import { git } from '../git/git.js';
import { onlyOwnChanges, openRepositoryWith, repositoryReads } from '../git/repository.js';
import { LIST_REMOTE_BRANCHES } from '../remote/remote-claims.js';

export interface Staged extends Claims {
  changes: Change[];
  /** The tree the index would commit (git write-tree), when git could write it. */
  tree: string | null;
}

/** The reads of a commit in the making, beside the repository's own (see readStaged). */
const stagedReads = (tree: boolean) => (config: Config | null): BatchCommand[] => [
  DIFF_INDEX,
  tree ? ['write-tree'] : ['--version'],
  LIST_REMOTE_BRANCHES,
  ...(config ? [listIndexPlans(config), diffIndexBase(config)] : []),
];

/** What the runner reads for pre-commit before node starts (src/git/prefetch.ts). */
export const preCommitReads = (config: Config) => repositoryReads(config, stagedReads(true)(config));

/**
 * Everything pre-commit needs, in one round of git: a batch for the facts, the staged changes,
 * the staged tree, the index's plans and how the base branch's plans differ from them. The
 * plan blobs the claims cache does not hold are then read in one cat-file.
 */
export async function readStaged(cwd = process.cwd(), opts: { tree: boolean } = { tree: true }): Promise<Staged> {
  const { repo, extra, guessed } = await openRepositoryWith(cwd, stagedReads(opts.tree));
  const [diffOut, treeOut, remotes, index, base] = extra;
  // The batch hides git's message; asking again shows it (this only happens when git fails).
  const diff = parseNameStatus(diffOut ?? (await git(DIFF_INDEX, { cwd: repo.root })));
  const now = new Date();
  const listings = guessed ? { index: index ?? null, base: base ?? null, remotes: remotes ?? null } : undefined;
  const [changes, versions] = await Promise.all([onlyOwnChanges(repo, diff), planVersions(repo, diff, listings)]);
  return { ...claimsOf(repo, now, versions), changes, tree: (opts.tree && treeOut?.trim()) || null };
}
