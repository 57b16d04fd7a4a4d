// pre-commit: the index against HEAD through the one check (src/check/check.ts). Staged
// plans are validated and compared with HEAD; every touched path is checked against the
// claims of other agents. Nothing is changed: a refused commit leaves the index and the
// working tree exactly as they were. The common commit (no plan staged) loads no validator.
import type { HookRun } from './main.js';
import { CHECKS, type Decision, type PlanChange, type PlanRules, allowed, check, effectiveModes, skipsFrom } from '../check/check.js';
import type { CheckName, Mode } from '../config/config.js';
import { formatDecision } from '../check/report.js';
import { planMatcher } from '../plan/discover.js';
import { type Staged, readStaged } from '../check/staged.js';
import { readObjects } from '../git/cat-file.js';
import type { Change } from '../git/changes.js';
import { messages } from '../messages.js';
import { regenerateHandoff } from '../handoff/hook.js';
import { writeVerifiedMarker } from '../worklog/verified.js';
import { recordLines, trailerTask, writeTrailerRecord } from './trailer.js';

/** Each staged plan's text in the index and at HEAD, in one cat-file. */
async function planChanges(changes: Change[], root: string): Promise<PlanChange[]> {
  const names = changes.flatMap((c) => [`:0:${c.path}`, `HEAD:${c.from ?? c.path}`]);
  const texts = await readObjects(names, root);
  return changes.map((c, i) => ({ file: c.path, after: c.status === 'D' ? null : texts[2 * i]!, before: texts[2 * i + 1]! }));
}

/**
 * The one check over the index, as pre-commit runs it; prepare-commit-msg runs the same when
 * pre-commit did not (--no-verify). Reports skips and unknown skip names on stderr.
 */
export async function judgeIndex(staged: Staged): Promise<{ decision: Decision; rules: PlanRules | null; modes: Record<CheckName, Mode>; skipped: CheckName[] }> {
  const { repo, identity, now } = staged;
  const { skipped, unknown } = skipsFrom(process.env.PLAN_HOOKS_SKIP);
  if (unknown.length > 0) process.stderr.write(messages.skipUnknown(unknown, [...CHECKS]));
  if (skipped.length > 0) process.stderr.write(messages.skipNotice(skipped));
  const modes = effectiveModes(repo.config.checks, skipped);

  const plans = planMatcher(repo.config);
  const stagedPlans = staged.changes.filter((c) => plans.matches(c.path) || (c.from !== undefined && plans.matches(c.from)));
  let changes: PlanChange[] = [];
  let rules: PlanRules | null = null;
  if (stagedPlans.length > 0 && (modes.plans !== 'off' || modes.transitions !== 'off')) {
    changes = await planChanges(stagedPlans, repo.root);
    const { loadPlanRules } = await import('../check/plan-rules.js');
    rules = await loadPlanRules(repo.root, changes, { now, staleAfterHours: repo.config.staleAfterHours, aliases: repo.config.aliases });
  }

  const decision = check({
    changes: staged.changes,
    plans: changes,
    rules,
    identity,
    claims: staged.claims,
    config: repo.config,
    modes,
    isPlanFile: plans.matches,
    ignoreCase: repo.ignoreCase,
  });
  return { decision, rules, modes, skipped };
}

const run: HookRun = async () => {
  const staged = await readStaged();
  const { repo, identity, now } = staged;
  const plans = planMatcher(repo.config);
  const { decision, rules, modes, skipped } = await judgeIndex(staged);
  const report = formatDecision(decision, identity, now);
  if (report) process.stderr.write(report);
  if (!allowed(decision)) return 1;

  // Every check passed. The handoff blocks are regenerated and staged (when a plan is staged)
  // before the marker; when they were, the tree read before them is no longer the commit's.
  const restaged = await regenerateHandoff(repo.root, staged.changes, plans.matches, rules !== null && modes.plans !== 'off', { config: repo.config, identity, branch: repo.branch });
  // The marker names the tree git will commit: after a restage, write-tree says which.
  const tree = await writeVerifiedMarker(skipped, repo.root, { tree: restaged ? undefined : (staged.tree ?? undefined), gitDir: repo.gitDir, identity });
  const head = repo.head;
  // The trailers for this exact commit: the runner writes them without starting node for
  // prepare-commit-msg (see ./trailer.ts). A restage adds only the handoff blocks (plan files
  // and their Markdown, the entry files), which name no task of their own: the decision made on
  // the paths the commit stages still holds.
  const task = repo.config.trailer ? trailerTask(decision.ownHits) : null;
  writeTrailerRecord(repo.gitDir, { tree, head, lines: recordLines({ identity, tree, skipped, task }) });
  return 0;
};
export default run;
