// The facts of commits already made, each against its first parent (pre-push, `check --range`,
// ../check/range.ts): what it changes, the plan versions that judge it, the live claims they
// hold at its time. The rule for which versions count is the range rule, written at the top of
// ../check/range.ts: the commit's own plans, its first parent's versions of the plans it
// changes, and the base branch's plans where the commit's history meets it; never other
// worktrees, remote-tracking branches, today's base tip, a cache or a marker.
// Gathered for the whole set at once, in a bounded number of processes whatever its length
// (one `log --stdin`, one `diff-tree --stdin`, the listings where history enters the set, one
// cat-file): revisions go through stdin, since a range of 10,000 commits fits no argv.
// Who committed is left to the caller: the identity a commit records is a trailer the check
// layer reads (../check/trailer.ts), so the trailers asked for come back by key.
import { type LiveClaim, type PlanVersion, claimsView, liveClaims, versionsNear } from '../core/claims.js';
import { mergeOwnChanges, touchedPaths } from '../core/changes.js';
import { parsePlanJson } from '../claims/versions.js';
import { objectTexts, readObjects } from '../git/cat-file.js';
import { type Change, type RawEntry, diffTreesOf, sinceMergeBase } from '../git/changes.js';
import { type Query, gitQueries, gitQuery } from '../git/git.js';
import { type CommitInfo, commitInfosOf } from '../git/log.js';
import type { Repository } from '../git/repository.js';
import { type TreeEntry, treeUnder } from '../git/tree.js';
import { type PlanMatcher, planMatcher } from '../plan/discover.js';
import type { PlanChange } from '../core/plan-types.js';
// The base's versions carry their source's label whatever the verdict: from its own area, so a
// judge that passes (the worklog writer's, on most commits) never loads the sentences' bundle.
import { claimsMessages } from '../messages/claims.js';

export type { CommitInfo };

/** One raw diff entry: the blob on each side (null oids as null). */
export type RawChange = RawEntry;

/** When a commit is judged (pure): its committer time, never after now. */
export const judgedAt = (committed: Date, now: Date) => (Number.isNaN(committed.getTime()) || committed > now ? now : committed);

/** Plan path → blob id, from a tree listing (pure). */
function planBlobs(entries: TreeEntry[] | null, isPlan: (p: string) => boolean): Map<string, string> {
  return new Map((entries ?? []).filter((e) => e.type === 'blob' && isPlan(e.path)).map((e) => [e.path, e.oid]));
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

/** What one commit brings, gathered for the whole set at once. */
interface Gathered {
  info: CommitInfo;
  /** Against the first parent (or the empty tree). */
  all: RawChange[];
  /** What the commit did itself: for a merge, only paths that differ from every parent. */
  own: RawChange[];
  /** A merge against each of its other parents (none for a commit with one parent). */
  others: RawChange[][];
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

/** The plans at merge-base(base, commit), from the commit's plans and the diff from there (`sinceMergeBase`), in path order as a listing has them (pure). */
function plansBefore(after: Map<string, string>, sinceBase: RawChange[], plans: PlanMatcher): Map<string, string> {
  const changed = sinceBase.filter((c) => plans.matches(c.path));
  if (changed.length === 0) return after;
  const before = new Map(after);
  for (const c of changed) {
    // A gitlink is no plan, as a listing's non-blob entries are not.
    if (c.oldOid !== null && c.oldMode !== GITLINK) before.set(c.path, c.oldOid);
    else before.delete(c.path);
  }
  return new Map([...before].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

const GITLINK = '160000';

/**
 * Everything the range needs from git, in a bounded number of processes whatever its length, and
 * in three rounds, each one shell (a process started from node costs more than the git it runs):
 * commit facts (one `log --stdin`; the caller may have asked for it with its own reads, `infos`);
 * then every diff (one `diff-tree --stdin`), the plan listings of the commits the range grows
 * from, and for each commit where history enters the range the plans it changed since it parted
 * from the base (`git diff base...commit`: the merge-base's plans are the commit's with those put
 * back, so nothing is listed or read at the merge-base that the commit already has); then every
 * plan blob, each once, in one cat-file. Revisions always go through stdin: a range of 10,000
 * commits fits no argv.
 */
async function gather(repo: Repository, commits: string[], base: { commit: string } | null, trailerKeys: string[], asked?: CommitInfo[]): Promise<{ gathered: Gathered[]; blob: Map<string, unknown>; view: Map<string, unknown> }> {
  const plans = planMatcher(repo.config);
  const cwd = repo.root;
  const infos = parentsFirst(asked ?? (await gitQuery(commitInfosOf(commits, trailerKeys), cwd)));
  const inRange = new Set(infos.map((i) => i.commit));
  // One diff-tree line per commit against its first parent, then one per other parent of a merge.
  const lines: string[] = [];
  for (const info of infos) {
    lines.push(info.parents[0] ? `${info.commit} ${info.parents[0]}` : info.commit);
    for (const other of info.parents.slice(1)) lines.push(`${info.commit} ${other}`);
  }
  // Where the base is met: asked where a commit's history leaves the range (a parent outside
  // it) or joins (a merge); a linear commit inside the range shares its parent's merge-base.
  const boundary = base ? infos.filter((i) => i.parents.length !== 1 || !inRange.has(i.parents[0]!)).map((i) => i.commit) : [];
  // Plan listings: the first parents outside the range.
  const outside = [...new Set(infos.map((i) => i.parents[0]).filter((p): p is string => p !== undefined && !inRange.has(p)))];
  const second = await gitQueries(
    {
      diffs: lines.length > 0 ? diffTreesOf(lines) : undefined,
      ...Object.fromEntries(boundary.map((c) => [`base ${c}`, sinceMergeBase(base!.commit, c, plans.roots)])),
      ...Object.fromEntries(outside.map((c) => [`tree ${c}`, treeUnder(c, plans.roots)])),
    } as Record<string, Query<unknown> | undefined>,
    cwd,
    1,
  );
  const diffs = (second.diffs as RawChange[][] | undefined) ?? [];
  const treeOf = new Map(outside.map((c) => [c, planBlobs(second[`tree ${c}`] as TreeEntry[] | null, plans.matches)]));

  let at = 0;
  const plansAt = new Map<string, Map<string, string>>();
  const baseAt = new Map<string, Map<string, string> | null>();
  const gathered: Gathered[] = [];
  for (const info of infos) {
    const all = diffs[at++] ?? [];
    const others = info.parents.slice(1).map(() => diffs[at++] ?? []);
    const mine = mergeOwnChanges(all, others);
    const parent = info.parents[0];
    const parentPlans = parent ? (plansAt.get(parent) ?? treeOf.get(parent) ?? new Map<string, string>()) : new Map<string, string>();
    const planned = applyDiff(parentPlans, all, plans);
    plansAt.set(info.commit, planned);
    const sinceBase = second[`base ${info.commit}`] as RawChange[] | null | undefined;
    const baseTree = sinceBase !== undefined ? (sinceBase && plansBefore(planned, sinceBase, plans)) : base ? (baseAt.get(parent!) ?? null) : null;
    baseAt.set(info.commit, baseTree);
    gathered.push({ info, all, own: mine, others, plans: planned, base: baseTree });
  }

  // Every blob once; the plans the commit changes are read whole (claims.ts compares them task
  // by task with the parent's), every other version through its claims view.
  const isPlanChange = (c: Change) => plans.matches(c.path) || (c.from !== undefined && plans.matches(c.from));
  const whole = new Set<string>();
  const viewed = new Set<string>();
  for (const g of gathered) {
    for (const c of [...g.all, ...g.others.flat()].filter(isPlanChange)) {
      if (c.newOid) whole.add(c.newOid);
      if (c.oldOid) whole.add(c.oldOid);
    }
    for (const oid of g.plans.values()) viewed.add(oid);
    for (const oid of g.base?.values() ?? []) viewed.add(oid);
  }
  const known = [...new Set([...whole, ...viewed])];
  // A text the batch could not split by its byte sizes (not UTF-8): read alone, as before.
  const texts = known.length === 0 ? [] : ((await gitQueries({ texts: objectTexts(known) }, cwd, 1)).texts ?? (await readObjects(known, cwd)));

  const blob = new Map<string, unknown>();
  const view = new Map<string, unknown>();
  known.forEach((oid, i) => {
    const text = texts[i] ?? null;
    if (whole.has(oid)) blob.set(oid, text);
    view.set(oid, claimsView(parsePlanJson(text ?? '')));
  });
  return { gathered, blob, view };
}

/**
 * The versions whose claims judge a commit (pure): what stood before it, as pre-commit judges the
 * index by HEAD's (../facts/facts.ts), so a claim the commit itself makes (a person adding a task
 * claimed by an agent, with its file) refuses it at no layer; a root commit had nothing before it.
 */
function stoodBefore(versions: PlanVersion[], changed: Set<string>, hasParent: boolean): PlanVersion[] {
  return hasParent ? versions.filter((v) => v.source.kind !== 'index' || !changed.has(v.file)) : versions;
}

/** The facts of one commit against its first parent (see the top). */
export interface CommitFacts {
  source: { kind: 'commit'; commit: string };
  commit: CommitInfo;
  /** What it changes against its first parent (or the empty tree), with blob ids. */
  all: RawChange[];
  /** What it did itself: for a merge, only the paths that differ from every parent. */
  changes: RawChange[];
  /** The plans it changes itself, before and after (for the plan rules). */
  plans: PlanChange[];
  /** The plan versions that judge it: its own, its parent's of those it changes, the base's where it meets it. */
  versions: PlanVersion[];
  /** The live claims at `now` of those versions that stood before it (stoodBefore); when it changes no plan, only those that could claim one of the paths it changes. */
  claims: LiveClaim[];
  /** When it is judged: its committer time, never later than the caller's now. */
  now: Date;
  tree: string;
}

export interface CommitFactsOptions {
  /** The base branch (its tip), or null for none. */
  base: { commit: string } | null;
  now: Date;
  /** The trailer keys whose values each commit's facts carry (CommitInfo.trailers). */
  trailerKeys: string[];
  /** The commits' facts, when the caller asked for them with its own reads (commitInfosOf(commits, trailerKeys)); null or none: read here. */
  infos?: CommitInfo[] | null;
}

/** The facts of each commit, parents first; the plan files are those of the repository's configuration. */
export async function readCommitFacts(repo: Repository, commits: string[], opts: CommitFactsOptions): Promise<CommitFacts[]> {
  if (commits.length === 0) return [];
  const plans = planMatcher(repo.config);
  const { gathered, blob, view } = await gather(repo, commits, opts.base, opts.trailerKeys, opts.infos ?? undefined);
  const isPlanChange = (c: Change) => plans.matches(c.path) || (c.from !== undefined && plans.matches(c.from));
  const wholeText = (oid: string | null) => (oid ? ((blob.get(oid) as string | null | undefined) ?? null) : null);
  return gathered.map(({ info, all, own, others, plans: tree, base: baseTree }) => {
    const time = judgedAt(info.time, opts.now);
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
        ? [...baseTree].filter(([f, oid]) => tree.get(f) !== oid).map(([file, oid]) => ({ source: { kind: 'base' as const, label: claimsMessages.sourceBaseAtCommit() }, file, plan: view.get(oid) }))
        : []),
    ];
    return {
      source: { kind: 'commit', commit: info.commit },
      commit: info,
      all,
      changes: own,
      plans: own.filter(isPlanChange).map((c) => ({
        file: c.path,
        after: c.status === 'D' ? null : wholeText(c.newOid),
        before: wholeText(c.oldOid),
        // A merge's plan as each other parent has it (its own change is what differs from all).
        ...(others.length > 0 ? { others: others.map((d) => wholeText(d.find((o) => o.path === c.path)?.oldOid ?? null)) } : {}),
      })),
      versions,
      // A commit that changes no plan uses its claims only to match its own paths (check()):
      // the claims that cannot reach them are not decided (versionsNear says why that is exact).
      claims: liveClaims(changed.length === 0 ? versionsNear(versions, touchedPaths(own), repo.ignoreCase) : stoodBefore(versions, changedNow, info.parents.length > 0), time, repo.config.staleAfterHours),
      now: time,
      tree: info.tree,
    };
  });
}
