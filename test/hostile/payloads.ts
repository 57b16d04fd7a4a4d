// The hostile corpus's hook payloads: what a confused, broken or adversarial agent could send
// the pre-tool hook. Each is sent as raw text on stdin (`text`), or as JSON made of `value`.
// The hook must answer every one with exit 0 within its time, with a clear line or a reply,
// never a stack trace or a hang (./corpus.test.ts).

export interface PayloadCase {
  name: string;
  /** The bytes on stdin, when not JSON.stringify(value). */
  text?: string;
  value?: unknown;
  /** Whether the answer must be a denial (the call names more paths than edit time reads). */
  denied?: boolean;
}

const claude = (tool_name: string, tool_input: unknown) => ({ session_id: 'h-1', transcript_path: '/tmp/t.jsonl', cwd: '.', permission_mode: 'default', hook_event_name: 'PreToolUse', tool_name, tool_input, tool_use_id: 'toolu_h' });
const bash = (command: unknown, extra: Record<string, unknown> = {}) => claude('Bash', { command, ...extra });

export const PAYLOADS: PayloadCase[] = [
  { name: 'empty stdin', text: '' },
  { name: 'not JSON', text: '{"tool_name": "Edit", ' },
  { name: 'a JSON array', value: [1, 2, 3] },
  { name: 'JSON null', value: null },
  { name: 'nested 100,000 deep', text: `${'['.repeat(100_000)}${']'.repeat(100_000)}` },
  { name: 'tool_input a number', value: claude('Edit', 42) },
  { name: 'tool_input an unparseable string', value: claude('Edit', '{"file_path":') },
  { name: 'file_path not a string', value: claude('Edit', { file_path: { toString: 'src/a.ts' } }) },
  { name: 'file_path with NUL and escapes', value: claude('Edit', { file_path: 'src/\u0000\u001b[31mred\u001b[0m.ts' }) },
  { name: 'file_path of 200,000 characters', value: claude('Write', { file_path: `src/${'a/'.repeat(100_000)}x.ts` }) },
  { name: 'files: 10,001 entries', value: { ...claude('editFiles', { files: Array.from({ length: 10_001 }, (_, i) => `gen/${i}.ts`) }), hookEventName: 'PreToolUse', hook_event_name: undefined }, denied: true },
  { name: 'files: 5,000 non-strings', value: claude('editFiles', { files: Array.from({ length: 5_000 }, (_, i) => ({ n: i })) }) },
  { name: 'replacements: nested garbage', value: claude('multiReplaceStringInFile', { replacements: [null, 1, 'x', [], { filePath: 7 }] }) },
  { name: 'command: argv of numbers', value: bash([1, 2, 3]) },
  { name: 'command: argv of 100,000 words', value: bash(Array.from({ length: 100_000 }, () => 'x')) },
  { name: 'command: 1 MB of text', value: bash(`echo ${'x'.repeat(1 << 20)} > a`) },
  { name: 'command: unterminated quote', value: bash("echo 'never closed > src/a.ts") },
  { name: 'command: 20,000 open parentheses', value: bash(`${'('.repeat(20_000)}rm src/a.ts`) },
  { name: 'command: 20,000 closing parentheses', value: bash(`${')'.repeat(20_000)}; rm src/a.ts`) },
  { name: 'command: 3,000 chained cd', value: bash(`${'cd a && '.repeat(3_000)}touch x`) },
  { name: 'command: deeply nested sh -c', value: bash(`sh -c "sh -c \\"sh -c 'sh -c rm'\\""`) },
  // sh runs it anyway (the document ends at the end of the text) and writes the claimed file.
  { name: 'command: unterminated here-document', value: bash('cat <<EOF > src/a.ts\nnever ends'), denied: true },
  { name: 'command: rm -rf / (outside every worktree)', value: bash('rm -rf /proc/self/fd') },
  { name: 'command: cp into a FIFO-like device', value: bash('cp a.txt /dev/stdout') },
  { name: 'workdir outside the repository', value: bash('echo x > a', { workdir: '../../../../../../etc' }) },
  { name: 'workdir not a string', value: bash('echo x > a', { workdir: ['src'], dir_path: 5, directory: null }) },
  { name: 'apply_patch of 1 MB headers', value: claude('apply_patch', { command: `*** Begin Patch\n${'*** Update File: x\n'.repeat(50_000)}*** End Patch\n` }) },
  { name: 'copilot toolArgs not JSON', value: { timestamp: 1, cwd: '.', toolName: 'edit', toolArgs: '{"path":' } },
  { name: 'cursor workspace_roots of garbage', value: { conversation_id: 'c', cursor_version: '2', workspace_roots: [null, 5], tool_name: 'Write', tool_input: { file_path: 'a' } } },
];
