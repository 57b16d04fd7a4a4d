// Claude Code: hooks in .claude/settings.json, payloads { session_id, cwd, hook_event_name,
// tool_name, tool_input }, replies in hookSpecificOutput (the shape Codex and VS Code speak too).
import { type Replies, defineAgent, firstLine, json } from './agent.js';

/** Claude Code's replies: permissionDecision, additionalContext and a one-line systemMessage for the user. */
export const hookSpecificReplies: Replies = {
  deny: (reason) => json({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: reason } }),
  warn: (note) => json({ systemMessage: firstLine(note), hookSpecificOutput: { hookEventName: 'PreToolUse', additionalContext: note } }),
  session: (context) => json({ hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: context } }),
};

export const claude = defineAgent({
  name: 'claude',
  agent: 'claude',
  title: 'Claude Code',
  retrusts: false,
  file: '.claude/settings.json',
  projectDir: 'CLAUDE_PROJECT_DIR',
  versioned: false,
  envFile: 'CLAUDE_ENV_FILE',
  payload: {
    tool: ['tool_name'],
    input: ['tool_input'],
    cwd: ['cwd'],
    session: ['session_id'],
    source: ['source'],
    fileTools: ['edit', 'write', 'multiedit', 'notebookedit'],
    shellTools: ['bash'],
    pathKeys: ['file_path', 'notebook_path'],
    // MultiEdit's edits name no file of their own (file_path names it), but are read as lists are.
    editKeys: ['edits'],
    commandKeys: ['command'],
  },
  replies: hookSpecificReplies,
  // The lifecycle events record the session (docs/rotation.md): Stop ends a turn, StopFailure
  // stops on an API error (its error_type says rate_limit), SessionEnd ends the session.
  entries: (command) => [
    { event: 'PreToolUse', runs: 'pre-tool', value: { matcher: 'Edit|Write|MultiEdit|NotebookEdit|Bash', hooks: [{ type: 'command', command: command('pre-tool') }] } },
    { event: 'SessionStart', runs: 'session-start', value: { hooks: [{ type: 'command', command: command('session-start') }] } },
    { event: 'Stop', runs: 'stop', value: { hooks: [{ type: 'command', command: command('stop') }] } },
    { event: 'StopFailure', runs: 'stop-failure', value: { hooks: [{ type: 'command', command: command('stop-failure') }] } },
    { event: 'SessionEnd', runs: 'session-end', value: { hooks: [{ type: 'command', command: command('session-end') }] } },
  ],
});
