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

  // --- enforce (pre-commit claims and refusals, prepare-commit-msg, whoami) ---
  claimRefusedHeader: (count: number) =>
    `plan-hooks: commit refused — it touches ${count} path${count === 1 ? '' : 's'} claimed by another agent's task.\n`,
  claimWarningHeader: (count: number) =>
    `plan-hooks: warning — this commit touches ${count} path${count === 1 ? '' : 's'} claimed by another agent's task (not blocking).\n`,
  claimGroup: (task: string, holder: string, since: string, source: string, stale: boolean) =>
    `\n  task ${task}, held by ${holder} since ${since}${stale ? ' — STALE (no recent log entry)' : ''}\n    (claim read from ${source})\n`,
  claimPath: (path: string, pattern: string) => `    ${path}   ← pattern ${pattern}\n`,
  claimMorePaths: (count: number) => `    … and ${count} more\n`,
  claimSince: (at: string | null, hours: number | null) => (at === null ? 'an unknown time (no claimedAt)' : `${at}${hours === null ? '' : ` (${hours} h ago)`}`),
  claimWaysForward: (identity: string, source: string, holders: string[], staleTasks: string[], blocking: boolean) =>
    `\nYou are committing as ${identity} (from ${source}).\n` +
    (blocking ? 'Ways forward:\n' : 'To settle it:\n') +
    `  - coordinate with ${holders.join(', ')}: ask them to release the task ('plan-hooks release <task>') or leave these files out of this commit (your staged changes are untouched; 'git restore --staged <path>' unstages one)\n` +
    staleTasks.map((t) => `  - the claim on ${t} is stale: take it over with 'plan-hooks claim ${t} --takeover'\n`).join('') +
    `  - if you are ${holders.join(' or ')}, say so: PLAN_HOOKS_AGENT=${holders[0]} git commit … (or 'git config plan-hooks.agent ${holders[0]}' for this worktree)\n` +
    (blocking ? `  - bypass once: git commit --no-verify (recorded in the worklog as unverified; pre-push and CI check it again)\n` : ''),
  planRefusedHeader: (count: number) => `plan-hooks: commit refused — ${count} problem${count === 1 ? '' : 's'} in the staged plans.\n`,
  planWarningHeader: (count: number) => `plan-hooks: ${count} warning${count === 1 ? '' : 's'} in the staged plans.\n`,
  planRefusedFooter: () =>
    `Fix the staged plan and 'git add' it again, or bypass once with 'git commit --no-verify' (recorded in the worklog).\n`,
  skipUnknown: (names: string[], known: string[]) =>
    `plan-hooks: PLAN_HOOKS_SKIP names unknown check${names.length === 1 ? '' : 's'} ${names.join(', ')} (known: ${known.join(', ')}); ignored.\n`,
  skipNotice: (names: string[]) => `plan-hooks: skipping ${names.join(', ')} for this commit (PLAN_HOOKS_SKIP; recorded in the worklog).\n`,
  whoamiUsage: () => `Usage: plan-hooks whoami [--json]

Prints who plan-hooks thinks is committing here, and where that came from. First hit wins:
  1. PLAN_HOOKS_AGENT   2. git config plan-hooks.agent (per worktree too)
  3. the in-progress task bound to this branch (metadata.branch)   4. coding-agent environment markers
  5. the git author (user.name)
`,
  whoamiText: (name: string, source: string, detail: string) => `${name}\n  source: ${source} (${detail})\n`,
  // --- end enforce ---
};
