// The command that runs this repository's installed plan-hooks, as every printed command names
// it (`npx plan-hooks`, `pnpm exec plan-hooks`, a path): never a name npx would look up on the
// registry. The entry points register how to find it (src/facts/run-command.ts); it is found
// only when a sentence that names a command is rendered, and once.
let find: () => string = () => 'plan-hooks';
let found: string | undefined;

/** Registers how the command is found (each entry point, for the repository it runs in). */
export function setRunCommand(resolve: () => string): void {
  find = resolve;
  found = undefined;
}

/** The command that starts plan-hooks here, for a sentence to name (`${run()} release <task>`). */
export function run(): string {
  if (found === undefined) {
    try {
      found = find();
    } catch {
      found = 'plan-hooks';
    }
  }
  return found;
}
