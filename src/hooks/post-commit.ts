// post-commit: append the worklog entry for the commit just made. Its exit code cannot fail the
// commit anyway; every problem is reported on stderr and the hook exits 0.
import type { HookRun } from '../commands/hook.js';
import { formatError } from '../errors.js';
import { messages } from '../messages.js';

const run: HookRun = async () => {
  try {
    const { recordCommit } = await import('../worklog/record.js');
    await recordCommit('HEAD');
  } catch (error) {
    process.stderr.write(formatError(error, 'hook post-commit'));
    process.stderr.write(messages.worklogNotRecorded());
  }
  return 0;
};
export default run;
