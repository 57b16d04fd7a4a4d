// `plan-hooks ask <task> "text"`: a request to the holder of a claim, recorded in the plan (a log
// entry of the task's work item; commit it like any plan change, or --push it). The holder sees
// it at its session start, in status and in refusals; it answers by releasing, handing over or replying.
import type { Command } from './shared/command.js';
import { messages } from '../messages/index.js';
import { askTask } from '../plan/edit.js';
import { runPlanEdit } from './shared/plan-edit.js';

const command: Command = {
  run: (argv) =>
    runPlanEdit(argv, {
      command: 'ask',
      usage: messages.rotation.askUsage,
      respectClaimsElsewhere: false,
      textPositional: true,
      options: {},
      checkValues: (values, fail) => {
        if (typeof values.text !== 'string' || values.text.trim() === '') throw fail(messages.rotation.askEmpty);
      },
      apply: (plan, taskId, ctx, values) => askTask(plan, taskId, ctx, String(values.text)),
    }),
};
export default command;
