// All git plumbing goes through here. We spawn git directly rather than through simple-git:
// a hook must pass GIT_INDEX_FILE (and GIT_DIR in linked worktrees) through untouched, which
// simple-git 4 strips by default, and spawning costs nothing to import.
//
// git() runs one command, one process. A read is better named: a Query (its command and its
// parser, defined once beside the parser) runs alone (gitQuery) or with others (gitQueries: one
// batch of shells for the price of about one process start, ./batch.ts), the answers by the
// names the call site gives them. Nothing is batched behind the caller's back.
import { type BatchCommand, failingCall, gitBatch, runAlone } from './batch.js';
import { type GitOptions, gitAlone } from './spawn.js';

export type { BatchCommand } from './batch.js';
export type { GitOptions } from './spawn.js';

/** Runs git once and returns stdout; the environment git gave the hook is inherited as it is. */
export function git(args: string[], opts: GitOptions & { allowFail: true }): Promise<string | null>;
export function git(args: string[], opts?: GitOptions): Promise<string>;
export function git(args: string[], opts: GitOptions = {}): Promise<string | null> {
  return gitAlone(args, opts);
}

/**
 * A named git read: its command and how to read its output. `failed` is the answer when git
 * exits non-zero; without it the read throws git's own error.
 */
export interface Query<T> {
  readonly command: BatchCommand;
  parse(out: string): T;
  failed?: () => T;
}

export const query = <T>(command: BatchCommand, parse: (out: string) => T, failed?: () => T): Query<T> => ({ command, parse, failed });

/** `q`, answering null when git exits non-zero (for a read asked ahead of need, whose failure its user reports). */
export const orNull = <T>(q: Query<T>): Query<T | null> => query<T | null>(q.command, q.parse, () => null);

/** The raw output of `command`, or null when git exits non-zero. */
export const output = (command: BatchCommand): Query<string | null> => query<string | null>(command, (out) => out, () => null);

/** The answers to named queries, by name (an optional query, an optional answer). */
export type Answers<Q extends Record<string, Query<unknown> | undefined>> = { [K in keyof Q]: NonNullable<Q[K]> extends Query<infer T> ? T : never };

/** One query, one git process. */
export async function gitQuery<T>(q: Query<T>, cwd: string): Promise<T> {
  if (!q.failed && Array.isArray(q.command)) return q.parse(await git(q.command, { cwd }));
  return answer(q, await runAlone(q.command, cwd), cwd);
}

/**
 * Independent queries run together, in one batch of `lanes` shells side by side (./batch.ts),
 * their answers by the names the caller gave them. As many queries as lanes or fewer run as
 * processes of their own: a batch would start as many shells, and save nothing.
 */
export async function gitQueries<Q extends Record<string, Query<unknown> | undefined>>(queries: Q, cwd: string, lanes = 2): Promise<Answers<Q>> {
  const names = Object.keys(queries).filter((n) => queries[n] !== undefined);
  const list = names.map((n) => queries[n]!);
  const outs = list.length <= lanes ? await Promise.all(list.map((q) => runAlone(q.command, cwd))) : await gitBatch(list.map((q) => q.command), cwd, lanes);
  return answersByName(names, list, outs, cwd) as Promise<Answers<Q>>;
}

/** The answers to `list` (named `names`) from their outputs, as gitBatch or the prefetch gives them. */
export async function answersByName(names: string[], list: Query<unknown>[], outs: (string | null)[], cwd: string): Promise<Record<string, unknown>> {
  const answers = await Promise.all(list.map((q, i) => answer(q, outs[i] ?? null, cwd)));
  return Object.fromEntries(names.map((n, i) => [n, answers[i]]));
}

/** A query's answer from its output; a failed query without `failed` runs again alone, so the error thrown is git's. */
async function answer<T>(q: Query<T>, out: string | null, cwd: string): Promise<T> {
  if (out !== null) return q.parse(out);
  if (q.failed) return q.failed();
  const { args, input } = failingCall(q.command);
  return q.parse(await git(args, { cwd, input }));
}

/** Splits NUL-terminated git output (the -z forms), dropping the empty tail. */
export function splitNul(out: string): string[] {
  const parts = out.split('\0');
  if (parts.at(-1) === '') parts.pop();
  return parts;
}
