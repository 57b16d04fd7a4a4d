// The same check over commits already made (pre-push, `check --range`): each commit against
// its first parent, as pre-commit judged the index against HEAD. The plans of the commit stand
// for the index, its parent's for HEAD; the base branch and the other worktrees add claims as
// they do at commit time. Each commit is judged at its own commit time (a claim that went
// stale later does not excuse it), with the identity rules of SPEC §4 where the commit's
// author stands in for the git author (so CI, which has no agent markers, judges by author).
import { type PlanVersion, liveClaims } from '../claims/claims.js';
import type { CheckName } from '../config/config.js';
import { readObjects } from '../git/cat-file.js';
import { gitBatch } from '../git/batch.js';
import { type Change, EMPTY_TREE, parseNameStatus } from '../git/changes.js';
import { git, splitNul } from '../git/git.js';
import type { Identity } from '../identity/identity.js';
import { identityOf } from '../claims/read.js';
import { type Decision, type PlanChange, check, effectiveModes } from './check.js';
import { planMatcher } from '../plan/discover.js';
import type { Repository } from '../git/repository.js';
import { parsePlanJson, worktreeVersions } from '../claims/versions.js';

export interface CommitVerdict {
  commit: string;
  subject: string;
  identity: Identity;
  decision: Decision;
  now: Date;
}

interface CommitInfo {
  commit: string;
  parents: string[];
  author: string;
  time: Date;
  subject: string;
}

/** `git log --format=%H%x00%P%x00%an%x00%ct%x00%s%x1e` (pure). */
export function parseCommitInfo(out: string): CommitInfo[] {
  return out
    .split('\u001e')
    .map((r) => r.replace(/^\n/, ''))
    .filter(Boolean)
    .map((record) => {
      const [commit, parents, author, time, subject] = record.split('\0');
      return { commit: commit!, parents: parents ? parents.split(' ') : [], author: author ?? '', time: new Date(Number(time) * 1000), subject: subject ?? '' };
    });
}

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

/** Commits in `range` (`A..B`, or one revision for all its history), oldest first. */
export async function commitsIn(range: string, cwd: string): Promise<string[]> {
  return (await git(['rev-list', '--reverse', '--end-of-options', range, '--'], { cwd })).split('\n').filter(Boolean);
}

export async function checkCommits(repo: Repository, commits: string[], skip: CheckName[] = []): Promise<CommitVerdict[]> {
  if (commits.length === 0) return [];
  const plans = planMatcher(repo.config);
  const roots = plans.roots.includes('') ? [] : ['--', ...plans.roots];
  const infos = parseCommitInfo(await git(['log', '--no-walk=unsorted', '--format=%H%x00%P%x00%an%x00%ct%x00%s%x1e', ...commits], { cwd: repo.root }));
  // Per commit: its changes against the first parent, against each other parent, its plans.
  const commands: string[][] = [];
  for (const info of infos) {
    commands.push(['diff', '--name-status', '-z', '-M', '--no-ext-diff', info.parents[0] ?? EMPTY_TREE, info.commit]);
    for (const other of info.parents.slice(1)) commands.push(['diff', '--name-only', '-z', '--no-renames', '--no-ext-diff', other, info.commit]);
    commands.push(['ls-tree', '-r', '-z', info.commit, ...roots]);
  }
  if (repo.base) commands.push(['ls-tree', '-r', '-z', repo.base.commit, ...roots]);
  const outs = await gitBatch(commands, repo.root);
  let at = 0;
  const perCommit = infos.map((info) => {
    let changes: Change[] = parseNameStatus(outs[at++] ?? '');
    const all = changes;
    for (let i = 1; i < info.parents.length; i++) {
      // A merge is judged on what differs from every parent (what it did itself).
      const fromOther = new Set(splitNul(outs[at++] ?? ''));
      changes = changes.filter((c) => fromOther.has(c.path) || (c.from !== undefined && fromOther.has(c.from)));
    }
    return { info, changes, all, tree: parseTree(outs[at++] ?? null, plans.matches) };
  });
  const baseTree = repo.base ? parseTree(outs[at] ?? null, plans.matches) : new Map<string, string>();

  // Every blob once: the commits' plans, the base's, and the parents' versions of changed plans.
  const parentNames = perCommit.flatMap(({ info, all }) =>
    info.parents[0] ? all.filter((c) => c.status !== 'A' && plans.matches(c.from ?? c.path)).map((c) => `${info.parents[0]}:${c.from ?? c.path}`) : [],
  );
  const oids = [...new Set([...perCommit.flatMap((c) => [...c.tree.values()]), ...baseTree.values()])];
  const texts = await readObjects([...oids, ...parentNames], repo.root);
  const text = new Map<string, string | null>();
  [...oids, ...parentNames].forEach((name, i) => text.set(name, texts[i] ?? null));
  const parse = (t: string | null | undefined): unknown => parsePlanJson(t ?? '');
  const worktrees = worktreeVersions(repo, plans);
  const modes = effectiveModes(repo.config.checks, skip);
  const rulesModule = perCommit.some((c) => c.changes.some((ch) => plans.matches(ch.path))) ? await import('./plan-rules.js') : null;

  const verdicts: CommitVerdict[] = [];
  for (const { info, changes, all, tree } of perCommit) {
    const parent = info.parents[0];
    const parentVersions = parent
      ? all.filter((c) => c.status !== 'A' && plans.matches(c.from ?? c.path)).map((c) => ({ file: c.from ?? c.path, text: text.get(`${parent}:${c.from ?? c.path}`) ?? null }))
      : [];
    const versions: PlanVersion[] = [
      ...[...tree].map(([file, oid]) => ({ source: { kind: 'index' as const, label: `commit ${info.commit.slice(0, 12)}` }, file, plan: parse(text.get(oid)) })),
      ...parentVersions.map((v) => ({ source: { kind: 'head' as const, label: 'its parent' }, file: v.file, plan: parse(v.text) })),
      ...(repo.base ? [...baseTree].filter(([f, oid]) => tree.get(f) !== oid).map(([file, oid]) => ({ source: { kind: 'base' as const, label: `branch ${repo.base!.name}` }, file, plan: parse(text.get(oid)) })) : []),
      ...worktrees,
    ];
    const claims = liveClaims(versions, info.time, repo.config.staleAfterHours);
    const identity = identityOf(repo, claims, info.author || null);
    const planChanges: PlanChange[] = changes
      .filter((c) => plans.matches(c.path) || (c.from !== undefined && plans.matches(c.from)))
      .map((c) => ({
        file: c.path,
        after: c.status === 'D' ? null : (text.get(tree.get(c.path) ?? '') ?? null),
        before: parent ? (text.get(`${parent}:${c.from ?? c.path}`) ?? null) : null,
      }));
    const rules = rulesModule && planChanges.length > 0
      ? await rulesModule.loadPlanRules(repo.root, planChanges, { now: info.time, staleAfterHours: repo.config.staleAfterHours, aliases: repo.config.aliases })
      : null;
    const decision = check({ changes, plans: planChanges, rules, identity, claims, config: repo.config, modes, isPlanFile: plans.matches, ignoreCase: repo.ignoreCase });
    verdicts.push({ commit: info.commit, subject: info.subject, identity, decision, now: info.time });
  }
  return verdicts;
}

