// What every command module exports as its default: the CLI (src/cli.ts) runs it. Its line for
// `plan-hooks --help` and its own --help are in the command table (./../registry.ts), so listing
// and helping load no command.
export interface Command {
  run(argv: string[]): Promise<number>;
}
