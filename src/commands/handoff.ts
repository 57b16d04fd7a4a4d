// `plan-hooks handoff [--write] [--json]`: the blocks as a commit would generate them now, from
// the plans in the working tree. --write puts them into the working files (never stages).
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Command } from '../cli.js';
import { loadConfig } from '../config/config.js';
import { repoRoot } from '../git/git.js';
import { renderAggregateBlock, renderPlanBlock, replaceBlock } from '../handoff/render.js';
import { blockFacts, entryFiles } from '../handoff/stage.js';
import { messages } from '../messages.js';
import { sanitize } from '../term.js';
import { ignoreCase, pairedMarkdown, planMatchers, readSnapshot } from '../worklog/plan-snapshot.js';
import { parseOptions } from './parse-options.js';

const command: Command = {
  summary: 'Print (or --write) the generated handoff blocks',
  usage: messages.handoffUsage,
  async run(argv) {
    const values = parseOptions('handoff', argv, { write: { type: 'boolean' }, json: { type: 'boolean' } });
    const root = await repoRoot();
    const config = loadConfig(root);
    const matchers = planMatchers(config, await ignoreCase(root));
    const [snapshot, facts] = await Promise.all([readSnapshot('worktree', matchers, root), blockFacts(root, config, new Date())]);
    const blocks = snapshot.plans.map((p) => ({ file: pairedMarkdown(p.path), block: renderPlanBlock(p, facts) }));
    const aggregate = renderAggregateBlock(snapshot.plans, facts);
    const present = await Promise.all(entryFiles(config).map(async (f) => ((await readFile(join(root, f), 'utf8').catch(() => null)) === null ? null : f)));
    for (const f of present) if (f) blocks.push({ file: f, block: aggregate });
    for (const s of snapshot.skipped) process.stderr.write(messages.statusUnreadable(sanitize(s.path), sanitize(s.reason)) + '\n');
    if (values.write) {
      const written: string[] = [];
      for (const { file, block } of blocks) {
        const path = join(root, file);
        const text = await readFile(path, 'utf8').catch(() => null);
        if (text === null) continue;
        const next = replaceBlock(text, block);
        if (next !== text) {
          await writeFile(path, next);
          written.push(file);
        }
      }
      process.stdout.write(values.json ? `${JSON.stringify({ written }, null, 2)}\n` : messages.handoffWritten(written));
      return 0;
    }
    if (values.json) process.stdout.write(`${JSON.stringify({ blocks }, null, 2)}\n`);
    else process.stdout.write(blocks.map(({ file, block }) => `==> ${sanitize(file)} <==\n${sanitize(block)}\n`).join('\n'));
    return 0;
  },
};
export default command;
