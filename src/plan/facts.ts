// The shell around the pure rules: what git and the file system say about each plan's handoff
// and paired Markdown. Batched (one git call per kind of fact, whatever the number of plans) so
// validating fifty plans costs about what validating one does.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { branchRefs, existingCommits, ignoreCase as readIgnoreCase } from '../git/queries.js';
import { pairedMarkdownPath } from './paths.js';
import { planValue } from './plan-text.js';
import type { PlanFacts } from '../core/plan-types.js';

export interface PlanFileText {
  /** The plan's path, relative to `root` (or to the current directory when there is no root). */
  path: string;
  text: string;
}

/** A commit id that is safe to hand to git: hexadecimal only, so never an option or a revision expression. */
const COMMIT_ID = /^[0-9a-fA-F]{4,64}$/;

function handoffOf(text: string): { branch?: unknown; lastCommit?: unknown } {
  const plan = planValue(text) as { handoff?: unknown } | null;
  const handoff = plan && typeof plan === 'object' ? plan.handoff : undefined;
  return handoff && typeof handoff === 'object' ? handoff : {};
}

/**
 * Facts for each plan, in order. `root` is the repository's working tree, or null outside a
 * repository (then only the paired Markdown is checked).
 */
export async function gatherPlanFacts(root: string | null, plans: readonly PlanFileText[], known?: { ignoreCase: boolean }): Promise<PlanFacts[]> {
  const handoffs = plans.map((p) => handoffOf(p.text));
  const commitIds = handoffs.map((h) => (typeof h.lastCommit === 'string' ? (h.lastCommit.trim().split(/\s+/)[0] ?? '') : null));
  const [ignoreCase, branches, commits] = root
    ? await Promise.all([
        known ? known.ignoreCase : readIgnoreCase(root),
        handoffs.some((h) => typeof h.branch === 'string') ? readBranches(root) : Promise.resolve(new Set<string>()),
        existingCommits(commitIds.filter((id): id is string => id !== null && COMMIT_ID.test(id)), root),
      ])
    : [false, null, null];
  return plans.map((plan, i) => {
    const branch = handoffs[i]!.branch;
    const id = commitIds[i]!;
    return {
      markdownExists: existsSync(resolve(root ?? '.', pairedMarkdownPath(plan.path))),
      lastCommitFound: commits === null || id === null ? null : commits.has(id),
      branchFound: branches === null || typeof branch !== 'string' ? null : branches.has(branch),
      ignoreCase,
    };
  });
}

/** Local branch names, and remote-tracking ones both as `origin/x` and as `x`. */
async function readBranches(root: string): Promise<Set<string>> {
  const names = new Set<string>();
  for (const ref of await branchRefs(root)) {
    if (ref.startsWith('refs/heads/')) names.add(ref.slice('refs/heads/'.length));
    else if (ref.startsWith('refs/remotes/')) {
      const short = ref.slice('refs/remotes/'.length);
      names.add(short);
      names.add(short.slice(short.indexOf('/') + 1));
    }
  }
  return names;
}

