// The shell around the worklog: turns the queue's records (./pending.ts) into entries — the facts
// of a commit (or a rewrite) from git and the plans — and records the commits made where no hook
// ran (./gaps.ts) before the commit that reveals them. Called by the drainers, which never fail git.
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join, sep } from 'node:path';
import { loadConfig, DEFAULT_CONFIG, type Config } from '../config/config.js';
import { mergeOwnChanges, touchedPaths } from '../core/changes.js';
import { type Change, diffTreesOf } from '../git/changes.js';
import { UserError } from '../errors.js';
import { type Query, gitQueries, gitQuery, orNull } from '../git/git.js';
import { type CommitRecordFacts, commitRecordOf, committerEmailOf, revertedBy } from '../git/log.js';
import { onRemoteBranch } from '../git/history.js';
import { CURRENT_BRANCH, GIT_DIRS, HEAD_COMMIT, HEAD_REF } from '../git/queries.js';
import { CONFIG_LIST } from '../git/repository.js';
import { branchHolder, isHostingServiceCommitter, pickIdentity, type Identity } from '../core/identity.js';
import { messages } from '../messages/index.js';
// The versions' source label is set on every entry's read, worded or not: from its own area, so
// a silent drain never loads the sentences' bundle.
import { claimsMessages } from '../messages/claims.js';
import { AGENT_TRAILER, parseAgentTrailer } from '../check/trailer.js';
import { tasksOf } from '../plan/tasks.js';
import { matchPatterns, nearTasks, planTransitions, type Transition } from './analyze.js';
import { claimViolations, type Violation } from '../claims/violations.js';
import { type LiveClaim, type PlanVersion, decideClaims, liveClaims, versionsNear } from '../core/claims.js';
import { type TreeEntry, treeUnder } from '../git/tree.js';
import { dropCommitIndex, planBlobs, readCommitIndex, taskIndexKey, writeCommitIndex } from './task-index.js';
import { commitEntry, type CommitFacts, type Operation, type RewriteEntry, type WorklogEntry } from './entry.js';
import { planMatcher } from '../plan/discover.js';
import { parentSnapshot, readSnapshot, type Snapshot } from '../plan/snapshot.js';
import { append, worklogFile } from './store.js';
import { judgeCommit, judgeReads, type JudgeReads, type Judgement } from './judge.js';
import { dropClaimsCaches } from '../claims/cache.js';
import { takeMarker, verificationOf, type Verification } from './verified.js';
import { mirrorToNotes } from './notes.js';
import { drain, identityEnv, SEQUENCER_FILES, writeRecord, type CommitRecord, type Drainer, type PendingRecord, type RewriteRecord } from './pending.js';
import { findGaps, GAP_LIMIT, mayHaveGaps, type Recorded, recordedFrom } from './gaps.js';

const IDENTITY_SOURCES: Identity['source'][] = ['agent-hook', 'env', 'git-config', 'branch', 'agent-marker', 'git-author'];

/** Pure: what git was doing, from the parents and the sequencer files present at commit time. */
export function operationOf(parents: number, state: string[]): Operation {
  if (parents > 1) return 'merge';
  if (state.includes('rebase-merge') || state.includes('rebase-apply')) return 'rebase';
  if (state.includes('CHERRY_PICK_HEAD') || state.includes('sequencer')) return 'cherry-pick';
  if (state.includes('REVERT_HEAD')) return 'revert';
  return 'commit';
}

/** Pure: the top of the working tree a hook ran in (dulwich starts hooks inside the git dir). */
export function rootOf(cwd: string, gitDir: string, linkedWorktreeGitFile: () => string | null): string {
  if (cwd !== gitDir && !cwd.startsWith(gitDir + sep)) return cwd;
  if (basename(gitDir) === '.git') return dirname(gitDir);
  const file = linkedWorktreeGitFile();
  return file ? dirname(file) : dirname(gitDir);
}

const branchOf = (ref: string) => (ref.startsWith('refs/heads/') ? ref.slice('refs/heads/'.length) : null);

interface Ctx {
  root: string;
  config: Config;
  branch: string | null;
  gitConfig: Map<string, string>;
}

/**
 * What the writer reads of one commit: its facts and changes, and its plan listing. Asked `ahead`
 * (with the context), a failure answers null and the commit is read again on its own, where
 * git's error is the one thrown.
 */
const commitReads = (commit: string, config: Config, ahead: boolean) => {
  const log = commitRecordOf(commit, TRAILERS);
  return { log: ahead ? orNull(log) : log, listing: treeUnder(commit, planMatcher(config).roots) };
};

type CommitReads = { log: CommitRecordFacts | null; listing: TreeEntry[] | null };

/** The reads asked ahead, with the context: the commit's, and the judge's when a marker may make it verified. */
interface Ahead {
  commit: CommitReads;
  judge: JudgeReads | null;
}

/**
 * The writer's context (the working tree's configuration, git's), and for a commit record
 * everything else it will read of the commit before the judge's range check: one shell in all.
 */
async function contextOf(record: Pick<PendingRecord, 'cwd' | 'gitDir' | 'ref'>, commitRecord?: CommitRecord): Promise<Ctx & { ahead: Ahead | null }> {
  const root = rootOf(record.cwd, record.gitDir, () => {
    try {
      return readFileSync(join(record.gitDir, 'gitdir'), 'utf8').trim() || null;
    } catch {
      return null;
    }
  });
  // A worktree removed since the commit still has its commits: read them with the defaults.
  const here = existsSync(root);
  const config = here ? await loadConfig(root) : DEFAULT_CONFIG;
  const commit = commitRecord?.commit;
  const reads: Record<string, Query<unknown>> = { gitConfig: CONFIG_LIST };
  if (commit) Object.assign(reads, commitReads(commit, config, true), commitRecord.marker ? judgeReads(commit, `${commit}^`) : {});
  const got = (await gitQueries(reads, here ? root : record.gitDir, 1)) as { gitConfig: Map<string, string> } & Partial<CommitReads & JudgeReads>;
  const ahead = commit
    ? { commit: { log: got.log ?? null, listing: got.listing ?? null }, judge: got.bases ? { bases: got.bases, infos: got.infos ?? null, configBlobs: got.configBlobs } : null }
    : null;
  return { root: here ? root : record.gitDir, config, branch: branchOf(record.ref), gitConfig: got.gitConfig, ahead };
}

/** The commit's reads (asked ahead, or now); a commit git cannot read is an error, so its record is tried again. */
async function readCommit(commit: string, ctx: Ctx, ahead?: CommitReads): Promise<{ log: CommitRecordFacts; listing: TreeEntry[] }> {
  const { log, listing } = ahead?.log && ahead.listing ? ahead : await gitQueries(commitReads(commit, ctx.config, false), ctx.root);
  if (!log || !listing) throw new UserError(messages.worklogPlansUnlisted(commit.slice(0, 12)));
  return { log, listing };
}

/** The trailers a commit's entry reads: the tasks it names, and prepare-commit-msg's sealed identity. */
const TRAILERS = ['Plan-Task', AGENT_TRAILER];

const ignoreCaseOf = (ctx: Ctx) => ['true', 'yes', 'on', '1'].includes((ctx.gitConfig.get('core.ignorecase') ?? '').toLowerCase());

interface Known {
  operationState: string[];
  /** pre-commit's marker, as the runner kept it (null: none). */
  marker: string | null;
  env: Record<string, string>;
  /** A commit found after the fact, made where no hook ran. */
  withoutHooks?: boolean;
  /** The committing worktree's git dir, where the task index lives. */
  gitDir?: string;
}

/** What the writer reads of a commit's plans: from the index (./task-index.ts) or from the blobs. */
interface CommitPlans {
  /** Tasks near the paths: (task, pattern). */
  near: (paths: string[]) => { key: string; pattern: string }[];
  /** Live claims near the paths (as its child's parent sees them), and those bound to a branch. */
  claimsNear: (paths: string[]) => LiveClaim[];
  bound: () => LiveClaim[];
  unreadable: string[];
}

/**
 * The facts of one commit: its metadata and changes in one git process, its plan listing in
 * another; the plans themselves only when the task index (./task-index.ts) has none for these
 * blobs, or the commit changes a plan (its transitions), or it is not verified (its violations
 * then come from the blobs: an unverified commit has no judge to back a cache).
 */
async function gatherCommit(commit: string, ctx: Ctx, known: Known, now: Date, ahead?: CommitReads): Promise<CommitFacts> {
  const { root, config } = ctx;
  const plans = planMatcher(config);
  const { log, listing } = await readCommit(commit, ctx, ahead);
  const { commit: id, tree, parents, authorName, authorEmail, committedAt, subject, changes } = log;
  const [taskValues = [], agentValues = []] = TRAILERS.map((k) => log.trailers[k]);
  const paths = touchedPaths(changes);
  const planChanged = paths.some(plans.matches);
  // A merge against each other parent: its own changes are those that differ from all of them.
  const others = parents.length > 1 ? ((await gitQuery(diffTreesOf(parents.slice(1).map((p) => `${id} ${p}`)), root)) as Change[][]) : [];
  const ownPaths = others.length > 0 ? touchedPaths(mergeOwnChanges(changes, others)) : paths;
  const ignoreCase = ignoreCaseOf(ctx);
  const verification: Verification = known.withoutHooks ? { verified: false, skipped: [], identity: null, configChange: null } : verificationOf(known.marker, tree ?? null);
  const blobs = planBlobs(listing, plans.matches);
  const key = blobs && taskIndexKey(blobs, ignoreCase);
  const indexed = key && known.gitDir && verification.verified && !planChanged && parents.length > 0 ? readCommitIndex(known.gitDir, key, now, config.staleAfterHours) : null;
  let at: CommitPlans;
  let transitions: CommitFacts['transitions'] = [];
  if (indexed) {
    at = { near: (p) => indexed.tasks.near(p, ignoreCase), claimsNear: (p) => indexed.claims.near(p, ignoreCase), bound: () => indexed.claims.bound(), unreadable: indexed.tasks.unreadable };
  } else {
    const after = await readSnapshot({ rev: commit }, config, root, listing.map((e) => e.path).filter(plans.matches).sort());
    const before: Snapshot = parents.length === 0 ? { plans: [], skipped: [] } : planChanged ? await parentSnapshot(after, changes, parents[0]!, config, root) : after;
    const versions = (s: Snapshot): PlanVersion[] => s.plans.map((p) => ({ source: { kind: 'head', label: claimsMessages.sourceParentCommit() }, file: p.path, plan: p.plan }));
    const tasks = tasksOf(after.plans);
    if (key && known.gitDir && verification.verified) {
      // For the next commit over these plans (most commits change none).
      writeCommitIndex(known.gitDir, key, { tasks: tasks.map((t) => ({ key: t.key, files: t.task.files })), unreadable: after.skipped.map((s) => s.path), claims: decideClaims(versions(after)) }, ignoreCase);
    }
    const claimsAt = (s: Snapshot, near?: string[]) => liveClaims(near ? versionsNear(versions(s), near, ignoreCase) : versions(s), now, config.staleAfterHours);
    at = { near: (p) => nearTasks(tasks, p, ignoreCase), claimsNear: (p) => claimsAt(before, p), bound: () => claimsAt(after).filter((c) => c.branch !== null), unreadable: after.skipped.map((s) => s.path) };
    if (planChanged) transitions = planTransitions(before.plans, after.plans);
    if (planChanged && others.length > 0) {
      // What the merge takes from a parent as it stands there is that parent's transition, recorded with the commit that made it.
      const key = (t: Transition) => `${t.task}\0${t.field}\0${t.to}`;
      for (const [i, other] of others.entries()) {
        const there = new Set(planTransitions((await parentSnapshot(after, other, parents[i + 1]!, config, root)).plans, after.plans).map(key));
        transitions = transitions.filter((t) => there.has(key(t)));
      }
    }
  }
  // What the hooks decided travels with the commit too (prepare-commit-msg's sealed Plan-Agent
  // trailer): it counts where pre-commit left no verdict, as pre-push and CI read it.
  const agents = agentValues.filter(Boolean);
  const recorded = agents.length === 1 && tree ? parseAgentTrailer(agents[0]!, tree) : null;
  const identity: Identity =
    verification.identity ??
    (recorded?.sealed && IDENTITY_SOURCES.includes(recorded.source as Identity['source'])
      ? { name: recorded.name, source: recorded.source as Identity['source'], detail: messages.worklogIdentityTrailer(AGENT_TRAILER) }
      : undefined) ??
    (known.withoutHooks
      ? { name: authorName || 'unknown', source: 'git-author', detail: messages.worklogAuthorWithoutHooks() }
      : pickIdentity({
          env: known.env,
          configAgent: ctx.gitConfig.get('plan-hooks.agent')?.trim() || null,
          branchHolder: branchHolder(at.bound(), ctx.branch, config.aliases),
          authorName: authorName || null,
          config,
        }));
  return {
    commit: id!,
    parents,
    author: { name: authorName ?? '', email: authorEmail ?? '' },
    committedAt: committedAt ?? '',
    subject: subject ?? '',
    operation: operationOf(parents.length, known.operationState),
    changes,
    branch: ctx.branch,
    worktree: root,
    identity,
    tasks: matchPatterns(at.near(paths), paths, taskValues, ignoreCase),
    transitions,
    verification,
    violations: claimViolations(at.claimsNear(ownPaths), ownPaths, identity.name, plans.matches, config, ignoreCase),
    unreadablePlans: at.unreadable,
    ...(known.withoutHooks ? { withoutHooks: true } : {}),
  };
}

/**
 * The facts of a commit whose marker says pre-commit passed for its tree, verified only if the
 * commit, judged from the object store (./judge.ts), passes too. When it does not, the local
 * state lied or the index changed after the check: the entry says so, with the violations, and
 * the claims cache is discarded so the next commit rebuilds it from the plan blobs.
 */
async function vouched(facts: CommitFacts, record: CommitRecord, ctx: Ctx, now: Date, read?: JudgeReads): Promise<CommitFacts> {
  let judgement: Judgement;
  try {
    judgement = await judgeCommit({ root: ctx.root, gitDir: record.gitDir, ignoreCase: ignoreCaseOf(ctx), config: ctx.config }, facts.commit, facts.parents[0] ?? null, now, read);
  } catch (error) {
    // Unjudged is not verified; nothing says the cache lied, so it stays.
    return { ...facts, verification: { ...facts.verification, verified: false }, disputed: messages.worklogNotJudged(error instanceof Error ? error.message : String(error)) };
  }
  if (judgement.passed) return facts;
  // The views, and the claims decided from them (they would hide the claim until a plan changed).
  dropClaimsCaches(record.gitDir);
  // And the writer's own index: it was written next to them, by the same hand for all we know.
  dropCommitIndex(record.gitDir);
  const violations = new Map<string, Violation>();
  for (const v of [...facts.violations, ...judgement.violations]) violations.set(`${v.path}\0${v.task}`, v);
  // The marker's identity is as untrustworthy as its verdict: the commit's own record stands.
  return { ...facts, identity: judgement.identity, verification: { ...facts.verification, verified: false }, violations: [...violations.values()], disputed: messages.worklogDisputed(judgement.violations.length, judgement.problems) };
}

/** What git commits without pre-commit, by design: a merge, a pick, a revert (never a --no-verify commit: that skip is the committer's). */
const JUDGED_OPERATIONS: Operation[] = ['merge', 'cherry-pick', 'revert'];

/**
 * The facts of a commit git made without pre-commit (JUDGED_OPERATIONS), verified when the
 * commit judged from the object store (./judge.ts), as pre-push and CI judge it, passes: a merge
 * by what it changes against every parent, a pick by its own change. Refused: the judge's
 * violations join the entry's. The identity stays the one who ran git here.
 */
async function judgedHere(facts: CommitFacts, record: CommitRecord, ctx: Ctx, now: Date): Promise<CommitFacts> {
  try {
    const judgement = await judgeCommit({ root: ctx.root, gitDir: record.gitDir, ignoreCase: ignoreCaseOf(ctx), config: ctx.config }, facts.commit, facts.parents[0] ?? null, now);
    if (judgement.passed) return { ...facts, verification: { ...facts.verification, verified: true } };
    const violations = new Map<string, Violation>();
    for (const v of [...facts.violations, ...judgement.violations]) violations.set(`${v.path}\0${v.task}`, v);
    return { ...facts, violations: [...violations.values()] };
  } catch {
    // Unjudged is unverified, as it was.
    return facts;
  }
}

/** Whether a merge commit was made by the hosting service (its committer) and came from a remote (a remote-tracking branch holds it). */
async function madeByHostingService(commit: string, root: string): Promise<boolean> {
  const { committer, onRemote } = await gitQueries({ committer: committerEmailOf(commit), onRemote: onRemoteBranch(commit) }, root, 1);
  return onRemote && isHostingServiceCommitter(committer);
}

/** What is left of a commit whose facts could not be read (MAX_ATTEMPTS failures): never lost. */
function incompleteFacts(record: CommitRecord, reason: string, now: Date): CommitFacts {
  const verification = { verified: false, skipped: [], identity: null };
  return {
    commit: record.commit,
    parents: [],
    author: { name: '', email: '' },
    committedAt: now.toISOString(),
    subject: '',
    operation: operationOf(1, record.state),
    changes: [],
    branch: branchOf(record.ref),
    worktree: record.cwd,
    identity: { name: record.env.PLAN_HOOKS_AGENT || 'unknown', source: record.env.PLAN_HOOKS_AGENT ? 'env' : 'git-author', detail: messages.worklogIncompleteIdentity() },
    tasks: [],
    transitions: [],
    verification,
    violations: [],
    unreadablePlans: [],
    incomplete: reason.slice(0, 500),
  };
}

function rewriteEntry(record: RewriteRecord, ctx: Ctx, seq: number, now: Date): RewriteEntry {
  const identity = pickIdentity({
    env: record.env,
    configAgent: ctx.gitConfig.get('plan-hooks.agent')?.trim() || null,
    branchHolder: null,
    authorName: record.env.GIT_AUTHOR_NAME?.trim() || ctx.gitConfig.get('user.name')?.trim() || null,
    config: ctx.config,
  });
  return { v: 1, type: 'rewrite', seq, time: now.toISOString(), branch: ctx.branch, worktree: ctx.root, identity, kind: record.rewrite, rewrites: record.pairs };
}

/**
 * How many of the newest entries a drain reads first. Enough to know whether a record's entry is
 * written already: every append happens under the drain lock, oldest record first, so the entry
 * of a record whose drainer was killed before removing it is the newest one. And, but for many
 * commits on other branches in between, enough to find the commit's parent recorded.
 */
const RECENT_TAIL = 100;
/** How many it reads when the parent is not among those: the commits made without hooks are looked for under the commit. */
const RECORDED_TAIL = 2000;

/**
 * The drainer of one repository's queue: appends each record's entry, after the entries of
 * the commits made without hooks that the record's commit sits on.
 */
export class WorklogDrainer implements Drainer {
  private recent: Recorded | null = null;
  private deep: Recorded | null = null;
  readonly file: string;
  constructor(
    readonly commonDir: string,
    private readonly now = () => new Date(),
  ) {
    this.file = worklogFile(commonDir);
  }

  /**
   * What the newest entries say is recorded: RECENT_TAIL of them, or RECORDED_TAIL (`deep`).
   * Reading 2,000 entries costs a drain ~70 ms of CPU; the newest 100 answer the common case.
   */
  private async known(deep = false): Promise<Recorded> {
    if (deep) return (this.deep ??= await recordedFrom(this.file, RECORDED_TAIL));
    return (this.recent ??= this.deep ?? (await recordedFrom(this.file, RECENT_TAIL)));
  }

  private async write(entry: (seq: number) => WorklogEntry, ctx: Ctx): Promise<void> {
    const written = await append(this.file, entry);
    (await this.known()).written(written);
    if (this.deep !== this.recent) this.deep?.written(written);
    if (ctx.config.notes && written.type === 'commit') await mirrorToNotes(written.commit, written, ctx.root);
  }

  /** Records the commits made without hooks that `tips` sit on (on a branch, bounded). */
  async recordGaps(tips: string[], ctx: Ctx): Promise<number> {
    // The newest entries hold the tips, mostly: then there is nothing to look for.
    if (!ctx.branch || !mayHaveGaps(tips, await this.known())) return 0;
    const gaps = await findGaps(tips, await this.known(true), ctx.branch, ctx.root, GAP_LIMIT);
    for (const commit of gaps) {
      const facts = await gatherCommit(commit, ctx, { operationState: [], marker: null, env: {}, withoutHooks: true }, this.now());
      await this.write((seq) => commitEntry(facts, seq, this.now()), ctx);
    }
    return gaps.length;
  }

  async handle(record: PendingRecord, incomplete: string | null): Promise<void> {
    const now = this.now();
    // A drainer killed between writing an entry and removing its record: written once only.
    if (record.kind === 'commit' && (await this.known()).has(record.commit)) return;
    let ctx: Ctx;
    let ahead: Ahead | null = null;
    try {
      ({ ahead, ...ctx } = await contextOf(record, record.kind === 'commit' ? record : undefined));
    } catch (error) {
      if (incomplete === null) throw error;
      ctx = { root: record.cwd, config: DEFAULT_CONFIG, branch: branchOf(record.ref), gitConfig: new Map() };
    }
    if (record.kind === 'rewrite') {
      await this.write((seq) => rewriteEntry(record, ctx, seq, now), ctx);
      return;
    }
    let facts: CommitFacts;
    try {
      facts = await gatherCommit(record.commit, ctx, { operationState: record.state, marker: record.marker, env: record.env, gitDir: record.gitDir }, now, ahead?.commit);
    } catch (error) {
      if (incomplete === null) throw error;
      facts = incompleteFacts(record, incomplete, now);
    }
    // A merge the hosting service made, pulled here (git runs post-merge for a fast-forward too):
    // it came from elsewhere, as any pulled commit, and pushes and CI judged it there.
    if (facts.operation === 'merge' && incomplete === null && (await madeByHostingService(facts.commit, ctx.root))) return;
    // A revert with no conflict leaves no REVERT_HEAD for the runner to see: git's own line in its message says it.
    if (facts.operation === 'commit' && !facts.verification.verified && record.marker === null && incomplete === null && (await gitQuery(revertedBy(facts.commit), ctx.root)) !== null) facts = { ...facts, operation: 'revert' };
    if (facts.verification.verified && incomplete === null) facts = await vouched(facts, record, ctx, now, ahead?.judge ?? undefined);
    else if (incomplete === null && JUDGED_OPERATIONS.includes(facts.operation)) facts = await judgedHere(facts, record, ctx, now);
    // Commits made where no hook ran, under this one: recorded first, so the log keeps their order.
    if (facts.operation === 'commit' || facts.operation === 'merge') await this.recordGaps(facts.parents, ctx).catch(() => 0);
    await this.write((seq) => commitEntry(facts, seq, now), ctx);
  }

  async isRecorded(commit: string): Promise<boolean> {
    return (await this.known()).has(commit) || (await this.known(true)).has(commit);
  }

  damaged(name: string, cutShort: boolean): void {
    process.stderr.write(cutShort ? messages.worklogCutShortRecord(name) : messages.worklogDamagedRecord(name));
  }
}

/**
 * A drain reads other worktrees' commits too (their records share the queue), each from its own
 * directory: the variables git set for this hook would point those reads at this worktree.
 */
export function scrubGitEnv(): void {
  for (const k of ['GIT_DIR', 'GIT_WORK_TREE', 'GIT_INDEX_FILE', 'GIT_PREFIX', 'GIT_COMMON_DIR']) delete process.env[k];
}

/** The git dirs of the repository around `cwd` (its worktree's own and the shared one), HEAD and the ref it names: one shell. */
async function gitDirs(cwd: string): Promise<{ gitDir: string; commonDir: string; head: string | null; ref: string }> {
  const { dirs, head, ref } = await gitQueries({ dirs: GIT_DIRS, head: HEAD_COMMIT, ref: HEAD_REF }, cwd, 1);
  return { ...dirs, head, ref };
}

/**
 * Queues HEAD (what the runner does in shell; here for post-merge and for a runner older than the
 * queue) and drains, waiting: the entry is written when this returns.
 */
export async function recordHead(cwd = process.cwd()): Promise<void> {
  const dirs = await gitDirs(cwd);
  scrubGitEnv();
  if (!dirs.head) return;
  const state = SEQUENCER_FILES.filter((f) => existsSync(join(dirs.gitDir, f)));
  const config = await loadConfig(cwd).catch(() => DEFAULT_CONFIG);
  writeRecord(dirs.commonDir, { kind: 'commit', commit: dirs.head, ref: dirs.ref, gitDir: dirs.gitDir, cwd, state, marker: takeMarker(dirs.gitDir), env: identityEnv(config) });
  await drain(dirs.commonDir, new WorklogDrainer(dirs.commonDir), { wait: true });
}

/** Queues what post-rewrite reports (amend or rebase: old → new) and drains, waiting. */
export async function recordRewrite(kind: 'amend' | 'rebase', pairs: { old: string; new: string }[], cwd = process.cwd()): Promise<void> {
  const dirs = await gitDirs(cwd);
  scrubGitEnv();
  const config = await loadConfig(cwd).catch(() => DEFAULT_CONFIG);
  writeRecord(dirs.commonDir, { kind: 'rewrite', rewrite: kind, pairs, ref: dirs.ref, gitDir: dirs.gitDir, cwd, env: identityEnv(config) });
  await drain(dirs.commonDir, new WorklogDrainer(dirs.commonDir), { wait: true });
}

/**
 * What a reader (status, log) runs first: every committed entry written (a drain in flight is
 * waited for), then the commits on this branch made where no hook ran. Never fails the reader:
 * a problem is reported and the log is read as it is.
 */
export async function catchUp(root: string, commonDir: string, gitDir: string, head: string | null, branch: string | null): Promise<void> {
  const drainer = new WorklogDrainer(commonDir);
  try {
    await drain(commonDir, drainer, { wait: true });
    // An empty worklog has no start to find gaps after (and no directory to lock in yet).
    if (!head || !branch || !existsSync(drainer.file) || (await drainer.isRecorded(head))) return;
    const ctx = await contextOf({ ref: `refs/heads/${branch}`, gitDir, cwd: root });
    await drain(commonDir, drainer, { wait: true, then: () => drainer.recordGaps([head], ctx) });
  } catch (error) {
    process.stderr.write(messages.worklogCatchUpFailed(error instanceof Error ? error.message : String(error)));
  }
}

/** catchUp for a reader that knows only its working tree (log): one round of git first. */
export async function catchUpAt(root: string): Promise<string> {
  const { dirs, head, branch } = await gitQueries({ dirs: GIT_DIRS, head: HEAD_COMMIT, branch: CURRENT_BRANCH }, root);
  const { gitDir, commonDir } = dirs;
  await catchUp(root, commonDir, gitDir, head, branch);
  return worklogFile(commonDir);
}
