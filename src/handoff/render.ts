// Pure: the handoff block's Markdown, and putting it between its markers without touching a line
// outside them. The block holds facts true for the commit that contains it.
import { claimAgeHours, isStaleClaim } from '../core/claim-state.js';
import { type Markers, putSection } from '../lib/marked-sections.js';
import { STATUSES } from '../core/plan-types.js';
import { messages, plural } from '../messages/index.js';
import { blockedTasks, readyTasks, statusCounts, tasksOf, type TaskRef } from '../plan/tasks.js';
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

const MAX_LISTED = 15;

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

function listed(items: string[], empty: string): string[] {
  if (items.length === 0) return [`- ${empty}`];
  const shown = items.slice(0, MAX_LISTED).map((i) => `- ${i}`);
  if (items.length > MAX_LISTED) shown.push(`- … and ${items.length - MAX_LISTED} more`);
  return shown;
}

function taskLine(r: TaskRef, facts: BlockFacts): string {
  let line = code(r.task.id);
  if (r.task.claimedBy) {
    const stale = isStaleClaim(r.task, r.item, facts.now, facts.staleAfterHours) ? ', stale' : '';
    line += ` — claimed by ${inline(r.task.claimedBy)} since ${inline(r.task.claimedAt ?? '?')} (${messages.claimAge(claimAgeHours(r.task, facts.now))}${stale})`;
  }
  if (r.task.files?.length) line += ` — files ${r.task.files.slice(0, 5).map(code).join(', ')}${r.task.files.length > 5 ? ', …' : ''}`;
  return line;
}

function byStatus(tasks: TaskRef[], facts: BlockFacts): string[] {
  const out: string[] = [];
  for (const status of STATUSES) {
    const group = tasks.filter((r) => r.task.status === status);
    if (group.length === 0) continue;
    out.push(`- **${status}** (${group.length})`);
    const lines = status === 'completed' ? [group.map((r) => code(r.task.id)).join(', ')] : group.map((r) => taskLine(r, facts));
    out.push(...lines.slice(0, MAX_LISTED).map((l) => `  - ${l}`));
    if (lines.length > MAX_LISTED) out.push(`  - … and ${lines.length - MAX_LISTED} more`);
  }
  return out;
}

function builds(facts: BlockFacts): string {
  return facts.head ? `${code(facts.head.id.slice(0, 12))} ${inline(facts.head.subject)}` : messages.handoffBlock.buildsOnNothing();
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

export function renderPlanBlock({ path, plan }: PlanFile, facts: BlockFacts): string {
  const h = plan.handoff;
  const tasks = tasksOf([{ path, plan }]);
  const ready = readyTasks(tasks);
  const blocked = blockedTasks(tasks);
  const verify = h?.verify ? code(h.verify) : 'not given';
  const prompt = messages.handoffBlock.prompt({
    title: literal(plan.title),
    path,
    markdown: pairedMarkdown(path),
    branch: facts.branch ? literal(facts.branch) : null,
    head: facts.head?.id.slice(0, 12) ?? null,
    nextAction: h?.nextAction != null ? literal(h.nextAction) : null,
    verify: h?.verify ? literal(h.verify) : null,
  });
  return formatted([
    START,
    `## Handoff: ${inline(plan.title)}`,
    '',
    messages.handoffBlock.generatedFrom(code(path)),
    '',
    `- **Next action:** ${inline(h?.nextAction ?? 'not recorded')}`,
    `- **Verify:** ${verify}`,
    `- **Branch:** ${facts.branch ? code(facts.branch) : 'detached HEAD'}`,
    `- **Updated by:** ${inline(h?.updatedBy ?? 'unknown')} at ${inline(h?.updatedAt ?? 'unknown')}`,
    `- **Builds on:** ${builds(facts)}`,
    `- **Left uncommitted:** ${facts.uncommitted.length === 0 ? 'nothing' : plural(facts.uncommitted.length, 'path')}`,
    ...(facts.uncommitted.length ? listed(facts.uncommitted.map(code), '').map((l) => `  ${l}`) : []),
    '',
    '### Tasks',
    ...byStatus(tasks, facts),
    '',
    messages.handoffBlock.readyHeading(),
    ...listed(ready.map((r) => code(r.task.id)), 'none'),
    '',
    '### Blocked',
    ...listed(
      blocked.map((b) => {
        const why = b.waitingOn.length ? messages.handoffBlock.waitingOn(b.waitingOn.map(code)) : inline(b.ref.task.notes ?? 'marked blocked');
        return `${code(b.ref.task.id)} — ${why}`;
      }),
      'none',
    ),
    '',
    '### Resume prompt',
    ...fenced(prompt),
    END,
  ]);
}

/** A plan with open work in three lines: title and files, next action, tasks by status and the ready ones. */
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

/** Plans that still have a task not completed. */
export const openPlans = (plans: PlanFile[]) => plans.filter((p) => tasksOf([p]).some((r) => r.task.status !== 'completed'));

/** A plan's lines in the entry files' block; null when it has no open work. */
export const aggregateLines = (p: PlanFile): string[] | null => (openPlans([p]).length > 0 ? openPlanLines(p) : null);

/** The entry files' block: every plan with open work, in a few lines each. */
export function renderAggregateBlock(plans: PlanFile[], facts: BlockFacts): string {
  return renderAggregateOf(plans.map(aggregateLines), facts);
}

/** The entry files' block from each plan's aggregateLines, in the plans' order. */
export function renderAggregateOf(parts: (string[] | null)[], facts: BlockFacts): string {
  const open = parts.filter((p): p is string[] => p !== null);
  const lines = [START, '## Plan handoff', '', messages.handoffBlock.generatedAggregate(), ''];
  if (open.length === 0) lines.push(messages.handoffBlock.noOpenWork());
  for (const p of open) lines.push(...p);
  lines.push('', messages.handoffBlock.buildsOn(builds(facts), facts.branch ? code(facts.branch) : null), END);
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
