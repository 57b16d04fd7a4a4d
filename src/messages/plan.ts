// Plans: the validation problems (schema and rules), the transitions a commit may not make, `validate` and `new` (src/plan).
import { plural } from './plural.js';
import { run } from './run.js';

export const planMessages = {
  /** What a work item's tasks say of its status (plan rule item-status). */
  itemTasksNotCompleted: (tasks: string[]) => `these tasks are not completed: ${tasks.join(', ')}`,
  itemTasksAllCompleted: () => 'every task is completed',
  itemTasksStarted: (tasks: string[]) => `these tasks have started: ${tasks.join(', ')}`,
  /** Where a rewritten log is (transition rule). */
  itemLog: (item: string) => `log of work item '${item}'`,
  /** Why parsed JSON is not a plan to a lenient reader. */
  notAPlan: (why: 'notObject' | 'noIds' | 'itemWithoutTasks') =>
    why === 'notObject' ? 'not a JSON object' : why === 'noIds' ? 'no planId or workItems' : 'a work item without tasks',
  /** How a schema problem names the object it is in. */
  schemaLevel: {
    plan: 'the plan',
    taskTemplate: 'taskTemplate',
    step: 'this taskTemplate step',
    workItem: 'this work item',
    task: 'this task',
    handoff: 'the handoff',
    logEntry: 'this log entry',
  },
  /** Why a lenient reader skips a plan: the same message validate gives, with its place. */
  planTextReason: (message: string, line: number, column: number) => `${message} (line ${line}, column ${column})`,
  transitionPlanIdChanged: (was: string, now: string) => ({
    message: `planId changed from '${was}' to '${now}'; a plan keeps its id for life (tasks are addressed by it)`,
    fix: `restore "planId": "${was}"; to start a different plan, create a new plan file with '${run()} new'`,
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
    message: `the ${log} has ${plural(now, 'entry', 'entries')} but had ${was} at HEAD; logs are append-only, entries may not be removed`,
    fix: `restore the removed entries (git show HEAD:<file>) and append new entries after them`,
  }),
  transitionItemWithLogRemoved: (item: string, count: number) => ({
    message: `work item '${item}' was removed together with its ${plural(count, 'log entry', 'log entries')}; logs are append-only`,
    fix: `keep work item '${item}' (mark it completed or blocked, and append a log entry saying why)`,
  }),
  transitionClaimMoved: (task: string, holder: string, to: string, since: string, committer: string) => ({
    message: `${task} is claimed by ${holder} (since ${since}, not stale), and this commit by ${committer} changes claimedBy to ${to}`,
    fix: `if ${holder}'s sessions have stopped, continue it in one step: '${run()} claim ${task} --continue' (it records the handover this commit needs); otherwise coordinate with ${holder}: they can release it ('${run()} release ${task}') or hand it over themselves; or wait until the claim is stale and use '${run()} claim ${task} --takeover'; or ask the human who runs the agents`,
  }),
  transitionClaimedTaskChanged: (task: string, holder: string, since: string, committer: string, fields: string[]) => ({
    message: `${task} is claimed by ${holder} (since ${since}, not stale), and this commit by ${committer} changes it (${fields.join(', ')}); only the holder changes a task while its claim is live`,
    fix: `restore the task as it is at HEAD (git show HEAD:<file>) and commit your edit without it; coordinate with ${holder} (they change, complete or release it), or wait until the claim is stale and use '${run()} claim ${task} --takeover'; or ask the human who runs the agents`,
  }),
  transitionClaimedPlanRemoved: (task: string, holder: string, since: string, committer: string) => ({
    message: `this commit by ${committer} deletes the plan that holds ${task}, claimed by ${holder} (since ${since}, not stale)`,
    fix: `restore the plan ('git restore --staged --worktree <file>' or 'git checkout HEAD -- <file>'); coordinate with ${holder}, or wait until the claim is stale and use '${run()} claim ${task} --takeover'; or ask the human`,
  }),
  planIdReused: (planId: string, other: string) => ({
    message: `planId '${planId}' is also the planId of ${other}; a task is known as <planId>/<taskId> across all plans, so two plans may not share one`,
    fix: `give this plan its own planId (e.g. the file's name), or move its work items into ${other}`,
  }),
  transitionClaimedTaskRemoved: (task: string, holder: string, since: string, committer: string) => ({
    message: `${task}, claimed by ${holder} (since ${since}, not stale), was removed by ${committer}`,
    fix: `restore the task; only ${holder} may remove it while the claim is live (or take it over with '${run()} claim ${task} --takeover' once stale)`,
  }),
  transitionCompletedByOther: (address: string, claimant: string, committer: string) => ({
    message: `${address} is marked completed by ${committer}, but its claimant is ${claimant}`,
    fix: `let ${claimant} complete it ('${run()} done ${address}'), or take the claim over first ('${run()} claim ${address} --takeover' once stale); or ask the human who runs the agents`,
  }),
  plan: {
    jsonSyntax: (detail: string) => ({
      message: `not valid JSON: ${detail}`,
      fix: 'Fix the JSON at this line and column; nothing else in the plan is checked until it parses.',
    }),
    notUtf8: (byteOffset: number, byte: number | null) => ({
      message: `the file is not UTF-8: ${byte === null ? 'the text' : `byte 0x${byte.toString(16).padStart(2, '0')}`} at byte offset ${byteOffset} is not valid UTF-8`,
      fix: 'Save the plan as UTF-8 (for a Latin-1 file: iconv -f latin1 -t utf-8 <file> > <file>.new, then move it into place).',
    }),
    tooDeep: (max: number) => ({
      message: `objects and arrays are nested more than ${max} deep here`,
      fix: `Flatten this value: a plan needs a few levels, and no plan-hooks reader follows more than ${max}.`,
    }),
    duplicateKey: (key: string, first: { line: number; column: number }) => ({
      message: `the key ${JSON.stringify(key)} appears twice in this object (first at line ${first.line}, column ${first.column})`,
      fix: 'Keep one of the two: plan-hooks reads the last one, as JSON.parse does, and other tools may read the first.',
    }),
    notObject: { message: 'the plan must be a JSON object', fix: `Start from a template: ${run()} new <name> writes a valid pair.` },
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
    negatedPattern: (pattern: string) => ({
      message: `the files pattern "${pattern.length > 80 ? `${pattern.slice(0, 80)}…` : pattern}" starts with '!': plan-hooks files patterns have no negation, so it is read as the literal path "${pattern.length > 80 ? `${pattern.slice(0, 80)}…` : pattern}" and claims nothing else`,
      fix: "List only what the task covers (narrower patterns instead of a broad one with exceptions); a file whose name really starts with '!' can stay as it is.",
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
      fix: `Set claimedBy (who works on it) and claimedAt, e.g. with ${run()} claim ${task}, or set the status back to not-started.`,
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
    staleClaim: (task: string, holder: string, claimedAt: string, hours: number, limit: number, item: string) => ({
      message: `${task} was claimed by ${holder} ${hours} h ago (${claimedAt}) and work item ${item} has no log entry within ${limit} h: the claim is stale`,
      fix: `If ${holder} is still on it, append a log entry to work item ${item}; otherwise another agent may take it over: ${run()} claim ${task} --takeover.`,
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
      fix: `Create ${md} (why: the problem, the decisions, the risks, how to undo); ${run()} new <name> writes both files.`,
    }),
  },
  /** `plan-hooks --help`'s line for validate; its --help follows. */
  validatePurpose: 'Validate plan files (schema and rules)',
  validateUsage: `Usage: plan-hooks validate [files…] [--strict] [--json]

Checks plan files (docs/<name>-plan.json) against plan-state v1 and the plan rules: the schema,
duplicate ids, unknown or cyclic dependsOn, claims in the future, files patterns leaving the
repository (errors); and the softer rules — completed work without a log entry or acceptance,
in-progress tasks without claimedBy, overlapping claims, stale claims, a missing handoff, a
handoff whose branch or commit git cannot find, a missing paired .md (warnings).

With no files, checks every plan the config's "plans" patterns match (default docs/**/*-plan.json).

Options:
  --strict   warnings fail too (also "strict": true in .plan-hooks.json)
  --json     print a machine-readable report with every problem
  -h, --help show this help

Exit codes: 0 valid (warnings allowed unless strict), 1 invalid, 2 usage error.
`,
  /** Plan-like files no `plans` pattern matches (src/plan/discover.ts ignoredPlanLike), said once by status, doctor and validate. */
  plansIgnored: (paths: string[], patterns: string[]) =>
    `${plural(paths.length, 'file named like a plan is', 'files named like plans are')} ignored: no "plans" pattern (${patterns.join(', ')}) matches ${paths.length === 1 ? 'it' : 'them'}: ${paths.slice(0, 5).join(', ')}${paths.length > 5 ? `, and ${paths.length - 5} more` : ''}.`,
  plansIgnoredFix: (count: number, include: string[], patterns: string[]) =>
    `To check ${count === 1 ? 'it as a plan' : 'them as plans'}, set "plans" in .plan-hooks.json to ${JSON.stringify([...patterns, ...include])}`,
  validateNoPlans: (patterns: string[]) =>
    `No plan files match ${patterns.join(', ')}. Create one with: ${run()} new <name>\n`,
  validateNotInRepo: `not inside a git repository, so there are no plans to find. Name the plan files to check: ${run()} validate docs/x-plan.json`,
  validateNoSuchFile: (file: string) => `no such file: ${file}. Name an existing plan file, or run ${run()} validate with no files to check every plan.`,
  validateCannotRead: (file: string, why: string) => `cannot read ${file}: ${why}`,
  validateOutside: (file: string) =>
    `refusing to read ${file}: it is a symbolic link to a file outside the repository. Replace the link with the plan itself, or name the file explicitly to check it.`,
  validateNotAFile: (file: string) => `${file} is not a file. Name plan files (docs/<name>-plan.json).`,
  validateFileSummary: (file: string, errors: number, warnings: number, failed: boolean, strict: boolean) => {
    if (errors > 0) return `${file}: invalid (${plural(errors, 'error')}${warnings ? `, ${plural(warnings, 'warning')}` : ''})\n`;
    if (failed) return `${file}: fails --strict (${plural(warnings, 'warning')})\n`;
    return `${file}: valid${warnings ? ` (${plural(warnings, 'warning')}${strict ? '' : '; --strict would fail'})` : ''}\n`;
  },
  validateTotal: (plans: number, failed: number) => `${plans} plans checked: ${plans - failed} passed, ${failed} failed\n`,
  /** `plan-hooks --help`'s line for new; its --help follows. */
  newPurpose: 'Scaffold docs/<name>-plan.md and docs/<name>-plan.json',
  newUsage: `Usage: plan-hooks new <name>

Scaffolds a paired plan from the package's templates:
  docs/<name>-plan.md    why: the problem, the decisions, the risks, how to undo
  docs/<name>-plan.json  where we are: work items, tasks, status, claims, the handoff
The name is kebab-case (lowercase letters, digits and single hyphens, e.g. export-retry) and
becomes the planId. Existing files are never overwritten. The new pair passes
'plan-hooks validate --strict' as written.
`,
  newNeedsName: `name the plan: ${run()} new <name>, e.g. ${run()} new export-retry`,
  newBadName: (name: string) =>
    `"${name}" is not a usable plan name. Use kebab-case: lowercase letters and digits separated by single hyphens, at most 64 characters (e.g. export-retry).`,
  newExists: (file: string) => `${file} already exists, and ${run()} new never overwrites. Pick another name, or edit the existing plan.`,
  newDone: (md: string, json: string, matched: boolean, patterns: string[]) => `Created ${md} (why: problem, decisions, risks, how to undo)
Created ${json} (where we are: work items, tasks, status, claims)

Next:
  1. Write the problem and the decisions in ${md}.
  2. Replace the example work item and task in ${json} with the real ones.
  3. Check it: ${run()} validate ${json} --strict
  4. Commit both files together; keep the JSON updated in the same commit as the work.
${matched ? '' : `\nNote: ${json} does not match the configured plans (${patterns.join(', ')}), so 'validate' with no files and the hooks will not see it.\n`}`,
};
