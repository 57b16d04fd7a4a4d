// `claim`, `release`, `done`: the edits, their refusals, and claiming through the remote with --push (src/plan/edit.ts, src/remote).
import { plural } from './plural.js';
import { run } from './run.js';
import { claimSourceMessages } from './claim-sources.js';

export const claimsMessages = {
  /** Since when a task is claimed, when its claim records no time. */
  claimSinceUnknown: () => 'an unknown time',
  /** A claim's time and age, or the unknown time (refusals of an edit). */
  claimedAtAgo: (at: string, hours: number | null) => (hours === null ? 'an unknown time' : `${at} (${hours} h ago)`),
  /** Where a plan version was read (a claim's source, in refusals and reports). */
  sourceWorkingTree: claimSourceMessages.sourceWorkingTree,
  sourceParentCommit: () => 'the parent commit',
  sourceFirstCommitIndex: () => 'the index (first commit)',
  sourceBaseAtCommit: () => 'the base branch where this commit meets it',
  sourceWorktree: (path: string, branch: string | null) => `worktree ${path}${branch ? ` (branch ${branch})` : ''} at its HEAD`,
  sourceFetched: (label: string, ago: string | null) => `${label}, ${ago !== null ? `fetched ${ago}` : 'fetch time unknown'}`,
  editNoLog: (item: string) => `work item '${item}' has no log list`,
  editNoChangelog: () => 'the plan has no changelog list',
  editTaskMissing: (task: string, plan: string) => `task '${task}' is not in plan '${plan}'`,
  pushAhead: (where: string) => `it has commits ${where} does not`,
  editCompleted: (task: string) => ({
    message: `${task} is already completed`,
    fix: 'nothing to claim or release; add a new task to the plan for further work',
  }),
  editAlreadyDone: (task: string) => ({ message: `${task} is already completed`, fix: 'nothing to do' }),
  editNotClaimed: (task: string) => ({ message: `${task} is not claimed`, fix: `nothing to release; claim it with '${run()} claim ${task}'` }),
  editHeldLive: (task: string, holder: string, since: string, limit: number, takeover: boolean) => ({
    message: `${task} is claimed by ${holder} since ${since}${takeover ? '; the claim is not stale, so it cannot be taken over' : ''}`,
    fix: `coordinate with ${holder}, or pick another task; once the claim is older than ${limit} h with no log entry in its work item, use '${run()} claim ${task} --takeover'; or ask the human who runs the agents`,
  }),
  editHeldStale: (task: string, holder: string, since: string) => ({
    message: `${task} is claimed by ${holder} since ${since}; the claim is stale`,
    fix: `take it over with '${run()} claim ${task} --takeover' (the work item log and the changelog record the handoff)`,
  }),
  editHeldElsewhere: (task: string, holder: string, since: string, where: string) => ({
    message: `${task} is claimed by ${holder} since ${since} in ${where} (not stale)`,
    fix: `coordinate with ${holder}, or pick another task; once the claim is stale, '${run()} claim ${task} --takeover'; or ask the human who runs the agents`,
  }),
  editReleaseHeldLive: (task: string, holder: string, since: string) => ({
    message: `${task} is claimed by ${holder} since ${since} (not stale); only the holder may release it`,
    fix: `ask ${holder} to release it; or wait until the claim is stale and take it over ('${run()} claim ${task} --takeover'); or ask the human who runs the agents`,
  }),
  editDoneHeld: (task: string, holder: string, since: string, stale: boolean) => ({
    message: `${task} is claimed by ${holder} since ${since}${stale ? ' (stale)' : ''}; only the claimant marks it done`,
    fix: stale
      ? `take the claim over first ('${run()} claim ${task} --takeover'), then '${run()} done ${task}'`
      : `let ${holder} finish it; or wait until the claim is stale and take it over ('${run()} claim ${task} --takeover'); or ask the human who runs the agents`,
  }),
  editNoAcceptance: (task: string) => ({
    message: `${task} has no acceptance check, so "done" could not be verified`,
    fix: 'add "acceptance" to the task (how to check it is done, e.g. "npm test -- export passes"), then run done again',
  }),
  editMalformed: (detail: string) => ({ message: `cannot edit this plan: ${detail}`, fix: `run '${run()} validate' and fix the plan first` }),
  editTakeoverLog: (task: string, actor: string, holder: string, since: string) => ({
    item: `${actor} took over ${task} from ${holder}: the claim, since ${since}, was stale`,
    changelog: `Work on ${task} handed from ${holder} to ${actor} (takeover of a stale claim)`,
  }),
  editDoneLog: (task: string) => `Completed ${task}`,
  editClaimed: (task: string, actor: string) => `claimed ${task} for ${actor}`,
  sessionBound: (task: string, agent: string) =>
    `This ${agent} session claimed ${task}: a commit it makes that touches a file of another in-progress task is refused, even one of another ${agent} session's tasks.\n`,
  worktreeBound: (task: string, tasks: string[]) =>
    `This worktree is bound to ${tasks.join(', ')}: a commit made here that touches a file of another in-progress task is refused, even one of ${task}'s holder's other tasks.\n`,
  editRenewed: (task: string, actor: string) => `renewed ${actor}'s claim on ${task}`,
  editTookOver: (task: string, actor: string, holder: string) => `${actor} took over ${task} from ${holder} (logged in the work item and the changelog)`,
  editReleased: (task: string, status: string) => `released ${task} (now ${status})`,
  editDone: (task: string, actor: string) => `marked ${task} completed by ${actor} (logged in the work item)`,
  editDoneOnTask: (task: string, actor: string) => `marked ${task} completed by ${actor} (logged on the task, metadata.done: its work item has other open tasks, and a record there would collide with theirs when branches merge)`,
  editConcurrent: (file: string) => `${file} changed while plan-hooks was editing it (another agent?); nothing was written. Run the command again.`,
  editEmptyAs: '--as needs a name, e.g. --as codex',
  editOneTask: 'give exactly one task, as <planId>/<taskId> or <taskId>',
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
    `no task '${address}' in the ${plural(plans, 'plan file')} found (config "plans"). ` +
    (broken.length > 0 ? `These could not be searched: ${broken.join('; ')}.` : `Check the id with '${run()} status'; address a task as <planId>/<taskId> or <taskId>.`),
  /** `plan-hooks --help`'s line for claim; its --help follows. */
  startPurpose: 'Start a task: claim it, make its worktree and branch, bind them to it',
  startUsage: `Usage: plan-hooks start <planId/taskId | taskId> [--as NAME] [--takeover] [--branch NAME] [--path DIR] [--base REV] [--json]

Claims the task as 'plan-hooks claim' does, makes a linked worktree on a new branch for it, binds
the worktree to the task (a commit there that touches another in-progress task's files is refused,
even one of your own) and commits the claim there, so every other worktree sees it at once. Then
cd into the worktree it prints. Nothing is made when the task is held by someone else, the branch
or the path exists, or the plan is invalid; a step that fails takes back the ones before it.

Options:
  --as NAME    claim as NAME instead of the detected identity (see 'plan-hooks whoami')
  --takeover   take over a stale claim held by someone else
  --branch     the new branch (default agent/<task>, the task id as a branch name)
  --path       where the worktree goes (default beside the main worktree: ../<repo>-<task>); a
               path inside the working tree is added to the repository's info/exclude, so it is
               never seen as untracked files of the tree
  --base       the commit the branch starts from (default HEAD)
  --json       print one JSON object: the task as the plan now says it (as claim --json) with
               branch, worktree and commit; a refusal is a JSON error on stderr`,
  startBranchExists: (branch: string, task: string) => ({ message: `branch ${branch} already exists`, fix: `name another with '${run()} start ${task} --branch <name>', or work in the branch's worktree (git worktree list)` }),
  startBadBranch: (branch: string, task: string) => ({ message: `'${branch}' is not a branch name git accepts`, fix: `name one with '${run()} start ${task} --branch <name>'` }),
  startPathExists: (path: string, task: string) => ({ message: `${path} already exists`, fix: `choose another with '${run()} start ${task} --path <dir>', or remove it` }),
  startBadBase: (base: string) => ({ message: `'${base}' names no commit here`, fix: 'give --base a branch, tag or commit git knows (git log --oneline)' }),
  startNoTask: (address: string, base: string) => ({ message: `task '${address}' is not in the plans at ${base}`, fix: `commit the plan first, or start from a commit that has it (--base)` }),
  startInvalid: (file: string, problems: string[]) => ({ message: `the plan would not pass validation once claimed:\n    ${problems.join('\n    ')}`, fix: `fix the plan ('${run()} validate ${file}') and start again` }),
  startGitFailed: (step: 'worktree' | 'commit', detail: string) => ({ message: `${step === 'worktree' ? 'git worktree add' : 'the claim commit'} failed: ${detail}`, fix: 'fix what git says, then start again; nothing was left behind' }),
  startExcludeComment: '# plan-hooks start: a worktree inside the tree',
  startCommitMessage: (task: string) => `Claim ${task} (plan-hooks start)`,
  startDone: (task: string, actor: string, branch: string, path: string, commit: string, excluded: string | null) =>
    `claimed ${task} for ${actor} in a new worktree on branch ${branch}; the claim is commit ${commit.slice(0, 12)} there.\n` +
    (excluded ? `The worktree is inside the working tree: ${excluded} is ignored through the repository's info/exclude.\n` : '') +
    `This worktree is bound to ${task}: a commit made there that touches a file of another in-progress task is refused, even one of your own.\n` +
    `Work there:\n  cd ${path}\nWhen it is finished: '${run()} done ${task}', commit, push ${branch} and open a pull request.\n`,
  claimPurpose: 'Claim a task: in-progress, claimedBy, claimedAt',
  claimUsage: `Usage: plan-hooks claim <planId/taskId | taskId> [--as NAME] [--takeover | --continue] [--push | --local] [--json]

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
  --continue   continue a claim whose holder stopped: every session of it the agents' hooks
               saw here ended (a usage limit, an exit) or was idle longer than idleAfterMinutes
               (default 30). Recorded in the work item's log and the changelog: from whom, why
               it stopped and when, what it left uncommitted in which worktree. Refused while
               the holder is live, or when no session of it is known here (the 24 h rule).
  --push       make the change a commit of the plan alone on the base branch as the remote
               has it, and push it: the remote takes one push at a time, so of several
               clones claiming one task exactly one wins; the others are told who holds it.
               Your other work, staged or not, is not touched; your branch follows only if
               it is the base branch and can fast-forward. ("claimPush": true makes it the default.)
  --local      change this clone's plan file only (the default unless "claimPush" is true)
  --json       print one JSON object: the task as the plan now says it (command, task, file,
               status, claimedBy, claimedAt, summary; with --push: pushed); a refusal is a
               JSON error on stderr ({"error": {command, file, message, fix, exitCode}})

The plan file is rewritten atomically in its own format; commit it with your work (with
--push it is already committed and pushed).
Exit codes: 0 claimed, 1 refused (held by someone else, completed, unknown task; with --push
also: the remote cannot be reached or did not take the commit), 2 usage error.
`,
  /** `plan-hooks --help`'s line for release; its --help follows. */
  releasePurpose: 'Release a claimed task',
  releaseUsage: `Usage: plan-hooks release <planId/taskId | taskId> [--as NAME] [--status not-started|blocked] [--push | --local] [--json]

Releases a claim: removes claimedBy and claimedAt and sets the task back to not-started (or
the status given). Only the holder may release a live claim; a stale claim may be released
by anyone. A completed task keeps its claimant and cannot be released.

Options:
  --as NAME          act as NAME instead of the detected identity
  --status STATUS    not-started (default) or blocked
  --push             push the change as a commit of the plan to the base branch on the remote
                     (see 'plan-hooks claim --help'; "claimPush": true makes it the default)
  --local            change this clone's plan file only
  --json             print the task after the edit as JSON (see 'plan-hooks claim --help')

The plan file is rewritten atomically in its own format; commit it with your work.
Exit codes: 0 released, 1 refused, 2 usage error.
`,
  /** `plan-hooks --help`'s line for done; its --help follows. */
  donePurpose: 'Mark a task completed and log it',
  doneUsage: `Usage: plan-hooks done <planId/taskId | taskId> [--as NAME] [--summary TEXT] [--push | --local] [--json]

Marks a task completed and appends a log entry (date, summary, agent) to its work item.
Refused when the task has no "acceptance" (how to check it is done), and when someone else
holds it here, in another worktree or on the base branch (take a stale claim over first with
'plan-hooks claim <task> --takeover').
An unclaimed task is recorded as completed by you (claimedBy, claimedAt).

Options:
  --as NAME         act as NAME instead of the detected identity
  --summary TEXT    the log entry's summary (default "Completed <planId>/<taskId>")
  --push            push the change as a commit of the plan to the base branch on the remote
                    (see 'plan-hooks claim --help'; "claimPush": true makes it the default)
  --local           change this clone's plan file only
  --json            print the task after the edit as JSON (see 'plan-hooks claim --help')

The plan file is rewritten atomically in its own format; commit it with your work.
Exit codes: 0 done, 1 refused, 2 usage error.
`,
  pushOrLocal: '--push and --local contradict each other; give one',
  pushNoRemote: (command: string) =>
    `plan-hooks ${command} --push: this repository has no remote, so there is nowhere to make the claim visible to other clones.\n` +
    `  fix: add one ('git remote add origin <url>'), or make the change in this clone only with '--local' (other clones see it once you push the plan).\nNothing was changed.\n`,
  pushNoTarget: (command: string, remotes: string[]) =>
    `plan-hooks ${command} --push: cannot tell which remote to push to (${remotes.join(', ')}; none is origin, and the base branch does not name one).\n` +
    `  fix: set "baseBranch" in .plan-hooks.json to <remote>/<branch>, e.g. "${remotes[0] ?? 'origin'}/main", or use '--local'.\nNothing was changed.\n`,
  pushUnreachable: (command: string, remote: string, branch: string, detail: string) =>
    `plan-hooks ${command} --push: cannot reach ${remote} to read ${remote}/${branch}: ${detail}\n` +
    `  fix: try again when ${remote} can be reached; or make the change in this clone only with '--local' (it is not a claim others see until you push the plan).\nNothing was changed.\n`,
  pushNoBranch: (command: string, remote: string, branch: string) =>
    `plan-hooks ${command} --push: ${remote} has no branch ${branch}, so there is no plan there to claim in.\n` +
    `  fix: push the base branch first ('git push ${remote} ${branch}'), set "baseBranch" in .plan-hooks.json, or use '--local'.\nNothing was changed.\n`,
  pushRefused: (command: string, where: string, file: string, message: string, fix: string, tries: number) =>
    `plan-hooks ${command}: ${where}:${file}: ${message}` +
    (tries > 1 ? ` (read after ${plural(tries - 1, 'push', 'pushes')} lost to a change that landed first)` : '') +
    `\n  fix: ${fix}\nNothing was changed: not ${where}, not your plan file.\n`,
  pushFailed: (command: string, remote: string, branch: string, detail: string) =>
    `plan-hooks ${command} --push: ${remote} did not take the plan commit on ${branch}: ${detail}\n` +
    `  fix: check that you may push to ${remote}/${branch}; or make the change in this clone only with '--local'.\nNothing was changed.\n`,
  pushGaveUp: (command: string, where: string, tries: number) =>
    `plan-hooks ${command} --push: ${where} kept moving: ${tries} pushes in a row lost to plan changes that landed first.\n` +
    `  fix: run the command again in a moment.\nNothing was changed.\n`,
  pushDone: (where: string, file: string, summary: string, commit: string, tries: number) =>
    `${where}:${file}: ${summary}. Pushed as commit ${commit.slice(0, 12)}${tries > 1 ? ` (on try ${tries}: earlier pushes lost to other plan changes, read again each time)` : ''}.\n`,
  pushFastForwarded: (branch: string, where: string) => `Your branch ${branch} was fast-forwarded to ${where}; the plan file in your working tree has the change.\n`,
  pushNotForwarded: (branch: string, where: string, detail: string) =>
    `Your branch ${branch} was left where it was (${detail}); the change is on ${where}: 'git pull --rebase' brings it in.\n`,
  pushOtherBranch: (branch: string | null, where: string) =>
    `${branch ? `You are on branch ${branch}` : 'HEAD is detached'}: the change lives on ${where}, not in this branch's plan file; ` +
    `plan-hooks reads claims from ${where} here, and other clones see it after 'git fetch'. Merge or rebase onto ${where} to have it in your branch.\n`,
  releaseBadStatus: (status: string) => `--status must be not-started or blocked, not '${status}'`,
  /** A claim's age for lists (status, the handoff block): hours, then days from two days on. */
  claimAge: (hours: number | null) => (hours === null ? 'age unknown' : hours < 48 ? `${hours} h` : `${Math.floor(hours / 24)} d`),
  claimSince: (at: string | null, hours: number | null) => (at === null ? 'an unknown time (no claimedAt)' : `${at}${hours === null ? '' : ` (${hours} h ago)`}`),
  /** Where a claim was read, when more remote branches than the one named carry it. */
  claimSourceMore: (label: string, more: number) => `${label} (and ${plural(more, 'other branch', 'other branches')})`,
};
