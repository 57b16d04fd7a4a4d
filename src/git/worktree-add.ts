// What `plan-hooks start` asks of git: a branch name checked, a linked worktree made on a new
// branch (and taken back when a later step refuses), a path kept out of the tracked tree, and
// the claim committed there through the hooks.
import { appendFileSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { git } from './git.js';
import { gitResult, type GitResult } from './spawn.js';

/** Whether `name` is a branch name git accepts (`git check-ref-format --branch`). */
export async function isValidBranchName(cwd: string, name: string): Promise<boolean> {
  return !name.startsWith('-') && (await git(['check-ref-format', '--branch', name], { cwd, allowFail: true })) !== null;
}

/** Whether the local branch `name` exists. */
export async function branchExists(cwd: string, name: string): Promise<boolean> {
  return (await git(['rev-parse', '--verify', '-q', `refs/heads/${name}`], { cwd, allowFail: true })) !== null;
}

/** The commit `rev` names, or null when git does not know it. */
export async function commitOf(cwd: string, rev: string): Promise<string | null> {
  if (rev.startsWith('-')) return null;
  const out = await git(['rev-parse', '--verify', '-q', '--end-of-options', `${rev}^{commit}`], { cwd, allowFail: true });
  return out?.trim() || null;
}

/** Makes a linked worktree at `path` on the new branch `branch` from `commit`; git's refusal when it does not. */
export async function addWorktree(cwd: string, path: string, branch: string, commit: string): Promise<GitResult> {
  return gitResult(['worktree', 'add', '--quiet', '-b', branch, '--', path, commit], { cwd });
}

/** Takes back what addWorktree made (the worktree, then its branch); best effort. */
export async function removeWorktree(cwd: string, path: string, branch: string): Promise<void> {
  await git(['worktree', 'remove', '--force', '--force', '--', path], { cwd, allowFail: true });
  await git(['branch', '-D', '--', branch], { cwd, allowFail: true });
}

/** The absolute git dir of the worktree at `cwd`. */
export async function absoluteGitDir(cwd: string): Promise<string> {
  return (await git(['rev-parse', '--absolute-git-dir'], { cwd })).trim();
}

/** Whether git ignores `path` (relative to `cwd`'s worktree). */
export async function isIgnored(cwd: string, path: string): Promise<boolean> {
  return (await git(['check-ignore', '-q', '--no-index', '--', path], { cwd, allowFail: true })) !== null;
}

/** Ignores `/<rel>/` in every worktree through the shared `info/exclude`, which no commit carries; false when it cannot. */
export function excludeInRepository(commonDir: string, rel: string, comment: string): boolean {
  const file = join(commonDir, 'info', 'exclude');
  const line = `/${rel.replace(/\/+$/, '')}/`;
  try {
    let text = '';
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      mkdirSync(dirname(file), { recursive: true });
    }
    if (!text.split('\n').includes(line)) appendFileSync(file, [...(text === '' || text.endsWith('\n') ? [] : ['']), comment, line, ''].join('\n'));
    return true;
  } catch {
    return false;
  }
}

/** Commits `paths` in the worktree at `cwd` through its hooks (the claim `start` made there). */
export async function commitPaths(cwd: string, paths: string[], message: string, env: NodeJS.ProcessEnv): Promise<GitResult> {
  const add = await gitResult(['add', '--', ...paths], { cwd, env });
  if (add.code !== 0) return add;
  // A plain commit of the index: the worktree is new, so only these paths are staged.
  return gitResult(['commit', '--quiet', '-m', message], { cwd, env });
}
