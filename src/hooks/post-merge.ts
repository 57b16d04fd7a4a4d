// post-merge: `git merge --no-ff` runs no post-commit, so a merge commit would be missing from the
// worklog. This hook records HEAD when it is a merge commit made on top of recorded work;
// fast-forward merges and pulls bring commits made elsewhere and are not recorded here. Never
// fails git. The runner queues a merge commit in shell and the entry is written after git
// returns (hooks/plan-hooks.sh); this runs where it could not, and waits for the entry.
import type { HookRun } from './main.js';
import { neverFail } from '../worklog/guard.js';

const run: HookRun = () =>
  neverFail('post-merge', async () => {
    const [{ gitQuery }, { withParents }] = await Promise.all([import('../git/git.js'), import('../git/log.js')]);
    const head = await gitQuery(withParents('HEAD'), process.cwd());
    if (head.parents.length < 2) return;
    const { tail, worklogPath } = await import('../worklog/store.js');
    const recent = await tail<{ commit?: string }>(await worklogPath(), 200);
    if (recent.some((e) => e.commit === head.commit)) return;
    const { recordHead } = await import('../worklog/record.js');
    await recordHead();
  });
export default run;
