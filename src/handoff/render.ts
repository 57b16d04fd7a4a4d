// Pure: the handoff block's Markdown, and putting it between its markers without touching a line
// outside them. The block holds facts true for the commit that contains it.
import { type Markers, putSection } from '../lib/marked-sections.js';
import { STATUSES } from '../core/plan-types.js';
import { messages } from '../messages/index.js';
import { readyTasks, statusCounts, tasksOf, type TaskRef } from '../plan/tasks.js';
import type { PlanFile } from '../plan/snapshot.js';
import { pairedMarkdownPath as pairedMarkdown } from '../plan/paths.js';
import { sanitizeLine } from '../term.js';

import { END, START } from '../core/handoff-markers.js';

export { END, START };

export interface BlockFacts {
  branch: string | null;
  /** The commit the new commit builds on (HEAD when pre-commit runs); null for the first commit. */
  head: { id: string; subject: string } | null;
  uncommitted: string[];
  now: Date;
  staleAfterHours: number;
}

/** Tasks listed in a plan's block, in the plan's order; the rest are counted (status lists them all). */
const MAX_TASKS = 60;

/**
 * Plan text is untrusted and lands in files agents read and people render: one line, and
 * sanitized as for a terminal (src/term.ts: controls and bidi or invisible characters shown as
 * escapes). Plan text never starts a line, so it cannot stand where our markers are looked for.
 */
const oneLine = (text: unknown) => sanitizeLine(String(text ?? '')).trim();

/**
 * Text Markdown shows literally (code spans, the fenced prompt), where an HTML entity would
 * show as written: only the comment delimiters, which could forge or end our block, are broken.
 */
const literal = (text: unknown) => oneLine(text).replace(/<!--/g, '&lt;!--').replace(/-->/g, '--&gt;');

/** Prose: raw HTML from a plan (`<script>`, `<!--`, entities) is escaped, so it reads as the text it is. */
export const inline = (text: unknown) => oneLine(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export const code = (text: unknown) => {
  const t = literal(text);
  const ticks = '`'.repeat(Math.max(1, ...[...t.matchAll(/`+/g)].map((m) => m[0].length + 1)));
  return `${ticks}${ticks.length > 1 ? ' ' : ''}${t}${ticks.length > 1 ? ' ' : ''}${ticks}`;
};

/** A task's own next action (metadata.nextAction), while it is not completed: a completed task has none. */
export function taskNextAction(task: TaskRef['task']): string | null {
  const meta = task.metadata;
  const next = meta && typeof meta === 'object' && !Array.isArray(meta) ? (meta as Record<string, unknown>).nextAction : undefined;
  return task.status !== 'completed' && typeof next === 'string' && next.trim() !== '' ? next : null;
}

/**
 * A task's lines: first what changes with the task (status, holder, its own next action), then
 * its files, then a blank line. Every line says something of this task alone, and the next task's
 * first line is two unchanged lines away: two branches that each change their own task change
 * lines a line-based merge (the hosting service's button) keeps apart (issue 31 item 2).
 */
function taskLines(r: TaskRef): string[] {
  let line = `- ${code(r.task.id)} — ${inline(r.task.status)}`;
  if (r.task.claimedBy && r.task.status !== 'not-started') line += `, claimed by ${inline(r.task.claimedBy)} since ${inline(r.task.claimedAt ?? '?')}`;
  if (r.task.dependsOn?.length) line += `, ${messages.handoffBlock.dependsOn(r.task.dependsOn.map(code))}`;
  const out = [line];
  const next = taskNextAction(r.task);
  if (next !== null) out.push(`  - ${messages.handoffBlock.taskNext(inline(next))}`);
  const files = r.task.files ?? [];
  out.push(`  - ${messages.handoffBlock.taskFiles(files.length ? `${files.slice(0, 5).map(code).join(', ')}${files.length > 5 ? ', …' : ''}` : null)}`, '');
  return out;
}

function taskList(tasks: TaskRef[]): string[] {
  if (tasks.length === 0) return ['- none', ''];
  const out = tasks.slice(0, MAX_TASKS).flatMap(taskLines);
  if (tasks.length > MAX_TASKS) out.push(`- ${messages.handoffBlock.moreTasks(tasks.length - MAX_TASKS)}`, '');
  return out;
}

/** A fence longer than any backtick run inside, so plan text cannot end the code block. */
function fenced(body: string): string[] {
  const fence = '`'.repeat(Math.max(3, ...[...body.matchAll(/`+/g)].map((m) => m[0].length + 1)));
  return [`${fence}text`, body, fence];
}

/**
 * The block's lines as Markdown formatters write it (prettier): a blank line after the start
 * marker, after each heading and before the end marker, so a repository that runs a formatter
 * over its Markdown leaves the block as generated, commit after commit.
 */
function formatted(lines: string[]): string {
  const out: string[] = [];
  lines.forEach((line, i) => {
    if (line === END && out[out.length - 1] !== '') out.push('');
    out.push(line);
    if ((line === START || /^#{1,6} /.test(line)) && lines[i + 1] !== '') out.push('');
  });
  return out.join('\n');
}

/**
 * The plan's block. It names only what the plan says (no branch, commit, time since or derived
 * list such as the ready tasks), so it is the same text whichever branch wrote it, and the
 * merge of two branches' blocks is the block of the merged plan (issue 31 item 2, docs/parallel.md).
 */
export function renderPlanBlock({ path, plan }: PlanFile, _facts?: BlockFacts): string {
  const h = plan.handoff;
  const tasks = tasksOf([{ path, plan }]);
  // The plan's own next action, as written: whether every task is completed depends on tasks two
  // branches change apart, so that is for status to say (its tasks' own next actions go when they are).
  const nextAction = h?.nextAction ?? null;
  const verify = h?.verify ? code(h.verify) : 'not given';
  const prompt = messages.handoffBlock.prompt({
    title: literal(plan.title),
    path,
    markdown: pairedMarkdown(path),
    nextAction: nextAction !== null ? literal(nextAction) : null,
    verify: h?.verify ? literal(h.verify) : null,
  });
  const lines = formatted([
    START,
    `## Handoff: ${inline(plan.title)}`,
    '',
    messages.handoffBlock.generatedFrom(code(path)),
    '',
    `- **Next action:** ${inline(nextAction ?? 'not recorded')}`,
    `- **Verify:** ${verify}`,
    '',
    '### Tasks',
    '',
    ...taskList(tasks),
    '### Resume prompt',
    ...fenced(prompt),
    END,
  ]);
  return lines;
}

/** A plan with open work in three lines, for a session's start (live, never committed): title and files, next action, tasks by status and the ready ones. */
export function openPlanLines(p: PlanFile): string[] {
  const tasks = tasksOf([p]);
  const c = statusCounts(tasks);
  const ready = readyTasks(tasks).map((r) => code(r.task.id));
  return [
    `- **${inline(p.plan.title)}** (${code(p.path)}, handoff in ${code(pairedMarkdown(p.path))})`,
    `  - Next action: ${inline(p.plan.handoff?.nextAction ?? 'not recorded')}`,
    `  - Tasks: ${STATUSES.filter((s) => c[s] > 0).map((s) => `${c[s]} ${s}`).join(', ')}${ready.length ? `; ready: ${ready.slice(0, 8).join(', ')}` : ''}`,
  ];
}

/** A plan in the entry files' block: what the plan says of itself, never its tasks' states (they are in its own block). */
export function entryPlanLines(p: PlanFile): string[] {
  return [
    `- **${inline(p.plan.title)}** (${messages.handoffBlock.entryPlanFiles(code(p.path), code(pairedMarkdown(p.path)))})`,
    `  - Next action: ${inline(p.plan.handoff?.nextAction ?? 'not recorded')}`,
  ];
}

/** Plans that still have a task not completed. */
export const openPlans = (plans: PlanFile[]) => plans.filter((p) => tasksOf([p]).some((r) => r.task.status !== 'completed'));

/**
 * A plan's lines in the entry files' block. Every plan is listed, open or not: whether a plan is
 * still open depends on all its tasks, which two branches change apart (its block says it).
 */
export const aggregateLines = (p: PlanFile): string[] | null => entryPlanLines(p);

/** The entry files' block: every plan, in a few lines each. */
export function renderAggregateBlock(plans: PlanFile[], facts?: BlockFacts): string {
  return renderAggregateOf(plans.map(aggregateLines), facts);
}

/** The entry files' block from each plan's aggregateLines, in the plans' order; names no branch or commit (see renderPlanBlock). */
export function renderAggregateOf(parts: (string[] | null)[], _facts?: BlockFacts): string {
  const listed = parts.filter((p): p is string[] => p !== null);
  const lines = [START, '## Plan handoff', '', messages.handoffBlock.generatedAggregate(), ''];
  if (listed.length === 0) lines.push(messages.handoffBlock.noOpenWork());
  for (const p of listed) lines.push(...p);
  lines.push(END);
  return formatted(lines);
}

const MARKERS: Markers = { key: START, start: START, end: END };

/**
 * Puts `block` (markers included) in place of the existing one, or appends it; the lines outside
 * the markers are kept as they are, and the file's line ending is used inside the block.
 */
export function replaceBlock(text: string, block: string): string {
  return putSection(text, MARKERS, block);
}
