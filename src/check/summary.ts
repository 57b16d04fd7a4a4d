// What push and CI could not verify, named (issue 25 item 7): the commits whose identity nothing
// proves — judged by their author because they record none (a hookless client, a machine without
// plan-hooks), or by a recorded Plan-Agent trailer whose seal anyone can compute (./trailer.ts) and
// no signature backs (docs/identity.md) — and every override: each check a commit records as
// skipped at commit time (honoured, with what it let through), and a skip in this run's
// environment. The same facts as text for the terminal and as Markdown for a CI job's summary
// ($GITHUB_STEP_SUMMARY); a fuller job summary builds on `summarize` and `summaryMarkdown`.
import { appendFileSync } from 'node:fs';
import type { CheckName } from '../config/config.js';
import type { CommitVerdict } from './range.js';
import { messages } from '../messages/index.js';
import { sanitizeLine } from '../term.js';

export interface UnverifiedIdentity {
  commit: string;
  subject: string;
  name: string;
  /** 'author': no identity recorded, judged by the git author; 'recorded': a trailer, unsigned. */
  evidence: 'author' | 'recorded';
}

export interface Override {
  /** The commit that records it; null for this run's environment. */
  commit: string | null;
  subject: string;
  checks: CheckName[];
  /** Claimed paths it let through. */
  paths: string[];
}

export interface RangeSummary {
  checked: number;
  unverified: UnverifiedIdentity[];
  overrides: Override[];
}

/** Lines listed per section before the rest are counted. */
const LISTED = 20;

/** The facts (pure): which identities are unverified and which overrides count, commit by commit. */
export function summarize(verdicts: CommitVerdict[], environmentSkip: CheckName[] = []): RangeSummary {
  const unverified = verdicts.flatMap((v): UnverifiedIdentity[] =>
    v.evidence === 'signed' ? [] : [{ commit: v.commit, subject: v.subject, name: v.identity.name, evidence: v.evidence }],
  );
  const overrides: Override[] = verdicts.flatMap((v) => (v.recordedSkips.length > 0 ? [{ commit: v.commit, subject: v.subject, checks: v.recordedSkips, paths: [...new Set(v.skippedHits.map((h) => h.path))] }] : []));
  if (environmentSkip.length > 0) overrides.push({ commit: null, subject: '', checks: environmentSkip, paths: [] });
  return { checked: verdicts.length, unverified, overrides };
}

const listed = <T>(items: T[], line: (item: T) => string, more: (n: number) => string) =>
  items.slice(0, LISTED).map(line).join('') + (items.length > LISTED ? more(items.length - LISTED) : '');

/** For the terminal (sanitized); '' when every identity is signed and nothing was overridden. */
export function summaryText(s: RangeSummary): string {
  let out = '';
  if (s.unverified.length > 0) {
    out += messages.summaryUnverifiedHeading(s.unverified.length, s.checked);
    out += listed(s.unverified, (u) => messages.summaryUnverifiedLine(u.commit.slice(0, 12), sanitizeLine(u.subject), sanitizeLine(u.name), u.evidence), messages.summaryMore);
  }
  if (s.overrides.length > 0) {
    out += messages.summaryOverridesHeading(s.overrides.length);
    out += listed(s.overrides, (o) => messages.summaryOverrideLine(o.commit?.slice(0, 12) ?? null, sanitizeLine(o.subject), o.checks, o.paths.map(sanitizeLine)), messages.summaryMore);
  }
  return out;
}

/** Text made inert for Markdown (a commit subject or an agent's name is anyone's to write): no HTML, no emphasis, no links. */
export function markdownText(text: string): string {
  return sanitizeLine(text)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/([\\`*_[\]()#|!~])/g, '\\$1');
}

/** For a CI job's summary (Markdown); says so when there is nothing to name. */
export function summaryMarkdown(s: RangeSummary): string {
  let out = messages.summaryMarkdownHeading();
  if (s.unverified.length === 0 && s.overrides.length === 0) return out + messages.summaryMarkdownNothing(s.checked);
  if (s.unverified.length > 0) {
    out += `\n**${messages.summaryUnverifiedTitle(s.unverified.length, s.checked)}**\n\n`;
    out += listed(s.unverified, (u) => `- \`${u.commit.slice(0, 12)}\` ${markdownText(u.subject)}: **${markdownText(u.name)}**, ${messages.summaryEvidence(u.evidence)}\n`, (n) => `- ${messages.summaryMoreText(n)}\n`);
  }
  if (s.overrides.length > 0) {
    out += `\n**${messages.summaryOverridesTitle(s.overrides.length)}**\n\n`;
    out += listed(s.overrides, (o) => `- ${o.commit ? `\`${o.commit.slice(0, 12)}\` ${markdownText(o.subject)}: ` : ''}${markdownText(messages.summaryOverrideText(o.commit !== null, o.checks, o.paths))}\n`, (n) => `- ${messages.summaryMoreText(n)}\n`);
  }
  return out;
}

/** Appends the summary to the job summary file CI names ($GITHUB_STEP_SUMMARY), if any; a file that cannot be written is said, never fatal. */
export function writeStepSummary(s: RangeSummary, env: NodeJS.ProcessEnv): void {
  const file = env.GITHUB_STEP_SUMMARY;
  if (!file) return;
  try {
    appendFileSync(file, summaryMarkdown(s));
  } catch (e) {
    process.stderr.write(messages.summaryNotWritten(sanitizeLine(file), sanitizeLine((e as Error).message)));
  }
}
