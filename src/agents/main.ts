// The agents' hook: `agent-hook.sh <agent> <pre-tool|session-start>` runs this (bundled as
// dist/src/hooks/agent.cjs) with the repository's top first and the agent's JSON payload on
// stdin. pre-tool refuses a write to a path another holder claimed; session-start hands over.
// Edit time never breaks the agent: anything unexpected allows the call with one line on
// stderr — the commit is the wall.
//
// pre-tool runs before every edit, so an unclaimed write costs little more than node's start:
// this entry decides with ./pre-tool.ts, writes nothing at all when there is nothing to say,
// and loads ./replies.ts (the sentences and renderers, most of the code) only when there is.
import { readFileSync, writeSync } from 'node:fs';
import { isAgentKind } from './kinds.js';
import { nothingToSay, preToolFacts } from './pre-tool.js';

const replies = () => import('./replies.js');

function readPayload(): unknown {
  const text = readFileSync(0, 'utf8');
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * All of `text` to stdout (1) or stderr (2), without a stream when it can: creating
 * process.stdout costs a few ms. A non-blocking pipe that is full hands the rest to the stream.
 */
function writeAll(fd: 1 | 2, text: string): void {
  const bytes = Buffer.from(text);
  let off = 0;
  try {
    while (off < bytes.length) off += writeSync(fd, bytes, off);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') throw error;
    (fd === 1 ? process.stdout : process.stderr).write(bytes.subarray(off));
  }
}

/** The bundle's entry: argv is [root, agent, event]. Writes the reply; returns the exit code. */
export async function main(argv: string[]): Promise<number> {
  const [rootArg, kind, event] = argv;
  if (process.env.PLAN_HOOKS === '0') return 0;
  try {
    if (!kind || !isAgentKind(kind) || (event !== 'pre-tool' && event !== 'session-start')) {
      writeAll(2, (await replies()).usageLine());
      return 0;
    }
    const payload = readPayload();
    if (payload === undefined) {
      writeAll(2, (await replies()).badPayloadLine());
      return 0;
    }
    let reply;
    if (event === 'pre-tool') {
      const facts = await preToolFacts(kind, payload, rootArg, process.env);
      if (!facts || nothingToSay(facts)) return 0;
      reply = (await replies()).preToolReply(facts, process.env);
    } else {
      reply = await (await replies()).sessionStart(kind, payload, rootArg, process.env);
    }
    writeAll(1, reply.stdout);
    return reply.code;
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    let line: string;
    try {
      line = (await replies()).failOpenLine(detail);
    } catch {
      // The sentences could not load either: the error alone, on one line.
      line = `plan-hooks agent hook: ${detail.replace(/[^\x20-\x7e]/g, '?').slice(0, 300)}\n`;
    }
    writeAll(2, line);
    return 0;
  }
}
