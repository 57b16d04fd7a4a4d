// All git plumbing goes through here. We spawn git directly rather than through simple-git:
// a hook must pass GIT_INDEX_FILE (and GIT_DIR in linked worktrees) through untouched, which
// simple-git 4 strips by default, and spawning costs nothing to import.
import { gitBatch } from './batch.js';
import { type GitOptions, gitAlone } from './spawn.js';

export type { GitOptions } from './spawn.js';

/**
 * Calls made in the same turn of the event loop (the reads of a Promise.all) for the same
 * directory, with the inherited environment and no input: run together by gitBatch, which
 * starts one shell per lane instead of one process per call (a process start costs a hook
 * ~1.5 ms of its own time). A call that fails there gives null with allowFail; without, it runs
 * again alone, so its error carries git's own message.
 */
interface Pending {
  args: string[];
  allowFail: boolean;
  resolve(out: string | null): void;
  reject(error: unknown): void;
}
const pending = new Map<string, Pending[]>();

function flush(): void {
  const groups = [...pending];
  pending.clear();
  for (const [cwd, calls] of groups) {
    const alone = (c: Pending) => gitAlone(c.args, { cwd, allowFail: c.allowFail }).then(c.resolve, c.reject);
    // A batch starts up to two shells: for two calls or fewer it saves no process start.
    if (calls.length <= 2) {
      calls.forEach(alone);
      continue;
    }
    gitBatch(calls.map((c) => c.args), cwd).then(
      (outs) => calls.forEach((c, i) => (outs[i] !== null ? c.resolve(outs[i]!) : c.allowFail ? c.resolve(null) : alone(c))),
      () => calls.forEach(alone),
    );
  }
}

/** Runs git and returns stdout; the environment git gave the hook is inherited as it is. */
export function git(args: string[], opts: GitOptions & { allowFail: true }): Promise<string | null>;
export function git(args: string[], opts?: GitOptions): Promise<string>;
export function git(args: string[], opts: GitOptions = {}): Promise<string | null> {
  if (opts.input !== undefined || opts.env !== undefined) return gitAlone(args, opts);
  return new Promise((resolve, reject) => {
    const cwd = opts.cwd ?? process.cwd();
    if (pending.size === 0) setImmediate(flush);
    const list = pending.get(cwd);
    const call = { args, allowFail: opts.allowFail === true, resolve, reject };
    if (list) list.push(call);
    else pending.set(cwd, [call]);
  });
}

/** Splits NUL-terminated git output (the -z forms), dropping the empty tail. */
export function splitNul(out: string): string[] {
  const parts = out.split('\0');
  if (parts.at(-1) === '') parts.pop();
  return parts;
}
