// A problem found in a plan: where (file, JSON path, line/column), what, and how to fix it.

import { byCodeUnit } from '../lib/order.js';

export type Severity = 'error' | 'warning';

export interface Problem {
  severity: Severity;
  /** Repository-relative path of the plan file (or the path the user gave). */
  file: string;
  /** JSON path in the plan, e.g. `workItems[0].tasks[2].status`; '' for the whole document. */
  path: string;
  /** 1-based line and column of the value at `path` (or of the syntax error). */
  line: number;
  column: number;
  /** What is wrong. */
  message: string;
  /** How to fix it. */
  fix: string;
  /** A stable identifier of the rule, e.g. `schema`, `duplicate-id`, `claim-no-holder`. */
  rule: string;
}

/** A problem before it is placed in a file: rules know the JSON path, not the line. */
export interface DraftProblem {
  severity: Severity;
  rule: string;
  path: readonly (string | number)[];
  message: string;
  fix: string;
}

/** Gives each draft its file, formatted path, line and column (`locate` from json-document.ts). */
export function placeProblems(
  drafts: readonly DraftProblem[],
  file: string,
  locate: (path: readonly (string | number)[]) => { line: number; column: number },
  formatPath: (path: readonly (string | number)[]) => string,
): Problem[] {
  return drafts.map((d) => ({ severity: d.severity, file, path: formatPath(d.path), ...locate(d.path), message: d.message, fix: d.fix, rule: d.rule }));
}

/** Errors first, then by position, so the first line printed is the first thing to fix. */
export function sortProblems(problems: Problem[]): Problem[] {
  const rank = (p: Problem) => (p.severity === 'error' ? 0 : 1);
  return [...problems].sort((a, b) => byCodeUnit(a.file, b.file) || rank(a) - rank(b) || a.line - b.line || a.column - b.column);
}
