// The agents' hook: `agent-hook.sh <agent> <pre-tool|session-start|stop|stop-failure|session-end>` runs this (bundled as
// dist/src/hooks/agent-main.cjs, which ./loader.ts runs from V8's code cache) with the
// repository's top first and the agent's JSON payload on stdin. pre-tool refuses a write to a path another holder claimed; session-start hands over; every
// event records the session it came from (./lifecycle.ts), and the lifecycle events do nothing else.
// Edit time never breaks the agent: anything unexpected allows the call with one line on
// stderr — the commit is the wall.
//
// pre-tool runs before every edit, so an unclaimed write costs little more than node's start:
// this entry decides with ./pre-tool.ts, writes nothing at all when there is nothing to say,
// and loads ./replies.ts (the sentences and renderers, most of the code) only when there is.
import { readFileSync } from 'node:fs';
import { errorDetail, failOpenLine, writeAll } from './hook-output.js';
import { isAgentKind } from './kinds.js';
import { nothingToSay, preToolFacts } from './pre-tool.js';
import { LIFECYCLE_EVENTS, type LifecycleEvent, lifecycle } from './lifecycle.js';

const replies = () => import('./replies.js');

function readPayload(): unknown {
  const text = readFileSync(0, 'utf8');
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The bundle's entry: argv is [root, agent, event]. Writes the reply; returns the exit code. */
export async function main(argv: string[]): Promise<number> {
  const [rootArg, kind, event] = argv;
  if (process.env.PLAN_HOOKS === '0') return 0;
  try {
    if (!kind || !isAgentKind(kind) || (event !== 'pre-tool' && event !== 'session-start' && !LIFECYCLE_EVENTS.includes(event ?? ''))) {
      writeAll(2, (await replies()).usageLine());
      return 0;
    }
    const payload = readPayload();
    if (payload === undefined) {
      writeAll(2, (await replies()).badPayloadLine());
      return 0;
    }
    if (event !== 'pre-tool' && event !== 'session-start') {
      lifecycle(kind, event as LifecycleEvent, payload, rootArg);
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
    writeAll(2, await failOpenLine(errorDetail(error)));
    return 0;
  }
}
