// The hook's answer in each agent's protocol (pure): what goes to stdout and the exit code.
// Every answer is JSON on stdout with exit 0; denial and context use each protocol's fields:
//   Claude Code, Codex, VS Code: hookSpecificOutput.permissionDecision "deny" + permissionDecisionReason;
//     context in hookSpecificOutput.additionalContext; a note to the user in systemMessage
//   Gemini CLI: decision "deny" + reason (sent to the agent); systemMessage; SessionStart's
//     hookSpecificOutput.additionalContext
//   Cursor: permission "deny" with agent_message / user_message (and decision/reason, which
//     its preToolUse also reads); sessionStart additional_context and env
//   Copilot CLI: permissionDecision "deny" + permissionDecisionReason at the top level; it
//     ignores sessionStart's output (the entry files carry the handoff there)
import type { Host } from './payload.js';

export interface Reply {
  stdout: string;
  code: number;
}

const json = (value: unknown): Reply => ({ stdout: `${JSON.stringify(value)}\n`, code: 0 });
export const SILENT: Reply = { stdout: '', code: 0 };

const firstLine = (text: string) => text.split('\n', 1)[0]!;

export function denyReply(host: Host, reason: string): Reply {
  switch (host) {
    case 'gemini':
      return json({ decision: 'deny', reason });
    case 'cursor':
      return json({ permission: 'deny', user_message: firstLine(reason), agent_message: reason, decision: 'deny', reason });
    case 'copilot':
      return json({ permissionDecision: 'deny', permissionDecisionReason: reason });
    default:
      return json({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: reason } });
  }
}

/** A note the agent (and, where the protocol has one, the user) sees; the tool call goes ahead. */
export function warnReply(host: Host, note: string): Reply {
  switch (host) {
    case 'gemini':
      return json({ systemMessage: note });
    case 'cursor':
      return json({ user_message: firstLine(note), agent_message: note });
    case 'copilot':
      return json({ additionalContext: note });
    default:
      return json({ systemMessage: firstLine(note), hookSpecificOutput: { hookEventName: 'PreToolUse', additionalContext: note } });
  }
}

export function sessionReply(host: Host, context: string, env: Record<string, string>): Reply {
  switch (host) {
    case 'cursor':
      return json({ additional_context: context, env });
    case 'copilot':
      // Ignored by the Copilot CLI today; printed all the same, for when it reads it.
      return json({ additionalContext: context });
    default:
      return json({ hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: context } });
  }
}
