// pre-commit's one call into the handoff: regenerate and stage the blocks when a plan is staged,
// and print what the handoff states that git contradicts. Warnings never refuse the commit.
// The common commit (no plan staged) returns before anything is loaded.
import type { Change } from '../git/changes.js';
import type { Known } from './stage.js';
import { messages } from '../messages/index.js';
import { sanitize } from '../term.js';

/** Returns true when it staged something (the index's tree changed). */
export async function regenerateHandoff(
  root: string,
  changes: Change[],
  isPlanFile: (path: string) => boolean,
  planRulesRan: boolean,
  known?: Known,
): Promise<boolean> {
  if (!changes.some((c) => isPlanFile(c.path) || (c.from !== undefined && isPlanFile(c.from)))) return false;
  const { stageHandoff } = await import('./stage.js');
  const { staged, warnings } = await stageHandoff(root, { planRulesRan, known });
  for (const w of warnings) process.stderr.write(sanitize(messages.handoffWarning(w.file, w.text)));
  // The commit gains files the user did not stage: one line says which.
  if (staged.length > 0) process.stderr.write(sanitize(messages.handoffStaged(staged)));
  return staged.length > 0;
}
