// Every command's arguments go through here, so they all fail the same way: node:util parseArgs
// in strict mode, and an unknown option, a positional the command does not take or a bad value
// is a usage error (exit 2) that shows the synopsis and points at the command's --help.
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from '../../errors.js';
import { messages } from '../../messages.js';

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
    throw usageError(spec, (error as Error).message);
  }
}

/** A usage error in the one shape every command uses. */
export function usageError(spec: CommandSpec, detail: string): UsageError {
  return new UsageError(messages.badArguments(spec.command, detail, spec.usage));
}
