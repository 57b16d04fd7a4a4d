// The worklog file: JSON Lines, append-only, shared by every worktree. Appending reads only the
// file's tail (the last complete line gives the last seq), so it costs the same at a million
// entries as at ten. A torn last line — a writer killed mid-write — is cut off and kept aside in
// worklog.jsonl.torn before the next append, so earlier entries are never lost.
import { appendFile, mkdir, open, stat, type FileHandle } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { gitDirs } from '../git/queries.js';
import { withLock } from './lock.js';
import { messages } from '../messages/index.js';

const CHUNK = 64 * 1024;

/** The worklog of the repository whose git common dir is `commonDir` (shared by its worktrees). */
export const worklogFile = (commonDir: string) => join(commonDir, 'plan-hooks', 'worklog.jsonl');

export async function worklogPath(cwd?: string): Promise<string> {
  return worklogFile((await gitDirs(cwd)).commonDir);
}

/** Lines from the end of the file backwards, complete ones only (a torn tail is not a line). */
export async function* linesBackward(file: string): AsyncGenerator<string> {
  let handle: FileHandle;
  try {
    handle = await open(file, 'r');
  } catch {
    return;
  }
  try {
    const info = await handle.stat();
    // A directory or a device where the file should be holds no entries (append says why).
    if (!info.isFile()) return;
    let pos = info.size;
    let rest = Buffer.alloc(0);
    let first = true;
    while (pos > 0) {
      const size = Math.min(CHUNK, pos);
      pos -= size;
      const buf = Buffer.alloc(size);
      await handle.read(buf, 0, size, pos);
      let data = Buffer.concat([buf, rest]);
      if (first) {
        // Whatever follows the last newline is a torn write, not an entry.
        const last = data.lastIndexOf(0x0a);
        data = last === -1 ? Buffer.alloc(0) : data.subarray(0, last + 1);
        if (last === -1 && pos > 0) {
          rest = Buffer.alloc(0);
          first = true;
          continue;
        }
        first = false;
      }
      let end = data.length;
      if (data[end - 1] === 0x0a) end--;
      let nl = end > 0 ? data.lastIndexOf(0x0a, end - 1) : -1;
      while (nl !== -1) {
        const line = data.subarray(nl + 1, end).toString('utf8');
        if (line !== '') yield line;
        end = nl;
        nl = end > 0 ? data.lastIndexOf(0x0a, end - 1) : -1;
      }
      rest = data.subarray(0, end);
    }
    if (rest.length > 0) yield rest.toString('utf8');
  } finally {
    await handle.close();
  }
}

/** A line that can continue the sequence: an object whose seq is a safe positive integer. */
export const hasSeq = (v: unknown): boolean => typeof v === 'object' && v !== null && !Array.isArray(v) && Number.isSafeInteger((v as { seq?: unknown }).seq) && ((v as { seq: number }).seq >= 1);

/**
 * The newest entries, newest first, parsed; a line is skipped unless `accept` takes it (by
 * default, any line with a usable seq; readers of whole entries pass isWorklogEntry).
 */
export async function* entriesBackward<T>(file: string, accept: (v: unknown) => boolean = hasSeq): AsyncGenerator<T> {
  for await (const line of linesBackward(file)) {
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      // A line damaged by hand or by a disk error: skip it, keep the rest readable.
      continue;
    }
    if (accept(value)) yield value as T;
  }
}

export async function tail<T>(file: string, count: number, accept: (v: unknown) => boolean = hasSeq): Promise<T[]> {
  const out: T[] = [];
  for await (const entry of entriesBackward<T>(file, accept)) {
    out.push(entry);
    if (out.length >= count) break;
  }
  return out;
}

/** Cuts a torn last line off (kept in `<file>.torn`), so the next append starts on a fresh line. */
async function repairTail(file: string): Promise<void> {
  const handle = await open(file, 'r+');
  try {
    const size = (await handle.stat()).size;
    if (size === 0) return;
    const probe = Buffer.alloc(1);
    await handle.read(probe, 0, 1, size - 1);
    if (probe[0] === 0x0a) return;
    let pos = size;
    let cut = 0;
    while (pos > 0) {
      const len = Math.min(CHUNK, pos);
      pos -= len;
      const buf = Buffer.alloc(len);
      await handle.read(buf, 0, len, pos);
      const nl = buf.lastIndexOf(0x0a);
      if (nl !== -1) {
        cut = pos + nl + 1;
        break;
      }
    }
    const torn = Buffer.alloc(size - cut);
    await handle.read(torn, 0, torn.length, cut);
    await appendFile(`${file}.torn`, Buffer.concat([torn, Buffer.from('\n')]));
    await handle.truncate(cut);
  } finally {
    await handle.close();
  }
}

async function lastSeq(file: string): Promise<number> {
  // entriesBackward yields only entries, whose seq is a safe positive integer.
  for await (const entry of entriesBackward<{ seq: number }>(file)) return entry.seq;
  return 0;
}

/**
 * Appends one entry under the lock; `build` receives the seq to use. Returns the entry written.
 * One write call per entry, so concurrent readers see whole lines or a torn tail they skip.
 */
export async function append<T extends { seq: number }>(file: string, build: (seq: number) => T): Promise<T> {
  await mkdir(dirname(file), { recursive: true });
  return withLock(`${file}.lock`, async () => {
    const info = await stat(file).catch(() => null);
    if (info && !info.isFile()) throw new Error(messages.worklogNotAFile(file));
    if (info) await repairTail(file);
    const entry = build((await lastSeq(file)) + 1);
    await appendFile(file, `${JSON.stringify(entry)}\n`);
    return entry;
  });
}
