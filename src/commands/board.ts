// `plan-hooks board`: the facts `status` reads, and every worktree's, drawn as one HTML page
// (src/board/render.ts) written to a file.
import { resolve } from 'node:path';
import type { Command } from './shared/command.js';
import { parseCommandArgs } from './shared/args.js';
import { gatherStatus } from './status.js';
import { messages } from '../messages/index.js';
import { UserError } from '../errors.js';
import { writeFileAtomic } from '../fs/atomic-write.js';
import { worktreeViews } from '../board/facts.js';
import { type BoardFacts, renderBoard } from '../board/render.js';

/** Commits the timeline shows: the tail status reads holds this many at most. */
const TIMELINE = 200;

async function readFacts(cwd?: string): Promise<{ facts: BoardFacts; root: string; commonDir: string }> {
  const now = new Date();
  const { report, root, commonDir } = await gatherStatus(cwd, now, TIMELINE);
  return { facts: { report, worktrees: await worktreeViews(root), at: now.toISOString().replace(/\.\d+Z$/, 'Z') }, root, commonDir };
}

const spec = { command: 'board', usage: messages.board.usage };

const command: Command = {
  async run(argv) {
    const { values } = parseCommandArgs(argv, { ...spec, options: { out: { type: 'string' } } });
    const file = resolve(values.out ?? 'board.html');
    const { facts } = await readFacts();
    try {
      writeFileAtomic(file, renderBoard(facts));
    } catch (error) {
      throw new UserError(messages.board.cannotWrite(file, (error as NodeJS.ErrnoException).code ?? String(error)));
    }
    process.stdout.write(messages.board.wrote(file));
    return 0;
  },
};
export default command;
