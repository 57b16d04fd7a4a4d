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
import { allowed } from '../core/check.js';
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

/** One commit judged, as the job summary lists it. */
export interface JudgedCommit {
  commit: string;
  subject: string;
  name: string;
  allowed: boolean;
  /** It records no identity (judged by its author): made without hooks, or by a person (whose commits record none). */
  withoutHooks: boolean;
  /** The principal whose good signature (the base's allowed signers) backs its identity. */
  signedBy?: string;
}

/** A claimed path a commit was refused for. */
export interface Refusal {
  commit: string;
  path: string;
  task: string;
  holder: string;
}

/** A handover or continuation a commit records (docs/rotation.md). */
export interface SummaryHandover {
  commit: string;
  kind: string;
  task: string;
  from: string;
  to: string;
}

export interface RangeSummary {
  checked: number;
  unverified: UnverifiedIdentity[];
  overrides: Override[];
  /** Every commit judged, parents first (absent in summaries made before the job summary listed them). */
  commits?: JudgedCommit[];
  refusals?: Refusal[];
  handovers?: SummaryHandover[];
  /** Skips commits record that the base's configuration does not honour (allowSkips unset). */
  refusedSkips?: { commit: string; subject: string; checks: CheckName[] }[];
  /** The commits whose identity a good signature verifies (docs/signing.md). */
  verified?: { commit: string; subject: string; principal: string }[];
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
  const signer = (v: CommitVerdict) => (v.evidence === 'signed' && v.signature && v.signature.kind !== 'unverified' ? v.signature.principal : null);
  const commits = verdicts.map((v) => ({ commit: v.commit, subject: v.subject, name: v.identity.name, allowed: allowed(v.decision), withoutHooks: v.evidence === 'author', ...(signer(v) ? { signedBy: signer(v)! } : {}) }));
  const verified = verdicts.flatMap((v) => (signer(v) ? [{ commit: v.commit, subject: v.subject, principal: signer(v)! }] : []));
  const refusals = verdicts.flatMap((v) => v.decision.refusals.map((h) => ({ commit: v.commit, path: h.path, task: h.claim.task, holder: h.claim.holder })));
  const handovers = verdicts.flatMap((v) => v.decision.handovers.map((h) => ({ commit: v.commit, kind: h.kind, task: h.task, from: h.from, to: h.to })));
  const refusedSkips = verdicts.flatMap((v) => (v.refusedSkips.length > 0 ? [{ commit: v.commit, subject: v.subject, checks: v.refusedSkips }] : []));
  return { checked: verdicts.length, unverified, overrides, commits, refusals, handovers, refusedSkips, ...(verified.length > 0 ? { verified } : {}) };
}

const listed = <T>(items: T[], line: (item: T) => string, more: (n: number) => string) =>
  items.slice(0, LISTED).map(line).join('') + (items.length > LISTED ? more(items.length - LISTED) : '');

/** For the terminal (sanitized); '' when every identity is signed and nothing was overridden. */
export function summaryText(s: RangeSummary): string {
  let out = '';
  const verified = s.verified ?? [];
  if (verified.length > 0) {
    out += messages.summaryVerifiedHeading(verified.length, s.checked);
    out += listed(verified, (u) => messages.summaryVerifiedLine(u.commit.slice(0, 12), sanitizeLine(u.subject), sanitizeLine(u.principal)), messages.summaryMore);
  }
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

/** The job summary's account of the range: each commit judged, the refusals with path, task and holder, the handovers, the commits made without hooks. */
export function rangeMarkdown(s: RangeSummary): string {
  const commits = s.commits ?? [];
  const refused = commits.filter((c) => !c.allowed).length;
  let out = messages.summaryRangeHeading(commits.length, refused);
  const code = (sha: string) => `\`${sha.slice(0, 12)}\``;
  if (commits.length > 0) {
    out += `\n**${messages.summaryCommitsTitle(commits.length)}**\n\n`;
    out += listed(commits, (c) => `- ${code(c.commit)} ${markdownText(c.subject)}: **${markdownText(c.name)}**, ${messages.summaryCommitVerdict(c.allowed, c.withoutHooks)}${c.signedBy ? `, ${messages.summaryVerifiedBy(markdownText(c.signedBy))}` : ''}\n`, (n) => `- ${messages.summaryMoreText(n)}\n`);
  }
  const refusals = s.refusals ?? [];
  if (refusals.length > 0) {
    out += `\n**${messages.summaryRefusalsTitle(refusals.length)}**\n\n`;
    out += listed(refusals, (r) => `- ${code(r.commit)} ${messages.summaryRefusalLine(markdownText(r.path), markdownText(r.task), markdownText(r.holder))}\n`, (n) => `- ${messages.summaryMoreText(n)}\n`);
  }
  const handovers = s.handovers ?? [];
  if (handovers.length > 0) {
    out += `\n**${messages.summaryHandoversTitle(handovers.length)}**\n\n`;
    out += listed(handovers, (h) => `- ${code(h.commit)} ${messages.summaryHandoverLine(markdownText(h.kind), markdownText(h.task), markdownText(h.from), markdownText(h.to))}\n`, (n) => `- ${messages.summaryMoreText(n)}\n`);
  }
  const refusedSkips = s.refusedSkips ?? [];
  if (refusedSkips.length > 0) {
    out += `\n**${messages.summarySkipsRefusedTitle(refusedSkips.length)}**\n\n`;
    out += listed(refusedSkips, (k) => `- ${code(k.commit)} ${markdownText(k.subject)}: ${markdownText(messages.summarySkipRefusedLine(k.checks))}\n`, (n) => `- ${messages.summaryMoreText(n)}\n`);
  }
  const hookless = commits.filter((c) => c.withoutHooks);
  if (hookless.length > 0) {
    out += `\n**${messages.summaryHooklessTitle(hookless.length, commits.length)}**\n\n`;
    out += listed(hookless, (c) => `- ${code(c.commit)} ${markdownText(c.subject)}\n`, (n) => `- ${messages.summaryMoreText(n)}\n`);
  }
  return `${out}\n`;
}

/** For a CI job's summary (Markdown); says so when there is nothing to name. */
export function summaryMarkdown(s: RangeSummary): string {
  let out = (s.commits ? rangeMarkdown(s) : '') + messages.summaryMarkdownHeading();
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
