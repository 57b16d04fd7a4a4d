// `plan-hooks done <task> [--as NAME] [--summary TEXT]`.
import type { Command } from './shared/command.js';
import { messages } from '../messages/index.js';
import { completeTask } from '../plan/edit.js';
import { runPlanEdit } from './shared/plan-edit.js';

const command: Command = {
  run: (argv) =>
    runPlanEdit(argv, {
      command: 'done',
      usage: messages.doneUsage,
      respectClaimsElsewhere: true,
      options: { summary: { type: 'string', short: 'm' } },
      apply: (plan, taskId, ctx, values) => completeTask(plan, taskId, ctx, { summary: typeof values.summary === 'string' ? values.summary : undefined }),
    }),
};
export default command;
