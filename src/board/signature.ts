// What changes when the work moves, read from file times alone (no git process, so polling it
// several times a second costs a few stat calls): the branches' reflogs (a commit in any
// worktree appends to its branch's), each worktree's HEAD log and index, packed refs, the
// worklog, the agents' sessions, and the plan files the board was drawn from.
import { type Dirent, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { sessionsDir } from '../sessions/store.js';
import { worklogFile } from '../worklog/store.js';

/** Files looked at, at most: a repository with thousands of branches is sampled, not walked. */
const MAX_FILES = 2000;

function stamp(path: string): string {
  try {
    const s = statSync(path);
    return `${s.mtimeMs}:${s.size}`;
  } catch {
    return '-';
  }
}

/** Every file under `dir` (depth-first, bounded). */
function filesUnder(dir: string, out: string[], depth = 0): void {
  if (depth > 8 || out.length >= MAX_FILES) return;
  let names: Dirent[];
  try {
    names = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const d of names) {
    if (out.length >= MAX_FILES) return;
    const p = join(dir, d.name);
    if (d.isDirectory()) filesUnder(p, out, depth + 1);
    else out.push(p);
  }
}

/** One string that differs whenever a commit, a session or a plan changed; `files` are extra paths (the plans). */
export function changeSignature(commonDir: string, files: string[] = []): string {
  const paths = [join(commonDir, 'HEAD'), join(commonDir, 'index'), join(commonDir, 'packed-refs'), join(commonDir, 'logs', 'HEAD'), worklogFile(commonDir), ...files];
  filesUnder(join(commonDir, 'logs', 'refs'), paths);
  filesUnder(sessionsDir(commonDir), paths);
  let worktrees: string[] = [];
  try {
    worktrees = readdirSync(join(commonDir, 'worktrees')).slice(0, 100);
  } catch {
    // No linked worktree.
  }
  for (const w of worktrees) for (const f of ['HEAD', 'index', join('logs', 'HEAD')]) paths.push(join(commonDir, 'worktrees', w, f));
  return paths.map((p) => `${p}=${stamp(p)}`).join('\n');
}

export interface Watch {
  stop(): void;
}

/**
 * Calls `onChange` when the signature moves (checked every `everyMs`), and at least every
 * `refreshMs` anyway (what only the working trees show, an edit not yet staged, has no file
 * time here). One call at a time: a slow redraw is never overlapped by the next.
 */
export function watchChanges(commonDir: string, files: () => string[], onChange: () => Promise<void>, opts: { everyMs?: number; refreshMs?: number } = {}): Watch {
  const every = opts.everyMs ?? 250;
  const refresh = opts.refreshMs ?? 10_000;
  let last = changeSignature(commonDir, files());
  let lastRun = Date.now();
  let busy = false;
  let stopped = false;
  const timer = setInterval(() => {
    if (busy || stopped) return;
    const now = changeSignature(commonDir, files());
    if (now === last && Date.now() - lastRun < refresh) return;
    last = now;
    lastRun = Date.now();
    busy = true;
    onChange()
      .catch(() => {})
      .finally(() => {
        busy = false;
      });
  }, every);
  return {
    stop() {
      stopped = true;
      clearInterval(timer);
    },
  };
}
