// post-commit: append the worklog entry for the commit just made. Its exit code cannot fail the
// commit anyway; every problem is reported on stderr and the hook exits 0.
import type { HookRun } from './main.js';
import { neverFail } from '../worklog/guard.js';

const run: HookRun = () =>
  neverFail('post-commit', async () => {
    const { recordCommit } = await import('../worklog/record.js');
    await recordCommit('HEAD');
  });
export default run;
