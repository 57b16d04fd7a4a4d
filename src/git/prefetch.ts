// pre-commit's git reads, made before node starts. Node takes ~40 ms to start; the runner
// (hooks/plan-hooks.sh) runs the reads in a shell piped into node's stdin, so git works during
// that time instead of after it, and node starts no process (loading child_process and
// spawning cost a hook ~5 ms of its own time, the reads ~10 ms of waiting). Measured in the
// bench repository (10,000 files): the same reads made from node cost ~17 ms a commit, piped
// in they cost nothing measurable.
//
// The runner's script is rendered by init from the commands node would run (prefetchScript);
// node uses the stream only when its id says it holds exactly those commands, for the
// configuration it reads now. Anything else (an older runner, a changed configuration, a
// stream cut short) and node makes the reads itself: slower, never wrong.
import { fstatSync, readFileSync } from 'node:fs';
import { type BatchCommand, batchScript, gitLine, parseBatchOutput } from './batch.js';

/** Set by the runner on the node it pipes the reads into; read once, never passed on. */
export const PREFETCH_ENV = 'PLAN_HOOKS_PREFETCH';
const HEADER = 'plan-hooks-prefetch';
// The runner's token: its shell's pid. Not secret: a forged token can only add one to the
// count, which parseBatchOutput refuses.
const TOKEN = '"$t"';

/** FNV-1a, 32 bits: tells two renderings of the reads apart (not a defence: the runner is ours). */
function hash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(16).padStart(8, '0');
}

export const prefetchId = (commands: BatchCommand[]) => hash(batchScript(commands, TOKEN));

/** The read the runner answers from the files where it can (hooks/plan-hooks.sh toplevel_and_git_dir): one git process fewer. */
export const PATHS_READ = ['rev-parse', '--show-toplevel', '--absolute-git-dir'];
const fromRunner = (command: BatchCommand): string | null =>
  Array.isArray(command) && command.length === PATHS_READ.length && command.every((a, i) => a === PATHS_READ[i]) ? `{ toplevel_and_git_dir || ${gitLine(command)}; }` : null;

/**
 * The shell text the runner pipes into node: a header line, then the batch. The id names the
 * commands, whose outputs the runner's own answers print the same.
 */
export function prefetchScript(commands: BatchCommand[]): string {
  return [`t=plan-hooks-$$`, `printf '${HEADER} %s %s\\n' ${prefetchId(commands)} "$t"`, batchScript(commands, TOKEN, fromRunner)].join('\n');
}

interface Stream {
  id: string;
  token: string;
  body: string;
}
let stream: Stream | null | undefined;

/** The header and body of what the runner sent (pure); null when it is not such a stream. */
export function parseStream(text: string): Stream | null {
  const eol = text.indexOf('\n');
  const [header, id, token] = text.slice(0, eol).split(' ');
  if (eol === -1 || header !== HEADER || !id || !token || !/^[\w-]+$/.test(token)) return null;
  return { id, token, body: text.slice(eol + 1) };
}

/** The runner's stream, read once: only when the runner set PREFETCH_ENV and stdin is a pipe. */
function readStream(): Stream | null {
  const flagged = process.env[PREFETCH_ENV] === '1';
  delete process.env[PREFETCH_ENV];
  if (!flagged) return null;
  try {
    // A stray PLAN_HOOKS_PREFETCH with a terminal (or a file) on stdin is not read.
    return fstatSync(0).isFIFO() ? parseStream(readFileSync(0, 'utf8')) : null;
  } catch {
    return null;
  }
}

/** The outputs of `commands` in `stream` (pure); null unless it holds exactly those commands. */
export function prefetchedOutputs(stream: Stream | null, commands: BatchCommand[]): (string | null)[] | null {
  if (!stream || stream.id !== prefetchId(commands)) return null;
  return parseBatchOutput(stream.body, stream.token, commands.length);
}

/**
 * The outputs of `commands` (as gitBatch gives them) when the runner already ran exactly
 * these; null otherwise. A stream serves once.
 */
export function takePrefetched(commands: BatchCommand[]): (string | null)[] | null {
  if (stream === undefined) stream = readStream();
  const outputs = prefetchedOutputs(stream, commands);
  if (outputs) stream = null;
  return outputs;
}
