// Which tasks a linked worktree belongs to (issue 31 item 1): `claim` run in a linked worktree
// records the task in that worktree's own git dir, and a commit made there belongs to those
// tasks, so a file of another task is refused even when both tasks have one holder (two
// subagents of one agent). The main worktree is never bound: one agent working two of its own
// tasks there stays free. A cache like the sessions: missing or damaged, nothing is bound; and a
// binding can only add refusals, never let a path through (src/core/claims.ts matchClaims).
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { commonDirOf } from './store.js';

/** At most this many tasks per worktree, each id at most MAX_TASK characters. */
const MAX_TASKS = 32;
const MAX_TASK = 300;

export const bindingFile = (gitDir: string) => join(gitDir, 'plan-hooks', 'bound-tasks');

/** Whether `gitDir` is a linked worktree's (its own git dir, not the common one). */
export const isLinkedGitDir = (gitDir: string) => resolve(commonDirOf(gitDir)) !== resolve(gitDir);

/** The tasks this worktree is bound to, in the order bound; none when unreadable. */
export function readBinding(gitDir: string): string[] {
  let text: string;
  try {
    text = readFileSync(bindingFile(gitDir), 'utf8');
  } catch {
    return [];
  }
  if (text.length > MAX_TASKS * (MAX_TASK + 1)) return [];
  const tasks = text.split('\n').map((l) => l.trim()).filter((l) => l !== '' && l.length <= MAX_TASK && !/[\x00-\x1f\x7f]/.test(l));
  return [...new Set(tasks)].slice(-MAX_TASKS);
}

/** Binds a linked worktree to `task` as well (a main worktree is left unbound). Never throws: returns whether it is bound. */
export function bindTask(gitDir: string, task: string): boolean {
  if (!isLinkedGitDir(gitDir) || task.length > MAX_TASK || /[\x00-\x1f\x7f]/.test(task)) return false;
  const tasks = [...readBinding(gitDir).filter((t) => t !== task), task].slice(-MAX_TASKS);
  const file = bindingFile(gitDir);
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    mkdirSync(join(gitDir, 'plan-hooks'), { recursive: true });
    writeFileSync(tmp, tasks.map((t) => `${t}\n`).join(''));
    renameSync(tmp, file);
    return true;
  } catch {
    rmSync(tmp, { force: true });
    return false;
  }
}
