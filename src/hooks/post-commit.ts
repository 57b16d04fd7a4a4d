// post-commit: the commit's worklog entry. The runner (hooks/plan-hooks.sh) queues the commit in
// shell and starts this detached with `--drain <git common dir>` once git has returned, so the
// commit waits for no node; a runner older than the queue starts it plainly, and then it queues
// HEAD itself and appends before returning. Its exit code cannot fail the commit anyway: every
// problem is reported on stderr and the hook exits 0.
import type { HookRun } from './main.js';
import { neverFail } from '../worklog/guard.js';

const run: HookRun = (args) =>
  neverFail('post-commit', async () => {
    const { WorklogDrainer, recordHead, scrubGitEnv } = await import('../worklog/record.js');
    if (args[0] === '--drain' && args[1]) {
      scrubGitEnv();
      const { drain } = await import('../worklog/pending.js');
      await drain(args[1], new WorklogDrainer(args[1]), { wait: false });
      return;
    }
    await recordHead();
  });
export default run;
