// The shell shared by `claim`, `release` and `done`: parse the arguments, find the addressed
// task among the repository's plans, let the pure edit decide, and write the plan back
// atomically in its own format.
import { lstatSync } from 'node:fs';
import { join } from 'node:path';
import { type Facts, readWorktreeFacts } from '../../facts/facts.js';
import type { LiveClaim } from '../../core/claims.js';
import { EXIT, type UsageError, UserError } from '../../errors.js';
import { writeFileAtomic } from '../../fs/atomic-write.js';
import { identityConflict, sameAgent } from '../../core/identity.js';
import { messages } from '../../messages/index.js';
import { findPlanFiles } from '../../plan/discover.js';
import { taskIds, type EditContext, type EditOutcome } from '../../plan/edit.js';
import { detectJsonFormat, formatJson } from '../../lib/json-format.js';
import { readPlanText } from '../../plan/plan-text.js';
import { readTextFileSync } from '../../fs/text.js';
import { matchesAddress, taskKey } from '../../core/task-key.js';
import type { PlanState } from '../../core/plan-types.js';
import { jsonText, sanitize } from '../../term.js';
import { type CommandSpec, type Options, parseCommandArgs, usageError } from './args.js';

export type Values = Record<string, string | boolean | undefined>;

export interface PlanEdit extends CommandSpec {
  /** Options besides --as. */
  options: Options;
  /** Refuse when another worktree or the base branch shows someone else's live claim on the task. */
  respectClaimsElsewhere: boolean;
  /** Usage checks on the option values, before any file is read; `fail` makes the usage error. */
  checkValues?(values: Values, fail: (detail: string) => UsageError): void;
  /** A second positional after the task (ask's text), given to apply as values.text. */
  textPositional?: boolean;
  /** Facts the edit needs beyond the plan (a continuation's sessions and uncommitted files), read once before it. */
  prepare?(seen: Facts, values: Values): Promise<unknown>;
  /** Refuses before anything is read (a person's command run inside an agent session); the refusal's text, or null. */
  precheck?(seen: Facts, values: Values, address: string): { message: string; fix: string } | null;
  apply(plan: PlanState, taskId: string, ctx: EditContext, values: Values, extra?: unknown): EditOutcome;
}

export interface Located {
  file: string;
  text: string;
  plan: PlanState;
  taskId: string;
}

export interface PlanText {
  file: string;
  text: string;
}

export async function runPlanEdit(argv: string[], spec: PlanEdit): Promise<number> {
  const { values, address } = parse(argv, spec);
  // Every claim git can see (HEAD, the base branch, the other worktrees' HEADs) and the identity
  // they imply — the same facts pre-commit will judge the edited plan by.
  const seen = await readWorktreeFacts();
  const { root, config } = seen;
  const actor = typeof values.as === 'string' ? values.as.trim() : seen.identity.name;
  if (actor === '') throw usageError(spec, messages.editEmptyAs);
  // --as is a declaration like PLAN_HOOKS_AGENT: it must agree with the agent markers present.
  const conflict = typeof values.as === 'string' ? identityConflict({ name: actor, source: 'option', detail: '--as' }, seen.markers, config.aliases) : seen.conflict;
  if (conflict) {
    if (values.json === true) return refusedJson(spec.command, null, messages.identityConflict(conflict, 'edit'), '');
    process.stderr.write(sanitize(messages.identityConflict(conflict, 'edit')));
    return EXIT.failed;
  }
  const early = spec.precheck?.(seen, values, address) ?? null;
  if (early) {
    if (values.json === true) return refusedJson(spec.command, null, early.message, early.fix);
    process.stderr.write(sanitize(messages.editRefused(spec.command, '-', early.message, early.fix)));
    return EXIT.failed;
  }
  const extra = spec.prepare ? await spec.prepare(seen, values) : undefined;
  if (values.push === true || (config.claimPush && values.local !== true)) {
    const { pushPlanEdit } = await import('./push-edit.js');
    return pushPlanEdit({ repo: seen.repo, spec, values, address, actor, actorSource: typeof values.as === 'string' ? 'option' : seen.identity.source, claims: seen.claims, extra });
  }
  const target = await locateTask(root, await findPlanFiles(root, config), address);
  const ctx: EditContext = { actor, aliases: config.aliases, now: seen.now, staleAfterHours: config.staleAfterHours };
  const outcome = decideEdit(spec, target, ctx, values, seen.claims, extra);
  if (!outcome.ok) {
    if (values.json === true) return refusedJson(spec.command, target.file, outcome.message, outcome.fix);
    process.stderr.write(sanitize(messages.editRefused(spec.command, target.file, outcome.message, outcome.fix)));
    return EXIT.failed;
  }
  const format = detectJsonFormat(target.text);
  const reformatted = formatJson(target.plan, format) !== target.text;
  writeFileAtomic(join(root, target.file), formatJson(outcome.plan, format), target.text);
  if (values.json === true) process.stdout.write(editJson(spec.command, target.file, outcome.plan, target.taskId, outcome.summary, { reformatted }));
  else process.stdout.write(sanitize(messages.editWritten(target.file, outcome.summary, reformatted)));
  return EXIT.ok;
}

/**
 * `--json`'s answer for a written edit: the task as the plan now says it. A refusal is JSON on
 * stderr, in the shape of every other error under --json (src/errors.ts), with the fix.
 */
export function editJson(command: string, file: string, plan: PlanState, taskId: string, summary: string, more: Record<string, unknown>): string {
  const task = taskOf(plan, taskId);
  return `${jsonText({ command, task: taskKey(plan.planId, taskId), file, status: task?.status ?? null, claimedBy: task?.claimedBy ?? null, claimedAt: task?.claimedAt ?? null, summary: sanitize(summary), ...more })}\n`;
}

export function refusedJson(command: string, file: string | null, message: string, fix: string): number {
  process.stderr.write(`${jsonText({ error: { command, file, message: sanitize(message), fix: sanitize(fix), exitCode: EXIT.failed, internal: false, refused: true } })}\n`);
  return EXIT.failed;
}

function taskOf(plan: PlanState, taskId: string): { status?: unknown; claimedBy?: unknown; claimedAt?: unknown } | undefined {
  const items = Array.isArray(plan.workItems) ? plan.workItems : [];
  for (const item of items) {
    const task = (Array.isArray(item?.tasks) ? item.tasks : []).find((t) => t?.id === taskId);
    if (task) return task as { status?: unknown; claimedBy?: unknown; claimedAt?: unknown };
  }
  return undefined;
}

/** The edit `spec` makes of the located task, or the refusal: someone else's live claim elsewhere comes first. */
export function decideEdit(spec: PlanEdit, target: Located, ctx: EditContext, values: Values, claims: LiveClaim[], extra?: unknown): EditOutcome {
  // A continuation or a handover moves the claim wherever it is seen: the record says from whom.
  const elsewhere = spec.respectClaimsElsewhere && values.continue !== true ? heldElsewhere(claims, taskKey(target.plan.planId, target.taskId), ctx) : null;
  return elsewhere
    ? { ok: false, ...messages.editHeldElsewhere(elsewhere.task, elsewhere.holder, elsewhere.since ?? messages.claimSinceUnknown(), elsewhere.source.label) }
    : spec.apply(target.plan, target.taskId, ctx, values, extra);
}

/**
 * A live claim on the task by someone else, seen in another worktree, on the base branch or on a remote-tracking branch.
 * This worktree's own versions (index, HEAD) are left to the edit, which reads the working file.
 */
function heldElsewhere(claims: LiveClaim[], key: string, ctx: EditContext): LiveClaim | null {
  return (
    claims.find(
      (c) => c.task === key && (c.source.kind === 'worktree' || c.source.kind === 'base' || c.source.kind === 'remote') && !c.stale && !sameAgent(c.holder, ctx.actor, ctx.aliases),
    ) ?? null
  );
}

function parse(argv: string[], spec: PlanEdit): { values: Values; address: string } {
  const parsed = parseCommandArgs(argv, { ...spec, options: { as: { type: 'string' }, push: { type: 'boolean' }, local: { type: 'boolean' }, json: { type: 'boolean' }, ...spec.options }, positionals: true });
  const values = parsed.values as Values;
  if (spec.textPositional && parsed.positionals.length === 2) values.text = parsed.positionals[1];
  else if (parsed.positionals.length !== 1) throw usageError(spec, spec.textPositional ? messages.rotation.askEmpty : messages.editOneTask);
  if (values.push === true && values.local === true) throw usageError(spec, messages.pushOrLocal);
  spec.checkValues?.(values, (detail) => usageError(spec, detail));
  return { values, address: parsed.positionals[0] };
}

/** The one task `address` names across the plans; unknown or ambiguous addresses are errors that list what exists. */
export async function locateTask(root: string, files: string[], address: string): Promise<Located> {
  const texts: PlanText[] = [];
  const broken: string[] = [];
  for (const file of files) {
    try {
      // A symbolic link could point outside the repository; plan-hooks writes only regular files.
      if (lstatSync(join(root, file)).isSymbolicLink()) {
        broken.push(messages.editSymlink(file));
        continue;
      }
      texts.push({ file, text: readTextFileSync(join(root, file)) });
    } catch (error) {
      broken.push(messages.editUnreadable(file, (error as Error).message));
    }
  }
  return findTask(texts, address, broken);
}

/** The one task `address` names among the plans' texts (pure); `broken` are the plans that could not be read. */
export function findTask(texts: PlanText[], address: string, broken: string[] = []): Located {
  const found: Located[] = [];
  const unsearched = [...broken];
  for (const { file, text } of texts) {
    // Read as every reader reads it; a file with a problem (a repeated key, …) is not rewritten,
    // since writing it back would silently change what it says.
    const read = readPlanText(text);
    if (read.problem) {
      unsearched.push(messages.editNotJson(file, read.problem.line, read.problem.column, read.problem.message));
      continue;
    }
    const plan = read.value as PlanState;
    if (plan === null || typeof plan !== 'object' || Array.isArray(plan)) continue;
    for (const taskId of taskIds(plan)) {
      if (matchesAddress(plan, taskId, address)) found.push({ file, text, plan, taskId });
    }
  }
  if (found.length === 1) return found[0];
  if (found.length > 1) throw new UserError(messages.editAmbiguous(address, found.map((f) => `${taskKey(f.plan.planId, f.taskId)} (${f.file})`)));
  throw new UserError(messages.editUnknownTask(address, texts.length + broken.length, unsearched));
}
