// One worklog entry as one terminal line, shared by `status` and `log`. Entry text came from
// commit messages and plans: sanitized before it reaches the terminal.
import { plural } from '../messages/plural.js';
import { color, sanitizeLine } from '../term.js';
import type { WorklogEntry } from './entry.js';
import { messages } from '../messages/index.js';

export function entryLine(e: WorklogEntry): string {
  const when = e.time.slice(0, 16).replace('T', ' ');
  const who = sanitizeLine(e.identity?.name ?? '?');
  const where = e.branch ? sanitizeLine(e.branch) : 'detached';
  if (e.type === 'override') {
    const commits = e.commits.map((c) => c.commit.slice(0, 8)).join(' ');
    return `#${e.seq} ${color.dim(when)} ${where} ${who} ${color.red(`pushed past ${e.skipped.map(sanitizeLine).join(',')} to ${sanitizeLine(e.remote)}`)} ${commits}`;
  }
  if (e.type === 'rewrite') {
    const pairs = e.rewrites.map((r) => `${r.old.slice(0, 8)}→${r.new.slice(0, 8)}`).join(' ');
    return `#${e.seq} ${color.dim(when)} ${where} ${who} ${color.cyan(`${e.kind}`)} ${pairs}`;
  }
  const flags = [
    e.disputed !== undefined ? color.red(`unverified: ${messages.worklogDisputedFlag()}`) : e.verified ? '' : color.yellow(e.withoutHooks ? `unverified: ${messages.worklogWithoutHooksFlag()}` : 'unverified'),
    e.incomplete !== undefined ? color.yellow('incomplete') : '',
    e.violations.length ? color.red(plural(e.violations.length, 'claim violation')) : '',
    e.skippedChecks.length ? color.yellow(`skipped ${e.skippedChecks.join(',')}`) : '',
    // A claim that changed hands in this commit (a handover, a takeover): the rotation, in the log.
    ...(e.transitions ?? []).filter((t) => t.field === 'claimedBy' && t.from && t.to).map((t) => messages.rotation.worklogClaimMoved(sanitizeLine(t.task), sanitizeLine(t.from!), sanitizeLine(t.to!))),
  ].filter(Boolean);
  const tasks = e.tasks.length ? ` [${e.tasks.map(sanitizeLine).join(', ')}]` : '';
  return `#${e.seq} ${color.dim(when)} ${e.commit.slice(0, 8)} ${where} ${who}: ${sanitizeLine(e.subject)}${tasks}${flags.length ? ` (${flags.join('; ')})` : ''}`;
}
