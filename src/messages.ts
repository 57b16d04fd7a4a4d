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
  // --- transitions (plan changes a commit may not make; SPEC §3) and the plan-editing commands ---
  transitionPlanIdChanged: (was: string, now: string) => ({
    message: `planId changed from '${was}' to '${now}'; a plan keeps its id for life (tasks are addressed by it)`,
    fix: `restore "planId": "${was}"; to start a different plan, create a new plan file with 'plan-hooks new'`,
  }),
  transitionCreatedDateChanged: (was: string, now: string) => ({
    message: `createdDate changed from '${was}' to '${now}'; it records when the plan began and never changes`,
    fix: `restore "createdDate": "${was}"; record later changes in lastUpdated and the changelog`,
  }),
  transitionLogEntryChanged: (log: string, index: number) => ({
    message: `entry ${index} of the ${log} differs from the one at HEAD; logs are append-only`,
    fix: 'restore the entry exactly as it was at HEAD and append a new log entry instead of editing',
  }),
  transitionLogEntriesRemoved: (log: string, was: number, now: number) => ({
    message: `the ${log} has ${now} entr${now === 1 ? 'y' : 'ies'} but had ${was} at HEAD; logs are append-only, entries may not be removed`,
    fix: `restore the removed entries (git show HEAD:<file>) and append new entries after them`,
  }),
  transitionItemWithLogRemoved: (item: string, count: number) => ({
    message: `work item '${item}' was removed together with its ${count} log entr${count === 1 ? 'y' : 'ies'}; logs are append-only`,
    fix: `keep work item '${item}' (mark it completed or blocked, and append a log entry saying why)`,
  }),
  transitionClaimMoved: (task: string, holder: string, to: string, since: string, committer: string) => ({
    message: `${task} is claimed by ${holder} (since ${since}, not stale), and this commit by ${committer} changes claimedBy to ${to}`,
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
  editCompleted: (task: string) => ({
    message: `${task} is already completed`,
    fix: 'nothing to claim or release; add a new task to the plan for further work',
  }),
  editAlreadyDone: (task: string) => ({ message: `${task} is already completed`, fix: 'nothing to do' }),
  editNotClaimed: (task: string) => ({ message: `${task} is not claimed`, fix: `nothing to release; claim it with 'plan-hooks claim ${task}'` }),
  editHeldLive: (task: string, holder: string, since: string, limit: number, takeover: boolean) => ({
    message: `${task} is claimed by ${holder} since ${since}${takeover ? '; the claim is not stale, so it cannot be taken over' : ''}`,
    fix: `coordinate with ${holder}, or pick another task; once the claim is older than ${limit} h with no log entry in its work item, use 'plan-hooks claim ${task} --takeover'. If you are ${holder}, say so: --as ${holder} (or PLAN_HOOKS_AGENT=${holder})`,
  }),
  editHeldStale: (task: string, holder: string, since: string) => ({
    message: `${task} is claimed by ${holder} since ${since}; the claim is stale`,
    fix: `take it over with 'plan-hooks claim ${task} --takeover' (the work item log and the changelog record the handoff)`,
  }),
  editHeldElsewhere: (task: string, holder: string, since: string, where: string) => ({
    message: `${task} is claimed by ${holder} since ${since} in ${where} (not stale)`,
    fix: `coordinate with ${holder}, or pick another task; once the claim is stale, 'plan-hooks claim ${task} --takeover'. If you are ${holder}, say so: --as ${holder} (or PLAN_HOOKS_AGENT=${holder})`,
  }),
  editReleaseHeldLive: (task: string, holder: string, since: string) => ({
    message: `${task} is claimed by ${holder} since ${since} (not stale); only the holder may release it`,
    fix: `ask ${holder} to release it; if you are ${holder}, say so: --as ${holder} (or PLAN_HOOKS_AGENT=${holder})`,
  }),
  editDoneHeld: (task: string, holder: string, since: string, stale: boolean) => ({
    message: `${task} is claimed by ${holder} since ${since}${stale ? ' (stale)' : ''}; only the claimant marks it done`,
    fix: stale
      ? `take the claim over first ('plan-hooks claim ${task} --takeover'), then 'plan-hooks done ${task}'`
      : `let ${holder} finish it; if you are ${holder}, say so: --as ${holder} (or PLAN_HOOKS_AGENT=${holder})`,
  }),
  editNoAcceptance: (task: string) => ({
    message: `${task} has no acceptance check, so "done" could not be verified`,
    fix: 'add "acceptance" to the task (how to check it is done, e.g. "npm test -- export passes"), then run done again',
  }),
  editMalformed: (detail: string) => ({ message: `cannot edit this plan: ${detail}`, fix: "run 'plan-hooks validate' and fix the plan first" }),
  editTakeoverLog: (task: string, actor: string, holder: string, since: string) => ({
    item: `${actor} took over ${task} from ${holder}: the claim, since ${since}, was stale`,
    changelog: `Work on ${task} handed from ${holder} to ${actor} (takeover of a stale claim)`,
  }),
  editDoneLog: (task: string) => `Completed ${task}`,
  editClaimed: (task: string, actor: string) => `claimed ${task} for ${actor}`,
  editRenewed: (task: string, actor: string) => `renewed ${actor}'s claim on ${task}`,
  editTookOver: (task: string, actor: string, holder: string) => `${actor} took over ${task} from ${holder} (logged in the work item and the changelog)`,
  editReleased: (task: string, status: string) => `released ${task} (now ${status})`,
  editDone: (task: string, actor: string) => `marked ${task} completed by ${actor} (logged in the work item)`,
  editConcurrent: (file: string) => `${file} changed while plan-hooks was editing it (another agent?); nothing was written. Run the command again.`,
  editEmptyAs: '--as needs a name, e.g. --as codex',
  editBadArguments: (command: string, detail: string) => `${detail}. Run 'plan-hooks ${command} --help' for usage.`,
  editRefused: (command: string, file: string, message: string, fix: string) =>
    `plan-hooks ${command}: ${file}: ${message}\n  fix: ${fix}\nNothing was changed.\n`,
  editWritten: (file: string, summary: string, reformatted: boolean) =>
    `${file}: ${summary}.${reformatted ? ` (The file's layout was normalized: its indent and line endings are kept, other spacing is not.)` : ''}\nCommit ${file} so other agents see it.\n`,
  editSymlink: (file: string) => `${file}: is a symbolic link; plan-hooks edits only regular files inside the repository`,
  editUnreadable: (file: string, detail: string) => `${file}: cannot read: ${detail}`,
  editNotJson: (file: string, line: number, column: number, detail: string) =>
    `${file}:${line}:${column}: not valid JSON (${detail}); plan-hooks will not edit it until the JSON is fixed`,
  editAmbiguous: (address: string, candidates: string[]) =>
    `task '${address}' is in more than one plan: ${candidates.join(', ')}. Name it as <planId>/<taskId>.`,
  editUnknownTask: (address: string, plans: number, broken: string[]) =>
    `no task '${address}' in the ${plans} plan file${plans === 1 ? '' : 's'} found (config "plans"). ` +
    (broken.length > 0 ? `These could not be searched: ${broken.join('; ')}.` : `Check the id with 'plan-hooks status'; address a task as <planId>/<taskId> or <taskId>.`),
  claimUsage: `Usage: plan-hooks claim <planId/taskId | taskId> [--as NAME] [--takeover]

Claims a task for you: status in-progress, claimedBy, claimedAt (now, UTC), lastUpdated.
Re-claiming your own task renews claimedAt. A task held by someone else — in this plan, in
another worktree's copy of it, or on the base branch — is refused while the claim is live; once it is stale (older than staleAfterHours, default 24 h, with no log entry
in its work item within that time) --takeover takes it over and records the handoff in the
work item's log and the plan's changelog.

Options:
  --as NAME    claim as NAME instead of the detected identity (see 'plan-hooks whoami')
               (without it: PLAN_HOOKS_AGENT, git config plan-hooks.agent, the task bound to
               this branch, a coding-agent marker, then the git author)
  --takeover   take over a stale claim held by someone else

The plan file is rewritten atomically in its own format; commit it with your work.
Exit codes: 0 claimed, 1 refused (held by someone else, completed, unknown task), 2 usage error.
`,
  releaseUsage: `Usage: plan-hooks release <planId/taskId | taskId> [--as NAME] [--status not-started|blocked]

Releases a claim: removes claimedBy and claimedAt and sets the task back to not-started (or
the status given). Only the holder may release a live claim; a stale claim may be released
by anyone. A completed task keeps its claimant and cannot be released.

Options:
  --as NAME          act as NAME instead of the detected identity
  --status STATUS    not-started (default) or blocked

The plan file is rewritten atomically in its own format; commit it with your work.
Exit codes: 0 released, 1 refused, 2 usage error.
`,
  doneUsage: `Usage: plan-hooks done <planId/taskId | taskId> [--as NAME] [--summary TEXT]

Marks a task completed and appends a log entry (date, summary, agent) to its work item.
Refused when the task has no "acceptance" (how to check it is done), and when someone else
holds it here, in another worktree or on the base branch (take a stale claim over first with
'plan-hooks claim <task> --takeover').
An unclaimed task is recorded as completed by you (claimedBy, claimedAt).

Options:
  --as NAME         act as NAME instead of the detected identity
  --summary TEXT    the log entry's summary (default "Completed <planId>/<taskId>")

The plan file is rewritten atomically in its own format; commit it with your work.
Exit codes: 0 done, 1 refused, 2 usage error.
`,
  releaseBadStatus: (status: string) => `--status must be not-started or blocked, not '${status}'`,
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
  claimWaysForward: (identity: string, source: string, holders: string[], staleTasks: string[], blocking: boolean, bypass: string) =>
    `\nYou are committing as ${identity} (from ${source}).\n` +
    (blocking ? 'Ways forward:\n' : 'To settle it:\n') +
    `  - coordinate with ${holders.join(', ')}: ask them to release the task ('plan-hooks release <task>') or leave these files out of this commit (your staged changes are untouched; 'git restore --staged <path>' unstages one)\n` +
    staleTasks.map((t) => `  - the claim on ${t} is stale: take it over with 'plan-hooks claim ${t} --takeover'\n`).join('') +
    `  - if you are ${holders.join(' or ')}, say so: PLAN_HOOKS_AGENT=${holders[0]} git commit … (or 'git config plan-hooks.agent ${holders[0]}' for this worktree)\n` +
    (blocking ? `  - ${bypass}\n` : ''),
  bypassCommit: () => 'bypass once: git commit --no-verify (recorded in the worklog as unverified; pre-push and CI check it again)',
  bypassPush: () => "bypass once: git push --no-verify (CI runs 'plan-hooks check --range' again)",
  bypassRange: () => 'rewrite the commit (git rebase -i) so it leaves the claimed files alone, or settle the claim first',
  rangeCommitHeader: (commit: string, subject: string) => `\n── commit ${commit.slice(0, 12)} ${subject}\n`,
  rangeSummary: (bad: number, total: number) =>
    bad === 0 ? `plan-hooks: ${total} commit${total === 1 ? '' : 's'} checked, all allowed.\n` : `plan-hooks: ${bad} of ${total} commit${total === 1 ? '' : 's'} would have been refused at commit time (above).\n`,
  checkUsage: () => `Usage: plan-hooks check --range <A..B> [--json]

Runs pre-commit's checks (plans, transitions, claims) over each commit in the range, each
against its first parent, at its own commit time. For CI and pre-push, where --no-verify
cannot reach. Exit 1 when a commit would have been refused.
PLAN_HOOKS_SKIP=claims,plans,transitions skips named checks.
`,
  claimsTooCostly: (ms: number, paths: number) =>
    `matching the staged paths against the claims' file patterns took more than ${ms / 1000} s (after ${paths} paths); a plan lists too many patterns that start with a wildcard. Narrow the 'files' patterns (give them a directory prefix), or commit fewer paths at once.`,
  checkNeedsRange: () => "give the commits to check: plan-hooks check --range origin/main..HEAD",
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
  // ---- plan validation: validate, new, the plan rules and the config file (src/plan, src/config) ----
  plan: {
    jsonSyntax: (detail: string) => ({
      message: `not valid JSON: ${detail}`,
      fix: 'Fix the JSON at this line and column; nothing else in the plan is checked until it parses.',
    }),
    notObject: { message: 'the plan must be a JSON object', fix: 'Start from a template: plan-hooks new <name> writes a valid pair.' },
    required: (field: string, where: string) => ({
      message: `${where} is missing the required field "${field}"`,
      fix: `Add "${field}" to ${where}.`,
    }),
    unknownKey: (key: string, where: string, allowed: string[], hasMetadata: boolean) => ({
      message: `unknown key "${key}" in ${where}`,
      fix: hasMetadata
        ? `Fix the spelling, or move your own data into the "metadata" object here. Allowed keys: ${allowed.join(', ')}.`
        : `Fix the spelling or remove it. Allowed keys: ${allowed.join(', ')}.`,
    }),
    notOneOf: (value: string, what: 'status' | 'lifecycle', allowed: readonly string[]) => ({
      message: `${value} is not a ${what}; the ${what === 'status' ? 'statuses' : 'lifecycles'} are ${allowed.join(', ')} and nothing else`,
      fix: `Use one of: ${allowed.join(', ')}.`,
    }),
    wrongType: (expected: string, found: string) => ({
      message: `must be ${expected}, but it is ${found}`,
      fix: `Write ${expected} here.`,
    }),
    emptyList: (what: string) => ({
      message: `must not be empty`,
      fix: `Add at least one ${what}.`,
    }),
    emptyText: { message: 'must not be an empty string', fix: 'Write the value, or remove the key if it is optional.' },
    badId: (value: string) => ({
      message: `${value} is not a valid id`,
      fix: "Use 1 to 100 letters, digits, '.', '_' or '-', starting with a letter or digit (no '/' or spaces); dependsOn may also say <planId>/<taskId>.",
    }),
    badFinding: (value: string) => ({
      message: `the finding ${value} does not start with its kind`,
      fix: 'Start it with "observed:", "measured:" or "estimated:", then say where it came from, e.g. "Measured: the list call takes 4 s, with curl, on 2026-01-15".',
    }),
    badExternalRef: (value: string) => ({
      message: `${value} is not a GitHub or Jira reference`,
      fix: 'Use owner/repo#123, https://github.com/owner/repo/issues/123 (or /pull/123), ABC-123, or https://<site>.atlassian.net/browse/ABC-123.',
    }),
    badDate: (value: string, form: 'date' | 'date-time' | 'date or date-time') => ({
      message: `${value} is not a valid ${form}`,
      fix:
        form === 'date'
          ? 'Write a real calendar day as YYYY-MM-DD, e.g. 2026-01-15.'
          : form === 'date-time'
            ? 'Write an ISO 8601 date-time with a time zone, e.g. 2026-01-16T09:30:00Z.'
            : 'Write YYYY-MM-DD (e.g. 2026-01-15) or a date-time with a time zone (e.g. 2026-01-16T09:30:00Z).',
    }),
    schemaOther: (detail: string) => ({ message: detail, fix: 'Make the value match plan-state v1 (schema/plan-state.v1.schema.json).' }),

    duplicateId: (kind: string, id: string, firstPath: string) => ({
      message: `duplicate ${kind} id "${id}" (first used at ${firstPath})`,
      fix: `Give each ${kind} its own id; ${kind === 'task' ? 'task ids must be unique within the whole plan, since a task is addressed as <planId>/<taskId>' : 'ids must be unique within their list'}.`,
    }),
    unknownDependency: (task: string, dep: string) => ({
      message: `${task} depends on "${dep}", which is not a task in this plan`,
      fix: 'Name the id of a task in this plan (or <planId>/<taskId> with this plan\'s id), or remove the entry.',
    }),
    dependencyCycle: (cycle: string[]) => ({
      message: `dependency cycle: ${cycle.join(' → ')}`,
      fix: 'Remove one of these dependsOn entries so the tasks can be done in some order.',
    }),
    claimedInFuture: (task: string, claimedAt: string) => ({
      message: `${task} was claimed at ${claimedAt}, which is in the future`,
      fix: 'Write the time the claim was made, with its time zone (e.g. date -u +%Y-%m-%dT%H:%M:%SZ).',
    }),
    patternEscapes: (pattern: string, why: string) => ({
      message: `the files pattern "${pattern}" leaves the repository: ${why}`,
      fix: "Write a path relative to the repository root, without '..', '~' or a leading '/'.",
    }),
    invalidPattern: (pattern: string, why: string) => ({
      message: `the files pattern "${pattern.length > 80 ? `${pattern.slice(0, 80)}…` : pattern}" is not usable: ${why}`,
      fix: 'Write a repository-relative path or glob (a directory covers what is under it; * and ? stay within one segment; ** spans segments).',
    }),

    completedWithoutLog: (task: string, item: string) => ({
      message: `${task} is completed but work item ${item} has no log entry`,
      fix: `Append a log entry to work item ${item} saying what was done: { "date": "YYYY-MM-DD", "summary": "…" }.`,
    }),
    inProgressWithoutClaim: (task: string) => ({
      message: `${task} is in-progress but has no claimedBy`,
      fix: 'Set claimedBy (who works on it) and claimedAt, e.g. plan-hooks claim <planId>/<taskId>, or set the status back to not-started.',
    }),
    missingHandoff: (item: string) => ({
      message: `multi-session plan has an in-progress or blocked item (${item}) but no handoff`,
      fix: 'Add "handoff": { "nextAction": "…", "branch": "…", "lastCommit": "…", "verify": "…" } so the next session knows where to start.',
    }),
    dependencyNotCompleted: (task: string, dep: string, status: string) => ({
      message: `${task} is in-progress but its dependency ${dep} is ${status}`,
      fix: `Finish ${dep} first, or set ${task} back to not-started (or blocked), or remove the dependency if it no longer holds.`,
    }),
    completedWithoutAcceptance: (task: string) => ({
      message: `${task} is completed but has no acceptance`,
      fix: 'Add "acceptance": how to check that the task is done (a command, a test, an observable result).',
    }),
    overlappingFiles: (task: string, pattern: string, other: string, otherPattern: string) => ({
      message: `${task} and ${other} are both in-progress and their files overlap ("${pattern}" and "${otherPattern}")`,
      fix: 'Split the files so each in-progress task owns its own, or finish or block one of the two tasks first.',
    }),
    staleClaim: (task: string, holder: string, hours: number, limit: number, item: string) => ({
      message: `${task} is claimed by ${holder} since ${hours} h ago with no log entry in work item ${item} within ${limit} h: the claim is stale`,
      fix: `If ${holder} is still on it, append a log entry to work item ${item}; otherwise another agent may take it over (plan-hooks claim <planId>/<taskId> --takeover).`,
    }),
    itemStatusMismatch: (item: string, status: string, detail: string) => ({
      message: `work item ${item} is ${status} but ${detail}`,
      fix: 'Make the work item status agree with its tasks (completed only when every task is; not-started only when none has started).',
    }),
    handoffCommitUnknown: (value: string) => ({
      message: `handoff.lastCommit ${value} does not name a commit git can find here`,
      fix: 'Start it with the id of the last commit (git log -1 --format="%h %s"), or fetch the branch that has it.',
    }),
    handoffBranchUnknown: (branch: string) => ({
      message: `handoff.branch "${branch}" is not a local or remote-tracking branch here`,
      fix: 'Write the branch the work is on (git branch --show-current), or fetch it (git fetch).',
    }),
    missingMarkdown: (md: string) => ({
      message: `the paired Markdown ${md} is missing`,
      fix: `Create ${md} (why: the problem, the decisions, the risks, how to undo); plan-hooks new <name> writes both files.`,
    }),
  },
};
