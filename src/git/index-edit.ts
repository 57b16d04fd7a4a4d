// Staging new contents for paths already in the index, as the handoff does (../handoff/stage.ts):
// the entries' modes, the new blobs (all of them in one process), and the index entries
// replaced. Each takes the environment it runs in: during `git commit <paths>` git holds two
// indexes (the temporary one it commits, named by GIT_INDEX_FILE, and the real one, locked), and
// both get the same entries.
import { mkdtempSync, rmdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { removeFile } from '../lib/remove-file.js';
import { shQuote } from '../lib/sh-quote.js';
import { git } from './git.js';
export { indexModes, indexModesOf, parseIndexModes } from './index-modes.js';
import { childProcess, failure, gitEnv } from './spawn.js';

/**
 * Writes each text as a blob, as it is (no filters: the text is what the index must hold), and
 * gives their ids in order: one `hash-object` for all of them (several go through files,
 * `--stdin-paths`, because `--stdin` takes one).
 */
export async function writeBlobs(texts: string[], root: string): Promise<string[]> {
  if (texts.length === 0) return [];
  return blobInput(texts, async (args, input) => {
    const ids = (await git(args, { cwd: root, input })).split('\n').filter(Boolean);
    if (ids.length !== texts.length) throw new Error(`git hash-object gave ${ids.length} ids for ${texts.length} blobs`);
    return ids;
  });
}

/** The blobs' texts on hash-object's stdin: one as it is, several as files named one a line (`--stdin-paths`). */
function blobInput<T>(texts: string[], use: (args: string[], input: string) => Promise<T>): Promise<T> {
  if (texts.length === 1) return use(['hash-object', '-w', '--no-filters', '--stdin'], texts[0]!);
  const dir = mkdtempSync(join(tmpdir(), 'plan-hooks-blobs-'));
  const files = texts.map((text, i) => {
    const file = join(dir, String(i));
    writeFileSync(file, text);
    return file;
  });
  // Each file, then the directory: rmSync loads node's rimraf (~3 ms of the hook's own time,
  // after git is done, for the recursive walk; ~1.5 ms for one file: ../lib/remove-file.ts).
  return use(['hash-object', '-w', '--no-filters', '--stdin-paths'], files.map((f) => `${f}\n`).join('')).finally(() => {
    for (const file of files) removeFile(file);
    rmdirSync(dir);
  });
}

/** What a stage script's exit code says failed: the step's command line, for the error. */
const STEP_EXITS: Record<number, string[]> = { 3: ['update-index', '--index-info'], 4: ['write-tree'] };

/**
 * Writes the texts as blobs, puts them in the index `env` names as the entries of `paths` (with
 * their `modes`) and, with `tree`, gives the tree that index then holds (`git write-tree`, as
 * the verified marker records it): what writeBlobs, setIndexEntries and write-tree do, in one
 * process start instead of three. A POSIX shell runs the three gits one after another (starting
 * each from node costs the hook a fork of itself and a turn of its event loop: ~10 ms of a plan
 * commit); without one, they run as three processes. The blob ids hash-object gives are the ones
 * the entries get, as before; a count that does not match stops before the index is touched.
 */
export async function stageTexts(entries: { mode: string; path: string; text: string }[], root: string, env: NodeJS.ProcessEnv, opts: { tree: boolean }): Promise<{ blobs: string[]; tree: string | null }> {
  if (entries.length === 0) return { blobs: [], tree: null };
  if (process.platform === 'win32') return stageTextsAlone(entries, root, env, opts);
  return blobInput(entries.map((e) => e.text), async (hashArgs, input) => {
    const lines = entries.map((e, i) => `printf '%s %s\\t%s\\n' ${shQuote(e.mode)} "\${${i + 1}}" ${shQuote(e.path)}`);
    const script = [
      `ids=$(git ${hashArgs.join(' ')}) || exit 2`,
      'set -f',
      'set -- $ids',
      `[ $# -eq ${entries.length} ] || exit 2`,
      `{ ${lines.join('; ')}; } | git update-index --index-info || exit 3`,
      `printf '%s\\n' "$ids"`,
      ...(opts.tree ? ['git write-tree || exit 4'] : []),
    ].join('\n');
    const ran = await runStageScript(script, input, root, env);
    if (ran === 'no-shell') return stageTextsAlone(entries, root, env, opts);
    if (ran.code !== 0) throw failure(STEP_EXITS[ran.code] ?? hashArgs, ran.stderr || `exit code ${ran.code}`);
    const out = ran.stdout.split('\n').filter(Boolean);
    const blobs = out.slice(0, entries.length);
    const tree = opts.tree ? (out[entries.length] ?? null) : null;
    if (blobs.length !== entries.length || (opts.tree && !tree)) throw failure(hashArgs, `gave ${out.length} lines for ${entries.length} blobs`);
    return { blobs, tree };
  });
}

/** stageTexts as three processes (no POSIX shell). */
async function stageTextsAlone(entries: { mode: string; path: string; text: string }[], root: string, env: NodeJS.ProcessEnv, opts: { tree: boolean }): Promise<{ blobs: string[]; tree: string | null }> {
  const blobs = await writeBlobs(entries.map((e) => e.text), root);
  await setIndexEntries(entries.map((e, i) => ({ mode: e.mode, blob: blobs[i]!, path: e.path })), root, env);
  const tree = opts.tree ? (await git(['write-tree'], { cwd: root, env })).trim() || null : null;
  return { blobs, tree };
}

/** Runs `script` in sh with `input` on its stdin; 'no-shell' when there is no sh to run. */
function runStageScript(script: string, input: string, root: string, env: NodeJS.ProcessEnv): Promise<{ code: number; stdout: string; stderr: string } | 'no-shell'> {
  const { execFile } = childProcess();
  return new Promise((resolve) => {
    const child = execFile('sh', ['-c', script], { cwd: root, env: gitEnv(env), encoding: 'utf8', maxBuffer: 1024 * 1024 }, (error, stdout, stderr) => {
      if (error && (error as NodeJS.ErrnoException).code === 'ENOENT') resolve('no-shell');
      else resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr: stderr || (error && typeof error.code !== 'number' ? error.message : '') });
    });
    child.stdin?.on('error', () => {}).end(input);
  });
}

/** Replaces index entries (`update-index --index-info`) in the index `env` names. */
export async function setIndexEntries(entries: { mode: string; blob: string; path: string }[], root: string, env: NodeJS.ProcessEnv): Promise<void> {
  if (entries.length === 0) return;
  await git(['update-index', '--index-info'], { cwd: root, env, input: entries.map((e) => `${e.mode} ${e.blob}\t${e.path}\n`).join('') });
}

/**
 * The real index's lock when `git commit <paths>` is running (GIT_INDEX_FILE then names git's
 * temporary next-index-*.lock), else null. `--git-path index` answers GIT_INDEX_FILE when it is
 * set: it is asked without it.
 */
export async function realIndexLock(root: string, env: NodeJS.ProcessEnv = process.env): Promise<string | null> {
  const current = env.GIT_INDEX_FILE;
  if (!current || !/^next-index-.*\.lock$/.test(basename(current))) return null;
  const without = { ...env };
  delete without.GIT_INDEX_FILE;
  const index = (await git(['rev-parse', '--path-format=absolute', '--git-path', 'index'], { cwd: root, env: without })).trim();
  return `${index}.lock`;
}
