// Many objects, one process: `git cat-file --batch` reads object names on stdin (an id,
// `HEAD:path`, `:path` for the index) and answers each in order with
// `<oid> <type> <size>\n<content>\n`, or `<name> missing\n`.
import { UserError } from '../errors.js';
import { messages } from '../messages/index.js';
import { decodeText } from '../fs/text.js';
import { query } from './git.js';
import { childProcess, gitEnv } from './spawn.js';

/** The contents of the named objects as text (src/fs/text.ts: bytes that are not UTF-8 stay visible), in the order asked; null when missing. */
export async function readObjects(names: string[], cwd?: string, env: NodeJS.ProcessEnv = process.env): Promise<(string | null)[]> {
  if (names.length === 0) return [];
  const bad = names.find((n) => n.includes('\n'));
  if (bad !== undefined) throw new UserError(messages.gitObjectNameNewline(bad));
  const { spawn } = childProcess();
  const child = spawn('git', ['cat-file', '--batch'], { cwd, env: gitEnv(env), stdio: ['pipe', 'pipe', 'pipe'] });
  const chunks: Buffer[] = [];
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => chunks.push(c));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  child.stdin.on('error', () => {}).end(names.map((n) => `${n}\n`).join(''));
  return new Promise((resolve, reject) => {
    child.on('error', (error) => reject(new UserError(messages.gitFailed('git cat-file', error.message))));
    child.on('close', (code) =>
      code === 0 ? resolve(parseBatch(Buffer.concat(chunks), names.length)) : reject(new UserError(messages.gitFailed('git cat-file --batch', stderr.trim() || `exit ${code}`)))
    );
  });
}

/**
 * parseBatch of output a batch of shells gave as text: the same contents, or undefined when the
 * text cannot be split by the byte sizes with certainty (bytes that were not UTF-8 became U+FFFD,
 * of another length): the caller reads those objects alone then.
 */
export const parseBatchText = (out: string, count: number): (string | null)[] | undefined =>
  out.includes('\uFFFD') ? undefined : parseBatch(Buffer.from(out, 'utf8'), count);

/**
 * readObjects as a query, for a batch of shells to run beside its other reads: undefined when
 * the text cannot be split (parseBatchText): the caller asks readObjects then. A failure is git's
 * error, as readObjects gives it (no answer stands in for the texts). Names one a line: the
 * caller asks readObjects for a name holding a newline (it refuses it).
 */
export const objectTexts = (names: string[]) =>
  query<(string | null)[] | undefined>({ args: ['cat-file', '--batch'], input: names.map((n) => `${n}\n`).join('') }, (out) => parseBatchText(out, names.length));

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
    result.push(match[1] === 'blob' ? decodeText(out, at, at + size) : null);
    at += size + 1;
  }
  while (result.length < count) result.push(null);
  return result;
}

/** The ids of the named objects when they are of `type` (`git cat-file --batch-check`), in the order asked; null when missing or of another type. */
export async function objectIds(names: string[], type: string, cwd?: string): Promise<(string | null)[]> {
  if (names.length === 0) return [];
  const bad = names.find((n) => n.includes('\n'));
  if (bad !== undefined) throw new UserError(messages.gitObjectNameNewline(bad));
  const { spawn } = childProcess();
  const child = spawn('git', ['cat-file', '--batch-check=%(objectname) %(objecttype)'], { cwd, env: gitEnv(), stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  child.stdin.on('error', () => {}).end(names.map((n) => `${n}\n`).join(''));
  return new Promise((resolve, reject) => {
    child.on('error', (error) => reject(new UserError(messages.gitFailed('git cat-file', error.message))));
    child.on('close', (code) => {
      if (code !== 0) return reject(new UserError(messages.gitFailed('git cat-file --batch-check', stderr.trim() || `exit ${code}`)));
      const lines = out.split('\n');
      resolve(names.map((_, i) => {
        const [id, kind] = (lines[i] ?? '').split(' ');
        return kind === type && id ? id : null;
      }));
    });
  });
}
