// git, synchronously: for the few places that cannot await (init's actions and their rollback,
// doctor's probe of the installed hooks), each a named call.
import { execFileSync, spawnSync } from 'node:child_process';
import { UserError } from '../errors.js';
import { messages } from '../messages/index.js';
import { type GitOptions, MAX_BUFFER, failure, gitEnv } from './spawn.js';

export function gitSync(args: string[], opts: GitOptions = {}): string {
  try {
    return execFileSync('git', args, {
      cwd: opts.cwd,
      env: gitEnv(opts.env),
      input: opts.input,
      maxBuffer: MAX_BUFFER,
      encoding: 'utf8',
      stdio: ['pipe', 'pipe', 'pipe'],
    });
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr ?? String(error);
    throw failure(args, stderr);
  }
}

/** Which of `paths` (files or directories, relative to `cwd`) the index tracks something at, in their order. */
export function trackedPathsSync(paths: string[], cwd: string): string[] {
  if (paths.length === 0) return [];
  const listed = gitSync(['ls-files', '-z', '--', ...paths], { cwd }).split('\0').filter(Boolean);
  return paths.filter((p) => listed.some((f) => f === p || f.startsWith(`${p}/`)));
}

/** The common dir the worktrees of the repository around `cwd` share, absolute. */
export const commonDirSync = (cwd?: string) => gitSync(['rev-parse', '--path-format=absolute', '--git-common-dir'], { cwd }).trim();

/** The commit HEAD names, or null before the first commit. */
export function headCommitSync(cwd: string): string | null {
  try {
    return gitSync(['rev-parse', '-q', '--verify', 'HEAD'], { cwd }).trim() || null;
  } catch {
    return null;
  }
}

/** Fills the index `env` names (GIT_INDEX_FILE) with `commit`'s tree, or empties it (null). */
export function readTreeSync(commit: string | null, cwd: string, env: NodeJS.ProcessEnv): void {
  gitSync(commit ? ['read-tree', commit] : ['read-tree', '--empty'], { cwd, env });
}

/** A local (repository) config value, or null when unset. */
export function localConfigSync(key: string, cwd?: string): string | null {
  const r = spawnSync('git', ['config', '--local', '--get', key], { cwd, env: gitEnv(), encoding: 'utf8' });
  return r.status === 0 ? r.stdout.replace(/\n$/, '') : null;
}

/** Sets a local config value. */
export function setLocalConfigSync(key: string, value: string, cwd?: string): void {
  gitSync(['config', '--local', key, value], { cwd });
}

/**
 * Unsets every local value of `key` (those matching `valuePattern` only, when given); a key that
 * is not set is left as wanted. `strict`: any other failure is an error (init's actions); a
 * rollback restores what it can and goes on.
 */
export function unsetLocalConfigSync(key: string, opts: { valuePattern?: string; cwd?: string; strict?: boolean } = {}): void {
  const r = spawnSync('git', ['config', '--local', '--unset-all', key, ...(opts.valuePattern === undefined ? [] : [opts.valuePattern])], { cwd: opts.cwd, env: gitEnv(), encoding: 'utf8' });
  // --unset of a key that is not in the local config (exit 5) leaves it as wanted.
  if (opts.strict && r.status !== 0 && r.status !== 5) throw new UserError(messages.commandFailed(`git config --unset ${key}`, r.stderr));
}

/** A config value in effect (any scope), or null when unset. */
export function configSync(key: string, cwd?: string): string | null {
  const r = spawnSync('git', ['config', '--get', key], { cwd, env: gitEnv(), encoding: 'utf8' });
  return r.status === 0 ? r.stdout.replace(/\n$/, '') : null;
}

/** Every local value of `key` (a multi-valued key), none when unset. */
export function localConfigAllSync(key: string, cwd?: string): string[] {
  const r = spawnSync('git', ['config', '--local', '--get-all', key], { cwd, env: gitEnv(), encoding: 'utf8' });
  return r.status === 0 ? r.stdout.split('\n').filter(Boolean) : [];
}

/** Adds a value to a multi-valued local key. */
export function addLocalConfigSync(key: string, value: string, cwd?: string): void {
  gitSync(['config', '--local', '--add', key, value], { cwd });
}

/** The worktree's top and its absolute git dir, or null outside a repository. */
export function worktreeDirsSync(cwd?: string): { root: string; gitDir: string } | null {
  const r = spawnSync('git', ['rev-parse', '--show-toplevel', '--absolute-git-dir'], { cwd, env: gitEnv(), encoding: 'utf8' });
  const [root, gitDir] = r.status === 0 ? r.stdout.trim().split('\n') : [];
  return root && gitDir ? { root, gitDir } : null;
}
