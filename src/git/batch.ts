// Several independent git reads for the price of one process start. Starting a process from
// Node costs ~1.5 ms of the hook's own time (fork of a large process); a POSIX shell forking
// git is far cheaper. So the reads run one after another in one `sh`, their outputs and exit
// codes separated by a random token no git output will contain. The script reaches the shell on
// its stdin, never as an argument: Linux caps one argument at 128 KiB (E2BIG), which a script of
// a command per commit passes at a few hundred commits. Without a POSIX shell (Windows) they run
// as parallel processes instead. The environment (GIT_INDEX_FILE, GIT_DIR) is inherited either way.
import { UserError } from '../errors.js';
import { shQuote } from '../lib/sh-quote.js';
import { childProcess, gitAlone } from './spawn.js';


/** git's arguments, or alternatives: the output of the first that succeeds. */
export type BatchCommand = string[] | { firstOf: string[][] };

/** One command as a process of its own: the output of the first alternative that succeeds, or null. */
export async function runAlone(command: BatchCommand, cwd: string): Promise<string | null> {
  for (const args of 'firstOf' in command ? command.firstOf : [command]) {
    const out = await gitAlone(args, { cwd, allowFail: true });
    if (out !== null) return out;
  }
  return null;
}

const shCommand = (command: BatchCommand) =>
  'firstOf' in command
    ? `{ ${command.firstOf.map((args) => `git ${args.map(shQuote).join(' ')} 2>/dev/null`).join(' || ')}; }`
    : `git ${command.map(shQuote).join(' ')}`;

/**
 * The stdout of each command, in order; null for a command that exited non-zero. The commands
 * run in `lanes` shells side by side (a commit's hook has the machine's cores to itself).
 */
export async function gitBatch(commands: BatchCommand[], cwd: string, lanes = 2): Promise<(string | null)[]> {
  if (process.platform === 'win32') return Promise.all(commands.map((c) => runAlone(c, cwd)));
  const split: BatchCommand[][] = Array.from({ length: Math.min(lanes, commands.length) }, () => []);
  commands.forEach((c, i) => split[i % split.length]!.push(c));
  const outs = await Promise.all(split.map((lane) => runLane(lane, cwd).catch((error: unknown) => {
    // No POSIX shell on PATH: run the lane's commands one process each.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return Promise.all(lane.map((c) => runAlone(c, cwd)));
    throw error;
  })));
  return commands.map((_, i) => outs[i % split.length]![Math.floor(i / split.length)]!);
}

/**
 * A script that runs `commands` one after another, each output followed by
 * `\0<token> <exit code>\0`. `token` is shell text: a quoted word, or a variable the script sets.
 */
export function batchScript(commands: BatchCommand[], token: string): string {
  return commands.map((c) => `${shCommand(c)}; printf '\\0%s %d\\0' ${token} $?`).join('\n');
}

async function runLane(commands: BatchCommand[], cwd: string): Promise<(string | null)[]> {
  const { spawn } = childProcess();
  // Unpredictable enough that no file name or git output contains it (node:crypto costs ms to load).
  const token = `plan-hooks-${process.pid}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  const script = batchScript(commands, token);
  return new Promise((resolve, reject) => {
    const child = spawn('sh', ['-s'], { cwd, env: process.env, stdio: ['pipe', 'pipe', 'pipe'] });
    // One compound command: the shell reads all of it before running any, so no git it starts
    // can read the rest of the script from the shared stdin (which is /dev/null for them).
    child.stdin.on('error', () => {}).end(`{\n${script}\n} </dev/null\n`);
    const chunks: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => chunks.push(c));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('close', () => {
      const out = Buffer.concat(chunks).toString('utf8');
      const results = parseBatchOutput(out, token, commands.length);
      if (results === null) reject(new UserError(`git failed: ${stderr.trim() || 'no output'}`));
      else resolve(results);
    });
  });
}

/**
 * Splits the shell's output at the tokens (pure); null when the count of tokens is not the
 * count of commands. A token can only be added to the output (a file name cannot hold the NULs
 * around it, but a listing separates names by NULs), never removed: so a forged one is caught.
 */
export function parseBatchOutput(out: string, token: string, count: number): (string | null)[] | null {
  const results: (string | null)[] = [];
  const marker = new RegExp(`\\0${token} (\\d+)\\0`, 'g');
  let at = 0;
  for (let m = marker.exec(out); m !== null; m = marker.exec(out)) {
    results.push(m[1] === '0' ? out.slice(at, m.index) : null);
    at = m.index + m[0].length;
  }
  return results.length === count ? results : null;
}
