// A hook's compiled code, kept in a file: the edit-time hook runs before every edit an agent
// makes and pre-commit before every commit, and beyond node's own start, compiling their bundle
// is much of what each costs. So a small loader runs the bundle from V8's code cache of it
// (vm.Script cachedData; Node 20 has no module.enableCompileCache), produced after a run the
// loader says is typical, with what that run compiled (../agents/loader.ts, ../hooks/loader.ts).
//
// Never trusted for anything but compile speed, and never allowed to run other code than the
// bundle's. V8 rejects a cache from another V8 version, other flags or a source of another
// length (it then compiles, and the cache is written again); what V8 does not check is keyed
// here: the bundle's stat signature (any other build or edit of it), node's version, arch and
// path. V8 does not verify a code cache's checksum in release builds, and damaged data can crash
// node: so the file is a checked cache (./cache-file.ts: a hand edit or a truncation leaves it
// unused) and is written durably (on disk before it is renamed into place).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Script } from 'node:vm';
import { readCheckedCache, statSignature, writeCheckedCache } from './cache-file.js';

const MAGIC = 'plan-hooks code-cache 1';

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
 * from here: the caller sits beside it) from the code cache in `file` (null: none), and gives
 * its module (`exports`, as its code left them). A run that found no usable cache leaves one as
 * it exits, holding what the run compiled, when `keep` says so of its exit code (a run unlike
 * most compiles other code than most need).
 */
export function runBundle(bundle: string, file: string | null, keep: (exitCode: number) => boolean, require: NodeJS.Require): { exports: unknown } {
  let key = '';
  let cachedData: Buffer | undefined;
  const before = statSignature(bundle).signature;
  const source = readFileSync(bundle, 'utf8');
  try {
    // Changed while it was read: neither this source's cache nor a cache for it.
    if (file !== null && statSignature(bundle).signature !== before) file = null;
    if (file !== null) {
      key = JSON.stringify([process.version, process.arch, process.execPath, before]);
      cachedData = cachedDataOf(readCheckedCache(file, null), key) ?? undefined;
    }
  } catch {
    file = null;
  }
  // The wrapper node's own CommonJS loader gives a module, and the bundle's import() (a script
  // compiled by vm has no module loader of its own on Node 20): scripts/build.mjs rewrites it.
  const script = new Script(`(function (exports, require, module, __filename, __dirname, __import) {${source}\n})`, { filename: bundle, cachedData });
  if (file !== null && (cachedData === undefined || script.cachedDataRejected === true)) {
    const target = file;
    process.once('exit', (code) => {
      if (!keep(code)) return;
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
  return module;
}

/**
 * `require` for a bundle runBundle runs, whose requires of its sibling bundles named in
 * `siblings` (as './<name>', the way the build writes them) run those from their own code cache,
 * `cacheOf(name)` (null: none), kept by the same `keep`: a plan commit's second bundle and the
 * sentences compile as much as the hook's own. Each runs once, and is kept in require.cache as
 * node keeps a module it loaded (a plain require of it, from anywhere, gets the same exports).
 * Every other request is `require`'s own.
 */
export function requireSiblings(require: NodeJS.Require, dir: string, siblings: readonly string[], cacheOf: (name: string) => string | null, keep: (exitCode: number) => boolean): NodeJS.Require {
  const sibling = (id: string): unknown => {
    const name = id.slice(2);
    const path = join(dir, name);
    const known = require.cache[path];
    if (known !== undefined) return known.exports;
    const module = runBundle(path, cacheOf(name), keep, bundleRequire);
    require.cache[path] = { id: path, filename: path, path: dir, loaded: true, exports: module.exports, children: [], paths: [] } as unknown as NodeJS.Module;
    return module.exports;
  };
  const requested = new Set(siblings.map((name) => `./${name}`));
  const bundleRequire = Object.assign((id: string) => (requested.has(id) ? sibling(id) : require(id)), require) as NodeJS.Require;
  return bundleRequire;
}
