// Command-line options through node:util parseArgs, with its errors turned into usage errors
// (exit 2) that point at --help.
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from '../errors.js';
import { messages } from '../messages.js';

export type Values = Record<string, string | boolean | undefined>;

export function parseOptions(command: string, argv: string[], options: NonNullable<ParseArgsConfig['options']>): Values {
  try {
    return parseArgs({ args: argv, options, allowPositionals: false, strict: true }).values as Values;
  } catch (error) {
    throw new UsageError(messages.badOption(command, (error as Error).message));
  }
}
