// Gemini CLI: hooks in .gemini/settings.json (BeforeTool, AfterAgent), Claude-shaped payloads;
// it refuses with decision "deny" + reason, and its shell tool runs in `dir_path` (older
// releases: `directory`, relative to the project's top).
import { defineAgent, json } from './agent.js';
import { hookSpecificReplies } from './claude.js';

export const gemini = defineAgent({
  name: 'gemini',
  agent: 'gemini',
  title: 'Gemini CLI',
  retrusts: false,
  file: '.gemini/settings.json',
  projectDir: 'GEMINI_PROJECT_DIR',
  versioned: false,
  envFile: null,
  payload: {
    tool: ['tool_name'],
    input: ['tool_input'],
    cwd: ['cwd'],
    session: ['session_id'],
    source: ['source', 'trigger'],
    fileTools: ['write_file', 'replace'],
    shellTools: ['run_shell_command'],
    pathKeys: ['file_path', 'absolute_path'],
    commandKeys: ['command'],
    workdirKeys: ['dir_path', 'directory'],
  },
  replies: {
    deny: (reason) => json({ decision: 'deny', reason }),
    warn: (note) => json({ systemMessage: note }),
    session: hookSpecificReplies.session,
  },
  entries: (command) => [
    { event: 'BeforeTool', runs: 'pre-tool', value: { matcher: 'write_file|replace|run_shell_command', hooks: [{ name: 'plan-hooks-pre-tool', type: 'command', command: command('pre-tool') }] } },
    { event: 'SessionStart', runs: 'session-start', value: { hooks: [{ name: 'plan-hooks-session-start', type: 'command', command: command('session-start') }] } },
    { event: 'AfterAgent', runs: 'stop', value: { hooks: [{ name: 'plan-hooks-stop', type: 'command', command: command('stop') }] } },
    { event: 'SessionEnd', runs: 'session-end', value: { hooks: [{ name: 'plan-hooks-session-end', type: 'command', command: command('session-end') }] } },
  ],
});
