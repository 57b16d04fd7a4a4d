// `plan-hooks check --range A..B [--base REV] [--known REV]… [--format text|github] [--json]`: pre-commit's
// check over commits already made, each by the claims of its own time (src/check/range.ts).
// In CI (CI=true or GITHUB_ACTIONS=true) PLAN_HOOKS_SKIP is ignored: CI is the wall no local
// switch reaches; a skip a person recorded with a commit at commit time (Plan-Skip) counts only
// where the configuration the range starts from says "allowSkips": true, read at its merge-base
// with the base branch where the range starts off it (docs/overrides.md).
import type { Command } from './shared/command.js';
import { allowed, skipsFrom } from '../core/check.js';
import { githubAnnotations } from '../check/annotations.js';
import { checkCommits, commitsIn } from '../check/range.js';
import { signingAt } from '../check/signing.js';
import { deepenIfShallow, refuseShallowBoundary } from '../check/shallow.js';
import { formatRangeAdvice, formatVerdict } from '../check/report.js';
import { summarize, summaryText, writeStepSummary } from '../check/summary.js';
import { openRepository } from '../git/repository.js';
import { EXIT } from '../errors.js';
import { messages } from '../messages/index.js';
import { jsonText } from '../term.js';
import { parseCommandArgs, usageError } from './shared/args.js';
import { formatDrops, rangeDrops } from '../check/dropped-claims.js';
import { resolveCommit } from '../git/queries.js';
import { mergeBase } from '../git/history.js';
import { gitQuery } from '../git/git.js';
import { configFromTexts } from '../config/config.js';
import { configTextsOf } from '../git/repository.js';

const spec = {
  command: 'check',
  usage: messages.checkUsage(),
  options: { range: { type: 'string' }, base: { type: 'string' }, known: { type: 'string', multiple: true }, format: { type: 'string' }, json: { type: 'boolean' } },
} as const;


/** Whether the configuration at `commit` says "allowSkips": true (none, or one that does not load: no). */
async function allowsSkips(commit: string | null, root: string): Promise<boolean> {
  if (!commit) return false;
  try {
    return (await configFromTexts(await configTextsOf(undefined, commit, root), (file) => `${commit.slice(0, 12)}:${file}`)).allowSkips;
  } catch {
    return false;
  }
}

/** Whether this runs in CI, where no local switch counts. */
export const inCi = (env: NodeJS.ProcessEnv) => env.CI === 'true' || env.GITHUB_ACTIONS === 'true';

const command: Command = {
  async run(argv) {
    const { range, json, base: baseArg, known: knownArgs = [], format: formatArg } = parseCommandArgs(argv, spec).values;
    if (!range) throw usageError(spec, messages.checkNeedsRange());
    const format = formatArg ?? (process.env.GITHUB_ACTIONS === 'true' ? 'github' : 'text');
    if (format !== 'text' && format !== 'github') throw usageError(spec, messages.checkBadFormat(format));
    const repo = await openRepository();
    const requested = skipsFrom(process.env.PLAN_HOOKS_SKIP).skipped;
    const ci = inCi(process.env);
    if (ci && requested.length > 0) process.stderr.write(messages.skipIgnoredInCi(requested));
    const commitOf = async (rev: string, bad: (rev: string) => string) => {
      const commit = await resolveCommit(rev, repo.root);
      if (!commit) throw usageError(spec, bad(rev));
      return commit;
    };
    const base = baseArg ? { commit: await commitOf(baseArg, messages.checkBadBase) } : undefined;
    // What the remote already has (the rebase rule, src/check/range.ts): what this clone fetched
    // (every remote-tracking branch, the base) and the commits named with --known.
    const baseCommit = (base ?? repo.base)?.commit;
    const named = await Promise.all(knownArgs.map((k) => commitOf(k, messages.checkBadKnown)));
    const known = { refs: ['--remotes'], commits: [...new Set([...(baseCommit ? [baseCommit] : []), ...named])] };
    // A shallow clone's boundary commit would read as adding every file (src/check/shallow.ts).
    const notDeepened = await deepenIfShallow(repo.root);
    const commits = await commitsIn(range, repo.root);
    if (notDeepened !== null) await refuseShallowBoundary(commits, notDeepened, repo.root);
    // A skip a person recorded at commit time counts only where the configuration the range
    // started from (a person's: the base, never the commits checked) allows skips.
    const from = range.includes('..') ? range.split(/\.\.\.?/)[0] : '';
    const startCommit = (from ? await resolveCommit(from, repo.root) : null) ?? baseCommit ?? null;
    // A range that starts off the base branch (a branch's earlier push) starts at a commit of that
    // branch, which no person need have written: skips are then the base's, at their merge-base.
    const skipsAt = startCommit && baseCommit && startCommit !== baseCommit ? ((await gitQuery(mergeBase(startCommit, baseCommit), repo.root)) ?? startCommit) : startCommit;
    // The allowed signers and signing.require are read there too: a key added in the range, or on the branch before it, proves nothing (docs/signing.md).
    const [allowRecordedSkips, signing] = await Promise.all([allowsSkips(skipsAt, repo.root), signingAt(skipsAt, repo.root)]);
    const verdicts = await checkCommits(repo, commits, { skip: ci ? [] : requested, base, known, allowRecordedSkips, signing });
    // A forced push (the range's start is not in its end) can drop a claim no commit touches.
    const drops = await rangeDrops(repo, range);
    process.stderr.write(formatDrops(drops, (_branch, holders) => messages.droppedRangeFix(holders)));
    const bad = verdicts.filter((v) => !allowed(v.decision)).length;
    // What could not be verified and every override, in the text report and the job's summary.
    const summary = summarize(verdicts, ci ? [] : requested);
    if (json) {
      const hit = (h: { path: string; pattern: string; claim: { task: string; holder: string; since: string | null; stale: boolean } }) => ({
        path: h.path,
        task: h.claim.task,
        holder: h.claim.holder,
        since: h.claim.since,
        stale: h.claim.stale,
        pattern: h.pattern,
      });
      const out = verdicts.map((v) => ({
        commit: v.commit,
        subject: v.subject,
        identity: v.identity,
        identityRecorded: v.identityRecorded,
        evidence: v.evidence,
        recordedSkips: v.recordedSkips,
        refusedSkips: v.refusedSkips,
        rebasedFrom: v.rebasedFrom,
        knownPatch: v.knownPatch,
        squashedFrom: v.squashedFrom,
        allowed: allowed(v.decision),
        errors: v.decision.errors,
        personOnly: v.decision.personOnly ?? [],
        signing: v.decision.signing ?? [],
        signature: v.signature ?? null,
        warnings: v.decision.warnings,
        refusals: v.decision.refusals.map(hit),
        claimWarnings: v.decision.claimWarnings.map(hit),
      }));
      process.stdout.write(`${jsonText(out, 2)}\n`);
    } else {
      if (format === 'github') process.stdout.write(githubAnnotations(verdicts));
      for (const v of verdicts) process.stderr.write(await formatVerdict(v, messages.bypassRange()));
      process.stderr.write(formatRangeAdvice(verdicts) + messages.rangeSummary(bad, verdicts.length));
      process.stderr.write(summaryText(summary));
    }
    writeStepSummary(summary, process.env);
    return bad > 0 || drops.length > 0 ? EXIT.failed : EXIT.ok;
  },
};
export default command;
