// VS Code's agent mode is no agent of its own to install: it reads Claude Code's and Copilot's
// files (ignoring matchers) and its agent is GitHub Copilot. Its payloads are camelCase at the top
// ({ sessionId, hookEventName, cwd }) beside snake_case tool fields, and it speaks Claude's replies.
import type { Protocol } from './agent.js';
import { hookSpecificReplies } from './claude.js';

export const vscode: Protocol<'vscode', 'copilot'> = {
  name: 'vscode',
  agent: 'copilot',
  sends: (payload) => 'hookEventName' in payload && !('hook_event_name' in payload),
  payload: {
    tool: ['tool_name'],
    input: ['tool_input'],
    cwd: ['cwd'],
    session: ['sessionId'],
    fileTools: ['editfiles', 'createfile', 'replacestringinfile', 'multireplacestringinfile', 'insertedit', 'applypatch', 'editnotebook', 'createdirectory', 'deletefile'],
    shellTools: ['runterminalcommand', 'runinterminal', 'run_in_terminal', 'terminal'],
    pathKeys: ['filePath', 'dirPath'],
    // editFiles names files[]; the multi-replace names { replacements: [{ filePath, … }] }.
    listKeys: ['files', 'paths', 'filePaths'],
    editKeys: ['replacements'],
    commandKeys: ['command'],
  },
  replies: hookSpecificReplies,
};
