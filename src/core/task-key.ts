// How a task is named across plans: `<planId>/<taskId>`. Claims, the worklog, status, messages
// and the claim/release/done arguments all use this one form, so a name printed by one command
// can be pasted into another.
import type { PlanState } from './plan-types.js';

/** `<planId>/<taskId>`. Plans are untrusted: whatever planId holds is shown as it is. */
export function taskKey(planId: unknown, taskId: string): string {
  return `${String(planId)}/${taskId}`;
}

/** `<planId>/<taskId>` or `<taskId>` → does this plan hold the task? (task ids are unique within a plan) */
export function matchesAddress(plan: PlanState, taskId: string, address: string): boolean {
  return address === taskId || address === taskKey(plan.planId, taskId);
}
