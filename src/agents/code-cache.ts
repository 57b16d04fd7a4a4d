// The edit-time hook's compiled code, kept under the git dir. The pre-tool hook runs before every
// edit an agent makes, and once the plans' claims are cached (./edit-claims.ts), compiling its
// own bundle is most of what it costs beyond node's start: so the bundle is run from V8's code
// cache of it (vm.Script cachedData; Node 20 has no module.enableCompileCache), produced after
// the first pre-tool run, with what that run compiled.
//
// Never trusted for anything but compile speed, and never allowed to run other code than the
// bundle's. V8 rejects a cache from another V8 version, other flags or a source of another
// length (it then compiles, and the cache is written again); what V8 does not check is keyed
// here: the bundle's stat signature (any other build or edit of it), node's version, arch and
// path. V8 does not verify a code cache's checksum in release builds, and damaged data can crash
// node: so the file is a checked cache (../lib/cache-file.ts: a hand edit or a truncation
// leaves it unused) and is written durably (on disk before it is renamed into place).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Script } from 'node:vm';
import { readCheckedCache, statSignature, writeCheckedCache } from '../lib/cache-file.js';
import { agentStateDir } from './seen.js';
import { gitDirOf } from './git-dir.js';

const MAGIC = 'plan-hooks code-cache 1';

export const codeCacheFile = (gitDir: string) => join(agentStateDir(gitDir), 'code-cache');

/** The first line of a cache file for `key`, padded so that V8's data starts 8-byte aligned. */
function headerOf(key: string): Buffer {
  const line = Buffer.from(`${MAGIC} ${key}`);
  return Buffer.concat([line, Buffer.from(`${' '.repeat(7 - (line.length % 8))}\n`)]);
}

/** Pure: V8's data in a cache file's bytes, when the file is for `key`; else null. */
export function cachedDataOf(bytes: Buffer | null, key: string): Buffer | null {
  if (bytes === null) return null;
  const end = bytes.indexOf(10);
  if (end < 0 || bytes.toString('utf8', 0, end).trimEnd() !== `${MAGIC} ${key}`) return null;
  return bytes.subarray(end + 1);
}

/** Pure: a cache file's bytes for `key`. */
export const codeCacheBytes = (key: string, data: Buffer): Buffer => Buffer.concat([headerOf(key), data]);

/**
 * Runs the CommonJS bundle at `bundle` (with `require` for its own requires, and import() made
 * from here: the caller sits beside it) from the code cache of the repository whose top is `root`. With `keep`, a run that
 * found no usable cache leaves one as it exits, holding what the run compiled.
 */
export function runBundle(bundle: string, root: string | undefined, keep: boolean, require: NodeJS.Require): void {
  let file: string | null = null;
  let key = '';
  let cachedData: Buffer | undefined;
  const before = statSignature(bundle).signature;
  const source = readFileSync(bundle, 'utf8');
  try {
    const gitDir = root === undefined ? null : gitDirOf(root);
    // Changed while it was read: neither this source's cache nor a cache for it.
    if (gitDir !== null && statSignature(bundle).signature === before) {
      file = codeCacheFile(gitDir);
      key = JSON.stringify([process.version, process.arch, process.execPath, before]);
      cachedData = cachedDataOf(readCheckedCache(file, null), key) ?? undefined;
    }
  } catch {
    file = null;
  }
  // The wrapper node's own CommonJS loader gives a module, and the bundle's import() (a script
  // compiled by vm has no module loader of its own on Node 20): scripts/build.mjs rewrites it.
  const script = new Script(`(function (exports, require, module, __filename, __dirname, __import) {${source}\n})`, { filename: bundle, cachedData });
  if (file !== null && keep && (cachedData === undefined || script.cachedDataRejected === true)) {
    const target = file;
    process.once('exit', () => {
      try {
        writeCheckedCache(target, codeCacheBytes(key, script.createCachedData()), true);
      } catch {
        // No cache: the next run compiles again.
      }
    });
  }
  const module = { exports: {} };
  // Resolved from the caller's place, which is the bundle's directory too.
  const importModule = (specifier: string): Promise<unknown> => import(specifier);
  (script.runInThisContext() as (...args: unknown[]) => void)(module.exports, require, module, bundle, dirname(bundle), importModule);
}
