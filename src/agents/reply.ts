// The hook's answer in each agent's protocol (pure): what goes to stdout and the exit code, as
// each agent's module shapes it (src/core/agents/).
import { type Host, protocolNamed } from '../core/agents/index.js';
import type { Reply } from '../core/agents/index.js';

export type { Reply } from '../core/agents/index.js';

export const SILENT: Reply = { stdout: '', code: 0 };

export const denyReply = (host: Host, reason: string): Reply => protocolNamed(host).replies.deny(reason);

/** A note the agent (and, where the protocol has one, the user) sees; the tool call goes ahead. */
export const warnReply = (host: Host, note: string): Reply => protocolNamed(host).replies.warn(note);

export const sessionReply = (host: Host, context: string, env: Record<string, string>): Reply => protocolNamed(host).replies.session(context, env);
