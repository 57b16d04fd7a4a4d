// The facts of one change, gathered once, the same way for every hook and command:
//   - the index against HEAD: pre-commit, prepare-commit-msg (readIndexFacts);
//   - a commit against its first parent: pre-push, `check --range` (./commit.ts, readCommitFacts);
//   - the working tree against HEAD: whoami, status, the handoff, edit time (readWorktreeFacts).
// Each gives the root, the configuration in force, the changed paths, the plan versions that
// judge the change, the live claims they hold, the identity with its source, and the time.
//
// What judges a change stood before it: the configuration, the plans, the claims and
// the branch bindings are HEAD's (plus the base branch's and the other worktrees' committed
// plans, i.e. their HEADs), never what the change itself brings. The staged plans are judged
// by the transition rules against HEAD's; a staged configuration takes effect from the next
// commit on (configChange says it differs).
import type { PlanChange } from '../core/plan-types.js';
import { CONFIG_FILE, type Config, configFromTexts, workingConfigTexts } from '../config/config.js';
import { configDifferences } from '../core/person-only.js';
import { type LiveClaim, type PlanVersion, claimAt, claimsView, decideClaims, liveClaims } from '../core/claims.js';
import { type VersionRef, decidedKey, readDecided, writeDecided } from '../claims/decided-cache.js';
import { readViewCache, writeViewCache } from '../claims/cache.js';
import { parsePlanJson } from '../claims/versions.js';
import { UsageError } from '../errors.js';
import { readObjects } from '../git/cat-file.js';
import { type Change, INDEX_DIFF, INDEX_JSON, PICKED_JSON_DIFF, parseRawDiff, revisionJsonDiff, worktreeDiff } from '../git/changes.js';
import { type BatchCommand, gitQuery } from '../git/git.js';
import { WRITE_TREE } from '../git/queries.js';
import { type RefReads, type Repository, mergeHeadTexts, onlyOwnChanges, openRepositoryWith, repositoryReads } from '../git/repository.js';
import { type HookCommitter, type Identity, type IdentityConflict, type Marker, branchHolder, hookConflict, identityConflict, markersIn, pickIdentity } from '../core/identity.js';
import { commonDirOf, readCommitting, sessionClaims } from '../sessions/store.js';
import type { SessionFacts } from '../core/overrides.js';
import { readBinding } from '../sessions/binding.js';
import { identityMessages } from '../messages/identity.js';
import { planMatcher } from '../plan/discover.js';
import { distinctPlans, remoteBranches, remotePlans } from '../remote/remote-claims.js';
import { type RawChange, blobsAt, regularBlobs } from './plan-blobs.js';
// The version labels are part of the decided cache's key, made on every commit: read from their
// area, so a silent commit does not load every sentence (as identity's, above).
import { claimsMessages } from '../messages/claims.js';

export type FactsSource = { kind: 'index' } | { kind: 'commit'; commit: string } | { kind: 'worktree' };


/** The change brings another configuration than the one in force (it applies from the next commit). */
export interface ConfigChange {
  /** The file that carries it: .plan-hooks.json or package.json. */
  file: string;
  /** The settings that differ, as dotted keys (checks.claims, aliases.claude, plans). */
  keys: string[];
  /** Why the new configuration does not load, or null. */
  problem: string | null;
}

export interface Facts {
  source: FactsSource;
  repo: Repository;
  root: string;
  /** The configuration in force: HEAD's (the parent's, for a commit). */
  config: Config;
  configChange: ConfigChange | null;
  /** What the change touches (both sides of renames); a merge only what differs from every parent. */
  changes: Change[];
  /**
   * For the index: all it stages against HEAD (a merge's included, unlike `changes`), and every
   * JSON path it lists, in any mode (the handoff reads them: it asks git for neither again).
   */
  staged: Change[];
  indexJson: string[];
  /** The blob id of each regular file (stage 0) among indexJson (the handoff keys what it keeps of a plan by it). */
  indexBlobs: Map<string, string>;
  /** The plans the change touches, before and after. */
  plans: PlanChange[];
  /**
   * The live claims at `now` of the plan versions that judge the change (HEAD's, the base
   * branch's, the other worktrees' HEADs, the remote-tracking branches'): the claims that judge
   * it. Read on first use: from the claims cache, the common commit reads only claimsNear.
   */
  readonly claims: LiveClaim[];
  /** Those of `claims` with a pattern that could match one of `paths` (or all of them): enough to match `paths`. */
  claimsNear(paths: string[]): LiveClaim[];
  /** The claims once the change is made (its own plan edits applied): never for judging it. */
  readonly claimsAfter: LiveClaim[];
  /**
   * Each plan after the change and its planId (null when it has none), for planId reuse; only
   * read when the change touches a plan (a change that touches none has no plan to compare).
   */
  planIds: { file: string; planId: string | null }[];
  identity: Identity;
  /** The tasks the change belongs to: this worktree's binding (../sessions/binding.ts), then the in-progress tasks bound to its branch (metadata.branch). */
  bound: string[];
  /** A declared identity the agent markers present contradict (core/identity.ts), or null. */
  conflict: IdentityConflict | null;
  markers: Marker[];
  now: Date;
  /** The tree decided on: the index's (git write-tree, read before the changes) or the commit's. */
  tree: string | null;
}

const planIdOf = (view: unknown): string | null => {
  const id = typeof view === 'object' && view !== null ? (view as { planId?: unknown }).planId : undefined;
  return typeof id === 'string' && id !== '' ? id : null;
};

const isConfigFile = (path: string) => path === CONFIG_FILE || path === 'package.json';

/** The committing record the agents' pre-tool hook left for this worktree, while fresh (a cache: none when unreadable). */
function hookCommitter(repo: Repository): HookCommitter | null {
  const r = readCommitting(commonDirOf(repo.gitDir), repo.root, Date.now());
  return r ? { agent: r.agent, detail: identityMessages.identityDetail.agentHook(r.agent, r.session, r.at) } : null;
}

/** What shows an agent session here (../core/overrides.ts): the markers, and the pre-tool hook's fresh record. */
export function sessionFactsOf(repo: Repository, env: NodeJS.ProcessEnv = process.env): SessionFacts {
  return { markers: markersIn(env, repo.config), hook: hookCommitter(repo) };
}

/** The same, from facts already gathered (their identity came from the hook's record when it was fresh). */
export const sessionOfFacts = (facts: Pick<Facts, 'markers' | 'identity'>): SessionFacts => ({
  markers: facts.markers,
  hook: facts.identity.source === 'agent-hook' ? { agent: facts.identity.name, detail: facts.identity.detail } : null,
});

/** The tasks a change in this worktree belongs to: its binding, the tasks the committing session claimed, then the claims bound to its branch (pure but for the caches' files). */
export function boundTasks(repo: Pick<Repository, 'gitDir' | 'branch'>, claims: Pick<LiveClaim, 'task' | 'branch'>[], session: string[] = []): string[] {
  const onBranch = repo.branch ? claims.filter((c) => c.branch === repo.branch).map((c) => c.task) : [];
  return [...new Set([...readBinding(repo.gitDir), ...session, ...onBranch])];
}

/** The tasks claimed by the agent session the pre-tool hook saw about to commit here (issue 31 item 2); none without a fresh record. */
function committingSessionClaims(repo: Repository): string[] {
  const commonDir = commonDirOf(repo.gitDir);
  const r = readCommitting(commonDir, repo.root, Date.now());
  return r ? sessionClaims(commonDir, r.agent, r.session) : [];
}

/** The identity core/identity.ts picks for these facts; a commit already made passes its own author. */
export function identityFor(
  repo: Repository,
  claims: LiveClaim[],
  env: NodeJS.ProcessEnv = process.env,
  authorName = repo.authorName,
  committing = false,
): { identity: Identity; conflict: IdentityConflict | null; markers: Marker[] } {
  const markers = markersIn(env, repo.config);
  const facts = { env, configAgent: repo.configAgent, branchHolder: branchHolder(claims, repo.branch, repo.config.aliases), authorName, config: repo.config };
  // First: the agent whose own hook saw its shell tool run this commit here, while fresh.
  const hook = committing ? hookCommitter(repo) : null;
  if (hook) {
    const declared = pickIdentity(facts);
    const conflict = hookConflict(hook, declared.source === 'env' || declared.source === 'git-config' ? declared : null, markers, repo.config.aliases);
    return { identity: pickIdentity({ ...facts, hook }), conflict, markers };
  }
  const identity = pickIdentity(facts);
  // A commit being made: its author's name may not be another agent's than the markers say (a commit already made passes its own author).
  return { identity, conflict: identityConflict(identity, markers, repo.config.aliases, committing ? authorName : null, repo.config), markers };
}

/**
 * The views of plan blobs by id. The claims cache (../claims/cache.ts) spares the common commit
 * a cat-file and the parse of every plan; `whole` are read in full (the plans the change touches).
 */
async function readPlanBlobs(
  repo: Repository,
  oids: string[],
  whole: Set<string>,
  useCache: boolean,
): Promise<{ view: (oid: string) => unknown; plan: (oid: string) => unknown; text: (oid: string) => string | null }> {
  const cache = useCache ? readViewCache(repo.gitDir) : new Map<string, unknown>();
  const names = [...new Set(oids)];
  const toRead = names.filter((oid) => whole.has(oid) || !cache.has(oid));
  const texts = await readObjects(toRead, repo.root);
  const plans = new Map<string, unknown>();
  const read = new Map<string, string | null>();
  toRead.forEach((oid, i) => {
    plans.set(oid, parsePlanJson(texts[i] ?? ''));
    read.set(oid, texts[i] ?? null);
  });
  const views = new Map(names.map((oid) => [oid, cache.has(oid) ? cache.get(oid) : claimsView(plans.get(oid))]));
  if (useCache && names.some((oid) => !cache.has(oid))) writeViewCache(repo.gitDir, views);
  return { view: (oid) => views.get(oid), plan: (oid) => (plans.has(oid) ? plans.get(oid) : views.get(oid)), text: (oid) => read.get(oid) ?? null };
}

/** The reads besides the repository's own: see readChangeFacts for why the order matters. */
const indexReads = (tree: boolean) => ({
  tree: tree ? WRITE_TREE : undefined,
  index: INDEX_JSON,
  diff: INDEX_DIFF,
});

/**
 * With the refs: the remote-tracking ones (their plans' claims), and the base branch's JSON files
 * against the index, for the base the repository most often has (src/git/repository.ts
 * COMMON_BASES). Otherwise the diff is made once the base is known.
 */
const INDEX_REF_READS: RefReads = { remotes: true, onBase: PICKED_JSON_DIFF };

/** Everything pre-commit reads, in the order the runner makes them (src/git/prefetch.ts). */
export const preCommitReads = (): BatchCommand[] => repositoryReads(indexReads(true), INDEX_REF_READS);

/**
 * Told the repository and what the index stages against HEAD as soon as they are known, before
 * any plan is read: a read that needs nothing more (pre-commit's handoff: what is left
 * uncommitted) starts then, and runs while the plans are read and validated.
 */
export type OnStaged = (repo: Repository, staged: Change[]) => void;

/** The facts of the index against HEAD (pre-commit with `tree`, prepare-commit-msg without). */
export async function readIndexFacts(cwd = process.cwd(), opts: { tree: boolean; onStaged?: OnStaged } = { tree: true }): Promise<Facts> {
  return readChangeFacts({ kind: 'index' }, cwd, opts.tree, opts.onStaged);
}

/**
 * The facts of the working tree against HEAD (whoami, status, the handoff, edit time): the
 * rules and claims a commit made now would be judged by, the working tree's configuration as
 * the change (status shows it), and the tracked paths that differ from HEAD.
 */
export async function readWorktreeFacts(cwd = process.cwd()): Promise<Facts> {
  return readChangeFacts({ kind: 'worktree' }, cwd, false);
}

/**
 * The facts of a change, as named steps (lint-staged's gitWorkflow.js is the model): each step
 * reads what it needs from the ones before, in this order, which is the order of the git reads.
 */
async function readChangeFacts(source: FactsSource, cwd: string, withTree: boolean, onStaged?: OnStaged): Promise<Facts> {
  const staged = await readStaged(cwd, withTree, onStaged);
  const around = await readPlansAround(staged);
  const changes = await readChanges(source, staged);
  const touched = touchedPlans(staged);
  const refs = versionRefs(staged.repo, around);
  const decided = await decideChangeClaims(staged, around, refs, touched);
  const who = identityOfChange(source, staged.repo, decided);
  const plans = await readPlanChanges(source, staged.repo, touched, decided);
  const after = claimsAfterChange(staged, touched, decided, around);
  const configChange = await readConfigChange(staged.repo, source, staged.raw);
  const { repo, listing, now, treeOut } = staged;
  return {
    source,
    repo,
    root: repo.root,
    config: repo.config,
    configChange,
    changes,
    staged: staged.changes,
    indexJson: listing.paths,
    indexBlobs: staged.index,
    plans,
    get claims() {
      return decided.allClaims();
    },
    get claimsAfter() {
      return after ?? decided.allClaims();
    },
    claimsNear: (paths) => (decided.set ? decided.set.near(paths, repo.ignoreCase) : decided.allClaims()),
    planIds: [...around.indexPlans].map(([file, oid]) => ({ file, planId: planIdOf(decided.blobs ? decided.blobs.view(oid) : null) })),
    ...who,
    now,
    tree: (withTree && treeOut) || null,
  };
}

type Blobs = Awaited<ReturnType<typeof readPlanBlobs>>;

/** Step 1: the repository and what the index stages against HEAD, in one batch; onStaged is told at once. */
async function readStaged(cwd: string, withTree: boolean, onStaged?: OnStaged) {
  // The order of the reads matters: write-tree comes before the diff in the same shell (the
  // runner's, or one lane of gitBatch: commands alternate lanes, two apart), so a path added while the hook
  // runs is either in the diff the check reads or not in the tree the verified marker names,
  // and post-commit then finds the commit unverified.
  const { repo, extra, refListing, onBase } = await openRepositoryWith(cwd, indexReads(withTree), INDEX_REF_READS);
  const { tree: treeOut, index: listing, diff } = extra;
  const index = listing.blobs;
  const raw = regularBlobs(diff);
  const changes: Change[] = raw.map(({ oldBlob: _o, newBlob: _n, ...c }) => c);
  onStaged?.(repo, changes);
  const head = repo.head ? blobsAt(index, raw) : new Map<string, string>();
  return { repo, refListing, onBase, treeOut, listing, index, raw, changes, head, now: new Date(), plans: planMatcher(repo.config) };
}
type Staged = Awaited<ReturnType<typeof readStaged>>;

/** Step 2: the plans around the change: HEAD's, the index's, the base branch's, the other worktrees' and the remote-tracking branches'. */
async function readPlansAround({ repo, onBase, refListing, index, head, now, plans }: Staged) {
  const { config } = repo;
  // The base branch's and the other worktrees' committed plans, read as diffs against the index.
  // The diff made with the refs serves when it was made on the ref the base was found as.
  const prefetchedBase = repo.base?.ref !== undefined && onBase?.ref === repo.base.ref ? parseRawDiff(onBase.out) : null;
  const baseDiff = repo.base && repo.base.commit !== repo.head ? regularBlobs(prefetchedBase ?? (await gitQuery(revisionJsonDiff(repo.base.commit), repo.root))) : null;
  const otherHeads = [...new Set(repo.otherWorktrees.map((w) => w.head).filter((h): h is string => h !== null && h !== repo.head && h !== repo.base?.commit))];

  const planBlobs = (m: Map<string, string>) => new Map([...m].filter(([path]) => plans.matches(path)));
  const headPlans = planBlobs(head);
  const indexPlans = planBlobs(index);
  const basePlans = baseDiff ? planBlobs(blobsAt(index, baseDiff)) : new Map<string, string>();
  // The other worktrees' and the remote-tracking branches' plans (claims made in other clones,
  // after a fetch), read in one pass through the listings cache, so a commit seen before costs no
  // git process (src/remote/remote-claims.ts); the remote's only where they differ from HEAD's
  // and the base's.
  const branches = await remoteBranches(repo.root, config, now, repo.base?.name ?? null, refListing);
  const worktreeTips = otherHeads.map((commit) => ({ name: commit, ref: '', commit, time: 0 }));
  const tipPlans = await remotePlans(repo.root, repo.gitDir, [...branches, ...worktreeTips], { globs: config.plans, roots: plans.roots, matches: plans.matches });
  const ofWorktrees = new Set(worktreeTips);
  const worktreePlans = otherHeads.map((h) => ({ head: h, plans: new Map(tipPlans.filter((p) => ofWorktrees.has(p.branch) && p.branch.commit === h).map((p) => [p.file, p.oid])) }));
  const remote = distinctPlans(
    tipPlans.filter((p) => !ofWorktrees.has(p.branch)),
    (file, oid) => headPlans.get(file) === oid || basePlans.get(file) === oid,
  );
  return { headPlans, indexPlans, basePlans, worktreePlans, remote };
}
type Around = Awaited<ReturnType<typeof readPlansAround>>;

/** Step 3: what the change touches: the working tree's diff, or what the index stages less what a merge takes from its heads. */
async function readChanges(source: FactsSource, { repo, changes }: Staged): Promise<Change[]> {
  if (source.kind === 'worktree') return (await gitQuery(worktreeDiff(repo.head !== null), repo.root)).map(({ oldMode: _m, newMode: _n, oldOid: _o, newOid: _p, ...c }) => c);
  return onlyOwnChanges(repo, changes);
}

/** Step 4: the plans the change touches, and their blobs before and after (read whole, for the plan rules). */
function touchedPlans({ raw, plans }: Staged) {
  const touched = raw.filter((c) => plans.matches(c.path) || (c.from !== undefined && plans.matches(c.from)));
  const whole = new Set(touched.flatMap((c) => [c.oldBlob, c.newBlob]).filter((b): b is string => b !== null));
  return { touched, whole };
}
type Touched = ReturnType<typeof touchedPlans>;

/** Step 5: the plan versions that judge the change, each with where it was read. */
function versionRefs(repo: Repository, { headPlans, basePlans, worktreePlans, remote, indexPlans }: Around): VersionRef[] {
  const refs: VersionRef[] = [];
  for (const [file, oid] of headPlans) refs.push({ source: { kind: 'head', label: 'HEAD' }, file, oid });
  if (repo.base) {
    for (const [file, oid] of basePlans) if (headPlans.get(file) !== oid) refs.push({ source: { kind: 'base', label: `branch ${repo.base.name}` }, file, oid });
  }
  for (const { head: h, plans: wp } of worktreePlans) {
    const tree = repo.otherWorktrees.find((w) => w.head === h)!;
    const label = claimsMessages.sourceWorktree(tree.path, tree.branch);
    for (const [file, oid] of wp) if (headPlans.get(file) !== oid && basePlans.get(file) !== oid) refs.push({ source: { kind: 'worktree', label }, file, oid });
  }
  for (const r of remote) refs.push({ source: { kind: 'remote', label: r.label, ref: r.ref }, file: r.file, oid: r.oid });
  // The first commit: nothing stood before it, so what it brings is the rule (as its configuration is).
  if (repo.head === null) for (const [file, oid] of indexPlans) refs.push({ source: { kind: 'index', label: claimsMessages.sourceFirstCommitIndex() }, file, oid });
  return refs;
}

/** Step 6: the claims those versions decide: cached for the common commit, else read from the plans. */
async function decideChangeClaims({ repo, now }: Staged, around: Around, refs: VersionRef[], { whole }: Touched) {
  const { config } = repo;
  const all = [...around.headPlans.values(), ...around.indexPlans.values(), ...around.basePlans.values(), ...around.worktreePlans.flatMap((w) => [...w.plans.values()]), ...around.remote.map((r) => r.oid), ...whole];
  // The common commit changes no plan: the claims these versions decide are the cached ones
  // (../claims/decided-cache.ts), read only near the paths the commit touches. A change to a
  // plan reads the plans, as the plan rules and the claims after the change need them.
  const key = decidedKey(refs, repo.ignoreCase);
  const set = whole.size === 0 ? readDecided(repo.gitDir, key, now, config.staleAfterHours) : null;
  let claims: LiveClaim[] | null = null;
  let blobs: Blobs | null = null;
  let versions: PlanVersion[] = [];
  if (!set) {
    blobs = await readPlanBlobs(repo, all, whole, true);
    const viewOf = blobs.view;
    versions = refs.map((r) => ({ source: r.source, file: r.file, plan: viewOf(r.oid) }));
    const decided = decideClaims(versions);
    claims = decided.map((c) => claimAt(c, now, config.staleAfterHours));
    if (whole.size === 0) writeDecided(repo.gitDir, key, decided, repo.ignoreCase);
  }
  // The plans the change touches were read whole with the views (a miss whenever `whole` is not empty).
  const textOf = new Map([...whole].map((oid) => [oid, blobs ? blobs.text(oid) : null]));
  const allClaims = () => (claims ??= set!.claims());
  return { set, blobs, versions, textOf, allClaims };
}
type Decided = Awaited<ReturnType<typeof decideChangeClaims>>;

/** Step 7: who makes the change, and the tasks it belongs to. */
function identityOfChange(source: FactsSource, repo: Repository, { set, allClaims }: Decided) {
  // The agent hook's record decides a commit (the index), not a command a person runs later.
  const branchBound = set ? set.bound() : allClaims();
  const { identity, conflict, markers } = identityFor(repo, branchBound, process.env, repo.authorName, source.kind === 'index');
  const bound = boundTasks(repo, branchBound, source.kind === 'index' ? committingSessionClaims(repo) : []);
  return { identity, bound, conflict, markers };
}

/** Step 8: each plan the change touches, before and after (and as the merged heads have it). */
async function readPlanChanges(source: FactsSource, repo: Repository, { touched }: Touched, { textOf }: Decided): Promise<PlanChange[]> {
  // A merge being committed: each plan as the merged heads have it (a change taken from one of them is not the merger's).
  const merged = source.kind === 'index' && touched.length > 0 ? await mergeHeadTexts(repo, touched.map((c) => c.path)) : [];
  return touched.map((c, i) => ({
    file: c.path,
    before: c.oldBlob ? (textOf.get(c.oldBlob) ?? null) : null,
    after: c.status === 'D' ? null : c.newBlob ? (textOf.get(c.newBlob) ?? null) : null,
    ...(merged[i] ? { others: merged[i] } : {}),
  }));
}

/** Step 9: the claims once the change is made, when it edits a plan (null: they are the claims before). */
function claimsAfterChange({ repo, now }: Staged, { touched }: Touched, { versions, blobs }: Decided, around: Around): LiveClaim[] | null {
  // After the change: the staged versions of the plans it touches supersede HEAD's (for the
  // committer's own claims: the Plan-Task trailer, the handoff).
  const stagedVersions: PlanVersion[] = touched.filter((c) => c.newBlob !== null && around.indexPlans.has(c.path)).map((c) => ({ source: { kind: 'index', label: 'the index' }, file: c.path, plan: blobs!.plan(c.newBlob!) }));
  return stagedVersions.length > 0 ? liveClaims([...versions, ...stagedVersions], now, repo.config.staleAfterHours) : null;
}

/** The configuration the change brings, when it differs from the one in force. */
async function readConfigChange(repo: Repository, source: FactsSource, raw: RawChange[]): Promise<ConfigChange | null> {
  if (repo.head === null) return null;
  let texts;
  if (source.kind === 'worktree') texts = workingConfigTexts(repo.root);
  else {
    if (!raw.some((c) => isConfigFile(c.path) || (c.from !== undefined && isConfigFile(c.from)))) return null;
    const [json, pkg] = await readObjects([`:0:${CONFIG_FILE}`, ':0:package.json'], repo.root);
    texts = { planHooksJson: json ?? null, packageJson: pkg ?? null };
  }
  const file = texts.planHooksJson !== null ? CONFIG_FILE : 'package.json';
  try {
    const next = await configFromTexts(texts, (f) => (source.kind === 'index' ? `the staged ${f}` : f));
    const keys = configDifferences(repo.config, next);
    return keys.length > 0 ? { file, keys, problem: null } : null;
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    return { file, keys: [], problem: error.message };
  }
}
