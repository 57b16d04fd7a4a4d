// pre-commit proves to post-commit that it checked this exact commit: it records the staged
// tree (git write-tree) under the per-worktree git dir; post-commit compares it with HEAD^{tree}.
// A --no-verify commit, a cherry-pick or a rebase pick then reads as unverified by itself.
// The marker also carries the checks skipped with PLAN_HOOKS_SKIP, so the worklog records them.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { git } from '../git/git.js';

interface Marker {
  tree: string;
  skipped: string[];
}

/** The marker under a worktree's git dir (`--git-path` maps no plan-hooks/ elsewhere). */
export const verifiedMarkerFile = (gitDir: string) => join(gitDir, 'plan-hooks', 'verified.json');

async function markerPath(cwd?: string): Promise<string> {
  return (await git(['rev-parse', '--path-format=absolute', '--git-path', 'plan-hooks/verified.json'], { cwd })).trim();
}

/**
 * Called by pre-commit once every check passed: the tree this index would commit. `known`
 * saves git calls when the caller already has the tree (git write-tree) or the absolute
 * per-worktree git dir.
 */
export async function writeVerifiedMarker(skipped: string[] = [], cwd?: string, known: { tree?: string; gitDir?: string } = {}): Promise<string> {
  const [tree, file] = await Promise.all([
    known.tree ?? git(['write-tree'], { cwd }).then((t) => t.trim()),
    known.gitDir ? verifiedMarkerFile(known.gitDir) : markerPath(cwd),
  ]);
  mkdirSync(dirname(file), { recursive: true });
  const marker: Marker = { tree, skipped };
  writeFileSync(file, `${JSON.stringify(marker)}\n`);
  return tree;
}

/**
 * Whether pre-commit checked exactly the tree of `commit`, and what it skipped. The marker is
 * consumed, so a later commit of the same tree made with --no-verify does not inherit it.
 */
export async function takeVerification(commit: string, cwd?: string): Promise<{ verified: boolean; skipped: string[] }> {
  const [file, tree] = await Promise.all([markerPath(cwd), git(['rev-parse', `${commit}^{tree}`], { cwd, allowFail: true })]);
  let text = '';
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    // No marker: pre-commit did not run (or did not pass) for this commit.
  }
  rmSync(file, { force: true });
  let marker: Marker | null = null;
  try {
    marker = text ? (JSON.parse(text) as Marker) : null;
  } catch {
    marker = null;
  }
  const verified = marker !== null && marker.tree === tree?.trim();
  return { verified, skipped: verified ? marker!.skipped : [] };
}
