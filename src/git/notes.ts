// git notes: the one write the worklog's optional mirror makes (its configuration goes through
// ./queries.ts like any other).
import { git } from './git.js';

/** Sets `commit`'s note under `ref` to `text`, replacing one already there. */
export async function setNote(ref: string, commit: string, text: string, cwd: string): Promise<void> {
  await git(['notes', `--ref=${ref}`, 'add', '-f', '-F', '-', commit], { cwd, input: text });
}
