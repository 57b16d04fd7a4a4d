#!/usr/bin/env node
// Entry point. Each command lives in its own module and is imported only when named, so a
// hook pays for nothing but the code it runs.
import { EXIT, UsageError, formatError, formatErrorJson, isUsageError } from './errors.js';
import { messages } from './messages/index.js';
import { setRunCommand } from './messages/run.js';
import { installedRunCommand } from './facts/run-command.js';
import type { Command } from './commands/shared/command.js';
import { COMMAND_NAMES, COMMAND_TABLE, isCommand, mainHelp } from './commands/registry.js';

export async function main(argv: string[]): Promise<number> {
  // Every command a message names is the one this repository runs its installed copy with.
  setRunCommand(() => installedRunCommand(process.cwd()));
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(mainHelp());
    return name === undefined ? EXIT.usage : EXIT.ok;
  }
  if (name === '--version' || name === '-v') {
    const { version } = await import('./version.js');
    process.stdout.write(`${version()}\n`);
    return EXIT.ok;
  }
  // Under --json an error is JSON too (on stderr, as every error), so a script reads one format.
  const json = rest.includes('--json');
  const fail = (error: unknown, command: string) => {
    const code = isUsageError(error) ? EXIT.usage : EXIT.failed;
    process.stderr.write(json ? formatErrorJson(error, command, code) : formatError(error, command));
    return code;
  };
  if (!isCommand(name)) {
    const { closest } = await import('./commands/shared/args.js');
    return fail(new UsageError(messages.unknownCommand(name, closest(name, COMMAND_NAMES))), name);
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    process.stdout.write(COMMAND_TABLE[name].usage());
    return EXIT.ok;
  }
  const command: Command = (await import(`./commands/${name}.js`)).default;
  try {
    return await command.run(rest);
  } catch (error) {
    return fail(error, name);
  }
}

// A reader that goes away (`plan-hooks init | head`) must not kill a command halfway through
// its work: drop further output instead.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
});

process.exitCode = await main(process.argv.slice(2));
