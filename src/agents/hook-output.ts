// What the edit-time hook writes: its reply, without a stream when it can, and the one line it
// fails open with, from the sentences when they load (./replies.ts), else the error alone. The
// hook (./main.ts) and its loader (./loader.ts) both write this way.
import { writeSync } from 'node:fs';

/** The line for an internal error `detail`; never throws. */
export async function failOpenLine(detail: string): Promise<string> {
  try {
    return (await import('./replies.js')).failOpenLine(detail);
  } catch {
    // The sentences could not load either: the error alone, on one line.
    return `plan-hooks agent hook: ${detail.replace(/[^\x20-\x7e]/g, '?').slice(0, 300)}\n`;
  }
}

/** The detail of a thrown value, for failOpenLine. */
export const errorDetail = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * All of `text` to stdout (1) or stderr (2), without a stream when it can: creating
 * process.stdout costs a few ms. A non-blocking pipe that is full hands the rest to the stream.
 */
export function writeAll(fd: 1 | 2, text: string): void {
  const bytes = Buffer.from(text);
  let off = 0;
  try {
    while (off < bytes.length) off += writeSync(fd, bytes, off);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') throw error;
    (fd === 1 ? process.stdout : process.stderr).write(bytes.subarray(off));
  }
}
