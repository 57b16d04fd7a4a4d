// `plan-hooks board`: the facts `status` reads, and every worktree's, drawn as one HTML page
// (src/board/render.ts) written to a file, or served on the loopback address (src/board/serve.ts).
import { resolve } from 'node:path';
import type { Command } from './shared/command.js';
import { parseCommandArgs, usageError } from './shared/args.js';
import { gatherStatus } from './status.js';
import { messages } from '../messages/index.js';
import { UserError } from '../errors.js';
import { writeFileAtomic } from '../fs/atomic-write.js';
import { worktreeViews } from '../board/facts.js';
import { type BoardFacts, renderBoard } from '../board/render.js';
import { EVENTS_PATH, isLoopback, serveBoard } from '../board/serve.js';

/** Commits the timeline shows: the tail status reads holds this many at most. */
const TIMELINE = 200;
const DEFAULT_PORT = 7717;

async function readFacts(cwd?: string): Promise<{ facts: BoardFacts; root: string; commonDir: string }> {
  const now = new Date();
  const { report, root, commonDir } = await gatherStatus(cwd, now, TIMELINE);
  return { facts: { report, worktrees: await worktreeViews(root), at: now.toISOString().replace(/\.\d+Z$/, 'Z') }, root, commonDir };
}

const spec = { command: 'board', usage: messages.board.usage };

/** `--out FILE`: the page, written atomically (a browser reloading it never reads half). */
async function writeOut(out: string | undefined): Promise<number> {
  const file = resolve(out ?? 'board.html');
  const { facts } = await readFacts();
  try {
    writeFileAtomic(file, renderBoard(facts));
  } catch (error) {
    throw new UserError(messages.board.cannotWrite(file, (error as NodeJS.ErrnoException).code ?? String(error)));
  }
  process.stdout.write(messages.board.wrote(file));
  return 0;
}

/** `--serve`: until SIGINT or SIGTERM, then every stream ended and the port let go. */
async function serve(host: string, port: number): Promise<number> {
  const first = await readFacts();
  const planFiles = (f: BoardFacts) => f.report.plans.map((p) => resolve(first.root, p.path));
  let plans = planFiles(first.facts);
  let pending: BoardFacts | null = first.facts;
  const draw = async () => {
    const facts = pending ?? (await readFacts(first.root)).facts;
    pending = null;
    plans = planFiles(facts);
    // The key leaves out the time it was drawn: only what changed reloads open pages.
    return { html: renderBoard(facts, { events: EVENTS_PATH }), key: renderBoard({ ...facts, at: '' }) };
  };
  const served = await serveBoard({ host, port, commonDir: first.commonDir, files: () => plans, draw }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'EADDRINUSE' || error.code === 'EACCES') throw new UserError(messages.board.portInUse(port));
    if (error.code === 'EADDRNOTAVAIL') throw new UserError(messages.board.notLoopback(host));
    throw error;
  });
  process.stdout.write(messages.board.serving(served.url));
  await new Promise<void>((done) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      void served.close().then(done);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  return 0;
}

const command: Command = {
  async run(argv) {
    const { values } = parseCommandArgs(argv, {
      ...spec,
      options: { out: { type: 'string' }, serve: { type: 'boolean' }, host: { type: 'string' }, port: { type: 'string' } },
    });
    if (!values.serve) return writeOut(values.out);
    if (values.out !== undefined) throw usageError(spec, messages.board.serveAndOut);
    const host = values.host ?? '127.0.0.1';
    if (!isLoopback(host)) throw usageError(spec, messages.board.notLoopback(host));
    const port = values.port === undefined ? DEFAULT_PORT : /^\d{1,5}$/.test(values.port) && Number(values.port) <= 65535 ? Number(values.port) : NaN;
    if (Number.isNaN(port)) throw usageError(spec, messages.board.badPort(values.port ?? ''));
    return serve(host, port);
  },
};
export default command;
