// One git process per call: what git() falls back to, and what a batch runs without a POSIX
// shell. The environment git gave the hook is inherited, but for what would show git's objects
// other than they are (gitEnv: every git process plan-hooks starts goes through it).
import { createRequire } from 'node:module';
import { UsageError, UserError } from '../errors.js';
import { messages } from '../messages/index.js';

export interface GitOptions {
  cwd?: string;
  input?: string;
  env?: NodeJS.ProcessEnv;
  /** Resolve with null instead of throwing when git exits non-zero. */
  allowFail?: boolean;
}

/**
 * node:child_process, loaded on first use: with net, streams and dgram behind it, it costs a
 * hook ~2 ms to load, and pre-commit's reads usually arrive prefetched (./prefetch.ts).
 * require, not import(): in a hook's CommonJS bundle, import() would start the ESM loader.
 * The require itself is made on first use too: the edit-time hook runs no git, and makes none.
 */
let require: NodeJS.Require | undefined;
export const childProcess = (): typeof import('node:child_process') => (require ??= createRequire(import.meta.url))('node:child_process');

/**
 * A graft file that cannot exist: git then reads no grafts, not even .git/info/grafts, and says
 * nothing (an empty file such as /dev/null prints git's deprecation hint on every call).
 */
export const NO_GRAFTS = '/dev/null/plan-hooks-no-grafts';

/**
 * The environment for a git process plan-hooks starts: git's objects and history as they are
 * (issue 25 item 6), whatever replace refs, grafts or the caller's environment would show instead.
 */
export function gitEnv(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  if (env.GIT_NO_REPLACE_OBJECTS === '1' && env.GIT_GRAFT_FILE === NO_GRAFTS && env.GIT_REPLACE_REF_BASE === undefined) return env;
  const out: NodeJS.ProcessEnv = { ...env, GIT_NO_REPLACE_OBJECTS: '1', GIT_GRAFT_FILE: NO_GRAFTS };
  delete out.GIT_REPLACE_REF_BASE;
  return out;
}

export const MAX_BUFFER = 256 * 1024 * 1024;

/** git's words for a revision the user named that does not exist: a usage error (exit 2). */
const BAD_REVISION = /unknown revision|bad revision|Needed a single revision|invalid upstream|not a valid (object name|commit range)/;

export function failure(args: string[], stderr: string): UserError | UsageError {
  const message = messages.gitFailed(`git ${args.join(' ')}`, stderr.trim() || 'no message');
  return BAD_REVISION.test(stderr) ? new UsageError(message) : new UserError(message);
}

/** Runs git alone and returns stdout. */
export function gitAlone(args: string[], opts: GitOptions & { allowFail: true }): Promise<string | null>;
export function gitAlone(args: string[], opts?: GitOptions): Promise<string>;
export function gitAlone(args: string[], opts: GitOptions = {}): Promise<string | null> {
  const { execFile } = childProcess();
  return new Promise((resolve, reject) => {
    const child = execFile(
      'git',
      args,
      { cwd: opts.cwd, env: gitEnv(opts.env), maxBuffer: MAX_BUFFER, encoding: 'utf8' },
      (error, stdout, stderr) => {
        if (!error) resolve(stdout);
        else if (opts.allowFail && typeof error.code === 'number') resolve(null);
        else reject(failure(args, stderr || error.message));
      },
    );
    if (opts.input !== undefined) child.stdin?.end(opts.input);
  });
}

export interface GitResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs git alone and returns its exit code and both streams, for callers that read git's own refusal (a push). */
export function gitResult(args: string[], opts: GitOptions = {}): Promise<GitResult> {
  const { execFile } = childProcess();
  return new Promise((resolve) => {
    const child = execFile(
      'git',
      args,
      { cwd: opts.cwd, env: gitEnv(opts.env), maxBuffer: MAX_BUFFER, encoding: 'utf8' },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        resolve({ code, stdout, stderr: stderr || (error && code === -1 ? error.message : '') });
      },
    );
    if (opts.input !== undefined) child.stdin?.end(opts.input);
  });
}
