// `plan-hooks claim <task> [--as NAME] [--takeover]`.
import type { Command } from './shared/command.js';
import { messages } from '../messages/index.js';
import { claimTask } from '../plan/edit.js';
import { runPlanEdit } from './shared/plan-edit.js';

const command: Command = {
  run: (argv) =>
    runPlanEdit(argv, {
      command: 'claim',
      usage: messages.claimUsage,
      respectClaimsElsewhere: true,
      options: { takeover: { type: 'boolean' } },
      apply: (plan, taskId, ctx, values) => claimTask(plan, taskId, ctx, { takeover: values.takeover === true }),
    }),
};
export default command;
