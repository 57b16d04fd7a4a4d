// All git plumbing goes through here. We spawn git directly rather than through simple-git:
// a hook must pass GIT_INDEX_FILE (and GIT_DIR in linked worktrees) through untouched, which
// simple-git 4 strips by default, and spawning costs nothing to import.
import { execFile, execFileSync } from 'node:child_process';
import { UserError } from '../errors.js';
import { messages } from '../messages.js';

export interface GitOptions {
  cwd?: string;
  input?: string;
  env?: NodeJS.ProcessEnv;
  /** Resolve with null instead of throwing when git exits non-zero. */
  allowFail?: boolean;
}

const MAX_BUFFER = 256 * 1024 * 1024;

function failure(args: string[], stderr: string): UserError {
  return new UserError(messages.gitFailed(`git ${args.join(' ')}`, stderr.trim() || 'no message'));
}

/** Runs git and returns stdout; the environment git gave the hook is inherited as it is. */
export function git(args: string[], opts: GitOptions & { allowFail: true }): Promise<string | null>;
export function git(args: string[], opts?: GitOptions): Promise<string>;
export function git(args: string[], opts: GitOptions = {}): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      'git',
      args,
      { cwd: opts.cwd, env: opts.env ?? process.env, maxBuffer: MAX_BUFFER, encoding: 'utf8' },
      (error, stdout, stderr) => {
        if (!error) resolve(stdout);
        else if (opts.allowFail && typeof error.code === 'number') resolve(null);
        else reject(failure(args, stderr || error.message));
      },
    );
    if (opts.input !== undefined) child.stdin?.end(opts.input);
  });
}

/** Synchronous form, for the few places that cannot await (and for tests). */
export function gitSync(args: string[], opts: GitOptions = {}): string {
  try {
    return execFileSync('git', args, {
      cwd: opts.cwd,
      env: opts.env ?? process.env,
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

/** Splits NUL-terminated git output (the -z forms), dropping the empty tail. */
export function splitNul(out: string): string[] {
  const parts = out.split('\0');
  if (parts.at(-1) === '') parts.pop();
  return parts;
}
