// Many objects, one process: `git cat-file --batch` reads object names on stdin (an id,
// `HEAD:path`, `:path` for the index) and answers each in order with
// `<oid> <type> <size>\n<content>\n`, or `<name> missing\n`.
import { spawn } from 'node:child_process';
import { UserError } from '../errors.js';
import { messages } from '../messages.js';

export interface ObjectReader {
  /** Reads the named objects; once per reader. */
  read(names: string[]): Promise<(string | null)[]>;
  /** Lets the process end when it was not read from (a no-op after read). */
  close(): void;
}

/**
 * A cat-file process started now, read from once later: its start overlaps whatever the caller
 * does until it knows which objects it wants. Close it on every path that does not read.
 */
export function startObjectReader(cwd?: string): ObjectReader {
  const child = spawn('git', ['cat-file', '--batch'], { cwd, env: process.env, stdio: ['pipe', 'pipe', 'pipe'] });
  const chunks: Buffer[] = [];
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => chunks.push(c));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const done = new Promise<Buffer>((resolve, reject) => {
    child.on('error', (error) => reject(new UserError(messages.gitFailed('git cat-file', error.message))));
    child.on('close', (code) => (code === 0 ? resolve(Buffer.concat(chunks)) : reject(new UserError(messages.gitFailed('git cat-file --batch', stderr.trim() || `exit ${code}`)))));
  });
  // A reader closed unread must not surface as an unhandled rejection.
  done.catch(() => {});
  let ended = false;
  const end = (input: string) => {
    if (ended) return false;
    ended = true;
    child.stdin.on('error', () => {}).end(input);
    return true;
  };
  return {
    async read(names) {
      const bad = names.find((n) => n.includes('\n'));
      if (!end(bad === undefined ? names.map((n) => `${n}\n`).join('') : '')) throw new Error('an object reader reads once');
      if (bad !== undefined) throw new UserError(messages.gitObjectNameNewline(bad));
      return names.length === 0 ? [] : parseBatch(await done, names.length);
    },
    close: () => void end(''),
  };
}

/** The contents of the named objects as UTF-8 text, in the order asked; null when missing. */
export function readObjects(names: string[], cwd?: string): Promise<(string | null)[]> {
  if (names.length === 0) return Promise.resolve([]);
  return startObjectReader(cwd).read(names);
}

/** Parses `git cat-file --batch` output for `count` requests (pure). */
function parseBatch(out: Buffer, count: number): (string | null)[] {
  const result: (string | null)[] = [];
  let at = 0;
  while (result.length < count && at < out.length) {
    const eol = out.indexOf(10, at);
    if (eol === -1) break;
    const header = out.toString('utf8', at, eol);
    at = eol + 1;
    const match = /^\S+ (\S+) (\d+)$/.exec(header);
    if (!match) {
      // `<name> missing`, `<name> ambiguous`: no content follows.
      result.push(null);
      continue;
    }
    const size = Number(match[2]);
    result.push(match[1] === 'blob' ? out.toString('utf8', at, at + size) : null);
    at += size + 1;
  }
  while (result.length < count) result.push(null);
  return result;
}
