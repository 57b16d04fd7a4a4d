// Staging new contents for paths already in the index, as the handoff does (../handoff/stage.ts):
// the entries' modes, the new blobs (all of them in one process), and the index entries
// replaced. Each takes the environment it runs in: during `git commit <paths>` git holds two
// indexes (the temporary one it commits, named by GIT_INDEX_FILE, and the real one, locked), and
// both get the same entries.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { git, query, splitNul } from './git.js';

/** Pure: `ls-files -s -z` output → path → mode (stage 0 or any stage: one mode per path). */
export function parseIndexModes(out: string): Map<string, string> {
  const modes = new Map<string, string>();
  for (const line of splitNul(out)) {
    const tab = line.indexOf('\t');
    modes.set(line.slice(tab + 1), line.slice(0, line.indexOf(' ')));
  }
  return modes;
}

/** The modes of the index entries for `paths`; a path the index does not hold is absent. */
export const indexModesOf = (paths: string[]) => query(['ls-files', '-s', '-z', '--', ...paths], parseIndexModes);

/** indexModesOf, run against the index `env` names. */
export async function indexModes(paths: string[], root: string, env: NodeJS.ProcessEnv): Promise<Map<string, string>> {
  if (paths.length === 0) return new Map();
  const q = indexModesOf(paths);
  return q.parse(await git(q.command as string[], { cwd: root, env }));
}

/**
 * Writes each text as a blob, as it is (no filters: the text is what the index must hold), and
 * gives their ids in order: one `hash-object` for all of them (several go through files,
 * `--stdin-paths`, because `--stdin` takes one).
 */
export async function writeBlobs(texts: string[], root: string): Promise<string[]> {
  if (texts.length === 0) return [];
  if (texts.length === 1) return [(await git(['hash-object', '-w', '--no-filters', '--stdin'], { cwd: root, input: texts[0]! })).trim()];
  const dir = mkdtempSync(join(tmpdir(), 'plan-hooks-blobs-'));
  try {
    const files = texts.map((text, i) => {
      const file = join(dir, String(i));
      writeFileSync(file, text);
      return file;
    });
    const out = await git(['hash-object', '-w', '--no-filters', '--stdin-paths'], { cwd: root, input: files.map((f) => `${f}\n`).join('') });
    const ids = out.split('\n').filter(Boolean);
    if (ids.length !== texts.length) throw new Error(`git hash-object gave ${ids.length} ids for ${texts.length} blobs`);
    return ids;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
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
