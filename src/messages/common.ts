// The CLI itself: the main help, argument errors, git failures every command can meet, and what
// is wrong with a JSON file (plans and the configuration).
import type { JsonSyntaxReason } from '../lib/json-document.js';
import type { PatternEscape, PatternProblem } from '../lib/pattern.js';
import { run } from './run.js';

/** The character a JSON reader found, or the end of the file, as a reader sees it. */
const foundChar = (c: string | null) => (c === null ? 'end of file' : /[\u0000-\u001f\u007f-\u009f]/.test(c) ? `character U+${c.charCodeAt(0).toString(16).padStart(4, '0')}` : `'${c}'`);

export const commonMessages = {
  /** git fetch failed without saying why. */
  fetchExited: (code: number | string) => `git fetch exited ${code}`,
  /** Each command's line in `plan-hooks --help`, in the order listed there. */
  mainHelp: (commands: string) => `plan-hooks — git hooks that keep coding agents honest

Usage: plan-hooks <command> [options]

Commands:
${commands}

Options:
  --help, -h     this list (or, after a command, its options)
  --version, -v  the version of plan-hooks

Run 'plan-hooks <command> --help' for a command's options.
Exit codes: 0 success, 1 a check failed or a commit was refused, 2 usage or configuration error.
`,
  unknownCommand: (name: string, suggestion: string | null) =>
    `unknown command '${name}'.${suggestion ? ` Did you mean '${suggestion}'?` : ''} Run '${run()} --help' for the list of commands.`,
  unknownOption: (option: string, suggestion: string | null) =>
    `unknown option '${option}'${suggestion ? ` (did you mean '--${suggestion}'?)` : ''}`,
  unexpectedArgument: (arg: string) => `unexpected argument '${arg}': this command takes none`,
  optionNeedsValue: (option: string) => `option '${option}' needs a value`,
  optionTakesNoValue: (option: string) => `option '${option}' takes no value`,
  gitFailed: (command: string, detail: string) => `${command} failed: ${detail}`,
  gitObjectNameNewline: (name: string) => `cannot read an object whose name contains a newline: ${JSON.stringify(name)}`,
  /** JSON.parse refused a text the scan found nothing wrong with (it should not happen). */
  jsonUnreadable: 'unreadable',
  /** What is wrong with JSON text (lib/json-document.ts scanJson), as a clause. */
  /** How a pattern reaches outside the repository (src/lib/pattern.ts patternEscapes). */
  patternEscape: (escape: PatternEscape): string =>
    escape === 'absolute' ? 'it is an absolute path' : escape === 'parent' ? "it contains a '..' segment" : "it starts with '~' (a home directory)",
  /** Why a pattern cannot be compiled (src/lib/pattern.ts PatternError). */
  patternProblem: (p: PatternProblem): string =>
    p.kind === 'empty'
      ? 'the pattern is empty'
      : p.kind === 'tooLong'
        ? `the pattern is longer than ${p.max} characters`
        : `the pattern leaves the repository: ${commonMessages.patternEscape(p.escape)}`,
  jsonProblem: (r: JsonSyntaxReason): string => {
    switch (r.kind) {
      case 'comment': return 'comments are not allowed in JSON; remove it';
      case 'single-quotes': return 'strings must use double quotes (")';
      case 'trailing-comma': return `a comma before '${r.close}' is not allowed in JSON; remove it`;
      case 'expected-key': return `expected a property name in double quotes but found ${foundChar(r.found)}`;
      case 'expected-colon': return `expected ':' after the property name but found ${foundChar(r.found)}`;
      case 'expected-after-property': return `expected ',' or '}' after a property but found ${foundChar(r.found)}`;
      case 'expected-after-element': return `expected ',' or ']' after an array element but found ${foundChar(r.found)}`;
      case 'expected-value': return `expected a value but found ${foundChar(r.found)}`;
      case 'after-end': return `unexpected ${foundChar(r.found)} after the end of the JSON value`;
      case 'unterminated-string': return 'unterminated string: add the closing "';
      case 'control-character': return `a raw control character (${foundChar(r.found)}) is not allowed in a string; write it as an escape such as \\n`;
      case 'bad-unicode-escape': return 'invalid \\u escape: it needs four hexadecimal digits';
      case 'bad-escape': return `invalid escape '\\${r.escape}' in a string`;
      case 'bad-number': return 'invalid number';
      case 'too-deep': return `objects and arrays are nested more than ${r.max} deep`;
    }
  },
  notInWorktree: (cwd: string) => `not inside a git working tree (${cwd}). Run this from inside your repository.`,
  badArguments: (command: string, detail: string, usage: string) =>
    `${detail.replace(/\.$/, '')}.\n${usage.split('\n')[0]}\nRun 'plan-hooks ${command} --help' for the options.`,
};
