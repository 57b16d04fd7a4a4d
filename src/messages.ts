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

  // --- transitions (plan changes a commit may not make; SPEC §3) and the plan-editing commands ---
  transitionPlanIdChanged: (was: string, now: string) => ({
    message: `planId changed from '${was}' to '${now}'; a plan keeps its id for life (tasks are addressed by it)`,
    fix: `restore "planId": "${was}"; to start a different plan, create a new plan file with 'plan-hooks new'`,
  }),
  transitionCreatedDateChanged: (was: string, now: string) => ({
    message: `createdDate changed from '${was}' to '${now}'; it records when the plan began and never changes`,
    fix: `restore "createdDate": "${was}"; record later changes in lastUpdated and the changelog`,
  }),
  transitionLogEntryChanged: (path: string) => ({
    message: `${path} differs from the entry at HEAD; logs are append-only`,
    fix: 'restore the entry exactly as it was at HEAD and append a new log entry instead of editing',
  }),
  transitionLogEntriesRemoved: (path: string, was: number, now: number) => ({
    message: `${path} has ${now} entries but had ${was} at HEAD; logs are append-only, entries may not be removed`,
    fix: `restore the removed entries (git show HEAD:<file>) and append new entries after them`,
  }),
  transitionItemWithLogRemoved: (item: string, count: number) => ({
    message: `work item '${item}' was removed together with its ${count} log entr${count === 1 ? 'y' : 'ies'}; logs are append-only`,
    fix: `keep work item '${item}' (mark it completed or blocked, and append a log entry saying why)`,
  }),
  transitionClaimMoved: (task: string, holder: string, to: string, since: string, committer: string) => ({
    message: `${task} is claimed by ${holder} (since ${since}, not stale) and this commit by ${committer} gives it to ${to}`,
    fix: `coordinate with ${holder}: they can release it ('plan-hooks release ${task}'), or use 'plan-hooks claim ${task} --takeover' once the claim is stale; if you are ${holder}, declare it (PLAN_HOOKS_AGENT=${holder})`,
  }),
  transitionClaimDropped: (task: string, holder: string, since: string, committer: string) => ({
    message: `${task} is claimed by ${holder} (since ${since}, not stale) and this commit by ${committer} drops the claim`,
    fix: `leave the claim to ${holder}: they release it with 'plan-hooks release ${task}', or use 'plan-hooks claim ${task} --takeover' once it is stale; if you are ${holder}, declare it (PLAN_HOOKS_AGENT=${holder})`,
  }),
  transitionClaimedTaskRemoved: (task: string, holder: string, since: string, committer: string) => ({
    message: `${task}, claimed by ${holder} (since ${since}, not stale), was removed by ${committer}`,
    fix: `restore the task; only ${holder} may remove it while the claim is live (or take it over with 'plan-hooks claim ${task} --takeover' once stale)`,
  }),
  transitionCompletedByOther: (address: string, claimant: string, committer: string) => ({
    message: `${address} is marked completed by ${committer}, but its claimant is ${claimant}`,
    fix: `let ${claimant} complete it ('plan-hooks done ${address}'), or take the claim over first ('plan-hooks claim ${address} --takeover' once stale); if you are ${claimant}, declare it (PLAN_HOOKS_AGENT=${claimant})`,
  }),
  // --- end transitions ---
};
