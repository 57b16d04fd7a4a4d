// What init changed, kept under the git common directory (never in the working tree:
// ../../install/manifest.ts reads and writes it), so uninstall takes back exactly that and
// nothing of the user's.
import type { ManagerName } from './managers/manager.js';

export interface Manifest {
  version: 1;
  mode: ManagerName | 'dir';
  /** Absolute directory the shims were written to (dir mode). */
  hooksDir: string | null;
  /** Dependencies init added (removed again by uninstall). */
  addedDependencies: string[];
  /** The prepare script before init changed it (null: there was none). */
  prepareBefore: string | null | undefined;
  prepareAfter: string | undefined;
  /** The script those are of when it is not `prepare` (yarn 2+: `postinstall`). */
  prepareScript?: 'postinstall';
  /** core.hooksPath before init changed it (undefined: init did not change it). */
  hooksPathBefore: string | null | undefined;
  /** Repository-relative files init created (removed when nothing of the user's is left in them). */
  createdFiles: string[];
  /** Linked worktrees' .husky/_ that init copied in. */
  bootstrapped: string[];
  /** lint-staged config files init added the plan task to. */
  lintStaged: string[];
}

/** A later run's record merged into an earlier one: the earliest "before" values win. */
export function mergeManifest(old: Manifest | null, next: Manifest): Manifest {
  if (!old) return next;
  const union = (a: string[], b: string[]) => [...new Set([...a, ...b])];
  return {
    ...next,
    addedDependencies: union(old.addedDependencies, next.addedDependencies),
    prepareBefore: old.prepareBefore !== undefined ? old.prepareBefore : next.prepareBefore,
    prepareAfter: next.prepareAfter ?? old.prepareAfter,
    prepareScript: next.prepareScript ?? old.prepareScript,
    hooksPathBefore: old.hooksPathBefore !== undefined ? old.hooksPathBefore : next.hooksPathBefore,
    createdFiles: union(old.createdFiles, next.createdFiles),
    bootstrapped: union(old.bootstrapped, next.bootstrapped),
    lintStaged: union(old.lintStaged, next.lintStaged),
  };
}
