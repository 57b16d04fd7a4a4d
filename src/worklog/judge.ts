// "verified" in the worklog means judged from the commit itself. pre-commit's marker says it
// passed for a tree; but pre-commit read local state (the claims cache) and the index, and both
// can lie: a hand-edited cache hides a claim, a forged marker claims a pass that never ran, a
// step after ours (lint-staged, a second husky line) stages a claimed path once we have decided.
// So the writer judges the commit it records the way pre-push and CI do — check --range's
// per-commit judgement (../check/range.ts), against the commit's own ancestry from the object
// store, by the configuration of its parent — and reads no cache and no marker. It runs in the
// detached writer, never while git waits, and only for a commit whose marker matched its tree
// (any other is unverified already).
import { type Config, DEFAULT_CONFIG, configFromTexts } from '../config/config.js';
import { allowed } from '../core/check.js';
import { checkCommits, commitsRead } from '../check/range.js';
import type { CommitInfo } from '../git/log.js';
import { gitQueries } from '../git/git.js';
import { messages } from '../messages/index.js';
import { BASE_REFS, type Ref, type Repository, baseBranchFrom, configBlobsAt, configTextsOf } from '../git/repository.js';
import type { Violation } from '../claims/violations.js';
import type { Identity } from '../core/identity.js';

export interface Judgement {
  passed: boolean;
  /** Who committed, as the commit records it (its sealed Plan-Agent trailer), else its author. */
  identity: Identity;
  /** Claimed paths the commit changes, held by someone else, as of the commit's time. */
  violations: Violation[];
  /** Plan problems and changes to another's live task that would refuse the commit. */
  problems: string[];
}

/**
 * What the judge reads before the range check: the base branch's candidates, the range check's
 * own first read of the commit, and the configuration files at `parent` (null: a root commit, none). The writer names the parent `<commit>^`, so it
 * asks for these with its own reads, before it knows the parent (a root commit's then fail: unused).
 */
export const judgeReads = (commit: string, parent: string | null) => ({ bases: BASE_REFS, infos: commitsRead([commit]), ...(parent ? { configBlobs: configBlobsAt(parent) } : {}) });

export interface JudgeReads {
  bases: Map<string, Ref>;
  /** The range check's first read of the commit (null: git failed, and the check reads it again). */
  infos?: CommitInfo[] | null;
  /** configBlobsAt(parent)'s answer. */
  configBlobs?: (string | null)[] | undefined;
}

/**
 * The range check's verdict on `commit`, whose first parent is `parent` (null: a root commit).
 * The configuration in force is the parent's (what judged the commit at commit time), whatever
 * HEAD has become since.
 */
export async function judgeCommit(at: { root: string; gitDir: string; ignoreCase: boolean; config: Config }, commit: string, parent: string | null, now: Date, read?: JudgeReads): Promise<Judgement> {
  const { root } = at;
  // One shell: the base branch's candidates and the parent's configuration files (the writer's, when it asked for them).
  const { bases, infos, configBlobs } = read ?? (await gitQueries(judgeReads(commit, parent), root, 1));
  // A root commit had nothing before it: the configuration the writer read judges it.
  let config = at.config;
  if (parent) {
    try {
      config = await configFromTexts(await configTextsOf(configBlobs, parent, root), (file) => `${parent.slice(0, 12)}:${file}`);
    } catch {
      // A broken configuration loosens nothing: the defaults (every check enforcing) judge.
      config = DEFAULT_CONFIG;
    }
  }
  const repo: Repository = {
    root,
    gitDir: at.gitDir,
    config,
    configSource: parent ? `commit ${parent.slice(0, 12)}` : messages.sourceWorkingTree(),
    configProblem: null,
    head: commit,
    branch: null,
    ignoreCase: at.ignoreCase,
    // Identity comes from the commit's own record (range.ts), never from this environment.
    configAgent: null,
    authorName: null,
    otherWorktrees: [],
    base: await baseBranchFrom(bases, config.baseBranch, root),
  };
  const [verdict] = await checkCommits(repo, [commit], { now, infos });
  if (!verdict) throw new Error(messages.worklogCommitUnreadable(commit.slice(0, 12)));
  const { decision } = verdict;
  return {
    passed: allowed(decision),
    identity: verdict.identity,
    violations: decision.refusals.map((h) => ({ path: h.path, task: h.claim.task, holder: h.claim.holder, pattern: h.pattern })),
    problems: decision.errors.map((p) => `${p.file}: ${p.message}`),
  };
}
