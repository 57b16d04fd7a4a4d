// What every command module exports as its default: the CLI (src/cli.ts) helps and runs it; its
// one-line summary for `plan-hooks --help` is in messages (commandSummaries), so listing loads no command.
export interface Command {
  /** The full `--help` text of the command. */
  usage: string;
  run(argv: string[]): Promise<number>;
}
