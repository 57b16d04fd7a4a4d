// Every user-facing sentence lives here, so wording stays consistent and reviewable in one place.
// Each area adds its own section; keep messages as functions of the facts they print.

export const messages = {
  mainHelp: (commands: string) => `plan-hooks — git hooks that keep coding agents honest

Usage: plan-hooks <command> [options]

Commands:
${commands}

Run 'plan-hooks <command> --help' for a command's options.
Exit codes: 0 success, 1 a check failed or a commit was refused, 2 usage or configuration error.
`,
  unknownCommand: (name: string) =>
    `plan-hooks: unknown command '${name}'. Run 'plan-hooks --help' for the list of commands.\n`,

  // hook
  hookUsage: (names: string) => `Usage: plan-hooks hook <name> [git's arguments]

Runs one hook. The scripts that 'plan-hooks init' installs call this; you rarely need it.
Hooks: ${names}
PLAN_HOOKS=0 skips every hook.
`,
  hookUnknown: (name: string, names: string) => `unknown hook '${name}'. Known hooks: ${names}.`,
  hookFailClosed: (name: string) =>
    name === 'pre-commit'
      ? `plan-hooks refused the commit because its own check failed (above). Fix the cause, or bypass once with 'git commit --no-verify' (recorded in the worklog), or PLAN_HOOKS=0 to skip every hook.\n`
      : `plan-hooks refused the push because its own check failed (above). Fix the cause, or bypass once with 'git push --no-verify'.\n`,

  // worklog, handoff, status, log
  worklogNotRecorded: () =>
    `plan-hooks: this commit is not in the worklog (the commit itself is fine). Run 'plan-hooks status' to see the log, and report the error above if it persists.\n`,
  handoffWarning: (file: string, text: string) => `plan-hooks: ${file}: handoff: ${text}\n`,
  handoffLastCommitMissing: (rev: string) =>
    `lastCommit '${rev}' is not a commit git knows here. Set it to the commit the work builds on (git rev-parse HEAD) or remove it.`,
  handoffLastCommitNotAncestor: (rev: string) =>
    `lastCommit '${rev}' is not in this branch's history. Set it to a commit of this branch (git rev-parse HEAD).`,
  handoffOld: (count: number) =>
    `${count} commit(s) since this plan was last committed: update its handoff when you hand over.`,
  handoffBranchDiffers: (given: string, actual: string | null) =>
    `branch '${given}' but the work is on ${actual ? `'${actual}'` : 'a detached HEAD'}. Update handoff.branch or switch branches.`,
  handoffUncommittedNone: (count: number, sample: string) =>
    `uncommitted says nothing is left, but ${count} path(s) are uncommitted (${sample}). Describe them, or commit or discard them.`,
  handoffUncommittedStale: (path: string) =>
    `uncommitted names '${path}', which has no uncommitted change. Update handoff.uncommitted.`,
  statusUsage: `Usage: plan-hooks status [--json]

Where the work stands: plans and tasks by status, live and stale claims with their age, tasks
ready to start and blocked, each open plan's handoff checked against git, the last commits in
the worklog, commits pre-commit did not verify, and drift (commits since the last handoff that
touch no task). Reads only the tail of the worklog.
`,
  handoffUsage: `Usage: plan-hooks handoff [--write] [--json]

Prints the handoff blocks as they would be generated now from the plans in the working tree:
one in each plan's paired .md, and an aggregate one in the entry files (AGENTS.md, CLAUDE.md, …).
--write puts them into those files (text outside the markers is never touched). A commit that
stages a plan regenerates and stages them by itself.
`,
  logUsage: `Usage: plan-hooks log [--task PLAN/TASK] [--agent NAME] [--since REV|DATE] [--unverified] [--limit N] [--json]

Shows the worklog, newest first: one entry per commit (and per amend or rebase).
  --task        entries that touched this task (plan/task, or a task id)
  --agent       entries made by this identity (aliases count)
  --since       entries after this commit, or after this date (YYYY-MM-DD or ISO time)
  --unverified  commits pre-commit did not check (--no-verify, cherry-picks, rebase picks)
`,
  badOption: (command: string, detail: string) => `${detail}. Run 'plan-hooks ${command} --help' for the options.`,
  logSinceUnknown: (rev: string) => `--since '${rev}' is neither a date (YYYY-MM-DD) nor a commit git knows.`,
  logEmpty: () => 'No worklog entries match.\n',
  statusHeading: (text: string) => `\n${text}`,
  statusNoPlans: (patterns: string) => `No plan files found (looked for ${patterns}). Create one with 'plan-hooks new <name>'.`,
  statusUnreadable: (path: string, reason: string) => `  ! ${path}: skipped, ${reason}. Run 'plan-hooks validate ${path}'.`,
  statusDriftNote: (since: string) => `commits since the last handoff update (${since}) that touch no task:`,
  statusFooter: (file: string) => `\nWorklog: ${file}. More: 'plan-hooks log', 'plan-hooks handoff'.\n`,
  handoffWritten: (files: string[]) => (files.length ? `Wrote the handoff block into ${files.join(', ')}.\n` : 'Every handoff block is already up to date.\n'),
};
