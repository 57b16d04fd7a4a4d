// Every version of every plan the claims come from: the index, HEAD, the base branch, and the
// working files of the other worktrees. Only versions that can differ are read, by blob id in
// one cat-file, and a plan read once is kept as its claims view (./cache.ts).
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config/config.js';
import type { BatchCommand } from '../git/batch.js';
import { readObjects } from '../git/cat-file.js';
import type { Change } from '../git/changes.js';
import { git, splitNul } from '../git/git.js';
import { DEFAULT_BASES, NULL_OID, type Repository, type Worktree } from '../git/repository.js';
import { type PlanMatcher, planMatcher } from '../plan/discover.js';
import { planValue } from '../plan/plan-text.js';
import { readTextFileSync } from '../fs/text.js';
import { distinctPlans, remoteBranches, remotePlans } from '../remote/remote-claims.js';
import { readViewCache, writeViewCache } from './cache.js';
import { type PlanVersion, claimsView } from './claims.js';

/** `ls-files -s -z` output (pure): stage-0 plan paths → blob id. Conflicted entries are not a version yet. */
function parseIndexListing(out: string, plans: PlanMatcher): Map<string, string> {
  const map = new Map<string, string>();
  for (const entry of splitNul(out)) {
    const tab = entry.indexOf('\t');
    const [, oid, stage] = entry.slice(0, tab).split(' ');
    const path = entry.slice(tab + 1);
    if (stage === '0' && plans.matches(path)) map.set(path, oid!);
  }
  return map;
}

/** `diff --raw -z` output (pure): path → the blob on the old side, for plan paths that have one. */
function parseRawOldSide(out: string, plans: PlanMatcher): Map<string, string> {
  const map = new Map<string, string>();
  const parts = splitNul(out);
  for (let i = 0; i + 1 < parts.length; i += 2) {
    const [, , oldOid] = parts[i]!.split(' ');
    const path = parts[i + 1]!;
    if (oldOid && !NULL_OID.test(oldOid) && plans.matches(path)) map.set(path, oldOid);
  }
  return map;
}

export const listIndexPlans = (config: Config) => ['ls-files', '-s', '-z', ...pathspec(planMatcher(config))];

/** How the index's plans differ from a revision: the old side is that revision's blob. */
const diffBase = (rev: string, config: Config) => ['diff', '--cached', '--raw', '-z', '--no-renames', '--no-ext-diff', '--abbrev=40', '--end-of-options', rev, ...pathspec(planMatcher(config))];

/** diffBase against the base branch as openRepository will resolve it (configured, else the first default that exists). */
export const diffIndexBase = (config: Config): BatchCommand =>
  config.baseBranch ? diffBase(config.baseBranch, config) : { firstOf: DEFAULT_BASES.map((ref) => diffBase(ref, config)) };

const pathspec = (plans: PlanMatcher) => (plans.roots.includes('') ? [] : ['--', ...plans.roots]);

function walk(dir: string, rel: string, out: string[], depth = 0): void {
  if (depth > 32) return;
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const e of entries) {
    if (e.name === '.git' || e.name === 'node_modules') continue;
    const relPath = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) walk(join(dir, e.name), relPath, out, depth + 1);
    else if (e.isFile()) out.push(relPath);
  }
}

function worktreePlans(tree: Worktree, plans: PlanMatcher): { file: string; text: string }[] {
  const files: string[] = [];
  for (const root of plans.roots) {
    const dir = join(tree.path, root);
    try {
      if (!statSync(dir).isDirectory()) continue;
    } catch {
      continue;
    }
    walk(dir, root, files);
  }
  const out: { file: string; text: string }[] = [];
  for (const file of files.filter(plans.matches)) {
    try {
      out.push({ file, text: readTextFileSync(join(tree.path, file)) });
    } catch {
      // Gone between the listing and the read: that worktree is mid-change; nothing to see.
    }
  }
  return out;
}

/**
 * A plan file's JSON, or null when it is not JSON (the validator reports that). Claims take
 * whatever part of a plan is well-formed, read as every reader reads it (plan/plan-text.ts):
 * a byte-order mark or a repeated key never hides a claim.
 */
export const parsePlanJson = planValue;

/**
 * Every version of every plan the claims come from. Only versions that can differ are read:
 * HEAD's for the plans the index changes (`changes`), the base branch's for plans that differ
 * from the index.
 * `listings` are the outputs of listIndexPlans and diffIndexBase when the caller already has them.
 */
export async function planVersions(
  repo: Repository,
  changes: Change[],
  listings?: { index: string | null; base: string | null; remotes?: string | null },
): Promise<PlanVersion[]> {
  const plans = planMatcher(repo.config);
  const cwd = repo.root;
  const baseTree = repo.base && repo.base.commit !== repo.head ? repo.base : null;
  const [indexOut, baseOut] = listings
    ? [listings.index, listings.base]
    : await Promise.all([git(listIndexPlans(repo.config), { cwd, allowFail: true }), baseTree ? git(diffBase(baseTree.commit, repo.config), { cwd, allowFail: true }) : null]);
  const index = parseIndexListing(indexOut ?? '', plans);
  const base = parseRawOldSide(baseOut ?? '', plans);
  // The remote-tracking branches' plans, where they differ from the index's and the base's.
  const branches = await remoteBranches(cwd, repo.config, new Date(), repo.base?.name ?? null, listings?.remotes);
  const remote = distinctPlans(await remotePlans(cwd, repo.gitDir, branches, { globs: repo.config.plans, roots: plans.roots, matches: plans.matches }), (file, oid) => index.get(file) === oid || base.get(file) === oid);
  const headFiles = repo.head ? changes.filter((c) => c.status !== 'A' && plans.matches(c.from ?? c.path)).map((c) => c.from ?? c.path) : [];
  // The index versions of the plans this commit changes are compared with HEAD's task by task
  // (claims.ts, rule 2): those are read whole. Every other version is seen through claimsView,
  // which the cache keeps by blob id.
  const whole = new Set(headFiles.map((f) => index.get(f)).filter((oid) => oid !== undefined));
  const cache = readViewCache(repo.gitDir);
  const names = [...new Set([...index.values(), ...base.values(), ...remote.map((r) => r.oid)])];
  const toRead = names.filter((oid) => whole.has(oid) || !cache.has(oid));
  const texts = await readObjects([...toRead, ...headFiles.map((f) => `${repo.head}:${f}`)], repo.root);
  const plansByOid = new Map<string, unknown>();
  toRead.forEach((oid, i) => plansByOid.set(oid, parsePlanJson(texts[i] ?? '')));
  const views = new Map(names.map((oid) => [oid, cache.has(oid) ? cache.get(oid) : claimsView(plansByOid.get(oid))]));
  if (names.some((oid) => !cache.has(oid))) writeViewCache(repo.gitDir, views);
  const planOf = (oid: string) => (whole.has(oid) ? plansByOid.get(oid) : views.get(oid));
  const versions: PlanVersion[] = [];
  for (const [file, oid] of index) versions.push({ source: { kind: 'index', label: 'the index' }, file, plan: planOf(oid) });
  headFiles.forEach((file, i) => versions.push({ source: { kind: 'head', label: 'HEAD' }, file, plan: parsePlanJson(texts[toRead.length + i] ?? '') }));
  if (baseTree) for (const [file, oid] of base) versions.push({ source: { kind: 'base', label: `branch ${baseTree.name}` }, file, plan: planOf(oid) });
  for (const r of remote) versions.push({ source: { kind: 'remote', label: r.label, ref: r.ref }, file: r.file, plan: planOf(r.oid) });
  versions.push(...worktreeVersions(repo, plans));
  return versions;
}

/** The plans as the other worktrees have them on disk (claims made there, committed or not). */
export function worktreeVersions(
  repo: Pick<Repository, 'otherWorktrees'>,
  plans: PlanMatcher,
  labelOf = (tree: Worktree) => `worktree ${tree.path}${tree.branch ? ` (branch ${tree.branch})` : ''}`,
  parse: (text: string) => unknown = parsePlanJson,
): PlanVersion[] {
  const versions: PlanVersion[] = [];
  for (const tree of repo.otherWorktrees) {
    const label = labelOf(tree);
    for (const { file, text } of worktreePlans(tree, plans)) versions.push({ source: { kind: 'worktree', label }, file, plan: parse(text) });
  }
  return versions;
}
