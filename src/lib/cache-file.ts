// Files kept only to go faster (caches under the git dir), and the two things every such cache
// needs: a file's stat signature, which says "unchanged" without reading it, and a file that
// checks itself, so a cache edited by hand or cut short by any tool is ignored (rebuilt) rather
// than trusted. A cache is never a witness: a forger can write the stamp too, and nothing local
// is proof against that; whoever must be sure reads the source of truth (git).
//
// The self-check is the file's own stat signature and a checksum of its bytes, kept beside it
// (`<file>.stamp`) when it is written: the signature says no tool touched it since; the
// checksum, that its bytes are the ones written even when someone rewrote the stamp's
// signature to match (a code cache with flipped bytes crashes V8, ./code-cache.ts). The
// checksum loads no module (./checksum.ts): node:crypto and node:zlib stay out of the hooks.
// Read as regular files only, bounded, opened without blocking: a FIFO, a device or a
// directory in a cache's place is no cache, never a hang.
import { type Stats, closeSync, constants, fstatSync, fsyncSync, mkdirSync, openSync, readSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { checksum } from './checksum.js';
import { removeFile } from './remove-file.js';

export { checksum };

/**
 * A file's size, modification and change times (ms) and inode: what any write, truncation,
 * rename over it, `touch` or `chmod` changes. Two equal signatures mean an unchanged file, except
 * for a write of the same size within one tick of the file system's clock (see isRacy).
 */
export interface StatSignature {
  readonly signature: string;
  /** The later of the modification and change times, in ms. */
  readonly changedMs: number;
}

// In ms as doubles (~0.25 µs apart at today's dates), not BigInt ns: a BigInt stat costs the
// edit-time hook ~4× as much (~0.1 M instructions a file before node's code warms up, and it
// stats every plan on every edit), and a change within a fraction of a µs is inside RACY_MS anyway.
const signatureOf = (s: Stats): StatSignature => ({
  signature: `${s.size} ${s.mtimeMs} ${s.ctimeMs} ${s.ino}`,
  changedMs: Math.max(s.mtimeMs, s.ctimeMs),
});

/** The signature of `file`; throws when it cannot be stat'ed (missing, unreadable). */
export const statSignature = (file: string): StatSignature => signatureOf(statSync(file));

/**
 * A file changed twice within one tick of the file system's clock, to the same size, keeps its
 * signature: what was read within this long of the file's last change may be used but must not
 * be kept under that signature (git's "racily clean" index entries, the same way round).
 */
export const RACY_MS = 2000;

export const isRacy = (sig: StatSignature, now: number): boolean => now - sig.changedMs < RACY_MS;

/**
 * Replaces `file` with `text` through a temporary file renamed into place, so a reader never
 * sees half a file. Never throws: false when it cannot be written (a cache that cannot be
 * written only costs the next run a read). No fsync unless `durable`: a crash may lose a cache,
 * never a fact; `durable` is for a cache whose damaged content could crash its reader (V8's code
 * cache, ./code-cache.ts).
 */
export function replaceCacheFile(file: string, text: string | Uint8Array, durable = false): boolean {
  const temp = `${file}.${process.pid}.tmp`;
  try {
    mkdirSync(dirname(file), { recursive: true });
    if (durable) {
      // On disk before it is renamed into place: a crash cannot leave the name on unwritten blocks.
      const fd = openSync(temp, 'w');
      try {
        writeFileSync(fd, text);
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
    } else writeFileSync(temp, text);
    renameSync(temp, file);
    return true;
  } catch {
    try {
      removeFile(temp);
    } catch {
      // Nothing to tidy.
    }
    return false;
  }
}

/** Where the self-check of a checked cache file is kept. */
export const stampFile = (file: string) => `${file}.stamp`;

/** Every file a checked cache is made of (to remove them, or list them for uninstall). */
export const checkedCacheFiles = (file: string): string[] => [file, stampFile(file)];

/** The stamp a checked cache file whose bytes are `bytes` gets (its signature, then its checksum). */
export const stampOf = (file: string, bytes: Uint8Array): string => `${statSignature(file).signature} ${checksum(bytes)}`;

/** Writes a checked cache file: replaced as replaceCacheFile does, then its signature and checksum stamped. */
export function writeCheckedCache(file: string, text: string | Uint8Array, durable = false): void {
  const bytes = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
  if (!replaceCacheFile(file, bytes, durable)) return;
  // Renamed into place too: a FIFO planted as the stamp would block a plain write's open.
  if (!replaceCacheFile(stampFile(file), stampOf(file, bytes))) {
    // No stamp, or an old one: the file is not used, and the next write makes both again.
  }
}

/** A cache's bytes at most (a bound on what a planted file can make a hook read). */
export const MAX_CACHE_BYTES = 64 * 1024 * 1024;

/** The bytes of `file` when it is a regular file of at most `max` bytes, and its signature; else null. Never blocks or throws. */
export function readRegular(file: string, max: number): { bytes: Buffer; signature: string } | null {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch {
    return null;
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile() || st.size > max) return null;
    const bytes = Buffer.allocUnsafe(Number(st.size));
    let got = 0;
    while (got < bytes.length) {
      const n = readSync(fd, bytes, got, bytes.length - got, got);
      if (n === 0) return null;
      got += n;
    }
    return { bytes, signature: signatureOf(st).signature };
  } catch {
    return null;
  } finally {
    closeSync(fd);
  }
}

/**
 * The text (or, with `encoding` null, the bytes; with 'latin1', the bytes as a string of one
 * character each) of a checked cache file as its writer left it; null when missing or touched since.
 */
export function readCheckedCache(file: string, encoding?: 'utf8' | 'latin1'): string | null;
export function readCheckedCache(file: string, encoding: null): Buffer | null;
export function readCheckedCache(file: string, encoding: 'utf8' | 'latin1' | null = 'utf8'): string | Buffer | null {
  const stamp = readRegular(stampFile(file), 256);
  if (stamp === null) return null;
  const read = readRegular(file, MAX_CACHE_BYTES);
  // The signature of what was read (the open file's own), then its bytes: damage with a rewritten signature is caught by the checksum.
  if (read === null || stamp.bytes.toString('latin1') !== `${read.signature} ${checksum(read.bytes)}`) return null;
  return encoding === null ? read.bytes : read.bytes.toString(encoding);
}

/** Removes a checked cache (both its files); never throws. */
export function removeCheckedCache(file: string): void {
  for (const f of checkedCacheFiles(file)) {
    try {
      removeFile(f);
    } catch {
      // Left behind, it fails its check.
    }
  }
}
