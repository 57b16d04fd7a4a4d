// `status` and `log` (src/status, src/commands/status.ts, src/commands/log.ts).
import { run } from './run.js';

export const statusMessages = {
  /** The headings of `status`, in order. */
  statusSections: { plans: 'Plans', claims: 'Claims', recent: 'Recent commits', drift: 'Drift' },
  /** `plan-hooks --help`'s line for status; its --help follows. */
  statusPurpose: 'Plans, claims, ready tasks, recent commits and drift',
  statusUsage: `Usage: plan-hooks status [--json | --watch]

Where the work stands: plans and tasks by status, live and stale claims with their age, tasks
ready to start and blocked, each open plan's handoff checked against git, the last commits in
the worklog, commits pre-commit did not verify, and drift (commits since the last handoff that
touch no task). Reads only the tail of the worklog.
  --watch  the same, redrawn in place when a commit, a session or a plan changes in any
           worktree (q or Ctrl-C quits)
`,
  /** `plan-hooks --help`'s line for log; its --help follows. */
  logPurpose: 'Show the worklog',
  logUsage: `Usage: plan-hooks log [--task PLAN/TASK] [--agent NAME] [--since REV|DATE] [--unverified] [--limit N] [--json]

Shows the worklog, newest first: one entry per commit (and per amend or rebase).
  --task        entries that touched this task (plan/task, or a task id)
  --agent       entries made by this identity (aliases count)
  --since       entries after this commit, or after this date (YYYY-MM-DD or ISO time)
  --unverified  commits pre-commit did not check (--no-verify, cherry-picks, rebase picks)
`,
  logBadLimit: (value: string) => `--limit must be a whole number, not '${value}'`,
  logSinceUnknown: (rev: string) => `--since '${rev}' is neither a date (YYYY-MM-DD) nor a commit git knows.`,
  logEmpty: () => 'No worklog entries match.\n',
  statusHeading: (text: string) => `\n${text}`,
  statusOn: (branch: string | null, head: string | null) => `On ${branch ?? 'a detached HEAD'} at ${head ?? '(no commits yet)'}`,
  statusPlan: (path: string, title: string, counts: string, open: boolean) => `  ${path} — ${title} (${counts}${open ? '' : '; all done'})`,
  statusWaitingOn: (tasks: string[]) => (tasks.length ? `waiting on ${tasks.join(', ')}` : 'marked blocked'),
  statusNoHandoff: () => `    handoff: none`,
  statusNone: () => '  none',
  statusNoneRecorded: () => '  none recorded yet',
  statusClaim: (task: string, holder: string, since: string, age: string, state: string, source: string, files: string) =>
    `  ${task} — ${holder} since ${since} (${age}, ${state}, in ${source}) ${files}`,
  statusClaimState: (stale: boolean) => (stale ? 'stale: can be taken over' : 'live'),
  statusUnverifiedHeading: (scanned: number) => `Unverified commits (last ${scanned} entries)`,
  statusDisputed: (count: number) =>
    `Commits that passed pre-commit but not the check of the commit itself: ${count} (local state disagreed with the commit: a tampered claims cache or verified marker, or a path staged after the check). pre-push and CI refuse each of them:`,
  statusMore: (count: number, command?: string) => `  … and ${count} more${command ? `: ${command}` : ''}`,
  statusNoPlans: (patterns: string) => `No plan files found (looked for ${patterns}). Create one with '${run()} new <name>'.`,
  statusUnreadable: (path: string, reason: string) => `  ! ${path}: skipped, ${reason}. Run '${run()} validate ${path}'.`,
  statusDriftNote: (since: string) => `commits since the last handoff update (${since}) that touch no task:`,
  statusFooter: (file: string) => `\nWorklog: ${file}. More: '${run()} log', '${run()} handoff'.\n`,
};
