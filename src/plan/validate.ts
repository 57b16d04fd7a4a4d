// Validating one plan file: JSON with positions, the compiled schema, then the rules. Pure:
// the text, the git facts (src/plan/facts.ts gathers them) and the clock in; problems out.
// Transition rules (the plan against its previous version) live in src/plan/transitions.ts.
import validateSchema from '../generated/plan-state.v1.validator.js';
import { messages } from '../messages.js';
import { formatPath, JsonSyntaxError, parseJsonDocument, type JsonDocument, type JsonPath } from './json-document.js';
import { pairedMarkdownPath } from './paths.js';
import { placeProblems, type DraftProblem, type Problem } from './problems.js';
import { planRules, type RuleOptions } from './rules.js';
import { schemaProblems } from './schema-problems.js';
import type { PlanFacts, PlanState } from './types.js';

/** The clock and the stale-claim limit (config.staleAfterHours). */
export type ValidateOptions = RuleOptions;

export interface ValidationResult {
  /** The plan when it parses and passes the schema (rules may still report errors), else null. */
  plan: PlanState | null;
  problems: Problem[];
}

export function validatePlanText(text: string, file: string, facts: PlanFacts, opts: ValidateOptions): ValidationResult {
  // JSON.parse is several times faster than the position-keeping parser, and most plans have
  // no problem to place: positions are computed only when one is reported.
  let value: unknown;
  let doc: JsonDocument | null = null;
  try {
    value = JSON.parse(text);
  } catch {
    try {
      doc = parseJsonDocument(text);
      value = doc.value;
    } catch (error) {
      if (!(error instanceof JsonSyntaxError)) throw error;
      const { message, fix } = messages.plan.jsonSyntax(error.message);
      return { plan: null, problems: [{ severity: 'error', file, path: '', line: error.line, column: error.column, message, fix, rule: 'json-syntax' }] };
    }
  }
  const locate = (path: JsonPath) => {
    try {
      doc ??= parseJsonDocument(text);
    } catch {
      // Valid JSON our parser refuses (nested deeper than it follows): no position to give.
      return { line: 1, column: 1 };
    }
    return doc.locate(path);
  };
  const place = (drafts: DraftProblem[]) => placeProblems(drafts, file, locate, formatPath);
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

