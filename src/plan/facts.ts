// The shell around the pure rules: what git and the file system say about each plan's handoff
// and paired Markdown. Batched (one git call per kind of fact, whatever the number of plans) so
// validating fifty plans costs about what validating one does.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { type Answers, gitQueries } from '../git/git.js';
import { BRANCH_REFS, commitsAmong, ignoreCase as readIgnoreCase } from '../git/queries.js';
import { pairedMarkdownPath } from './paths.js';
import { planValue } from './plan-text.js';
import type { PlanChange, PlanFacts } from '../core/plan-types.js';

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

/** The staged versions of the plans a change touches (the deleted ones have none), as the plan rules check them. */
export const stagedTexts = (plans: readonly PlanChange[]): PlanFileText[] => plans.flatMap((p) => (p.after === null ? [] : [{ path: p.file, text: p.after }]));

/** What the plans' handoffs name, and the git reads their facts need (none when no handoff names a branch or a commit). */
function factReads(plans: readonly PlanFileText[]) {
  const handoffs = plans.map((p) => handoffOf(p.text));
  const commitIds = handoffs.map((h) => (typeof h.lastCommit === 'string' ? (h.lastCommit.trim().split(/\s+/)[0] ?? '') : null));
  const ids = commitIds.filter((id): id is string => id !== null && COMMIT_ID.test(id));
  const queries = { branches: handoffs.some((h) => typeof h.branch === 'string') ? BRANCH_REFS : undefined, commits: ids.length > 0 ? commitsAmong(ids) : undefined };
  return { handoffs, commitIds, queries };
}

/** The git answers gatherPlanFacts needs, asked ahead for the plans whose texts they were asked for. */
export interface PlanFactReads {
  texts: string[];
  answers: Promise<Answers<ReturnType<typeof factReads>['queries']>>;
}

/**
 * Starts gatherPlanFacts' git reads (one shell), for a caller that knows the plans before it
 * validates them: they run while the validator loads.
 */
export function startPlanFactReads(root: string, plans: readonly PlanFileText[]): PlanFactReads {
  const answers = gitQueries(factReads(plans).queries, root, 1);
  // Not awaited when the commit is refused first: a failure then is nobody's error.
  answers.catch(() => {});
  return { texts: plans.map((p) => p.text), answers };
}

/**
 * Facts for each plan, in order. `root` is the repository's working tree, or null outside a
 * repository (then only the paired Markdown is checked). `known.reads`: the same reads, started
 * ahead (startPlanFactReads), used when they were asked for these very texts.
 */
export async function gatherPlanFacts(root: string | null, plans: readonly PlanFileText[], known?: { ignoreCase: boolean; reads?: PlanFactReads }): Promise<PlanFacts[]> {
  const { handoffs, commitIds, queries } = factReads(plans);
  const ahead = known?.reads && known.reads.texts.length === plans.length && plans.every((p, i) => p.text === known.reads!.texts[i]) ? known.reads.answers : null;
  const [ignoreCase, answers] = root ? await Promise.all([known ? known.ignoreCase : readIgnoreCase(root), ahead ?? gitQueries(queries, root)]) : [false, null];
  const branches = answers === null ? null : branchNames(answers.branches ?? []);
  const commits = answers === null ? null : (answers.commits ?? new Set<string>());
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
function branchNames(refs: string[]): Set<string> {
  const names = new Set<string>();
  for (const ref of refs) {
    if (ref.startsWith('refs/heads/')) names.add(ref.slice('refs/heads/'.length));
    else if (ref.startsWith('refs/remotes/')) {
      const short = ref.slice('refs/remotes/'.length);
      names.add(short);
      names.add(short.slice(short.indexOf('/') + 1));
    }
  }
  return names;
}
