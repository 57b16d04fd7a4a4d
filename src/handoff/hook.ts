// pre-commit's calls into the handoff: start its reads when a plan is staged (they run while
// pre-commit validates), then regenerate and stage the blocks once every check passed, and print
// what the handoff states that git contradicts. Warnings never refuse the commit. The common
// commit (no plan staged) returns before anything is loaded.
import type { Change } from '../git/changes.js';
import type { StartedHandoff } from './stage.js';
import { type Known, startHandoffReads } from './reads.js';
import { messages } from '../messages/index.js';
import { sanitize } from '../term.js';

/**
 * The handoff under way when the commit touches a plan, else null (nothing loaded): its reads
 * start before the plan-commit bundle (./stage.ts) loads, and run while it does.
 */
export async function startHandoff(root: string, changes: Change[], isPlanFile: (path: string) => boolean, known: Known): Promise<StartedHandoff | null> {
  if (!changes.some((c) => isPlanFile(c.path) || (c.from !== undefined && isPlanFile(c.from)))) return null;
  const reads = startHandoffReads(root, known);
  if (!reads) return null;
  const stage = await import('./stage.js');
  return stage.startHandoff(root, known, reads);
}

/**
 * Stages the blocks of a handoff started by startHandoff. `restaged`: it staged something (the
 * index's tree changed), and `tree` is the tree the index then holds.
 */
export async function regenerateHandoff(started: StartedHandoff | null, planRulesRan: boolean): Promise<{ restaged: boolean; tree: string | null }> {
  if (!started) return { restaged: false, tree: null };
  const { staged, tree, warnings } = await started.stage({ planRulesRan });
  for (const w of warnings) process.stderr.write(sanitize(messages.handoffWarning(w.file, w.text)));
  // The commit gains files the user did not stage: one line says which.
  if (staged.length > 0) process.stderr.write(sanitize(messages.handoffStaged(staged)));
  return { restaged: staged.length > 0, tree };
}
