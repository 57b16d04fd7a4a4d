// What every command module exports as its default: the CLI (src/cli.ts) lists, helps and runs it.
export interface Command {
  /** One line for `plan-hooks --help`. */
  summary: string;
  /** The full `--help` text of the command. */
  usage: string;
  run(argv: string[]): Promise<number>;
}
