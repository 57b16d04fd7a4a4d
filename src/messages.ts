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
};
