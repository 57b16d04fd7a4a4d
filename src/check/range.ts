// The same check over commits already made (pre-push, `check --range`): each commit against its
// first parent, as pre-commit judges the index against HEAD.
//
// A COMMIT IS JUDGED BY THE CLAIMS OF ITS OWN TIME. The claims that count for a commit C are the
// ones visible in its own ancestry, nothing else:
//   - C's own plans (what the commit says: a claim it makes or releases), and its first parent's
//     versions of the plans C changes (as HEAD at commit time);
//   - the base branch as it stood where C's history meets it: the plans at merge-base(C, base);
//   - never the plans of other worktrees, remote-tracking branches or the base branch's tip:
//     those are today's, and a claim made after C never refuses it.
// Staleness is read at C's committer time, but never later than now: a committer who sets
// GIT_COMMITTER_DATE ahead gains nothing, and one who sets it back only makes claims fresher.
// Merges are judged only by what they change relative to EVERY parent (a combined diff): what a
// merge carries in from a parent was judged in the commits that made it, by their own time.
// Who committed: the identity recorded with the commit (the Plan-Agent trailer, ../hooks/
// trailer.ts) when its seal matches the commit's tree; otherwise the commit's author, reported
// as unverified. Never the pusher's environment or git config. No local cache or marker is read
// (claims cache, verified marker): pre-push and CI see exactly what the commits say.
// Rebased and cherry-picked commits are recognised from objects alone, never from a date (the
// author date is whatever `git commit --date` says). A commit that would be refused, and whose
// patch-id (`git patch-id --stable`, ../git/patch-id.ts) equals that of a commit the remote
// already has, carries the same change as that earlier commit: it is judged as that commit is
// judged (by the earlier commit's own ancestry, which is how it was judged at its own push) and
// reported as "rebased from <sha>"; the claims its new ancestry holds are listed as warnings.
// What the remote already has is named by the caller (`known`): at pre-push the commits
// reachable from --remotes=<remote> (and the tips the push replaces); in CI what the checkout
// fetched (every remote-tracking branch, the base, and the event's previous head, which the
// template fetches so a force-pushed rebase is recognised). Every other commit is judged by
// its own ancestry, so a rebase of work that was never pushed is new work on its new base: a
// claim that arrived there refuses it (the report says so and how to go on: merge the base in
// instead, or push the work before rebasing it). The earlier commit is judged without looking
// further back: a branch rebased twice over a claim needs its first copy still on the remote.
// Cost: only commits that would otherwise be refused are looked at; the earlier commits are
// looked for among those touching one of their paths (the same change touches the same paths),
// at most KNOWN_LIMIT, and all patch-ids come from one diff-tree and one patch-id process.
import { type ClaimHit, type LiveClaim, type PlanVersion, claimsView, liveClaims } from '../claims/claims.js';
import type { CheckName } from '../config/config.js';
import { readObjects } from '../git/cat-file.js';
import { gitBatch } from '../git/batch.js';
import type { Change } from '../git/changes.js';
import { git, splitNul } from '../git/git.js';
import { commitsTouching, patchIds } from '../git/patch-id.js';
import { gitAlone } from '../git/spawn.js';
import type { Identity } from '../identity/identity.js';
import { CHECKS, type Decision, allowed, check, effectiveModes } from './check.js';
import type { PlanChange } from '../plan/types.js';
import { type PlanMatcher, planMatcher } from '../plan/discover.js';
import type { Repository } from '../git/repository.js';
import { parsePlanJson } from '../claims/versions.js';
import { AGENT_TRAILER, SKIP_TRAILER, parseAgentTrailer, parseSkipTrailer } from './trailer.js';

export interface CommitVerdict {
  commit: string;
  subject: string;
  identity: Identity;
  /** False when the identity is the author's because the commit carries no sealed record. */
  identityRecorded: boolean;
  /** Checks the commit records as skipped at commit time (Plan-Skip), honoured here. */
  recordedSkips: CheckName[];
  /** Claimed paths the recorded skip let through: listed, never refused. */
  skippedHits: ClaimHit[];
  /** The commit the remote already has with the same patch-id, whose judgement this one took. */
  rebasedFrom: string | null;
  decision: Decision;
  /** The time the commit is judged at: its committer time, never later than now. */
  now: Date;
}

export interface CommitInfo {
  commit: string;
  parents: string[];
  tree: string;
  author: string;
  time: Date;
  subject: string;
  agents: string[];
  skips: string[];
}

const FIELDS = ['%H', '%P', '%T', '%an', '%ct', '%s', `%(trailers:key=${AGENT_TRAILER},valueonly,separator=%x01)`, `%(trailers:key=${SKIP_TRAILER},valueonly,separator=%x01)`];
export const COMMIT_FORMAT = `--format=${FIELDS.join('%x00')}%x1e`;

const list = (v: string | undefined) => (v ? v.split('\u0001').map((s) => s.trim()).filter(Boolean) : []);

/** `git log` output in COMMIT_FORMAT (pure). */
export function parseCommitInfo(out: string): CommitInfo[] {
  return out
    .split('\u001e')
    .map((r) => r.replace(/^\n/, ''))
    .filter(Boolean)
    .map((record) => {
      const [commit, parents, tree, author, time, subject, agents, skips] = record.split('\0');
      return {
        commit: commit!,
        parents: parents ? parents.split(' ') : [],
        tree: tree ?? '',
        author: author ?? '',
        time: new Date(Number(time) * 1000),
        subject: subject ?? '',
        agents: list(agents),
        skips: list(skips),
      };
    });
}

/** One raw diff entry: the blob on each side (null oids as null). */
export interface RawChange extends Change {
  oldOid: string | null;
  newOid: string | null;
}

const NULL = /^0+$/;

/**
 * `git diff-tree --stdin --always -r -z --raw --no-abbrev -M` output (pure): one block per input
 * line, in order, each headed by the commit id.
 */
export function parseDiffTree(out: string): RawChange[][] {
  const blocks: RawChange[][] = [];
  const parts = splitNul(out);
  for (let i = 0; i < parts.length; ) {
    const part = parts[i++]!;
    if (!part.startsWith(':')) {
      blocks.push([]);
      continue;
    }
    const [, , oldOid, newOid, statusField] = part.slice(1).split(' ');
    const status = statusField!.charAt(0) as Change['status'];
    const current = blocks.at(-1)!;
    const oids = { oldOid: NULL.test(oldOid!) ? null : oldOid!, newOid: NULL.test(newOid!) ? null : newOid! };
    if (status === 'R' || status === 'C') {
      const from = parts[i++]!;
      current.push({ status, path: parts[i++]!, from, ...oids });
    } else current.push({ status, path: parts[i++]!, ...oids });
  }
  return blocks;
}

/** When a commit is judged (pure): its committer time, never after now. */
export const judgedAt = (committed: Date, now: Date) => (Number.isNaN(committed.getTime()) || committed > now ? now : committed);

/** Plan path → blob id, from `ls-tree -r -z` (pure). */
function parseTree(out: string | null, isPlan: (p: string) => boolean): Map<string, string> {
  const map = new Map<string, string>();
  for (const entry of splitNul(out ?? '')) {
    const tab = entry.indexOf('\t');
    const [, type, oid] = entry.slice(0, tab).split(' ');
    const path = entry.slice(tab + 1);
    if (type === 'blob' && isPlan(path)) map.set(path, oid!);
  }
  return map;
}

/** Parents before children (pure): Kahn's order over the parents inside the set, stable. */
export function parentsFirst<T extends { commit: string; parents: string[] }>(infos: T[]): T[] {
  const byId = new Map(infos.map((i) => [i.commit, i]));
  const done = new Set<string>();
  const out: T[] = [];
  const visit = (info: T) => {
    // Iterative depth-first: a 10,000-commit chain would overflow a recursive one.
    const stack: [T, number][] = [[info, 0]];
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      const [node, at] = top;
      if (done.has(node.commit)) {
        stack.pop();
        continue;
      }
      const next = node.parents.slice(at).findIndex((p) => byId.has(p) && !done.has(p));
      if (next === -1) {
        done.add(node.commit);
        out.push(node);
        stack.pop();
      } else {
        top[1] = at + next + 1;
        stack.push([byId.get(node.parents[at + next]!)!, 0]);
      }
    }
  };
  infos.forEach(visit);
  return out;
}

/** Commits in `range` (`A..B`, or one revision for all its history), parents first. */
export async function commitsIn(range: string, cwd: string): Promise<string[]> {
  return (await git(['rev-list', '--reverse', '--topo-order', '--end-of-options', range, '--'], { cwd })).split('\n').filter(Boolean);
}

/** What one commit brings to the check, gathered for the whole range at once. */
interface Gathered {
  info: CommitInfo;
  /** Against the first parent (or the empty tree). */
  all: RawChange[];
  /** What the commit did itself: for a merge, only paths that differ from every parent. */
  own: RawChange[];
  /** The commit's plan files → blob id. */
  plans: Map<string, string>;
  /** The plans at merge-base(commit, base), when there is a base and it differs. */
  base: Map<string, string> | null;
}

/** Plans at `commit` from its first parent's plans and the raw diff between them (pure). */
function applyDiff(parentPlans: Map<string, string>, diff: RawChange[], plans: PlanMatcher): Map<string, string> {
  if (!diff.some((c) => plans.matches(c.path) || (c.from !== undefined && plans.matches(c.from)))) return parentPlans;
  const next = new Map(parentPlans);
  for (const c of diff) {
    if (c.from !== undefined && c.status === 'R') next.delete(c.from);
    if (c.status === 'D') next.delete(c.path);
    else if (plans.matches(c.path) && c.newOid) next.set(c.path, c.newOid);
  }
  return next;
}

/**
 * Everything the range needs from git, in a bounded number of processes whatever its length:
 * commit facts (one `log --stdin`), every diff (one `diff-tree --stdin`), the plan listings of
 * the commits the range grows from and of the merge-bases with the base, and the plan blobs
 * (one cat-file). Revisions always go through stdin: a range of 10,000 commits fits no argv.
 */
async function gather(repo: Repository, commits: string[], base: { commit: string } | null): Promise<{ gathered: Gathered[]; blob: Map<string, unknown>; view: Map<string, unknown> }> {
  const plans = planMatcher(repo.config);
  const roots = plans.roots.includes('') ? [] : ['--', ...plans.roots];
  const cwd = repo.root;
  const infos = parentsFirst(parseCommitInfo(await gitAlone(['log', '--no-walk=unsorted', '--stdin', '--no-show-signature', COMMIT_FORMAT], { cwd, input: commits.map((c) => `${c}\n`).join('') })));
  const inRange = new Set(infos.map((i) => i.commit));
  // One diff-tree line per commit against its first parent, then one per other parent of a merge.
  const lines: string[] = [];
  for (const info of infos) {
    lines.push(info.parents[0] ? `${info.commit} ${info.parents[0]}` : info.commit);
    for (const other of info.parents.slice(1)) lines.push(`${info.commit} ${other}`);
  }
  const diffs = parseDiffTree(await gitAlone(['diff-tree', '--stdin', '--always', '--root', '-r', '-z', '--raw', '--no-abbrev', '-M', '--no-ext-diff'], { cwd, input: lines.map((l) => `${l}\n`).join('') }));

  // Merge-bases with the base: computed where a commit's history leaves the range (a parent
  // outside it) or joins (a merge); a linear commit inside the range shares its parent's.
  const boundary = base ? infos.filter((i) => i.parents.length !== 1 || !inRange.has(i.parents[0]!)).map((i) => i.commit) : [];
  const mbOut = base ? await gitBatch(boundary.map((c) => ['merge-base', c, base.commit]), cwd) : [];
  const mergeBase = new Map<string, string | null>();
  boundary.forEach((c, i) => mergeBase.set(c, mbOut[i]?.trim() || null));
  for (const info of infos) if (!mergeBase.has(info.commit)) mergeBase.set(info.commit, base ? (mergeBase.get(info.parents[0]!) ?? null) : null);

  // Plan listings: the first parents outside the range, and every merge-base.
  const outside = [...new Set(infos.map((i) => i.parents[0]).filter((p): p is string => p !== undefined && !inRange.has(p)))];
  const bases = [...new Set([...mergeBase.values()].filter((m): m is string => m !== null && !inRange.has(m)))];
  const listed = [...new Set([...outside, ...bases])];
  const listings = await gitBatch(listed.map((c) => ['ls-tree', '-r', '-z', c, ...roots]), cwd);
  const treeOf = new Map(listed.map((c, i) => [c, parseTree(listings[i] ?? null, plans.matches)]));

  let at = 0;
  const plansAt = new Map<string, Map<string, string>>();
  const gathered: Gathered[] = [];
  for (const info of infos) {
    const all = diffs[at++] ?? [];
    let own = all;
    for (let p = 1; p < info.parents.length; p++) {
      const fromOther = new Set((diffs[at++] ?? []).flatMap((c) => (c.from !== undefined ? [c.from, c.path] : [c.path])));
      own = own.filter((c) => fromOther.has(c.path) || (c.from !== undefined && fromOther.has(c.from)));
    }
    const parent = info.parents[0];
    const parentPlans = parent ? (plansAt.get(parent) ?? treeOf.get(parent) ?? new Map<string, string>()) : new Map<string, string>();
    const mine = applyDiff(parentPlans, all, plans);
    plansAt.set(info.commit, mine);
    const mb = mergeBase.get(info.commit) ?? null;
    const baseTree = mb === null ? null : mb === info.commit ? null : (plansAt.get(mb) ?? treeOf.get(mb) ?? null);
    gathered.push({ info, all, own, plans: mine, base: baseTree });
  }

  // Every blob once; the plans the commit changes are read whole (claims.ts compares them task
  // by task with the parent's), every other version through its claims view.
  const isPlanChange = (c: Change) => plans.matches(c.path) || (c.from !== undefined && plans.matches(c.from));
  const whole = new Set<string>();
  const viewed = new Set<string>();
  for (const g of gathered) {
    for (const c of g.all.filter(isPlanChange)) {
      if (c.newOid) whole.add(c.newOid);
      if (c.oldOid) whole.add(c.oldOid);
    }
    for (const oid of g.plans.values()) viewed.add(oid);
    for (const oid of g.base?.values() ?? []) viewed.add(oid);
  }
  const names = [...new Set([...whole, ...viewed])];
  const texts = await readObjects(names, cwd);
  const blob = new Map<string, unknown>();
  const view = new Map<string, unknown>();
  names.forEach((oid, i) => {
    const parsed = parsePlanJson(texts[i] ?? '');
    if (whole.has(oid)) blob.set(oid, texts[i] ?? null);
    view.set(oid, claimsView(parsed));
  });
  return { gathered, blob, view };
}

/** What the remote already has, as the caller sees it (see the top: pre-push and CI). */
export interface KnownToRemote {
  /** Pseudo-options naming refs: `--remotes=origin`, `--remotes`. */
  refs: string[];
  /** Commit ids whose history the remote has (the tips a push replaces, a fetched previous head). */
  commits: string[];
}

export interface RangeOptions {
  /** Checks turned off for every commit (the pusher's recorded override, never CI's). */
  skip?: CheckName[];
  /** The base branch (its tip); defaults to the repository's. */
  base?: { commit: string } | null;
  now?: Date;
  /** What the remote already has: a refused commit with the patch-id of one of its commits is judged as that commit. None given: every commit by its own ancestry. */
  known?: KnownToRemote;
}

/** At most this many of the remote's commits are compared with the refused ones (newest first). */
export const KNOWN_LIMIT = 2000;

export async function checkCommits(repo: Repository, commits: string[], opts: RangeOptions = {}): Promise<CommitVerdict[]> {
  if (commits.length === 0) return [];
  const plans = planMatcher(repo.config);
  const base = opts.base === undefined ? repo.base : opts.base;
  const now = opts.now ?? new Date();
  const { gathered, blob, view } = await gather(repo, commits, base);
  const isPlanChange = (c: Change) => plans.matches(c.path) || (c.from !== undefined && plans.matches(c.from));
  const wholeText = (oid: string | null) => (oid ? ((blob.get(oid) as string | null | undefined) ?? null) : null);
  const rulesModule = gathered.some((g) => g.own.some(isPlanChange)) ? await import('./plan-rules.js') : null;

  const verdicts: CommitVerdict[] = [];
  for (const { info, all, own, plans: tree, base: baseTree } of gathered) {
    const time = judgedAt(info.time, now);
    const changed = all.filter(isPlanChange);
    const changedNow = new Set(changed.map((c) => c.path));
    const label = { kind: 'index' as const, label: `commit ${info.commit.slice(0, 12)}` };
    const versions: PlanVersion[] = [
      ...[...tree].map(([file, oid]) => ({
        source: label,
        file,
        plan: changedNow.has(file) ? parsePlanJson(wholeText(oid) ?? '') : view.get(oid),
      })),
      ...changed
        .filter((c) => c.oldOid !== null)
        .map((c) => ({ source: { kind: 'head' as const, label: 'its parent' }, file: c.from ?? c.path, plan: parsePlanJson(wholeText(c.oldOid) ?? '') })),
      ...(baseTree
        ? [...baseTree].filter(([f, oid]) => tree.get(f) !== oid).map(([file, oid]) => ({ source: { kind: 'base' as const, label: 'the base branch where this commit meets it' }, file, plan: view.get(oid) }))
        : []),
    ];
    const claims: LiveClaim[] = liveClaims(versions, time, repo.config.staleAfterHours);
    const { identity, recorded } = recordedIdentity(info);
    const recordedSkips = recordedSkipsOf(info);
    const modes = effectiveModes(repo.config.checks, [...(opts.skip ?? []), ...recordedSkips]);
    const planChanges: PlanChange[] = own.filter(isPlanChange).map((c) => ({ file: c.path, after: c.status === 'D' ? null : wholeText(c.newOid), before: wholeText(c.oldOid) }));
    const rules = rulesModule && planChanges.length > 0 && (modes.plans !== 'off' || modes.transitions !== 'off')
      ? await rulesModule.loadPlanRules(repo.root, planChanges, { now: time, staleAfterHours: repo.config.staleAfterHours, aliases: repo.config.aliases })
      : null;
    const input = { changes: own, plans: rules ? planChanges : [], rules, identity, claims, config: repo.config, modes, isPlanFile: plans.matches, ignoreCase: repo.ignoreCase };
    const decision = check(input);
    // What a recorded skip of the claims let through, to list it.
    const skippedHits = recordedSkips.includes('claims') && !(opts.skip ?? []).includes('claims')
      ? check({ ...input, plans: [], rules: null, modes: { plans: 'off', transitions: 'off', claims: repo.config.checks.claims } }).refusals
      : [];
    verdicts.push({ commit: info.commit, subject: info.subject, identity, identityRecorded: recorded, recordedSkips, skippedHits, rebasedFrom: null, decision, now: time });
  }
  if (opts.known) await judgeRebased(repo, gathered, verdicts, opts.known, { skip: opts.skip, base, now });
  return verdicts;
}

/**
 * The rebase rule (see the top): each refused non-merge commit whose patch-id equals that of a
 * commit the remote already has takes that commit's judgement when it is allowed. The earlier
 * commits are judged by their own ancestry alone (no `known`), so nothing chains.
 */
async function judgeRebased(repo: Repository, gathered: Gathered[], verdicts: CommitVerdict[], known: KnownToRemote, opts: RangeOptions): Promise<void> {
  const refused = verdicts.flatMap((v, i) => {
    const g = gathered[i]!;
    return g.info.parents.length <= 1 && g.all.length > 0 && !allowed(v.decision) ? [{ v, path: g.all[0]!.path }] : [];
  });
  if (refused.length === 0) return;
  // The same change touches the same paths: one path of each refused commit narrows the search.
  const query = { ...known, exclude: gathered.map((g) => g.info.commit), paths: [...new Set(refused.map((r) => r.path))], limit: KNOWN_LIMIT };
  const candidates = await commitsTouching(query, repo.root);
  if (candidates.length === 0) return;
  const ids = await patchIds([...refused.map((r) => r.v.commit), ...candidates], repo.root);
  const byPatch = new Map<string, string[]>();
  for (const c of candidates) {
    const id = ids.get(c);
    if (id) byPatch.set(id, [...(byPatch.get(id) ?? []), c]);
  }
  const matched = refused.flatMap(({ v }) => {
    const earlier = byPatch.get(ids.get(v.commit) ?? '') ?? [];
    return earlier.length > 0 ? [{ v, earlier }] : [];
  });
  if (matched.length === 0) return;
  const judged = new Map((await checkCommits(repo, [...new Set(matched.flatMap((m) => m.earlier))], opts)).map((e) => [e.commit, e]));
  for (const { v, earlier } of matched) {
    const as = earlier.map((c) => judged.get(c)).find((e) => e !== undefined && allowed(e.decision));
    if (!as) continue;
    v.decision = { ...as.decision, claimWarnings: [...as.decision.claimWarnings, ...v.decision.refusals] };
    v.rebasedFrom = as.commit;
  }
}

/** The committer as the commit records it (a sealed Plan-Agent trailer), else its author. */
export function recordedIdentity(info: Pick<CommitInfo, 'agents' | 'tree' | 'author'>): { identity: Identity; recorded: boolean } {
  const record = info.agents.length === 1 ? parseAgentTrailer(info.agents[0]!, info.tree) : null;
  if (record?.sealed) return { identity: { name: record.name, source: record.source as Identity['source'], detail: `recorded with the commit (${AGENT_TRAILER})` }, recorded: true };
  return { identity: { name: info.author || 'unknown', source: 'git-author', detail: 'the commit’s author: no identity recorded with the commit (unverified)' }, recorded: false };
}

/** The checks the commit records as skipped at commit time (a sealed Plan-Skip), else none. */
export function recordedSkipsOf(info: Pick<CommitInfo, 'skips' | 'tree'>): CheckName[] {
  const skipped = info.skips.length === 1 ? parseSkipTrailer(info.skips[0]!, info.tree) : null;
  return (skipped ?? []).filter((s): s is CheckName => (CHECKS as readonly string[]).includes(s));
}
