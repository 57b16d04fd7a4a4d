// GitHub Actions workflow commands for a range's verdicts: each refused path and each plan
// problem as an `::error file=…,line=…::` line, so GitHub annotates the file in the pull
// request; warnings as `::warning`. Pure: verdicts in, lines out. Text from plans and commit
// messages is escaped as GitHub's command syntax requires, so it cannot end the command early.
import type { ClaimHit } from '../core/claims.js';
import type { Problem } from '../problems/problems.js';
import { sanitizeLine } from '../term.js';
import type { CommitVerdict } from './range.js';
import { messages } from '../messages/index.js';

/** Escaping of a workflow command's message (pure). */
export const escapeData = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
/** Escaping of a workflow command's property (file, title) (pure). */
export const escapeProperty = (s: string) => escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

function command(level: 'error' | 'warning', props: Record<string, string | number>, message: string): string {
  const list = Object.entries(props).map(([k, v]) => `${k}=${escapeProperty(sanitizeLine(String(v)))}`).join(',');
  return `::${level} ${list}::${escapeData(sanitizeLine(message))}\n`;
}

const claimLine = (level: 'error' | 'warning', v: CommitVerdict, h: ClaimHit) =>
  command(
    level,
    { file: h.path, line: 1, title: messages.annotationClaimTitle(h.claim.holder) },
    messages.annotationClaim({
      commit: v.commit.slice(0, 12),
      subject: v.subject,
      author: v.identity.name,
      recorded: v.identityRecorded,
      path: h.path,
      holder: h.claim.holder,
      task: h.claim.task,
      since: h.claim.since ?? null,
      pattern: h.pattern,
      stale: h.claim.stale,
    }),
  );

const problemLine = (level: 'error' | 'warning', v: CommitVerdict, p: Problem) =>
  command(level, { file: p.file, line: p.line, col: p.column, title: `plan-hooks: ${p.rule}` }, `commit ${v.commit.slice(0, 12)}: ${p.message} (${p.path || 'the plan'}). ${p.fix}`);

export function githubAnnotations(verdicts: CommitVerdict[]): string {
  let out = '';
  for (const v of verdicts) {
    for (const h of v.decision.refusals) out += claimLine('error', v, h);
    for (const p of [...v.decision.errors, ...(v.decision.personOnly ?? []), ...(v.decision.signing ?? [])]) out += problemLine('error', v, p);
    for (const h of [...v.decision.claimWarnings, ...v.skippedHits]) out += claimLine('warning', v, h);
    for (const p of v.decision.warnings) out += problemLine('warning', v, p);
  }
  return out;
}
