// Validating one plan file: JSON with positions, the compiled schema, then the rules. Pure:
// the text, the git facts (src/plan/facts.ts gathers them) and the clock in; problems out.
// Transition rules (the plan against its previous version) live in src/core/transitions.ts.
import validateSchema from '../generated/plan-state.v1.validator.js';
import { messages } from '../messages/index.js';
import { formatPath, lazyLocator } from '../lib/json-document.js';
import { pairedMarkdownPath } from './paths.js';
import { readPlanText, type PlanTextProblem } from './plan-text.js';
import { placeProblems, type DraftProblem, type Problem } from '../problems/problems.js';
import { planRules, type RuleOptions } from '../core/plan-rules.js';
import { schemaProblems } from '../problems/schema-problems.js';
import type { PlanFacts, PlanState } from '../core/plan-types.js';

/** The clock and the stale-claim limit (config.staleAfterHours). */
export type ValidateOptions = RuleOptions;

export interface ValidationResult {
  /** The plan when it parses and passes the schema (rules may still report errors), else null. */
  plan: PlanState | null;
  problems: Problem[];
}

export function validatePlanText(text: string, file: string, facts: PlanFacts, opts: ValidateOptions): ValidationResult {
  // Every reader takes plan text the same way (./plan-text.ts). A file that is not JSON stops
  // here; one with another problem (a repeated key, too deep, not UTF-8) is an error, and its
  // value, the one every reader sees, is checked on.
  const read = readPlanText(text);
  const textProblem = (p: PlanTextProblem): Problem => ({ severity: 'error', file, path: '', line: p.line, column: p.column, message: p.message, fix: p.fix, rule: p.rule });
  if (read.value === undefined) return { plan: null, problems: read.problem ? [textProblem(read.problem)] : [] };
  const value = read.value;
  const locate = lazyLocator(read.text);
  const place = (drafts: DraftProblem[]) => [...(read.problem ? [textProblem(read.problem)] : []), ...placeProblems(drafts, file, locate, formatPath)];
  const drafts: DraftProblem[] = [];
  if (facts.markdownExists === false) {
    drafts.push({ severity: 'warning', rule: 'missing-markdown', path: [], ...messages.plan.missingMarkdown(pairedMarkdownPath(file)) });
  }
  if (!validateSchema(value)) {
    return { plan: null, problems: place([...schemaProblems(validateSchema.errors ?? [], value), ...drafts]) };
  }
  const plan = value as PlanState;
  drafts.push(...planRules(plan, facts, opts));
  return { plan, problems: place(drafts) };
}

