// Replacing a file so that no reader ever sees half of it: write a temporary file in the same
// directory (same file system, so rename is atomic), flush it to disk, then rename it over the
// original. A crash leaves either the old file or the new one, never a mix.
import { closeSync, constants, fsyncSync, openSync, readFileSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { UserError } from '../errors.js';
import { messages } from '../messages/index.js';

/**
 * Writes `content` to `file` atomically. When `expected` is given, the file must still hold it
 * just before the rename (another process editing the same plan meanwhile is refused rather
 * than silently overwritten).
 */
export function writeFileAtomic(file: string, content: string, expected?: string): void {
  const dir = dirname(file);
  const temp = join(dir, `.${basename(file)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
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
