// `plan-hooks hook <name>`: the hook runner's usage, trace, and the fail-closed notice (src/hooks).

import { run } from './run.js';

export const hooksMessages = {
  /** `plan-hooks --help`'s line for hook; its --help follows. */
  hookPurpose: 'Run one hook (called by the installed hook scripts)',
  hookUsage: (names: string) => `Usage: plan-hooks hook <name> [git's arguments]

Runs one hook. The scripts that 'plan-hooks init' installs call this; you rarely need it.
Hooks: ${names}
PLAN_HOOKS=0 skips every hook.
`,
  hookTrace: (name: string, code: number) => `plan-hooks: hook ${name} ran (exit ${code})\n`,
  hookUnknown: (name: string, names: string) => `unknown hook '${name}'. Known hooks: ${names}.`,
  /** Per blocking hook (src/core/hook-table.ts): why it refused on its own failure, and the way past. */
  hookFailClosed: {
    // Getters: the command is named as this run finds it (./run.ts), known only once the hook starts.
    get 'pre-commit'() {
      return `plan-hooks refused the commit because its own check failed (above). Fix the cause and commit again ('${run()} doctor' checks the installation; docs/overrides.md says what a person can do while plan-hooks itself fails).\n`;
    },
    get 'pre-push'() {
      return `plan-hooks refused the push because its own check failed (above). Fix the cause and push again ('${run()} doctor' checks the installation).\n`;
    },
  } as Record<string, string>,
};
