// What the rotation reads besides the sessions: what each worktree has left uncommitted, with the
// size of each change, read from git at that moment (never copied from a handoff).
import { gitQueries } from '../git/git.js';
import { UNCOMMITTED, UNCOMMITTED_SIZES } from '../git/status.js';
import type { LeftUncommitted } from '../core/handover.js';
import { commonDirOf, readSessions } from './store.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Lines of an untracked file (bounded read), for its diff size. */
function linesOf(path: string): number {
  try {
    const text = readFileSync(path, 'utf8').slice(0, 1_000_000);
    return text === '' ? 0 : text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
  } catch {
    return 0;
  }
}

/** Each worktree's uncommitted files with their diff size; a worktree git cannot read is left out. */
export async function leftUncommitted(worktrees: string[], only?: (path: string) => boolean): Promise<LeftUncommitted[]> {
  const out: LeftUncommitted[] = [];
  for (const worktree of worktrees.slice(0, 20)) {
    try {
      const { paths, sizes } = await gitQueries({ paths: UNCOMMITTED, sizes: UNCOMMITTED_SIZES }, worktree);
      const files = paths
        .filter((p) => !only || only(p))
        .slice(0, 50)
        .map((path) => ({ path, ...(sizes.get(path) ?? { added: linesOf(join(worktree, path)), removed: 0 }) }));
      if (files.length > 0) out.push({ worktree, files });
    } catch {
      // A worktree mid-change or gone: nothing to say about it.
    }
  }
  return out;
}

/** The facts a continuation is decided on, for the repository `repo` describes. */
export async function continueFacts(repo: { root: string; gitDir: string; otherWorktrees: { path: string }[]; config: { idleAfterMinutes: number } }) {
  const commonDir = commonDirOf(repo.gitDir);
  const sessions = readSessions(commonDir);
  const uncommitted = await leftUncommitted([repo.root, ...repo.otherWorktrees.map((w) => w.path)]);
  return { commonDir, sessions, idleAfterMinutes: repo.config.idleAfterMinutes, uncommitted };
}
