// A small valid plan for tests: one work item `work` with tasks `a` (claimed by claude) and `b`.
import type { PlanState } from '../../src/plan/types.js';

export const NOW = new Date('2026-03-10T12:00:00Z');
/** Two hours before NOW: a live claim. */
export const RECENT = '2026-03-10T10:00:00Z';
/** Three days before NOW: stale when the work item has no recent log. */
export const OLD = '2026-03-07T09:00:00Z';

export function samplePlan(): PlanState {
  return {
    planId: 'export-retry',
    title: 'Add a retry to the export job',
    lifecycle: 'multi-session',
    createdDate: '2026-03-01',
    lastUpdated: '2026-03-09',
    relatedDocs: ['docs/export-retry-plan.md'],
    taskTemplate: { steps: [{ id: 'implement', description: 'Write it', status: 'not-started' }] },
    workItems: [
      {
        id: 'work',
        title: 'The work',
        status: 'in-progress',
        findings: ['observed: the upload fails on 503'],
        tasks: [
          { id: 'a', status: 'in-progress', acceptance: 'npm test passes', files: ['src/a.ts'], claimedBy: 'claude', claimedAt: RECENT },
          { id: 'b', status: 'not-started', acceptance: 'npm test passes', files: ['src/b.ts'] },
        ],
        log: [{ date: '2026-03-01', summary: 'Started', agent: 'claude' }],
      },
    ],
    changelog: [{ date: '2026-03-01', summary: 'Plan created', agent: 'claude' }],
  };
}

export function clone<T>(value: T): T {
  return structuredClone(value);
}

/** samplePlan with the claim on `a` stale: an old claimedAt and no recent log entry. */
export function stalePlan(): PlanState {
  const plan = samplePlan();
  plan.workItems[0].tasks[0].claimedAt = OLD;
  return plan;
}
