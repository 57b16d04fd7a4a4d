// Several independent git reads for the price of one process start. Starting a process from
// Node costs ~1.5 ms of the hook's own time (fork of a large process); a POSIX shell forking
// git is far cheaper. So the reads run one after another in one `sh`, their outputs and exit
// codes separated by a random token no git output will contain. The script reaches the shell on
// its stdin, never as an argument: Linux caps one argument at 128 KiB (E2BIG), which a script of
// a command per commit passes at a few hundred commits. Without a POSIX shell (Windows) they run
// as parallel processes instead. The environment (GIT_INDEX_FILE, GIT_DIR) is inherited either way.
import { UserError } from '../errors.js';
import { shQuote } from '../lib/sh-quote.js';
import { childProcess, gitAlone, gitEnv } from './spawn.js';


/**
 * One command of a batch: git's arguments; or alternatives (the output of the first that
 * succeeds); or git's arguments fed `input` (whole lines) on stdin (`cat-file --batch`); or a ref listing
 * followed by a command on the first ref of `prefer` it lists (see PickCommand).
 */
export type BatchCommand = string[] | { firstOf: string[][] } | { args: string[]; input: string } | PickCommand;

/**
 * `list` (a for-each-ref printing one line per ref, the ref name first, then a space), then
 * `then` with PICKED replaced by the first of `prefer` that the listing holds, when one does.
 * The choice is made from what the listing printed, so no git runs (and fails) for a ref that
 * is not there. Its output, from a shell or alone (pickOutput): the listing, NUL, the ref picked
 * ('' for none), NUL, then's output, NUL, then's exit code ('' when it did not run). It fails
 * only when the listing does.
 */
export interface PickCommand {
  list: string[];
  prefer: string[];
  then: string[];
  /**
   * `then` does not run when the ref picked is the branch HEAD is on: its line ends with ` *`
   * (for-each-ref's `%(HEAD)` last in the format). Its answer then is of no use to the caller.
   */
  notOnHead?: boolean;
}

/** Stands for the ref picked in a PickCommand's `then`. */
export const PICKED = '@picked-ref@';

/** The first of `prefer` that `listing` (PickCommand's) names, or null, and whether it is the branch HEAD is on (pure). */
export function pickListed(listing: string, prefer: string[]): { ref: string; onHead: boolean } | null {
  const lines = new Map(listing.split('\n').map((line) => [line.slice(0, line.indexOf(' ')), line]));
  const ref = prefer.find((r) => lines.has(r));
  return ref === undefined ? null : { ref, onHead: lines.get(ref)!.endsWith(' *') };
}

/** A PickCommand's output from its parts (the shell prints the same). */
const pickOutput = (listing: string, picked: string | null, then: string | null, code: string) => `${listing}\0${picked ?? ''}\0${then ?? ''}\0${code}`;

/** A PickCommand's output split into its parts (pure); `then` is null unless it ran and succeeded. */
export function parsePicked(out: string): { listing: string; picked: string | null; then: string | null } {
  const first = out.indexOf('\0');
  const second = out.indexOf('\0', first + 1);
  const last = out.lastIndexOf('\0');
  if (first === -1 || second === -1 || last <= second) return { listing: out, picked: null, then: null };
  const picked = out.slice(first + 1, second) || null;
  return { listing: out.slice(0, first), picked, then: picked !== null && out.slice(last + 1) === '0' ? out.slice(second + 1, last) : null };
}

/** The git call whose failure fails `command` (the first alternative; a PickCommand's listing), to run again for git's own error. */
export function failingCall(command: BatchCommand): { args: string[]; input?: string } {
  if (Array.isArray(command)) return { args: command };
  if ('firstOf' in command) return { args: command.firstOf[0]! };
  return 'list' in command ? { args: command.list } : command;
}

/** One command as a process of its own (two for a PickCommand): its output as a shell batch gives it, or null. */
export async function runAlone(command: BatchCommand, cwd: string): Promise<string | null> {
  if ('list' in command) {
    const listing = await gitAlone(command.list, { cwd, allowFail: true });
    if (listing === null) return null;
    const picked = pickListed(listing, command.prefer);
    if (picked === null) return pickOutput(listing, null, null, '');
    if (command.notOnHead && picked.onHead) return pickOutput(listing, picked.ref, null, '');
    const then = await gitAlone(command.then.map((a) => (a === PICKED ? picked.ref : a)), { cwd, allowFail: true });
    return pickOutput(listing, picked.ref, then, then === null ? '1' : '0');
  }
  if ('args' in command) return gitAlone(command.args, { cwd, input: command.input, allowFail: true });
  for (const args of 'firstOf' in command ? command.firstOf : [command]) {
    const out = await gitAlone(args, { cwd, allowFail: true });
    if (out !== null) return out;
  }
  return null;
}

export const gitLine = (args: string[]) => `git ${args.map((a) => (a === PICKED ? '"$b"' : shQuote(a))).join(' ')}`;
const HEREDOC_END = 'PLAN_HOOKS_INPUT';

function shCommand(command: BatchCommand): string {
  if ('firstOf' in command) return `{ ${command.firstOf.map((args) => `${gitLine(args)} 2>/dev/null`).join(' || ')}; }`;
  if ('args' in command) {
    // A here-document, not `printf | git`: the shell starts no process of its own for it. The
    // input is lines the caller builds (`<rev>:<path>\n`), never a line HEREDOC_END.
    return `{ ${gitLine(command.args)} <<'${HEREDOC_END}'\n${command.input}${HEREDOC_END}\n}`;
  }
  if ('list' in command) {
    // The listing is held in a variable (its lines are NUL-free: PickCommand) and searched with
    // `case`, a shell builtin; $(…) drops the final newline, which the printf puts back.
    return [
      `if r=$(${gitLine(command.list)}); then b=`,
      `for c_ in ${command.prefer.map(shQuote).join(' ')}; do case "\n$r\n" in *"\n$c_ "*) b=$c_; break ;; esac; done`,
      // The rest of the picked ref's line: `${x#…}` drops what comes before it, `${x%%…}` what follows.
      ...(command.notOnHead ? [`x="\n$r\n"; x=\${x#*"\n$b "}; x=\${x%%"\n"*}; case "$x" in *' *') h_=1 ;; *) h_= ;; esac`] : []),
      `printf '%s\\0%s\\0' "\${r:+$r\n}" "$b"; s=; if [ -n "$b" ]${command.notOnHead ? ' && [ -z "$h_" ]' : ''}; then ${gitLine(command.then)} 2>/dev/null; s=$?; fi; printf '\\0%s' "$s"`,
      'else ! :; fi',
    ].join('\n');
  }
  return gitLine(command);
}

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
 * `shellFor` gives the shell text for a command where the script's shell can answer it as git
 * would (printing the same); null runs git.
 */
export function batchScript(commands: BatchCommand[], token: string, shellFor: (command: BatchCommand) => string | null = () => null): string {
  return commands.map((c) => `${shellFor(c) ?? shCommand(c)}; printf '\\0%s %d\\0' ${token} $?`).join('\n');
}

async function runLane(commands: BatchCommand[], cwd: string): Promise<(string | null)[]> {
  const { spawn } = childProcess();
  // Unpredictable enough that no file name or git output contains it (node:crypto costs ms to load).
  const token = `plan-hooks-${process.pid}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  const script = batchScript(commands, token);
  return new Promise((resolve, reject) => {
    const child = spawn('sh', ['-s'], { cwd, env: gitEnv(), stdio: ['pipe', 'pipe', 'pipe'] });
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
