// Command-line options for every command: node:util parseArgs, with its complaints turned into
// usage errors (exit 2) that end with the command's help.
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from './errors.js';

export function parseCommandArgs<O extends NonNullable<ParseArgsConfig['options']>>(argv: string[], options: O, usage: string) {
  try {
    return parseArgs({ args: argv, allowPositionals: true, strict: true, options });
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n\n${usage}`);
  }
}
