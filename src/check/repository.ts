// What the hooks need to know about the repository, read with as few git processes as the
// dependencies between them allow: one round for the facts (paths, config, worktrees, refs,
// staged changes), one for the plan listings (index, HEAD, base branch), one `cat-file
// --batch` for every plan blob. Plans in other worktrees are read from their working files.
// Every git call inherits the environment, so GIT_INDEX_FILE as git set it reaches them all.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { type Config, loadConfig } from '../config/config.js';
import { readObjects } from '../git/cat-file.js';
import type { Change } from '../git/changes.js';
import { type BatchCommand, gitBatch } from '../git/batch.js';
import { git, splitNul } from '../git/git.js';
import { takePrefetched } from '../git/prefetch.js';
import { type PlanVersion, claimsView } from '../claims/claims.js';
import { readViewCache, writeViewCache } from '../claims/cache.js';
import { type PlanMatcher, planMatcher } from '../plan/discover.js';
import { UserError } from '../errors.js';

export interface Worktree {
  path: string;
  head: string | null;
  /** Short branch name, or null when detached. */
  branch: string | null;
}

export interface Repository {
  root: string;
  gitDir: string;
  config: Config;
  /** The current commit, or null before the first commit. */
  head: string | null;
  branch: string | null;
  ignoreCase: boolean;
  /** `git config plan-hooks.agent` (worktree config included). */
  configAgent: string | null;
  /** GIT_AUTHOR_NAME, else user.name. */
  authorName: string | null;
  otherWorktrees: Worktree[];
  /** The branch whose plans also contribute claims, when it exists. */
  base: { name: string; commit: string } | null;
}

const NULL_OID = /^0+$/;

/** Parses `git config -l -z` (pure): keys are lower case as git prints them; the last value wins. */
export function parseConfigList(out: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const entry of splitNul(out)) {
    const nl = entry.indexOf('\n');
    map.set(nl === -1 ? entry : entry.slice(0, nl), nl === -1 ? 'true' : entry.slice(nl + 1));
  }
  return map;
}

/** Parses `git worktree list --porcelain` (pure). */
export function parseWorktrees(out: string): Worktree[] {
  const list: Worktree[] = [];
  for (const block of out.split('\n\n')) {
    let path: string | null = null;
    let head: string | null = null;
    let branch: string | null = null;
    let usable = true;
    for (const line of block.split('\n')) {
      if (line.startsWith('worktree ')) path = line.slice(9);
      else if (line.startsWith('HEAD ')) head = NULL_OID.test(line.slice(5)) ? null : line.slice(5);
      else if (line.startsWith('branch ')) branch = line.slice(7).replace(/^refs\/heads\//, '');
      else if (line === 'bare' || line.startsWith('prunable')) usable = false;
    }
    if (path !== null && usable) list.push({ path, head, branch });
  }
  return list;
}

const truthy = (v: string | undefined) => v !== undefined && ['true', 'yes', 'on', '1'].includes(v.toLowerCase());

/** Git runs hooks at the top of the working tree, so there the current directory is the root. */
async function guessRoot(cwd: string): Promise<{ root: string; config: Config } | null> {
  if (!existsSync(join(cwd, '.git'))) return null;
  try {
    return { root: cwd, config: await loadConfig(cwd) };
  } catch {
    // A broken configuration is reported once the root is certain.
    return null;
  }
}

export interface Opened {
  repo: Repository;
  /** The outputs of the extra commands (null where one failed). */
  extra: (string | null)[];
  /** False when the extra commands were built for a wrong guess of the configuration. */
  guessed: boolean;
}

/** Reads the repository facts; `cwd` is anywhere inside the working tree. */
export async function openRepository(cwd = process.cwd()): Promise<Repository> {
  return (await openRepositoryWith(cwd)).repo;
}

/**
 * openRepository, plus `extra` reads in the same git batch. `extra` receives the configuration
 * guessed from `cwd` (null when there is no guess); its outputs count only when `guessed` says
 * the guess was right.
 */
export async function openRepositoryWith(cwd = process.cwd(), extra: (config: Config | null) => BatchCommand[] = () => []): Promise<Opened> {
  const guess = await guessRoot(cwd);
  const guessedBase = guess?.config.baseBranch ?? null;
  const extraCommands = extra(guess?.config ?? null);
  const commands = repositoryReads(guess?.config ?? null, extraCommands);
  const [paths, configOut, worktreeOut, refsOut, ...extraOut] = takePrefetched(commands) ?? (await gitBatch(commands, cwd));
  const [root, gitDir] = (paths ?? '').split('\n');
  if (!root || !gitDir) throw new UserError(`not inside a git working tree (${cwd}). Run this from inside your repository.`);
  const guessed = guess !== null && guess.root === root;
  const config = guessed ? guess.config : await loadConfig(root);
  const gitConfig = parseConfigList(configOut ?? '');
  const worktrees = parseWorktrees(worktreeOut ?? '');
  const current = worktrees.find((w) => w.path === root);
  let base: Repository['base'];
  if (config.baseBranch) {
    const commit = config.baseBranch === guessedBase ? refsOut : await git(baseRevParse(config.baseBranch), { cwd: root, allowFail: true });
    base = commit?.trim() ? { name: config.baseBranch, commit: commit.trim() } : null;
  } else base = guessedBase ? defaultBase((await git(LIST_DEFAULT_BASES, { cwd: root, allowFail: true })) ?? '') : defaultBase(refsOut ?? '');
  const repo: Repository = {
    root,
    gitDir,
    config,
    head: current?.head ?? null,
    branch: current?.branch ?? null,
    ignoreCase: truthy(gitConfig.get('core.ignorecase')),
    configAgent: gitConfig.get('plan-hooks.agent')?.trim() || null,
    authorName: process.env.GIT_AUTHOR_NAME?.trim() || gitConfig.get('user.name')?.trim() || null,
    otherWorktrees: worktrees.filter((w) => w !== current),
    base,
  };
  return { repo, extra: extraOut, guessed: guessed && extraCommands.length === extraOut.length };
}

/**
 * The git reads openRepositoryWith makes, for a repository whose configuration is `config`
 * (null: not known yet), followed by the caller's `extra`. The runner makes these same reads
 * for pre-commit before node starts (src/git/prefetch.ts).
 */
export function repositoryReads(config: Config | null, extra: BatchCommand[]): BatchCommand[] {
  const base = config?.baseBranch ?? null;
  return [
    ['rev-parse', '--show-toplevel', '--absolute-git-dir'],
    ['config', '-l', '-z'],
    ['worktree', 'list', '--porcelain'],
    base ? baseRevParse(base) : LIST_DEFAULT_BASES,
    ...extra,
  ];
}

const baseRevParse = (name: string) => ['rev-parse', '--verify', '-q', '--end-of-options', `${name}^{commit}`];

/** The repository's default branch, in order of preference: origin's HEAD, main, master. */
const DEFAULT_BASES = ['refs/remotes/origin/HEAD', 'refs/heads/main', 'refs/heads/master'];
const LIST_DEFAULT_BASES = ['for-each-ref', '--format=%(refname)%00%(objectname)%00%(symref:short)', ...DEFAULT_BASES];

function defaultBase(refsOut: string): Repository['base'] {
  const found = new Map<string, { name: string; commit: string }>();
  for (const line of refsOut.split('\n').filter(Boolean)) {
    const [ref, commit, symref] = line.split('\0');
    found.set(ref!, { name: symref || ref!.replace(/^refs\/(heads|remotes)\//, ''), commit: commit! });
  }
  return DEFAULT_BASES.map((c) => found.get(c)).find((b) => b !== undefined) ?? null;
}

/**
 * During a merge only paths that differ from every parent count, so a merge is not blamed for
 * what it carries in from the other side (what a combined diff shows).
 */
export async function onlyOwnChanges(repo: Repository, changes: Change[]): Promise<Change[]> {
  if (!existsSync(join(repo.gitDir, 'MERGE_HEAD'))) return changes;
  const fromOther = new Set(splitNul(await git(['diff', '--cached', '--name-only', '-z', '--no-renames', '--no-ext-diff', 'MERGE_HEAD'], { cwd: repo.root })));
  return changes.filter((c) => fromOther.has(c.path) || (c.from !== undefined && fromOther.has(c.from)));
}


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
      out.push({ file, text: readFileSync(join(tree.path, file), 'utf8') });
    } catch {
      // Gone between the listing and the read: that worktree is mid-change; nothing to see.
    }
  }
  return out;
}

/** A plan file's JSON, or null when it is not JSON (the validator reports that). */
export function parsePlan(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * Every version of every plan the claims come from: the index, HEAD, the base branch, and the
 * working files of the other worktrees. Only versions that can differ are read: HEAD's for the
 * plans the index changes (`changes`), the base branch's for plans that differ from the index.
 * `listings` are the outputs of listIndexPlans and diffIndexBase when the caller already has them.
 */
export async function planVersions(
  repo: Repository,
  changes: Change[],
  listings?: { index: string | null; base: string | null },
): Promise<PlanVersion[]> {
  const plans = planMatcher(repo.config);
  const cwd = repo.root;
  const baseTree = repo.base && repo.base.commit !== repo.head ? repo.base : null;
  const [indexOut, baseOut] = listings
    ? [listings.index, listings.base]
    : await Promise.all([git(listIndexPlans(repo.config), { cwd, allowFail: true }), baseTree ? git(diffBase(baseTree.commit, repo.config), { cwd, allowFail: true }) : null]);
  const index = parseIndexListing(indexOut ?? '', plans);
  const base = parseRawOldSide(baseOut ?? '', plans);
  const headFiles = repo.head ? changes.filter((c) => c.status !== 'A' && plans.matches(c.from ?? c.path)).map((c) => c.from ?? c.path) : [];
  // The index versions of the plans this commit changes are compared with HEAD's task by task
  // (claims.ts, rule 2): those are read whole. Every other version is seen through claimsView,
  // which the cache keeps by blob id.
  const whole = new Set(headFiles.map((f) => index.get(f)).filter((oid) => oid !== undefined));
  const cache = readViewCache(repo.gitDir);
  const names = [...new Set([...index.values(), ...base.values()])];
  const toRead = names.filter((oid) => whole.has(oid) || !cache.has(oid));
  const texts = await readObjects([...toRead, ...headFiles.map((f) => `${repo.head}:${f}`)]);
  const plansByOid = new Map<string, unknown>();
  toRead.forEach((oid, i) => plansByOid.set(oid, parsePlan(texts[i] ?? '')));
  const views = new Map(names.map((oid) => [oid, cache.has(oid) ? cache.get(oid) : claimsView(plansByOid.get(oid))]));
  if (names.some((oid) => !cache.has(oid))) writeViewCache(repo.gitDir, views);
  const planOf = (oid: string) => (whole.has(oid) ? plansByOid.get(oid) : views.get(oid));
  const versions: PlanVersion[] = [];
  for (const [file, oid] of index) versions.push({ source: { kind: 'index', label: 'the index' }, file, plan: planOf(oid) });
  headFiles.forEach((file, i) => versions.push({ source: { kind: 'head', label: 'HEAD' }, file, plan: parsePlan(texts[toRead.length + i] ?? '') }));
  if (baseTree) for (const [file, oid] of base) versions.push({ source: { kind: 'base', label: `branch ${baseTree.name}` }, file, plan: planOf(oid) });
  versions.push(...worktreeVersions(repo, plans));
  return versions;
}

/** The plans as the other worktrees have them on disk (claims made there, committed or not). */
export function worktreeVersions(repo: Repository, plans: PlanMatcher): PlanVersion[] {
  const versions: PlanVersion[] = [];
  for (const tree of repo.otherWorktrees) {
    const label = `worktree ${tree.path}${tree.branch ? ` (branch ${tree.branch})` : ''}`;
    for (const { file, text } of worktreePlans(tree, plans)) versions.push({ source: { kind: 'worktree', label }, file, plan: parsePlan(text) });
  }
  return versions;
}
