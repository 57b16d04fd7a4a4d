// GitHub Copilot CLI and cloud agent: hooks in .github/hooks/plan-hooks.json ("version": 1,
// `bash` entries), payloads { sessionId?, cwd, toolName, toolArgs } (toolArgs: a JSON string),
// permissionDecision at the top level. It sets no variable to the project's top.
import { defineAgent, json } from './agent.js';

export const copilot = defineAgent({
  name: 'copilot',
  agent: 'copilot',
  title: 'GitHub Copilot',
  retrusts: false,
  file: '.github/hooks/plan-hooks.json',
  projectDir: null,
  versioned: true,
  envFile: null,
  payload: {
    tool: ['toolName'],
    input: ['toolArgs', 'toolInput'],
    cwd: ['cwd'],
    session: ['sessionId'],
    fileTools: ['create', 'edit'],
    shellTools: ['bash', 'powershell'],
    pathKeys: ['path'],
    commandKeys: ['command'],
  },
  replies: {
    deny: (reason) => json({ permissionDecision: 'deny', permissionDecisionReason: reason }),
    warn: (note) => json({ additionalContext: note }),
    // Ignored by the Copilot CLI today (the entry files carry the handoff there); printed all the same, for when it reads it.
    session: (context) => json({ additionalContext: context }),
  },
  entries: (command) => [
    { event: 'preToolUse', runs: 'pre-tool', value: { type: 'command', bash: command('pre-tool'), cwd: '.', timeoutSec: 15 } },
    { event: 'sessionStart', runs: 'session-start', value: { type: 'command', bash: command('session-start'), cwd: '.', timeoutSec: 15 } },
    { event: 'sessionEnd', runs: 'session-end', value: { type: 'command', bash: command('session-end'), cwd: '.', timeoutSec: 5 } },
  ],
});
