// pre-commit: the index against HEAD through the one check (src/core/check.ts), on the facts
// of src/facts/facts.ts: HEAD's configuration, claims and bindings judge the commit; the staged
// plans are validated and compared with HEAD's; every touched path is checked against the
// claims of other agents. Nothing is changed: a refused commit leaves the index and the working
// tree exactly as they were. The common commit (no plan staged) loads no validator.
import type { HookRun } from './main.js';
import { CHECKS, type Decision, type PlanRules, allowed, check, effectiveModes, skipsFrom } from '../core/check.js';
import type { CheckName, Mode } from '../config/config.js';
import { type RotationFacts, formatDecision } from '../check/report.js';
import { touchedPaths } from '../core/changes.js';
import { planMatcher } from '../plan/discover.js';
import { type Facts, readIndexFacts, sessionOfFacts } from '../facts/facts.js';
import { decideOverride, overrideIn } from '../core/overrides.js';
import { type PlanFactReads, startPlanFactReads, stagedTexts } from '../plan/facts.js';
import { messages } from '../messages/index.js';
import { regenerateHandoff, startHandoff } from '../handoff/hook.js';
import { startUncommitted } from '../handoff/reads.js';
import { writeVerifiedMarker } from '../worklog/verified.js';
import { isDenied } from '../worklog/denied.js';
import { sanitize } from '../term.js';
import { isAgentIdentity, personOnlyFilesRefusal, personOnlySettingsRefusal } from '../core/person-only.js';
import { installedFileChanges } from '../check/person-only.js';
import { dropIndexLink, recordLines, trailerTask, writeTrailerRecord } from '../check/trailer.js';

/**
 * The plan rules' git facts (do the branch and the commit the staged handoffs name exist),
 * asked as soon as the facts are known, when the plan rules will run (a plan touched, its checks
 * not all off): git answers while the validator's bundle loads. Null when they will not run.
 */
export function startPlanRulesReads(facts: Facts): PlanFactReads | null {
  const modes = effectiveModes(facts.config.checks, skipsFrom(process.env.PLAN_HOOKS_SKIP).skipped);
  return rulesRun(facts, modes) ? startPlanFactReads(facts.repo.root, stagedTexts(facts.plans)) : null;
}

const rulesRun = (facts: Facts, modes: Record<CheckName, Mode>) => facts.plans.length > 0 && (modes.plans !== 'off' || modes.transitions !== 'off');

/**
 * The one check over the index, as pre-commit runs it; prepare-commit-msg runs the same when
 * pre-commit did not (--no-verify). Reports skips, unknown skip names and configuration notices
 * on stderr. The callers refuse a declared identity the agent markers contradict first
 * (identityRefused). `started`: the plan rules' reads startPlanRulesReads began (else begun here).
 */
export async function judgeIndex(facts: Facts, started: { reads: PlanFactReads | null } | null = null): Promise<{ decision: Decision; rules: PlanRules | null; modes: Record<CheckName, Mode>; skipped: CheckName[] }> {
  const { repo, identity, now, config } = facts;
  const { skipped, unknown } = skipsFrom(process.env.PLAN_HOOKS_SKIP);
  if (unknown.length > 0) process.stderr.write(messages.skipUnknown(unknown, [...CHECKS]));
  if (skipped.length > 0) process.stderr.write(messages.skipNotice(skipped));
  if (repo.configProblem) process.stderr.write(sanitize(messages.configAtHeadBroken(repo.configProblem)));
  if (facts.configChange) process.stderr.write(sanitize(messages.configChangeNotice(facts.configChange.file, facts.configChange.keys, facts.configChange.problem)));
  const modes = effectiveModes(config.checks, skipped);

  const plans = planMatcher(config);
  let rules: PlanRules | null = null;
  if (rulesRun(facts, modes)) {
    const reads = (started ?? { reads: startPlanRulesReads(facts) }).reads ?? undefined;
    const { loadPlanRules } = await import('../check/plan-rules.js');
    // The sessions the agents' hooks recorded (a cache): a continuation of a holder still live is refused here.
    const sessions = (await import('../sessions/store.js')).readSessions((await import('../sessions/store.js')).commonDirOf(repo.gitDir));
    rules = await loadPlanRules(repo.root, facts.plans, { now, staleAfterHours: config.staleAfterHours, aliases: config.aliases, ignoreCase: repo.ignoreCase, reads, sessions, idleAfterMinutes: config.idleAfterMinutes, byAgent: (id) => isAgentIdentity(id, config) });
  }

  // A change that touches no plan is matched against the claims near its paths only: the same
  // decision (check matches no other), without reading ten thousand claims for one path.
  const claims = facts.plans.length === 0 ? facts.claimsNear(touchedPaths(facts.changes)) : facts.claims;
  const decision = check({
    changes: facts.changes,
    plans: facts.plans,
    rules,
    identity,
    bound: facts.bound,
    claims,
    ownClaims: facts.plans.length === 0 ? claims : facts.claimsAfter,
    planIds: facts.planIds,
    config,
    modes,
    isPlanFile: plans.matches,
    ignoreCase: repo.ignoreCase,
    clock: Date.now,
  });
  const files = (await installedFileChanges([{ key: 'index', before: repo.head === null ? null : 'HEAD:', after: ':0:', changes: facts.changes }], repo.root)).get('index') ?? [];
  const personOnly = [personOnlySettingsRefusal({ identity, config, change: facts.configChange }), personOnlyFilesRefusal({ identity, config, files })].filter((p) => p !== null);
  if (personOnly.length > 0) decision.personOnly = personOnly;
  return { decision, rules, modes, skipped };
}

/** The sessions, for a report that has a claim refusal or a handover to word (never read on a commit that passes quietly). */
export async function rotationFacts(facts: Facts, decision: Decision): Promise<RotationFacts | undefined> {
  if (decision.refusals.length === 0 && decision.claimWarnings.length === 0 && decision.handovers.length === 0) return undefined;
  const { readSessions, commonDirOf } = await import('../sessions/store.js');
  return { sessions: readSessions(commonDirOf(facts.repo.gitDir)), idleAfterMinutes: facts.config.idleAfterMinutes, aliases: facts.config.aliases };
}

/** A declared identity the agent markers present contradict (core/identity.ts): said, and the commit refused. */
export function identityRefused(facts: Facts): boolean {
  if (!facts.conflict) return false;
  process.stderr.write(sanitize(messages.identityConflict(facts.conflict, 'commit')));
  return true;
}

/** PLAN_HOOKS=0 or PLAN_HOOKS_SKIP asked in an agent session: said, and refused; a person's goes on (src/core/overrides.ts). */
export function overrideRefused(facts: Facts, what: 'commit' | 'push' = 'commit'): { refused: boolean; person: boolean } {
  const decision = decideOverride(overrideIn(process.env), sessionOfFacts(facts));
  if (decision.kind !== 'refused') return { refused: false, person: decision.kind === 'person' };
  const { off, skipped } = decision.override;
  process.stderr.write(sanitize(messages.overrideRefused(what, skipped, off, decision.evidence)));
  return { refused: true, person: false };
}

const run: HookRun = async () => {
  // A staged plan: the handoff's longest read (what is left uncommitted) starts as soon as the
  // staged changes are known, and runs while the plans are read, parsed and validated.
  let uncommitted: Promise<string[]> | null = null;
  let linkDropped: Promise<boolean> | null = null;
  const facts = await readIndexFacts(process.cwd(), {
    tree: true,
    onStaged: (repo, staged) => {
      linkDropped = dropIndexLink(repo.gitDir);
      uncommitted = startUncommitted(repo.root, staged, repo.config);
    },
  });
  if (identityRefused(facts) || overrideRefused(facts).refused) return 1;
  // PLAN_HOOKS=0, a person's: every hook skipped, as before (the worklog finds the commit unverified).
  if (process.env.PLAN_HOOKS === '0') return 0;
  const { repo, identity, now, config } = facts;
  const plans = planMatcher(config);
  // A staged plan: the plan rules' and the handoff's git reads start now, before the bundle
  // that validates and stages loads, and run while it loads and the plans are validated.
  const planReads = { reads: startPlanRulesReads(facts) };
  const handoff = await startHandoff(repo.root, facts.changes, plans.matches, { config, identity, branch: repo.branch, staged: facts.staged, indexJson: facts.indexJson, planTexts: facts.plans, gitDir: repo.gitDir, indexBlobs: facts.indexBlobs, uncommitted });
  const { decision, rules, modes, skipped } = await judgeIndex(facts, planReads);
  const report = formatDecision(decision, identity, now, undefined, await rotationFacts(facts, decision));
  if (report) process.stderr.write(report);
  if (!allowed(decision)) return 1;

  // Every check passed. The handoff blocks are regenerated and staged (when a plan is staged)
  // before the marker; when they were, the tree read before them is no longer the commit's.
  const { restaged, tree: restagedTree } = await regenerateHandoff(handoff, rules !== null && modes.plans !== 'off');
  // The marker names the tree git will commit: after a restage, the write-tree made with it says which.
  const known = (restaged ? restagedTree : facts.tree) ?? undefined;
  let tree: string;
  try {
    tree = await writeVerifiedMarker(skipped, repo.root, { tree: known, gitDir: repo.gitDir, identity, configChange: facts.configChange });
  } catch (error) {
    // A read-only .git/plan-hooks: the commit passed; post-commit, next, says once what is not recorded.
    if (!isDenied(error) || known === undefined) throw error;
    return 0;
  }
  const head = repo.head;
  // The trailers for this exact commit: the runner writes them without starting node for
  // prepare-commit-msg (see ../check/trailer.ts). A restage adds only the handoff blocks (plan files
  // and their Markdown, the entry files), which name no task of their own: the decision made on
  // the paths the commit stages still holds.
  const task = config.trailer ? trailerTask(decision.ownHits) : null;
  try {
    writeTrailerRecord(repo.gitDir, { tree, head, lines: recordLines({ identity, tree, skipped, task, bound: facts.bound }) }, process.env.GIT_INDEX_FILE ?? null, (await linkDropped) ?? false);
  } catch (error) {
    if (!isDenied(error)) throw error;
  }
  return 0;
};
export default run;
