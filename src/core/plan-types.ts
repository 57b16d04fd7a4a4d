// The plan-state v1 shapes (schema/plan-state.v1.schema.json is the authority; these mirror it).

export const STATUSES = ['not-started', 'in-progress', 'blocked', 'completed'] as const;
export type Status = (typeof STATUSES)[number];

export interface LogEntry {
  date: string;
  summary: string;
  agent?: string;
  metadata?: Record<string, unknown>;
}

export interface Task {
  id: string;
  status: Status;
  notes?: string;
  acceptance?: string;
  files?: string[];
  dependsOn?: string[];
  claimedBy?: string;
  claimedAt?: string;
  externalRef?: string;
  metadata?: Record<string, unknown>;
}

export interface WorkItem {
  id: string;
  title: string;
  status: Status;
  findings: string[];
  tasks: Task[];
  log: LogEntry[];
  kind?: string;
  path?: string;
  notes?: string;
  metadata?: Record<string, unknown>;
}

export interface Handoff {
  nextAction: string;
  branch?: string;
  lastCommit?: string;
  uncommitted?: string;
  verify?: string;
  updatedBy?: string;
  updatedAt?: string;
}

export interface PlanState {
  $schema?: string;
  planId: string;
  title: string;
  lifecycle: 'multi-session' | 'single-pr';
  createdDate: string;
  lastUpdated: string;
  relatedDocs: string[];
  description?: string;
  handoff?: Handoff;
  externalRef?: string;
  metadata?: Record<string, unknown>;
  taskTemplate: { steps: { id: string; description: string; status: Status }[] };
  workItems: WorkItem[];
  changelog: LogEntry[];
}

/**
 * What git and the file system say about one plan, gathered by the shell (src/plan/facts.ts)
 * so the rules stay pure. `null` means "not known here" (no repository, no such field, or the
 * caller did not look) and never produces a warning.
 */
export interface PlanFacts {
  /** The paired `docs/<name>-plan.md` exists next to the plan. */
  markdownExists: boolean | null;
  /** The commit id that `handoff.lastCommit` starts with names a commit in this repository. */
  lastCommitFound: boolean | null;
  /** `handoff.branch` is a local branch or a remote-tracking branch of some remote. */
  branchFound: boolean | null;
  /** core.ignorecase: file patterns compare case-insensitively. */
  ignoreCase: boolean;
}

/** Facts for a plan checked with no repository at hand: every git-aware warning is skipped. */
export const UNKNOWN_FACTS: PlanFacts = { markdownExists: null, lastCommitFound: null, branchFound: null, ignoreCase: false };

/** A plan file the change touches: its text before and after (null where it does not exist). */
export interface PlanChange {
  file: string;
  before: string | null;
  after: string | null;
  /** A merge's: the plan's text at each other parent (null: none there); `before` is the first parent's. */
  others?: (string | null)[];
}
