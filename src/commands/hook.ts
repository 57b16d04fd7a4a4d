// `plan-hooks hook <name>`: what the installed hook scripts call. pre-commit fails closed on
// an internal error (with the bypass); every other hook reports and lets git carry on.
import type { Command } from '../cli.js';
import { EXIT, UsageError, formatError } from '../errors.js';
import { messages } from '../messages.js';

/** The hooks plan-hooks runs, and so the ones init installs and doctor checks. */
export const HOOKS = ['pre-commit', 'prepare-commit-msg', 'post-commit', 'post-rewrite', 'pre-push', 'post-merge'] as const;

/** A hook implementation: receives git's arguments (and stdin for post-rewrite/pre-push). */
export type HookRun = (args: string[]) => Promise<number>;

const command: Command = {
  summary: 'Run one hook',
  usage: messages.hookUsage(HOOKS.join(', ')),
  async run(argv) {
    const [name, ...args] = argv;
    if (!name || !(HOOKS as readonly string[]).includes(name)) {
      throw new UsageError(messages.hookUnknown(name ?? '', HOOKS.join(', ')));
    }
    if (process.env.PLAN_HOOKS === '0') return EXIT.ok;
    try {
      const run: HookRun = (await import(`../hooks/${name}.js`)).default;
      const code = await run(args);
      // PLAN_HOOKS=2 traces the shell shim (set -x); this line shows the hook itself ran.
      if (process.env.PLAN_HOOKS === '2') process.stderr.write(messages.hookTrace(name, code));
      return name === 'pre-commit' || name === 'pre-push' ? code : EXIT.ok;
    } catch (error) {
      process.stderr.write(formatError(error, `hook ${name}`));
      if (name === 'pre-commit' || name === 'pre-push') {
        process.stderr.write(messages.hookFailClosed(name));
        return EXIT.failed;
      }
      return EXIT.ok;
    }
  },
};
export default command;
