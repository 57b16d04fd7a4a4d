// Many objects, one process: `git cat-file --batch` reads object names on stdin (an id,
// `HEAD:path`, `:path` for the index) and answers each in order with
// `<oid> <type> <size>\n<content>\n`, or `<name> missing\n`.
import { spawn } from 'node:child_process';
import { UserError } from '../errors.js';

/** The contents of the named objects as UTF-8 text, in the order asked; null when missing. */
export function readObjects(names: string[], cwd?: string): Promise<(string | null)[]> {
  if (names.length === 0) return Promise.resolve([]);
  const bad = names.find((n) => n.includes('\n'));
  if (bad !== undefined) return Promise.reject(new UserError(`cannot read an object whose name contains a newline: ${JSON.stringify(bad)}`));
  return new Promise((resolve, reject) => {
    const child = spawn('git', ['cat-file', '--batch'], { cwd, env: process.env, stdio: ['pipe', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => chunks.push(c));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', (error) => reject(new UserError(`git cat-file failed: ${error.message}`)));
    child.on('close', (code) => {
      if (code !== 0) return reject(new UserError(`git cat-file --batch failed: ${stderr.trim() || `exit ${code}`}`));
      resolve(parseBatch(Buffer.concat(chunks), names.length));
    });
    child.stdin.end(`${names.join('\n')}\n`);
  });
}

/** Parses `git cat-file --batch` output for `count` requests (pure). */
export function parseBatch(out: Buffer, count: number): (string | null)[] {
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

/** Blob contents by id, each distinct id read once. */
export async function readBlobs(oids: Iterable<string>, cwd?: string): Promise<Map<string, string>> {
  const wanted = [...new Set(oids)];
  const texts = await readObjects(wanted, cwd);
  const map = new Map<string, string>();
  wanted.forEach((oid, i) => {
    const text = texts[i];
    if (text !== null && text !== undefined) map.set(oid, text);
  });
  return map;
}
