// The worklog hooks run after git has done its work: whatever fails is reported and the hook
// exits 0, because git would ignore the failure anyway and the commit itself is fine.
import { formatError } from '../errors.js';
import { messages } from '../messages/index.js';
import { deniedText, isDenied } from './denied.js';

export async function neverFail(hook: string, record: () => Promise<unknown>): Promise<number> {
  try {
    await record();
  } catch (error) {
    // A read-only .git/plan-hooks: said once, plainly, with the fix; no stack trace.
    if (isDenied(error)) {
      process.stderr.write(deniedText(error));
      return 0;
    }
    process.stderr.write(formatError(error, `hook ${hook}`));
    process.stderr.write(messages.worklogNotRecorded());
  }
  return 0;
}
