// The check at commit, push and in CI: claim refusals, plan refusals, skips, ranges, dropped claims, configuration notices (src/check, src/hooks).
import { noun, plural } from './plural.js';
import { run } from './run.js';

export const checkMessages = {
  /** The GitHub annotation of a commit that touches a claimed path (src/check/annotations.ts). */
  annotationClaimTitle: (holder: string) => `plan-hooks: claimed by ${holder}`,
  annotationClaim: (a: { commit: string; subject: string; author: string; recorded: boolean; path: string; holder: string; task: string; since: string | null; pattern: string; stale: boolean }) =>
    `commit ${a.commit} (${a.subject}) by ${a.author}${a.recorded ? '' : ' (unverified)'} touches ${a.path}, claimed by ${a.holder} for ${a.task} since ${a.since ?? 'an unknown time'} (pattern ${a.pattern})${a.stale ? '; the claim is stale' : ''}`,
  /** A bug: check() was given a changed plan without the rules to judge it. */
  checkWithoutRules: () => 'a plan changed but no plan rules were supplied',
  /** A bug: the overlap index and the pairwise definition disagree (src/core/overlaps.ts). */
  overlapIndexDisagrees: () => 'overlap index: a group overlaps but no pair does',
  claimRefusedHeader: (count: number) =>
    `plan-hooks: commit refused — it touches ${plural(count, 'path')} claimed by another agent's task.\n`,
  claimWarningHeader: (count: number) =>
    `plan-hooks: warning — this commit touches ${plural(count, 'path')} claimed by another agent's task (not blocking).\n`,
  claimGroup: (task: string, holder: string, since: string, source: string, stale: boolean) =>
    `\n  task ${task}, held by ${holder} since ${since}${stale ? ' — STALE (no recent log entry)' : ''}\n    (claim read from ${source})\n`,
  /** Beside a claim the committer holds itself, for a task its change does not belong to (src/sessions/binding.ts). */
  claimOwnOtherTask: (bound: string[]) => `    (your own claim, but this change belongs to ${bound.join(', ')}: its worktree, its branch or the agent session making it claimed that)\n`,
  /** The way forward for such a claim, before the others. */
  claimOwnOtherWay: (tasks: string[]) =>
    `  - commit these files from the worktree of ${tasks.join(', ')}, or, if this worktree's work now includes it, bind it here too: 'plan-hooks claim ${tasks[0]}'\n`,
  claimPath: (path: string, pattern: string) => `    ${path}   ← pattern ${pattern}\n`,
  claimMorePaths: (count: number) => `    … and ${count} more\n`,
  claimWaysForward: (identity: string, source: string, holders: string[], staleTasks: string[], blocking: boolean, bypass: string, first = '') =>
    `\nYou are committing as ${identity} (from ${source}).\n` +
    (blocking ? 'Ways forward:\n' : 'To settle it:\n') +
    first +
    `  - coordinate with ${holders.join(', ')}: ask them to release the task ('${run()} release <task>') or leave these files out of this commit (your staged changes are untouched; 'git restore --staged <path>' unstages one)\n` +
    staleTasks.map((t) => `  - the claim on ${t} is stale: take it over with '${run()} claim ${t} --takeover'\n`).join('') +
    `  - ask the human who runs the agents to settle it\n` +
    (blocking ? `  - ${bypass}\n` : ''),
  /** The last way forward of a claim refusal at commit: real commands, never an override (docs/overrides.md). */
  bypassCommit: (task: string) =>
    `ask its holder in the plan: '${run()} ask ${task} "..."' (shown at its next session start and in status); a person can hand the claim over: '${run()} handover ${task} --to NAME'`,
  bypassPush: () =>
    `rewrite the refused commits so they leave the claimed files alone ('git rebase -i'), or settle the claim: '${run()} ask <task> "..."' asks its holder, and a person can hand it over ('${run()} handover <task> --to NAME')`,
  /** An override (PLAN_HOOKS=0, a skip of checks) asked inside an agent session (src/core/overrides.ts): refused, with what shows the session. */
  overrideRefused: (what: 'commit' | 'push', checks: string[], off: boolean, evidence: string[]) =>
    `plan-hooks: ${what} refused — this environment asks plan-hooks to ${off ? 'skip its hooks' : `skip its ${checks.join(', ')} ${checks.length > 1 ? 'checks' : 'check'}`}, and overrides are a person's: this ${what} is made in an agent session (${evidence.join('; ')}).\n` +
    'Ways forward:\n' +
    `  - ${what} again without it: the checks then say what is in the way, and how to settle it\n` +
    `  - a claim whose holder's sessions have stopped: continue it in one step: '${run()} claim <task> --continue'\n` +
    `  - a live claim: ask its holder: '${run()} ask <task> "..."' ('${run()} status' shows who holds what)\n` +
    `  - a person can hand a claim over: '${run()} handover <task> --to NAME' (why: docs/overrides.md)\n`,
  /** check --range: a commit's recorded skip that the base branch's configuration does not allow. */
  rangeSkipNotAllowed: (checks: string[]) =>
    `  (this commit records a skip of ${checks.join(', ')} made at commit time (Plan-Skip), not honoured: the base branch's configuration does not set "allowSkips": true, so it is judged with every check)\n`,
  noVerifyRefused: () =>
    "plan-hooks: pre-commit did not run for this commit (git commit --no-verify?), so prepare-commit-msg ran its check: refused (above). --no-verify is not a way past a claim or a plan rule.\n",
  bypassRange: () => 'rewrite the commit (git rebase -i) so it leaves the claimed files alone, or settle the claim first',
  droppedClaim: (where: string, task: string, holder: string, since: string, file: string) =>
    `plan-hooks: this update of ${where} would drop ${task}, claimed by ${holder} since ${since} (${file}, not stale): ` +
    `the claim was made in commits on ${where} that what replaces it does not have (a forced push from a clone that had not fetched them?).\n`,
  droppedClaimFix: (remote: string, branch: string, holders: string[], bypass: string) =>
    `Ways forward:\n  - bring those commits in first: 'git fetch ${remote}' and 'git rebase ${remote}/${branch}' (or merge it), then push again: the claim stays\n` +
    `  - ask ${holders.join(', ')} to release the claim ('${run()} release <task> --push'), then push\n  - ${bypass}\n`,
  droppedUnchecked: (remote: string, ref: string) =>
    `plan-hooks: could not read what ${remote} has on ${ref} (not fetched, and fetching it failed), so whether this forced update drops a claim was not checked.\n`,
  droppedRangeFix: (holders: string[]) =>
    `Ways forward:\n  - restore the dropped commits (they are still in the reflog of whoever had them) and rebase onto them, or ask ${holders.join(', ')} to claim again ('${run()} claim <task> --push')\n`,
  rangeCommitHeader: (commit: string, subject: string) => `\n── commit ${commit.slice(0, 12)} ${subject}\n`,
  rangeSummary: (bad: number, total: number) =>
    bad === 0 ? `plan-hooks: ${plural(total, 'commit')} checked, all allowed.\n` : `plan-hooks: ${bad} of ${plural(total, 'commit')} would have been refused at commit time (above).\n`,
  /** `plan-hooks --help`'s line for check; its --help follows. */
  checkPurpose: 'Check a range of commits (CI and pre-push)',
  checkUsage: () => `Usage: plan-hooks check --range <A..B> [--base <rev>] [--known <rev>]… [--format text|github] [--json]

Runs pre-commit's checks (plans, transitions, claims) over each commit in the range, each
against its first parent, by the claims of its own time (its own ancestry) and its recorded
committer. For CI and pre-push, where --no-verify cannot reach. Exit 1 when a commit would
have been refused.
  --base <rev>       the base branch: its plans count where each commit's history meets it
                     (default: the repository's base branch)
  --known <rev>      a commit the remote already has besides its fetched branches (CI: the
                     previous head of a force-pushed branch): a refused commit with the same
                     patch-id as one of them is judged as that one (a rebase), repeatable
  --format github    also print GitHub Actions annotations (::error file=…) on stdout; the
                     default under GITHUB_ACTIONS=true
PLAN_HOOKS_SKIP=claims,plans,transitions skips named checks, except in CI (CI=true or
GITHUB_ACTIONS=true), where only a skip recorded with the commit counts.
`,
  checkBadFormat: (format: string) => `--format is text or github, not "${format}"`,
  checkBadKnown: (rev: string) => `--known ${rev} is not a commit here; fetch it first (git fetch origin <commit>)`,
  checkBadBase: (rev: string) => `--base ${rev} is not a commit here; fetch it first (git fetch origin <branch>)`,
  skipIgnoredInCi: (names: string[]) =>
    `plan-hooks: PLAN_HOOKS_SKIP=${names.join(',')} is ignored in CI: only a skip recorded with a commit at commit time counts here.\n`,
  rangeRecordedSkip: (checks: string[]) => `  (this commit records PLAN_HOOKS_SKIP=${checks.join(',')} from commit time: honoured, listed here)\n`,
  pushOverridden: (skipped: string[], count: number) =>
    `plan-hooks: pushed past ${skipped.join(', ')} for ${plural(count, 'commit')} (above) because of this push's environment; recorded in the worklog ('${run()} log'). CI checks them again.\n`,
  rangeRebasedFrom: (commit: string) =>
    `  (rebased from ${commit.slice(0, 12)}: the remote already has that commit with the same change (patch-id), so this one is judged as that one is, by its own ancestry; the claims of the new base are listed above, not blocking)\n`,
  rangeSquashedFrom: (tip: string, commits: number) =>
    `  (squashed from ${tip.slice(0, 12)}: the remote has that branch, whose ${plural(commits, 'commit')} since it left this line make the same change (patch-id) and pass by their own ancestry, so they judge this one; the claims and plan changes it touches are listed above, not blocking)\n`,
  rangeKnownPatch: (commit: string, why: 'refused' | 'unrelated' | 'claim-at-fork') =>
    `  (the remote has the same change as ${commit.slice(0, 12)} (patch-id), but that is no proof here: ${
      why === 'refused'
        ? 'that commit is refused by its own ancestry too'
        : why === 'unrelated'
          ? 'it has no history in common with this one, so it was never judged under this claim'
          : 'the claim was already held where the two histories part, and that commit was judged without it'
    })\n`,
  summaryUnverifiedHeading: (count: number, of: number) =>
    `\nIdentities not verified (${count} of ${plural(of, 'commit')}): nothing proves who made these; each was judged as the name below.\n`,
  summaryUnverifiedTitle: (count: number, of: number) => `Identities not verified: ${count} of ${plural(of, 'commit')}`,
  summaryEvidence: (evidence: 'author' | 'recorded') =>
    evidence === 'author'
      ? 'the commit’s author: it records no identity (made where plan-hooks’ hooks did not run, or by a person)'
      : 'recorded with the commit (Plan-Agent), unsigned: its seal is no signature, anyone can write one (docs/identity.md)',
  summaryUnverifiedLine: (commit: string, subject: string, name: string, evidence: 'author' | 'recorded') =>
    `  ${commit} ${subject}: ${name}, ${checkMessages.summaryEvidence(evidence)}\n`,
  summaryVerifiedHeading: (count: number, of: number) => `\nIdentities verified by signature (${count} of ${plural(of, 'commit')}): a good SSH signature by a key the base's allowed signers list (docs/signing.md).\n`,
  summaryVerifiedLine: (commit: string, subject: string, principal: string) => `  ${commit} ${subject}: ${principal}, verified (signed)\n`,
  summaryVerifiedBy: (principal: string) => `verified: signed by ${principal}`,
  summaryOverridesHeading: (count: number) => `\nOverrides (${count}):\n`,
  summaryOverridesTitle: (count: number) => `Overrides: ${count}`,
  summaryOverrideText: (recorded: boolean, checks: string[], paths: string[]) =>
    recorded
      ? `PLAN_HOOKS_SKIP=${checks.join(',')} recorded at commit time, honoured${paths.length > 0 ? `; it let through ${paths.join(', ')}` : ''}`
      : `PLAN_HOOKS_SKIP=${checks.join(',')} in this run’s environment: the commits above were judged without ${checks.length > 1 ? 'those checks' : 'that check'}`,
  summaryOverrideLine: (commit: string | null, subject: string, checks: string[], paths: string[]) =>
    `  ${commit ? `${commit} ${subject}: ` : ''}${checkMessages.summaryOverrideText(commit !== null, checks, paths)}\n`,
  summaryMore: (count: number) => `  … and ${count} more\n`,
  summaryMoreText: (count: number) => `… and ${count} more`,
  summaryRangeHeading: (count: number, refused: number) => `### plan-hooks check: ${plural(count, 'commit')} judged, ${refused === 0 ? 'all allowed' : `${refused} refused`}\n`,
  summaryCommitsTitle: (count: number) => `Commits judged (${count})`,
  summaryCommitVerdict: (allowed: boolean, withoutHooks: boolean) => `${allowed ? 'allowed' : 'refused'}${withoutHooks ? ', no identity recorded' : ''}`,
  summarySkipsRefusedTitle: (count: number) => `Skips not honoured (${count})`,
  summarySkipRefusedLine: (checks: string[]) => `PLAN_HOOKS_SKIP=${checks.join(',')} recorded at commit time (Plan-Skip), not honoured: the base branch's configuration does not set "allowSkips": true, so it was judged with every check`,
  summaryRefusalsTitle: (count: number) => `Refusals (${count})`,
  summaryRefusalLine: (path: string, task: string, holder: string) => `touches ${path}, claimed by **${holder}** for ${task}`,
  summaryHandoversTitle: (count: number) => `Handovers (${count})`,
  summaryHandoverLine: (kind: string, task: string, from: string, to: string) => `${kind} of ${task}: ${from} → ${to}`,
  summaryHooklessTitle: (count: number, of: number) => `Made without hooks or by a person (no identity recorded): ${count} of ${plural(of, 'commit')}`,
  summaryMarkdownHeading: () => '### plan-hooks: what this check could not verify\n',
  summaryMarkdownNothing: (count: number) => `\nEvery identity among ${plural(count, 'commit')} is signed, and nothing was overridden.\n`,
  summaryNotWritten: (file: string, why: string) => `plan-hooks: could not write the job summary to ${file}: ${why}\n`,
  rangeNewAncestry: () =>
    '\nA commit is judged by the claims of its own ancestry: for a rebased or cherry-picked commit, that is its new base. ' +
    'If a refused commit above is earlier work rebased onto a base that gained the claim meanwhile, the claim arrived with the new base, ' +
    'and the remote has no commit with the same change to judge it by. Ways forward:\n' +
    '  - put the branch back where it was before the rebase (its old tip is in \'git reflog\') and merge the base into it instead: the earlier commits pass by their own ancestry, and a merge is judged only by what it changes itself\n' +
    '  - or push the earlier commits as they were first (to their branch, or any branch of the remote), then rebase and push: the rebased copies are recognised by their patch-id\n' +
    '  - or settle the claim with its holder (a release or a finished task), or ask the human who runs the agents\n',
  claimsTooCostly: (ms: number, paths: number) =>
    `matching the staged paths against the claims' file patterns took more than ${ms / 1000} s (after ${paths} paths); a plan lists too many patterns that start with a wildcard. Narrow the 'files' patterns (give them a directory prefix), or commit fewer paths at once.`,
  checkNeedsRange: () => `give the commits to check: ${run()} check --range origin/main..HEAD`,
  shallowDeepened: (remote: string) => `plan-hooks check: this clone was shallow; fetched its history from ${remote} (git fetch --unshallow) so each commit is judged against its real parent.\n`,
  shallowNoRemote: () => 'it has no remote to fetch the history from',
  shallowFetchFailed: (remote: string, error: string) => `git fetch --unshallow ${remote} failed: ${error}`,
  shallowBoundary: (commit: string, why: string) =>
    `this clone is shallow and commit ${commit} has no parents here (${why}), so its changes cannot be told from its whole tree and it is not judged. Check out the whole history (actions/checkout with fetch-depth: 0, or git fetch --unshallow) and run plan-hooks check again.`,
  planRefusedHeader: (count: number) => `plan-hooks: commit refused — ${plural(count, 'problem')} in the staged plans.\n`,
  planWarningHeader: (count: number) => `plan-hooks: ${plural(count, 'warning')} in the staged plans.\n`,
  planRefusedFooter: () =>
    `Fix the staged plan and 'git add' it again; '${run()} status' shows the plans and who holds what.\n`,
  skipUnknown: (names: string[], known: string[]) =>
    `plan-hooks: PLAN_HOOKS_SKIP names unknown ${noun(names.length, 'check')} ${names.join(', ')} (known: ${known.join(', ')}); ignored.\n`,
  skipNotice: (names: string[]) => `plan-hooks: skipping ${names.join(', ')} for this commit (PLAN_HOOKS_SKIP; recorded in the worklog).\n`,
  configAtHeadBroken: (problem: string) => `plan-hooks: the configuration at HEAD does not load, so the defaults (every check enforcing) judge this commit: ${problem}\n`,
  configChangeNotice: (file: string, keys: string[], problem: string | null) =>
    problem
      ? `plan-hooks: this commit changes ${file}, and the new configuration does not load (${problem}); it would apply from the next commit on, as the defaults, until fixed.\n`
      : `plan-hooks: this commit changes the configuration in ${file} (${keys.join(', ')}); it applies from the next commit on, this one is judged by HEAD's (recorded in the worklog).\n`,
};
