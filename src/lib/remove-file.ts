// Removing one file. node 20's fs.rmSync loads its rimraf module on every call, a single file
// included: ~1.5 ms of a hook's own time (`node -e` with one rmSync against one unlinkSync), on
// every commit where a hook removes a file (the trailer record's index link, the markers).
import { unlink, unlinkSync } from 'node:fs';

/** Removes `file`; nothing when it is not there. Any other failure throws, as unlink's does. */
export function removeFile(file: string): void {
  try {
    unlinkSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

/**
 * Starts removing `file` on libuv's threads, off the hook's own: unlinking the last name of a
 * large file frees its blocks in the call (the trailer record's index link, ~0.9 MB here: git
 * replaced the index it named). Resolves with the failure, null when removed or not there.
 */
export function removeFileLater(file: string): Promise<NodeJS.ErrnoException | null> {
  return new Promise((resolve) => unlink(file, (error) => resolve(error && error.code !== 'ENOENT' ? error : null)));
}
