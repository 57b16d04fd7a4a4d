// `plan-hooks hook <name>`: runs one hook through the CLI, for runners written by an older
// plan-hooks and wherever a runner finds no bundled file beside the CLI. Current runners start
// the hook's bundled file directly (src/hooks/main.ts), which skips the CLI's module loading.
import type { Command } from './shared/command.js';
import { UsageError } from '../errors.js';
import { messages } from '../messages/index.js';
import { runHook } from '../hooks/main.js';
import { HOOKS, isHook } from '../core/hook-table.js';

const command: Command = {
  async run(argv) {
    const [name, ...args] = argv;
    if (!isHook(name)) throw new UsageError(messages.hookUnknown(name ?? '', HOOKS.join(', ')));
    return runHook(name, async () => (await import(`../hooks/${name}.js`)).default, args);
  },
};
export default command;
