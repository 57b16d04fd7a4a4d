// Shared by the plan tests: checking one mutation of the seed plan (test/fixtures/plans.ts).
import type { Problem } from '../../src/problems/problems.js';
import type { PlanFacts } from '../../src/core/plan-types.js';
import { validatePlanText } from '../../src/plan/validate.js';
import { SEED_NOW } from '../fixtures/plans.js';

export const ALL_FOUND: PlanFacts = { markdownExists: true, lastCommitFound: true, branchFound: true, ignoreCase: false };
export const FILE = 'docs/export-retry-plan.json';

export function check(text: string, facts: PlanFacts = ALL_FOUND, now = SEED_NOW): Problem[] {
  return validatePlanText(text, FILE, facts, { now, staleAfterHours: 24 }).problems;
}

/** The plan as `plan-hooks new` and most editors write it. */
export function pretty(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

/** 1-based line of the first occurrence of `needle`: an oracle independent of the parser. */
export function lineOf(text: string, needle: string, occurrence = 1): number {
  let at = -1;
  for (let n = 0; n < occurrence; n++) {
    at = text.indexOf(needle, at + 1);
    if (at === -1) throw new Error(`needle not found: ${needle}`);
  }
  return text.slice(0, at).split('\n').length;
}
