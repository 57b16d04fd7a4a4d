// `plan-hooks check --range A..B [--json]`: pre-commit's check over commits already made.
import type { Command } from '../cli.js';
import { allowed, skipsFrom } from '../check/check.js';
import { checkCommits, commitsIn, type CommitVerdict } from '../check/range.js';
import { formatDecision } from '../check/report.js';
import { openRepository } from '../git/repository.js';
import { EXIT } from '../errors.js';
import { messages } from '../messages.js';
import { jsonText, sanitizeLine } from '../term.js';
import { parseCommandArgs, usageError } from './shared/args.js';
import { formatDrops, rangeDrops } from '../remote/dropped-claims.js';

const spec = { command: 'check', usage: messages.checkUsage(), options: { range: { type: 'string' }, json: { type: 'boolean' } } } as const;

/** What a verdict says, as printed for people; '' when there is nothing to say. */
export async function formatVerdict(v: CommitVerdict, bypass: string): Promise<string> {
  const report = formatDecision(v.decision, v.identity, v.now, bypass);
  return report ? messages.rangeCommitHeader(v.commit, sanitizeLine(v.subject)) + report : '';
}

const command: Command = {
  summary: 'Check a range of commits (CI and pre-push)',
  usage: spec.usage,
  async run(argv) {
    const { range, json } = parseCommandArgs(argv, spec).values;
    if (!range) throw usageError(spec, messages.checkNeedsRange());
    const repo = await openRepository();
    const verdicts = await checkCommits(repo, await commitsIn(range, repo.root), { skip: skipsFrom(process.env.PLAN_HOOKS_SKIP).skipped });
    // A forced push (the range's start is not in its end) can drop a claim no commit touches.
    const drops = await rangeDrops(repo, range);
    process.stderr.write(formatDrops(drops, (_branch, holders) => messages.droppedRangeFix(holders)));
    const bad = verdicts.filter((v) => !allowed(v.decision)).length;
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
        allowed: allowed(v.decision),
        errors: v.decision.errors,
        warnings: v.decision.warnings,
        refusals: v.decision.refusals.map(hit),
        claimWarnings: v.decision.claimWarnings.map(hit),
      }));
      process.stdout.write(`${jsonText(out, 2)}\n`);
    } else {
      for (const v of verdicts) process.stderr.write(await formatVerdict(v, messages.bypassRange()));
      process.stderr.write(messages.rangeSummary(bad, verdicts.length));
    }
    return bad > 0 || drops.length > 0 ? EXIT.failed : EXIT.ok;
  },
};
export default command;
