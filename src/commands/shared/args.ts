// Every command's arguments go through here, so they all fail the same way: node:util parseArgs
// in strict mode, and an unknown option, a positional the command does not take or a bad value
// is a usage error (exit 2) that shows the synopsis and points at the command's --help.
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from '../../errors.js';
import { messages } from '../../messages/index.js';

export type Options = NonNullable<ParseArgsConfig['options']>;

export interface CommandSpec {
  command: string;
  /** The command's --help text; its first line is the synopsis shown with a usage error. */
  usage: string;
}

export interface ArgsSpec<O extends Options> extends CommandSpec {
  options: O;
  /** The command takes positionals (and checks how many itself); otherwise any is refused. */
  positionals?: boolean;
}

export function parseCommandArgs<O extends Options>(argv: string[], spec: ArgsSpec<O>) {
  try {
    return parseArgs({ args: argv, options: spec.options, allowPositionals: spec.positionals === true, strict: true });
  } catch (error) {
    throw usageError(spec, parseArgsProblem(error as Error & { code?: string }, Object.keys(spec.options)));
  }
}

/** node's parseArgs message, in our words (with a suggestion for a misspelt option). */
function parseArgsProblem(error: Error & { code?: string }, options: string[]): string {
  const quoted = /'([^']*)'/.exec(error.message)?.[1] ?? '';
  switch (error.code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION': {
      const name = quoted.replace(/^-+/, '').split('=')[0]!;
      return messages.unknownOption(quoted, closest(name, options));
    }
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL':
      return messages.unexpectedArgument(quoted);
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
      return /argument missing/.test(error.message)
        ? messages.optionNeedsValue(quoted.split(' ')[0]!)
        : messages.optionTakesNoValue(quoted.split(' ')[0]!);
    default:
      return error.message;
  }
}

/** The candidate closest to `word` (a typo: at most 2 edits, or a prefix), or null. */
export function closest(word: string, candidates: string[]): string | null {
  let best: string | null = null;
  let bestDistance = Infinity;
  for (const c of candidates) {
    const d = c.startsWith(word) && word.length >= 2 ? 0.5 : distance(word, c);
    if (d < bestDistance) [best, bestDistance] = [c, d];
  }
  return bestDistance <= Math.min(2, Math.max(1, Math.floor(word.length / 3))) ? best : null;
}

/** Edit distance (insertions, deletions, substitutions, adjacent swaps), bounded by the short inputs it gets. */
function distance(a: string, b: string): number {
  if (a.length > 64 || b.length > 64) return Infinity;
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

/** A usage error in the one shape every command uses. */
export function usageError(spec: CommandSpec, detail: string): UsageError {
  return new UsageError(messages.badArguments(spec.command, detail, spec.usage));
}
