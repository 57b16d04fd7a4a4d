// Codex CLI: hooks in .codex/hooks.json, Claude Code's events, payloads and replies; its shell
// command may be an argv (`["bash", "-lc", "<script>"]`) with its own `workdir`, and apply_patch
// carries a patch. It sets no variable to the project's top.
import { defineAgent } from './agent.js';
import { hookSpecificReplies } from './claude.js';

export const codex = defineAgent({
  name: 'codex',
  agent: 'codex',
  title: 'Codex',
  retrusts: true,
  file: '.codex/hooks.json',
  projectDir: null,
  versioned: false,
  envFile: null,
  payload: {
    tool: ['tool_name'],
    input: ['tool_input'],
    cwd: ['cwd'],
    session: ['session_id'],
    source: ['source'],
    shellTools: ['bash', 'shell'],
    patchTools: ['apply_patch'],
    // apply_patch also answers to the matcher names Edit and Write.
    patchAlso: ['edit', 'write'],
    patchKeys: ['command', 'patch', 'input'],
    commandKeys: ['command', 'cmd'],
    workdirKeys: ['workdir'],
  },
  replies: hookSpecificReplies,
  // Codex has no session-end event: its sessions go paused by idleness.
  entries: (command) => [
    { event: 'PreToolUse', runs: 'pre-tool', value: { matcher: 'apply_patch|Edit|Write|Bash', hooks: [{ type: 'command', command: command('pre-tool') }] } },
    { event: 'SessionStart', runs: 'session-start', value: { hooks: [{ type: 'command', command: command('session-start') }] } },
    { event: 'Stop', runs: 'stop', value: { hooks: [{ type: 'command', command: command('stop') }] } },
  ],
});
