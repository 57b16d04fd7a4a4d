// Validating one plan file: JSON with positions, the compiled schema, then the rules. Pure:
// the text, the git facts (src/plan/facts.ts gathers them) and the clock in; problems out.
// Transition rules (the plan against its previous version) live in src/plan/transitions.ts.
import validateSchema from '../generated/plan-state.v1.validator.js';
import { messages } from '../messages.js';
import { formatPath, JsonSyntaxError, parseJsonDocument } from './json-document.js';
import { pairedMarkdownPath } from './paths.js';
import { placeProblems, type DraftProblem, type Problem } from './problems.js';
import { planRules } from './rules.js';
import { schemaProblems } from './schema-problems.js';
import type { PlanFacts, PlanState } from './types.js';

export interface ValidateOptions {
  now: Date;
  staleAfterHours: number;
}

export interface ValidationResult {
  /** The plan when it parses and passes the schema (rules may still report errors), else null. */
  plan: PlanState | null;
  problems: Problem[];
}

export function validatePlanText(text: string, file: string, facts: PlanFacts, opts: ValidateOptions): ValidationResult {
  let doc;
  try {
    doc = parseJsonDocument(text);
  } catch (error) {
    if (!(error instanceof JsonSyntaxError)) throw error;
    const { message, fix } = messages.plan.jsonSyntax(error.message);
    return { plan: null, problems: [{ severity: 'error', file, path: '', line: error.line, column: error.column, message, fix, rule: 'json-syntax' }] };
  }
  const place = (drafts: DraftProblem[]) => placeProblems(drafts, file, (p) => doc.locate(p), formatPath);
  const drafts: DraftProblem[] = [];
  if (facts.markdownExists === false) {
    drafts.push({ severity: 'warning', rule: 'missing-markdown', path: [], ...messages.plan.missingMarkdown(pairedMarkdownPath(file)) });
  }
  if (!validateSchema(doc.value)) {
    return { plan: null, problems: place([...schemaProblems(validateSchema.errors ?? [], doc.value), ...drafts]) };
  }
  const plan = doc.value as PlanState;
  drafts.push(...planRules(plan, facts, opts));
  return { plan, problems: place(drafts) };
}

/** Errors first, then by position, so the first line printed is the first thing to fix. */
export function sortProblems(problems: Problem[]): Problem[] {
  const rank = (p: Problem) => (p.severity === 'error' ? 0 : 1);
  return [...problems].sort((a, b) => a.file.localeCompare(b.file) || rank(a) - rank(b) || a.line - b.line || a.column - b.column);
}
