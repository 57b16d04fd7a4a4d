// A lock file created with O_EXCL, holding the owner's pid, host and time. A crashed holder
// cannot keep it forever: the lock is stale when its pid is dead on this host or it is older
// than the timeout, and a waiter then removes it and takes its turn.
import { open, readFile, unlink } from 'node:fs/promises';
import { hostname } from 'node:os';
import { worklogMessages } from '../messages/worklog.js';

export interface LockOptions {
  /** A lock older than this is stale whoever holds it (appends take milliseconds). */
  staleMs?: number;
  /** Give up waiting after this long. */
  timeoutMs?: number;
}

interface Owner {
  pid: number;
  host: string;
  time: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A clock this far ahead of ours is another machine's skew; further ahead, the time is no owner's. */
const FUTURE_SKEW_MS = 60_000;

/**
 * Whether the lock's owner record says it is stale; 'unreadable' when it is no record (empty,
 * half-written, or not ours): only age can tell then, measured by the caller.
 */
function isStale(text: string, now: number, staleMs: number, host = hostname()): boolean | 'unreadable' {
  let owner: Partial<Owner>;
  try {
    owner = JSON.parse(text) as Partial<Owner>;
  } catch {
    // A half-written owner record: its writer died between create and write, or is writing now.
    return 'unreadable';
  }
  if (typeof owner !== 'object' || owner === null) return 'unreadable';
  if (typeof owner.time !== 'number' || !Number.isFinite(owner.time)) return true;
  // A time from the future is never trusted: a planted or skewed lock would hold forever.
  if (now - owner.time > staleMs || owner.time - now > FUTURE_SKEW_MS) return true;
  return owner.host === host && typeof owner.pid === 'number' && !alive(owner.pid);
}

export class LockTimeout extends Error {}

/** Runs `fn` holding the lock at `file`. */
export async function withLock<T>(file: string, fn: () => Promise<T>, opts: LockOptions = {}): Promise<T> {
  const staleMs = opts.staleMs ?? 10_000;
  const deadline = Date.now() + (opts.timeoutMs ?? 30_000);
  const me = JSON.stringify({ pid: process.pid, host: hostname(), time: Date.now() } satisfies Owner);
  let firstUnreadable = 0;
  for (let attempt = 0; ; attempt++) {
    try {
      const handle = await open(file, 'wx');
      await handle.writeFile(me);
      await handle.close();
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const text = await readFile(file, 'utf8').catch(() => null);
    if (text !== null) {
      const now = Date.now();
      const stale = isStale(text, now, staleMs);
      firstUnreadable = stale === 'unreadable' ? firstUnreadable || now : 0;
      const unreadableTooLong = firstUnreadable !== 0 && now - firstUnreadable > staleMs;
      if (unreadableTooLong || stale === true) {
        // Remove only the lock we judged stale: if another waiter already replaced it, leave it.
        const again = await readFile(file, 'utf8').catch(() => null);
        if (again === text) await unlink(file).catch(() => undefined);
        continue;
      }
    }
    if (Date.now() > deadline) throw new LockTimeout(worklogMessages.worklogLockTimeout(file));
    await sleep(Math.min(50, 2 + attempt * 2) * (0.5 + Math.random()));
  }
  try {
    return await fn();
  } finally {
    await unlink(file).catch(() => undefined);
  }
}
