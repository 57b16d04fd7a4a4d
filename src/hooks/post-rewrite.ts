// post-rewrite: record amend and rebase rewrites (old → new) as an entry of their own; earlier
// entries are never edited. git passes "amend" or "rebase" and the pairs on stdin.
import type { HookRun } from '../commands/hook.js';
import { formatError } from '../errors.js';
import { messages } from '../messages.js';

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const run: HookRun = async (args) => {
  try {
    const kind = args[0] === 'rebase' ? 'rebase' : 'amend';
    const { parseRewrites } = await import('../worklog/entry.js');
    const rewrites = parseRewrites(await readStdin());
    if (rewrites.length === 0) return 0;
    const { recordRewrite } = await import('../worklog/record.js');
    await recordRewrite(kind, rewrites);
  } catch (error) {
    process.stderr.write(formatError(error, 'hook post-rewrite'));
    process.stderr.write(messages.worklogNotRecorded());
  }
  return 0;
};
export default run;
