// Runs the built tests (dist/test) in tiers: `all` (the default, what CI runs) or `fast`, the
// test files that start no process: those whose own imports, and their fixtures', never reach
// node:child_process. The fast tier runs with a `git` first on PATH that fails, so a fast test
// that reaches git through the code under test fails and names itself rather than slowing the
// tier. Usage: node scripts/test.mjs [all|fast] [--times] [--concurrency N] [files...]
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const testDir = join(root, 'dist', 'test');
const srcDir = join(root, 'dist', 'src');

/** Every built test file under dist/test, sorted. */
export function testFiles(dir = testDir) {
  const out = [];
  const walk = (d) => {
    for (const name of readdirSync(d).sort()) {
      const path = join(d, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith('.test.js')) out.push(path);
    }
  };
  walk(dir);
  return out;
}

/** Whether a built test file, or a test-side module it imports, imports node:child_process. */
export function startsProcesses(file, seen = new Map()) {
  if (seen.has(file)) return seen.get(file);
  seen.set(file, false);
  const text = readFileSync(file, 'utf8');
  let result = /^\s*import\b[^;]*?['"](node:)?child_process['"]|\bimport\(\s*['"](node:)?child_process['"]\s*\)/m.test(text);
  for (const m of text.matchAll(/^\s*(?:import|export)\b[^;]*?from\s*['"](\.{1,2}\/[^'"]+)['"]|\bimport\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/gm)) {
    if (result) break;
    const target = resolve(dirname(file), m[1] ?? m[2]);
    // The code under test (dist/src) is not followed: the PATH guard catches what it runs.
    if (!relative(srcDir, target).startsWith('..') || !existsSync(target)) continue;
    result = startsProcesses(target, seen);
  }
  seen.set(file, result);
  return result;
}

/** The files of a tier: `fast` (no process started by the test side) or `all`. */
export function tier(name, files = testFiles()) {
  if (name === 'all') return files;
  const seen = new Map();
  return files.filter((f) => !startsProcesses(f, seen));
}

function main(argv) {
  const args = [...argv];
  const times = args.includes('--times');
  const at = args.indexOf('--concurrency');
  const concurrency = at >= 0 ? args.splice(at, 2)[1] : '2';
  const rest = args.filter((a) => a !== '--times');
  const name = rest[0] === 'fast' || rest[0] === 'all' ? rest.shift() : 'all';
  const chosen = rest.length > 0 ? rest.map((f) => resolve(testDir, f)) : tier(name);
  const env = { ...process.env };
  let guard = null;
  if (name === 'fast') {
    guard = mkdtempSync(join(tmpdir(), 'plan-hooks-fast-tier-'));
    writeFileSync(join(guard, 'git'), '#!/bin/sh\necho "the fast tier starts no git process (git $*): the test belongs in the integration tier" >&2\nexit 1\n');
    chmodSync(join(guard, 'git'), 0o755);
    env.PATH = `${guard}:${env.PATH ?? ''}`;
  }
  const reporter = times ? ['--test-reporter', join(root, 'scripts', 'test-times.mjs')] : [];
  const r = spawnSync(process.execPath, ['--test', `--test-concurrency=${concurrency}`, ...reporter, ...chosen.map((f) => relative(testDir, f))], { cwd: testDir, env, stdio: 'inherit' });
  if (guard) rmSync(guard, { recursive: true, force: true });
  process.exitCode = r.status ?? 1;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main(process.argv.slice(2));
