// Problems for a terminal: `file:line:column: error|warning: message`, then how to fix it.
// Plan text reaches these messages, so everything is sanitized before it is printed.
import { color, sanitize, sanitizeLine } from '../term.js';
import type { Problem } from '../problems/problems.js';

function formatProblem(p: Problem): string {
  const where = `${sanitizeLine(p.file)}:${p.line}:${p.column}`;
  const label = p.severity === 'error' ? color.red(color.bold('error')) : color.yellow(color.bold('warning'));
  const path = p.path === '' ? '' : ` ${color.dim(`(${sanitizeLine(p.path)})`)}`;
  const fix = sanitize(p.fix).replace(/\n/g, '\n    ');
  return `${color.bold(where)}: ${label}: ${sanitizeLine(p.message)}${path}\n  ${color.cyan('fix:')} ${fix}\n`;
}

export function formatProblems(problems: readonly Problem[]): string {
  return problems.map(formatProblem).join('');
}
