// The worklog entry (schema/worklog.v1.schema.json is the authority; these mirror it), and the
// pure assembly of one from the facts the hooks gather.
import type { Change } from '../git/changes.js';
import type { Identity } from '../core/identity.js';
import type { Transition } from './analyze.js';
import type { Violation } from '../claims/violations.js';

/** What git was doing when the commit was made (from the sequencer state in the git dir). */
export type Operation = 'commit' | 'cherry-pick' | 'revert' | 'rebase' | 'merge';

/** More paths than this are counted, not listed, so one huge commit cannot bloat the log. */
const MAX_CHANGES = 1000;

interface Base {
  v: 1;
  seq: number;
  /** When the entry was written (ISO 8601, UTC). */
  time: string;
  branch: string | null;
  worktree: string;
  identity: Identity;
}

export interface CommitEntry extends Base {
  type: 'commit';
  commit: string;
  parents: string[];
  author: { name: string; email: string };
  committedAt: string;
  subject: string;
  operation: Operation;
  changes: Change[];
  changesOmitted: number;
  tasks: string[];
  transitions: Transition[];
  verified: boolean;
  skippedChecks: string[];
  violations: Violation[];
  /** Plan files that could not be read (not JSON): their tasks are missing from this entry. */
  unreadablePlans: string[];
  /** Found after the fact: no hook ran when this commit was made (./gaps.ts). */
  withoutHooks?: true;
  /** Its facts could not be read from git (the reason); only what the hook kept is here. */
  incomplete?: string;
  /**
   * pre-commit's marker said this exact tree passed, but the commit judged from the object store
   * (as pre-push and CI judge it) does not, or could not be judged: why. Never verified.
   */
  disputed?: string;
}

export interface RewriteEntry extends Base {
  type: 'rewrite';
  kind: 'amend' | 'rebase';
  rewrites: { old: string; new: string }[];
}

/**
 * A push that went past a check because of the pusher's environment (PLAN_HOOKS_SKIP or
 * PLAN_HOOKS=0 on `git push`): who pushed which commits past which checks, and the paths.
 */
export interface OverrideEntry extends Base {
  type: 'override';
  hook: 'pre-push';
  remote: string;
  skipped: string[];
  commits: { commit: string; subject: string; paths: string[] }[];
}

export type WorklogEntry = CommitEntry | RewriteEntry | OverrideEntry;

/** What the hook gathers; the entry adds its place in the log and folds the verification in. */
export type CommitFacts = Omit<CommitEntry, 'v' | 'type' | 'seq' | 'time' | 'changesOmitted' | 'verified' | 'skippedChecks'> & {
  verification: { verified: boolean; skipped: string[] };
};

export function commitEntry(facts: CommitFacts, seq: number, now: Date): CommitEntry {
  return {
    v: 1,
    type: 'commit',
    seq,
    time: now.toISOString(),
    commit: facts.commit,
    parents: facts.parents,
    branch: facts.branch,
    worktree: facts.worktree,
    identity: facts.identity,
    author: facts.author,
    committedAt: facts.committedAt,
    subject: facts.subject,
    operation: facts.operation,
    changes: facts.changes.slice(0, MAX_CHANGES),
    changesOmitted: Math.max(0, facts.changes.length - MAX_CHANGES),
    tasks: facts.tasks,
    transitions: facts.transitions,
    verified: facts.verification.verified,
    skippedChecks: facts.verification.skipped,
    violations: facts.violations,
    unreadablePlans: facts.unreadablePlans,
    ...(facts.withoutHooks ? { withoutHooks: true as const } : {}),
    ...(facts.incomplete !== undefined ? { incomplete: facts.incomplete } : {}),
    ...(facts.disputed !== undefined ? { disputed: facts.disputed } : {}),
  };
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isStr = (v: unknown): v is string => typeof v === 'string';
const isArrOf = (v: unknown, each: (x: unknown) => boolean) => Array.isArray(v) && v.every(each);

/**
 * Whether a parsed worklog line has the shape readers rely on (the file is shared and editable:
 * a line of valid JSON that is not an entry, or a seq that is no safe positive integer, is
 * skipped by every reader and never continues the sequence).
 */
export function isWorklogEntry(v: unknown): v is WorklogEntry {
  if (!isObj(v) || v.v !== 1 || !Number.isSafeInteger(v.seq) || (v.seq as number) < 1 || !isStr(v.time)) return false;
  if (v.branch !== null && v.branch !== undefined && !isStr(v.branch)) return false;
  if (v.identity !== undefined && !(isObj(v.identity) && (v.identity.name === undefined || isStr(v.identity.name)))) return false;
  switch (v.type) {
    case 'commit':
      return (
        isStr(v.commit) &&
        isArrOf(v.parents, isStr) &&
        isStr(v.subject) &&
        isArrOf(v.changes, isObj) &&
        isArrOf(v.tasks, isStr) &&
        (v.transitions === undefined || isArrOf(v.transitions, isObj)) &&
        typeof v.verified === 'boolean' &&
        isArrOf(v.skippedChecks, isStr) &&
        isArrOf(v.violations, isObj)
      );
    case 'rewrite':
      return isStr(v.kind) && isArrOf(v.rewrites, (r) => isObj(r) && isStr(r.old) && isStr(r.new));
    case 'override':
      return isStr(v.remote) && isArrOf(v.skipped, isStr) && isArrOf(v.commits, (c) => isObj(c) && isStr(c.commit) && isStr(c.subject) && isArrOf(c.paths, isStr));
    default:
      return false;
  }
}

/** post-rewrite's stdin: one `old new [extra]` line per rewritten commit. */
export function parseRewrites(stdin: string): { old: string; new: string }[] {
  return stdin
    .split('\n')
    .map((l) => l.trim().split(/\s+/))
    .filter((p) => p.length >= 2 && /^[0-9a-f]{40,64}$/.test(p[0]!) && /^[0-9a-f]{40,64}$/.test(p[1]!))
    .map(([o, n]) => ({ old: o!, new: n! }));
}
