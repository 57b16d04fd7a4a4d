// `plan-hooks handoff [--write] [--json]`: the blocks as a commit would generate them now, from
// the plans in the working tree. --write puts them into the working files (never stages).
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Command } from './shared/command.js';
import { readWorktreeFacts } from '../facts/facts.js';
import { END, START, renderAggregateBlock, renderPlanBlock, replaceBlock } from '../handoff/render.js';
import { BLOCK_READS, blockFacts } from '../handoff/git-facts.js';
import { gitQueries } from '../git/git.js';
import { planFilesAmong } from '../plan/discover.js';
import { entryFiles } from '../config/entry-files.js';
import { messages } from '../messages/index.js';
import { jsonText, sanitize } from '../term.js';
import { pairedMarkdownPath as pairedMarkdown } from '../plan/paths.js';
import { readSnapshot } from '../plan/snapshot.js';
import { parseCommandArgs } from './shared/args.js';
import { removeSection } from '../lib/marked-sections.js';
import { CURRENT_BRANCH, WORKING_FILES, fileAt } from '../git/queries.js';

const HANDOFF = { key: START, start: START, end: END };
const withoutBlock = (text: string) => removeSection(text, HANDOFF) ?? text;

const command: Command = {
  async run(argv) {
    const { values } = parseCommandArgs(argv, {
      command: 'handoff',
      usage: messages.handoffUsage,
      options: { write: { type: 'boolean' }, json: { type: 'boolean' } },
    });
    // The configuration a commit made now is judged by (HEAD's), as pre-commit renders the blocks.
    const { root, config } = await readWorktreeFacts();
    // The plans' paths and the blocks' facts, asked for together.
    const { files, branch, ...read } = await gitQueries({ files: WORKING_FILES, branch: CURRENT_BRANCH, ...BLOCK_READS }, root);
    const [snapshot, facts] = await Promise.all([readSnapshot('worktree', config, root, planFilesAmong(files, root, config)), blockFacts(root, config, new Date(), { branch, read })]);
    const targets = [...snapshot.plans.map((p) => pairedMarkdown(p.path)), ...entryFiles(config)];
    const texts = new Map<string, string>();
    for (const f of targets) {
      const text = await readFile(join(root, f), 'utf8').catch(() => null);
      if (text !== null) texts.set(f, text);
    }
    const render = () => [
      ...snapshot.plans.map((p) => ({ file: pairedMarkdown(p.path), block: renderPlanBlock(p, facts) })),
      ...entryFiles(config).filter((f) => texts.has(f)).map((file) => ({ file, block: renderAggregateBlock(snapshot.plans, facts) })),
    ];
    // A file whose only change since HEAD is its generated block is not work left uncommitted:
    // --write's own output is not reported in the blocks it writes (and a second --write changes nothing).
    const onlyBlock = await Promise.all(
      facts.uncommitted.map(async (f) => {
        if (!texts.has(f)) return false;
        const before = await fileAt('HEAD', f, root);
        return before !== null && withoutBlock(before) === withoutBlock(texts.get(f)!);
      }),
    );
    facts.uncommitted = facts.uncommitted.filter((_, i) => !onlyBlock[i]);
    const blocks = render();
    for (const s of snapshot.skipped) process.stderr.write(messages.statusUnreadable(sanitize(s.path), sanitize(s.reason)) + '\n');
    if (values.write) {
      const written: string[] = [];
      for (const { file, block } of blocks) {
        const text = texts.get(file);
        if (text === undefined) continue;
        const next = replaceBlock(text, block);
        if (next !== text) {
          await writeFile(join(root, file), next);
          written.push(file);
        }
      }
      process.stdout.write(values.json ? `${jsonText({ written }, 2)}\n` : messages.handoffWritten(written));
      return 0;
    }
    if (values.json) process.stdout.write(`${jsonText({ blocks }, 2)}\n`);
    else process.stdout.write(blocks.map(({ file, block }) => `==> ${sanitize(file)} <==\n${sanitize(block)}\n`).join('\n'));
    return 0;
  },
};
export default command;
