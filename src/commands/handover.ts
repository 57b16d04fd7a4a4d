// `plan-hooks handover <task> --to NAME`: a person moves a claim (live or not) to NAME, recorded in
// the work item's log and the changelog as a handover the transition rules accept. Refused inside
// an agent session (an agent marker present, or an agent declared): an agent continues a paused claim, or asks.
import type { Command } from './shared/command.js';
import { messages } from '../messages/index.js';
import { handoverTask } from '../plan/edit.js';
import { runPlanEdit } from './shared/plan-edit.js';

const command: Command = {
  run: (argv) =>
    runPlanEdit(argv, {
      command: 'handover',
      usage: messages.rotation.handoverUsage,
      respectClaimsElsewhere: false,
      options: { to: { type: 'string' } },
      checkValues: (values, fail) => {
        if (typeof values.to !== 'string' || values.to.trim() === '') throw fail(messages.rotation.handoverNeedsTo);
      },
      // A declared agent (PLAN_HOOKS_AGENT, git config plan-hooks.agent) is an agent's session too, as the handover rule reads it.
      precheck: (seen, _values, address) => {
        if (seen.markers.length > 0) return messages.rotation.handoverInAgent(seen.markers[0]!.variable, address);
        const declared = seen.identity.source === 'env' || seen.identity.source === 'git-config';
        return declared ? messages.rotation.handoverInAgent(seen.identity.detail, address) : null;
      },
      apply: (plan, taskId, ctx, values) => handoverTask(plan, taskId, ctx, String(values.to).trim()),
    }),
};
export default command;
