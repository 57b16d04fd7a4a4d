// pre-commit proves to post-commit that it checked this exact commit: it records the staged
// tree (git write-tree) under the per-worktree git dir; post-commit compares it with HEAD^{tree}.
// A --no-verify commit, a cherry-pick or a rebase pick then reads as unverified by itself.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { git } from '../git/git.js';

async function markerPath(cwd?: string): Promise<string> {
  return (await git(['rev-parse', '--path-format=absolute', '--git-path', 'plan-hooks/verified-tree'], { cwd })).trim();
}

/** Called by pre-commit once every check passed: the tree this index would commit. */
export async function writeVerifiedMarker(cwd?: string): Promise<string> {
  const tree = (await git(['write-tree'], { cwd })).trim();
  const file = await markerPath(cwd);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, `${tree}\n`);
  return tree;
}

/** True when pre-commit checked exactly the tree of `commit`. */
export async function isVerified(commit: string, cwd?: string): Promise<boolean> {
  const [marker, tree] = await Promise.all([
    markerPath(cwd).then((f) => readFile(f, 'utf8').catch(() => '')),
    git(['rev-parse', `${commit}^{tree}`], { cwd, allowFail: true }),
  ]);
  return marker.trim() !== '' && marker.trim() === tree?.trim();
}
