// The worklog: how an entry names its identity, and what goes wrong bringing it up to date (src/worklog).
import { run } from './run.js';

export const worklogMessages = {
  worklogIdentityTrailer: (trailer: string) => `recorded with the commit (${trailer})`,
  worklogAuthorWithoutHooks: () => "the commit's author: no hook ran when it was made",
  worklogIncompleteIdentity: () => 'what the hook kept: the commit could not be read from git',
  worklogDisputed: (violations: number, problems: string[]) =>
    `pre-commit passed this tree, but the commit judged from its own history does not (${[violations ? `claimed paths held by others: ${violations}` : '', ...problems.slice(0, 3)].filter(Boolean).join('; ')}): the local claims cache or verified marker disagreed with the commit (tampered), or a path was staged after the check. The claims cache was discarded; pre-push and CI refuse the commit until it is fixed.`,
  worklogNotJudged: (reason: string) => `pre-commit passed this tree, but the commit could not be judged from its own history (${reason}), so it is not recorded as verified. '${run()} check --range <commit>^..<commit>' judges it.`,
  worklogPlansUnlisted: (commit: string) => `git ls-tree could not list the plan files of commit ${commit}`,
  markerNoTree: () => 'the index cannot be written as a tree (is a conflict unresolved?)',
  worklogDisputedFlag: () => 'pre-commit’s pass did not hold',
  worklogWithoutHooksFlag: () => 'made without hooks',
  worklogCommitUnreadable: (commit: string) => `commit ${commit} could not be read`,
  worklogLockTimeout: (file: string) => `timed out waiting for ${file}`,
  worklogNotAFile: (file: string) => `${file} is not a file (remove or rename it, and the worklog starts again there)`,
  worklogDamagedRecord: (name: string) => `plan-hooks: dropped a damaged worklog queue record (${name}): it was not written by plan-hooks.\n`,
  worklogCutShortRecord: (name: string) => `plan-hooks: dropped a worklog queue record that was never finished (${name}): its writer stopped midway. Its commit is recorded as one made without hooks.\n`,
  worklogCatchUpFailed: (reason: string) =>
    `plan-hooks: the worklog could not be brought up to date (${reason}); showing it as it is. Run '${run()} status' again, and report the error if it persists.\n`,
  /** plan-hooks' own state directory cannot be written (permissions, a read-only file system): said once by the hook that found it. */
  stateNotWritable: (dir: string, code: string) =>
    `plan-hooks: this commit is not in the worklog: ${dir} cannot be written (${code}). The commit itself is fine and was checked as usual; once the directory is writable again, the worklog lists it as made without hooks. Fix the permissions as the user who commits: chown -R "$(id -un)" '${dir}' && chmod -R u+w '${dir}'\n`,
  worklogNotRecorded: () =>
    `plan-hooks: this commit is not in the worklog (the commit itself is fine). Run '${run()} status' to see the log, and report the error above if it persists.\n`,
};
