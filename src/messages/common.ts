// The CLI itself: the main help, argument errors, git failures every command can meet.

export const commonMessages = {
  /** Each command's line in `plan-hooks --help`, in the order listed there. */
  commandSummaries: {
    init: 'Install the hooks, the Plan State block and the dependencies in this repository',
    uninstall: 'Remove exactly what init added',
    doctor: 'Check that git will really run every hook here',
    new: 'Scaffold docs/<name>-plan.md and docs/<name>-plan.json',
    validate: 'Validate plan files (schema and rules)',
    status: 'Plans, claims, ready tasks, recent commits and drift',
    handoff: 'Print (or --write) the generated handoff blocks',
    claim: 'Claim a task: in-progress, claimedBy, claimedAt',
    release: 'Release a claimed task',
    done: 'Mark a task completed and log it',
    log: 'Show the worklog',
    whoami: 'Print who plan-hooks thinks is committing, and why',
    check: 'Check a range of commits (CI and pre-push)',
    hook: 'Run one hook (called by the installed hook scripts)',
  } as Record<string, string>,
  mainHelp: (commands: string) => `plan-hooks — git hooks that keep coding agents honest

Usage: plan-hooks <command> [options]

Commands:
${commands}

Options:
  --help, -h     this list (or, after a command, its options)
  --version, -v  the version of plan-hooks

Run 'plan-hooks <command> --help' for a command's options.
Exit codes: 0 success, 1 a check failed or a commit was refused, 2 usage or configuration error.
`,
  unknownCommand: (name: string, suggestion: string | null) =>
    `unknown command '${name}'.${suggestion ? ` Did you mean '${suggestion}'?` : ''} Run 'plan-hooks --help' for the list of commands.`,
  unknownOption: (option: string, suggestion: string | null) =>
    `unknown option '${option}'${suggestion ? ` (did you mean '--${suggestion}'?)` : ''}`,
  unexpectedArgument: (arg: string) => `unexpected argument '${arg}': this command takes none`,
  optionNeedsValue: (option: string) => `option '${option}' needs a value`,
  optionTakesNoValue: (option: string) => `option '${option}' takes no value`,
  gitFailed: (command: string, detail: string) => `${command} failed: ${detail}`,
  gitObjectNameNewline: (name: string) => `cannot read an object whose name contains a newline: ${JSON.stringify(name)}`,
  notInWorktree: (cwd: string) => `not inside a git working tree (${cwd}). Run this from inside your repository.`,
  badArguments: (command: string, detail: string, usage: string) =>
    `${detail.replace(/\.$/, '')}.\n${usage.split('\n')[0]}\nRun 'plan-hooks ${command} --help' for the options.`,
};
