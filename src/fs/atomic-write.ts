// Replacing a file so that no reader ever sees half of it: write a temporary file in the same
// directory (same file system, so rename is atomic), flush it to disk, then rename it over the
// original. A crash leaves either the old file or the new one, never a mix.
import { closeSync, constants, fsyncSync, openSync, readFileSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { UserError } from '../errors.js';
import { messages } from '../messages/index.js';

/**
 * Writes `content` to `file` atomically. When `expected` is given, the file must still hold it
 * just before the rename (another process editing the same plan meanwhile is refused rather
 * than silently overwritten).
 */
export function writeFileAtomic(file: string, content: string, expected?: string): void {
  const dir = dirname(file);
  // O_EXCL below makes the name safe, never its unpredictability: the random part only keeps a
  // temporary file left by a killed process of the same pid from blocking this write (and
  // node:crypto would cost a plan commit's pre-commit ms to load).
  const temp = join(dir, `.${basename(file)}.${process.pid}.${Math.random().toString(36).slice(2, 10)}.tmp`);
  const mode = statSync(file, { throwIfNoEntry: false })?.mode ?? 0o644;
  let fd: number | null = openSync(temp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, mode & 0o777);
  try {
    writeSync(fd, content);
    fsyncSync(fd);
    closeSync(fd);
    fd = null;
    if (expected !== undefined && readFileSync(file, 'utf8') !== expected) throw new UserError(messages.editConcurrent(file));
    renameSync(temp, file);
  } catch (error) {
    if (fd !== null) closeSync(fd);
    unlinkSync(temp);
    throw error;
  }
  syncDirectory(dir);
}

/** Makes the rename itself durable; some platforms cannot open a directory, which is harmless. */
function syncDirectory(dir: string): void {
  let fd: number | null = null;
  try {
    fd = openSync(dir, 'r');
    fsyncSync(fd);
  } catch {
    // Not supported here (e.g. Windows): the rename is still atomic, only its durability waits for the OS.
  } finally {
    if (fd !== null) closeSync(fd);
  }
}
