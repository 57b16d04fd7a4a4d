// `plan-hooks release <task> [--as NAME] [--status not-started|blocked]`.
import type { Command } from './shared/command.js';
import { messages } from '../messages/index.js';
import { RELEASE_STATUSES, releaseTask, type ReleaseStatus } from '../plan/edit.js';
import { runPlanEdit } from './shared/plan-edit.js';

const command: Command = {
  run: (argv) =>
    runPlanEdit(argv, {
      command: 'release',
      usage: messages.releaseUsage,
      respectClaimsElsewhere: false,
      options: { status: { type: 'string' } },
      checkValues: (values, fail) => {
        if (values.status !== undefined && !(RELEASE_STATUSES as readonly unknown[]).includes(values.status)) {
          throw fail(messages.releaseBadStatus(String(values.status)));
        }
      },
      apply: (plan, taskId, ctx, values) => releaseTask(plan, taskId, ctx, { status: (values.status ?? 'not-started') as ReleaseStatus }),
    }),
};
export default command;
