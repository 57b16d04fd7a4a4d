// Cursor: hooks in .cursor/hooks.json ("version": 1, flat entries), payloads with
// conversation_id / cursor_version / workspace_roots beside Claude's names (so a Cursor payload
// is known whichever agent's file it came through), replies with permission and agent_message.
import { defineAgent, firstLine, json } from './agent.js';

export const cursor = defineAgent({
  name: 'cursor',
  agent: 'cursor',
  title: 'Cursor',
  retrusts: false,
  file: '.cursor/hooks.json',
  projectDir: 'CURSOR_PROJECT_DIR',
  versioned: true,
  envFile: null,
  sends: (payload) => 'cursor_version' in payload || 'conversation_id' in payload || 'workspace_roots' in payload,
  payload: {
    tool: ['tool_name'],
    input: ['tool_input'],
    cwd: ['cwd', 'workspace_roots[0]'],
    session: ['session_id', 'conversation_id'],
    source: ['source'],
    fileTools: ['write', 'edit', 'multiedit', 'delete', 'strreplace', 'edit_file', 'delete_file', 'search_replace'],
    shellTools: ['shell'],
    pathKeys: ['file_path', 'path', 'target_file'],
    commandKeys: ['command'],
  },
  replies: {
    // Its preToolUse reads decision/reason too.
    deny: (reason) => json({ permission: 'deny', user_message: firstLine(reason), agent_message: reason, decision: 'deny', reason }),
    warn: (note) => json({ user_message: firstLine(note), agent_message: note }),
    session: (context, env) => json({ additional_context: context, env }),
  },
  entries: (command) => [
    { event: 'preToolUse', runs: 'pre-tool', value: { command: command('pre-tool'), matcher: 'Write|Edit|StrReplace|MultiEdit|Delete|Shell' } },
    { event: 'sessionStart', runs: 'session-start', value: { command: command('session-start') } },
    { event: 'stop', runs: 'stop', value: { command: command('stop') } },
    { event: 'sessionEnd', runs: 'session-end', value: { command: command('session-end') } },
  ],
});
