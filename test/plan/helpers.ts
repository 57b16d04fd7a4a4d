// Shared by the plan tests: the seed plan (test/fixtures/plans/export-retry-plan.json, the
// article's example completed with every field) and ways to check one mutation of it.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Problem } from '../../src/problems/problems.js';
import type { PlanFacts, PlanState } from '../../src/core/plan-types.js';
import { validatePlanText } from '../../src/plan/validate.js';

/** The source fixtures (tests run from dist/test, the fixtures stay in test/). */
export const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), '../../../test/fixtures/plans');
export const SEED_TEXT = readFileSync(join(FIXTURES, 'export-retry-plan.json'), 'utf8');
export const SEED_MD = readFileSync(join(FIXTURES, 'export-retry-plan.md'), 'utf8');

/** The moment the seed describes: codex claimed use-in-export 2.5 hours ago. */
export const SEED_NOW = new Date('2026-01-16T12:00:00Z');
export const ALL_FOUND: PlanFacts = { markdownExists: true, lastCommitFound: true, branchFound: true, ignoreCase: false };
export const FILE = 'docs/export-retry-plan.json';

export function seed(): PlanState {
  return JSON.parse(SEED_TEXT) as PlanState;
}

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
