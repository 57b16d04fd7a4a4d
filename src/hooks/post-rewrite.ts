// post-rewrite: record amend and rebase rewrites (old → new) as an entry of their own; earlier
// entries are never edited. git passes "amend" or "rebase" and the pairs on stdin. The runner
// queues them in shell and the entry is written after git returns, after the picks' own entries
// (hooks/plan-hooks.sh); this runs where it could not (no queue directory, PLAN_HOOKS=2, a runner
// older than that), and then the entry is written before it returns.
import type { HookRun } from './main.js';
import { neverFail } from '../worklog/guard.js';

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const run: HookRun = (args) =>
  neverFail('post-rewrite', async () => {
    const { parseRewrites } = await import('../worklog/entry.js');
    const rewrites = parseRewrites(await readStdin());
    if (rewrites.length === 0) return;
    const { recordRewrite } = await import('../worklog/record.js');
    await recordRewrite(args[0] === 'rebase' ? 'rebase' : 'amend', rewrites);
  });
export default run;
