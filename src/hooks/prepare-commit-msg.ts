// prepare-commit-msg: writes plan-hooks' trailers (../check/trailer.ts) when the runner could not apply
// pre-commit's record, and is the check when pre-commit did not run.
//   - Merges and squashes: nothing (judged at push by what they change against every parent).
//   - Cherry-picks and rebase picks (CHERRY_PICK_HEAD): never checked (judged at push); the
//     identity and skips the picked commit recorded are sealed again for the new tree, when
//     their seal held for the original's: a pick keeps who made the change, as git keeps the
//     author.
//   - Otherwise, when pre-commit did not pass for exactly this tree (git commit --no-verify,
//     or a client that runs only this hook), the same check pre-commit runs, and a refusal
//     aborts the commit (unless "noVerify": "allow"). `--no-verify` is not a way past a claim;
//     a person's PLAN_HOOKS_SKIP=claims is, recorded with the commit (Plan-Skip); an agent's is refused.
// Then the trailers: Plan-Agent (who committed, sealed), Plan-Skip, Plan-Task.
import { existsSync, readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { HookRun } from './main.js';
import { allowed, check } from '../core/check.js';
import { formatDecision } from '../check/report.js';
import { touchedPaths } from '../core/changes.js';
import { planMatcher } from '../plan/discover.js';
import { readIndexFacts } from '../facts/facts.js';
import { gitQueries, gitQuery } from '../git/git.js';
import { interpretTrailers, commitInfoOf } from '../git/log.js';
import { ABSOLUTE_GIT_DIR, WRITE_TREE } from '../git/queries.js';
import { messages } from '../messages/index.js';
import { verifiedFor } from '../worklog/verified.js';
import { identityRefused, judgeIndex, overrideRefused, rotationFacts } from './pre-commit.js';
import { AGENT_TRAILER, OWNED_KEYS, SKIP_TRAILER, agentTrailerValue, parseAgentTrailer, parseSkipTrailer, recordLines, skipTrailerValue, trailerArgs, trailerTask } from '../check/trailer.js';

/** git's second argument when the message is a merge's or a squash's. */
const NOT_OURS = new Set(['merge', 'squash']);
/** Under the git dir while a merge, rebase or revert is in progress (picks: CHERRY_PICK_HEAD). */
const SEQUENCER = ['rebase-merge', 'rebase-apply', 'MERGE_HEAD', 'REVERT_HEAD'];

/** Writes the trailers `args` into the message file, plan-hooks' own keys replaced (the runner's apply_trailers). */
async function applyTrailers(file: string, args: string[], source: string | undefined, cwd: string): Promise<void> {
  if (args.length === 0) return;
  const owned = new RegExp(`^(${OWNED_KEYS.join('|')}):`);
  const before = await readFile(file, 'utf8');
  const kept = before.split('\n').filter((l) => !owned.test(l)).join('\n');
  if (kept !== before) await writeFile(file, kept);
  const editor = source === undefined || source === '' || source === 'template';
  const emptyFirst = kept.split('\n', 1)[0] === '';
  // An empty -m stays empty, so git still aborts it.
  if (emptyFirst && !editor && !kept.split('\n').some((l) => l.trim() !== '' && !l.startsWith('#'))) return;
  await interpretTrailers(file, args, cwd);
  // The editor's template: keep line 1 for the subject, a blank line before the trailers.
  if (emptyFirst) await writeFile(file, `\n${await readFile(file, 'utf8')}`);
}

/** A pick: the picked commit's sealed records, sealed again for the tree being committed. */
async function resealPick(file: string, picked: string, source: string | undefined, cwd: string): Promise<void> {
  const { meta, tree } = await gitQueries({ meta: commitInfoOf(picked, [AGENT_TRAILER, SKIP_TRAILER]), tree: WRITE_TREE }, cwd);
  if (!meta || !tree) return;
  // One value each, or none: a commit carrying two records of either is not resealed.
  const one = (values: string[] | undefined) => (values?.length === 1 ? values[0]! : null);
  const agents = one(meta.trailers[AGENT_TRAILER]);
  const skips = one(meta.trailers[SKIP_TRAILER]);
  const agent = agents ? parseAgentTrailer(agents, meta.tree) : null;
  const skipped = skips ? parseSkipTrailer(skips, meta.tree) : null;
  const args: string[] = [];
  const value = agent?.sealed ? agentTrailerValue(agent, tree) : null;
  if (value) args.push('--if-exists', 'replace', '--trailer', `${AGENT_TRAILER}: ${value}`);
  if (skipped) args.push('--if-exists', 'replace', '--trailer', `${SKIP_TRAILER}: ${skipTrailerValue(skipped, tree)}`);
  if (args.length > 0) await applyTrailers(file, args, source, cwd);
}

const run: HookRun = async ([messageFile, source]) => {
  // PLAN_HOOKS=0 (pre-commit may not have run: --no-verify): an agent's is refused, a person's skips this hook as before.
  if (process.env.PLAN_HOOKS === '0') return overrideRefused(await readIndexFacts(process.cwd(), { tree: false })).refused ? 1 : 0;
  if (!messageFile || (source !== undefined && NOT_OURS.has(source))) return 0;
  const gitDir = await gitQuery(ABSOLUTE_GIT_DIR, process.cwd());
  const file = resolve(process.cwd(), messageFile);
  const pickHead = join(gitDir, 'CHERRY_PICK_HEAD');
  if (existsSync(pickHead)) {
    await resealPick(file, readFileSync(pickHead, 'utf8').trim(), source, process.cwd());
    return 0;
  }
  if (SEQUENCER.some((name) => existsSync(join(gitDir, name)))) return 0;
  const facts = await readIndexFacts(process.cwd(), { tree: true });
  const { repo, identity, config } = facts;
  const tree = facts.tree;
  const verified = tree === null ? null : verifiedFor(repo.gitDir, tree);
  let skipped: string[] = verified ?? [];
  let ownHits;
  if (tree !== null && verified === null && config.noVerify !== 'allow') {
    // pre-commit did not pass for this tree: its check, here.
    if (identityRefused(facts) || overrideRefused(facts).refused) return 1;
    const judged = await judgeIndex(facts);
    const report = formatDecision(judged.decision, identity, facts.now, undefined, await rotationFacts(facts, judged.decision));
    if (report) process.stderr.write(report);
    if (!allowed(judged.decision)) {
      process.stderr.write(messages.noVerifyRefused());
      return 1;
    }
    skipped = judged.skipped;
    ownHits = judged.decision.ownHits;
  } else {
    // Only which of the committer's own claims the paths fall under, for Plan-Task.
    ownHits = check({
      changes: facts.changes,
      plans: [],
      rules: null,
      identity,
      bound: facts.bound,
      // plans: [] reads only the claims near the paths; the claims after the change, all.
      claims: facts.plans.length === 0 ? facts.claimsNear(touchedPaths(facts.changes)) : facts.claims,
      ownClaims: facts.plans.length === 0 ? undefined : facts.claimsAfter,
      config,
      modes: { plans: 'off', transitions: 'off', claims: 'off' },
      isPlanFile: planMatcher(config).matches,
      ignoreCase: repo.ignoreCase,
      clock: Date.now,
    }).ownHits;
  }
  if (tree === null) return 0;
  const task = config.trailer ? trailerTask(ownHits) : null;
  await applyTrailers(file, trailerArgs(recordLines({ identity, tree, skipped, task, bound: facts.bound }), source), source, repo.root);
  return 0;
};

export default run;
