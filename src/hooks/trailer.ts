// The Plan-Task trailer decision, shared by prepare-commit-msg (which writes the trailer) and
// pre-commit (which already has every fact it needs). When pre-commit finds there is no
// trailer to add, it leaves `<tree> <HEAD>` in the git dir, and the hook runner
// (hooks/plan-hooks.sh) lets prepare-commit-msg exit without starting node for the same
// index and HEAD: a node start is most of a hook's cost. The runner consumes the file; when it
// is missing or does not match (--no-verify, a cherry-pick, a rebase pick, a changed index),
// prepare-commit-msg runs and decides as it always did.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { ClaimHit } from '../claims/claims.js';

/** The one task of the committer's own claims the change falls under, or null (pure). */
export function trailerTask(ownHits: ClaimHit[]): string | null {
  const tasks = new Set(ownHits.map((h) => h.claim.task));
  if (tasks.size !== 1) return null;
  const [task] = tasks;
  // A task id from a plan file becomes a trailer value: one line, no control characters.
  return task && !/[\u0000-\u001f\u007f]/.test(task) ? task : null;
}

/** The file hooks/plan-hooks.sh reads: under the per-worktree git dir, beside the verified marker. */
export const noTrailerFile = (gitDir: string) => join(gitDir, 'plan-hooks', 'no-trailer');

/** Records that the commit of `tree` on `head` gets no trailer; `null` clears an earlier record. */
export function recordNoTrailer(gitDir: string, commit: { tree: string; head: string } | null): void {
  const file = noTrailerFile(gitDir);
  if (commit === null) return rmSync(file, { force: true });
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${commit.tree} ${commit.head}\n`);
}
