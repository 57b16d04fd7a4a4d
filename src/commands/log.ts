// `plan-hooks log`: the worklog newest first, filtered. It reads backwards from the end and stops
// at --since or --limit, so recent questions cost little however long the log is.
import type { Command } from './shared/command.js';
import { loadConfig } from '../config/config.js';
import { UsageError } from '../errors.js';
import { repoRoot, resolveCommit } from '../git/queries.js';
import { sameAgent } from '../core/identity.js';
import { messages } from '../messages/index.js';
import { isWorklogEntry, type WorklogEntry } from '../worklog/entry.js';
import { entryLine } from '../worklog/format.js';
import { entriesBackward } from '../worklog/store.js';
import { catchUpAt } from '../worklog/record.js';
import { parseCommandArgs, usageError } from './shared/args.js';
import { jsonText } from '../term.js';

export interface LogFilter {
  task?: string;
  agent?: string;
  unverified?: boolean;
  aliases: Record<string, string[]>;
}

/** Pure: whether an entry passes the filters. */
export function matches(e: WorklogEntry, f: LogFilter): boolean {
  if (f.agent && !sameAgent(e.identity?.name ?? '', f.agent, f.aliases)) return false;
  if (f.unverified && (e.type !== 'commit' || e.verified)) return false;
  if (f.task) {
    if (e.type !== 'commit') return false;
    const t = f.task;
    const hit = (key: string) => key === t || (!t.includes('/') && key.endsWith(`/${t}`));
    if (!e.tasks.some(hit) && !e.transitions.some((x) => hit(x.task))) return false;
  }
  return true;
}

/** --since: a date (entries written after it) or a revision (entries after the one for that commit). */
async function sinceBoundary(since: string, root: string): Promise<(e: WorklogEntry) => boolean> {
  if (/^\d{4}-\d{2}-\d{2}/.test(since) && !Number.isNaN(Date.parse(since))) {
    const t = Date.parse(since);
    return (e) => Date.parse(e.time) <= t;
  }
  const full = since.startsWith('-') ? null : await resolveCommit(since, root);
  if (!full) throw new UsageError(messages.logSinceUnknown(since));
  return (e) => e.type === 'commit' && e.commit === full;
}

const command: Command = {
  async run(argv) {
    const spec = {
      command: 'log',
      usage: messages.logUsage,
      options: {
        task: { type: 'string' },
        agent: { type: 'string' },
        since: { type: 'string' },
        unverified: { type: 'boolean' },
        limit: { type: 'string' },
        json: { type: 'boolean' },
      },
    } as const;
    const { values: v } = parseCommandArgs(argv, spec);
    const limit = v.limit === undefined ? Infinity : Number(v.limit);
    if (!Number.isInteger(limit) && limit !== Infinity) throw usageError(spec, messages.logBadLimit(v.limit!));
    const root = await repoRoot();
    const config = await loadConfig(root);
    const stop = typeof v.since === 'string' ? await sinceBoundary(v.since, root) : () => false;
    const filter: LogFilter = { task: v.task as string | undefined, agent: v.agent as string | undefined, unverified: Boolean(v.unverified), aliases: config.aliases };
    const out: WorklogEntry[] = [];
    for await (const e of entriesBackward<WorklogEntry>(await catchUpAt(root), isWorklogEntry)) {
      if (stop(e) || out.length >= limit) break;
      if (matches(e, filter)) out.push(e);
    }
    if (v.json) process.stdout.write(`${jsonText(out, 2)}\n`);
    else process.stdout.write(out.length ? `${out.map(entryLine).join('\n')}\n` : messages.logEmpty());
    return 0;
  },
};
export default command;
