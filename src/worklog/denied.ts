// plan-hooks' state directory (.git/plan-hooks) may be read-only to the user who commits (made
// by another user, a read-only mount): a write there that fails for that reason never fails a
// hook; the worklog hook that runs after the commit says once, plainly and with the fix, what
// was not recorded, and the check itself never depends on recording it.
import { messages } from '../messages/index.js';
import { sanitizeLine } from '../term.js';

const DENIED = new Set(['EACCES', 'EPERM', 'EROFS']);

/** Whether `error` is a write refused by permissions or a read-only file system. */
export function isDenied(error: unknown): boolean {
  return error instanceof Error && DENIED.has((error as NodeJS.ErrnoException).code ?? '');
}

/** The state directory a refused write was in: the path up to its plan-hooks directory. */
function stateDir(error: NodeJS.ErrnoException): string {
  const path = error.path ?? '.git/plan-hooks';
  const at = path.lastIndexOf('/plan-hooks');
  return at === -1 ? path : path.slice(0, at + '/plan-hooks'.length);
}

/** The sentence for a refused write, with the fix. */
export function deniedText(error: unknown): string {
  const e = error as NodeJS.ErrnoException;
  return messages.stateNotWritable(sanitizeLine(stateDir(e)), e.code ?? 'EACCES');
}
