// What the hooks need to know about the repository, read with as few git processes as the
// dependencies between them allow: one round for the facts (paths, config, worktrees, refs,
// staged changes), one for the plan listings (index, HEAD, base branch), one `cat-file
// --batch` for every plan blob. Plans in other worktrees are read from their working files.
// Every git call inherits the environment, so GIT_INDEX_FILE as git set it reaches them all.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { type Config, loadConfig } from '../config/config.js';
import { readBlobs } from '../git/cat-file.js';
import { type Change, parseNameStatus } from '../git/changes.js';
import { git, splitNul } from '../git/git.js';
import type { PlanVersion } from '../claims/claims.js';
import { isPlanPath } from '../plan/discover.js';
import { PatternError, compilePattern } from '../claims/pattern.js';
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

/** Reads the repository facts; `cwd` is anywhere inside the working tree. */
export async function openRepository(cwd = process.cwd()): Promise<Repository> {
  const [paths, configOut, worktreeOut] = await Promise.all([
    git(['rev-parse', '--show-toplevel', '--absolute-git-dir'], { cwd, allowFail: true }),
    git(['config', '-l', '-z'], { cwd, allowFail: true }),
    git(['worktree', 'list', '--porcelain'], { cwd, allowFail: true }),
  ]);
  const [root, gitDir] = (paths ?? '').split('\n');
  if (!root || !gitDir) throw new UserError(`not inside a git working tree (${cwd}). Run this from inside your repository.`);
  const config = loadConfig(root);
  const gitConfig = parseConfigList(configOut ?? '');
  const worktrees = parseWorktrees(worktreeOut ?? '');
  const current = worktrees.find((w) => w.path === root);
  const baseCandidates = config.baseBranch ? [] : ['refs/remotes/origin/HEAD', 'refs/heads/main', 'refs/heads/master'];
  const refsOut = config.baseBranch
    ? await git(['rev-parse', '--verify', '-q', '--end-of-options', `${config.baseBranch}^{commit}`], { cwd: root, allowFail: true })
    : await git(['for-each-ref', '--format=%(refname)%00%(objectname)%00%(symref:short)', ...baseCandidates], { cwd: root, allowFail: true });
  let base: Repository['base'] = null;
  if (config.baseBranch) {
    if (refsOut?.trim()) base = { name: config.baseBranch, commit: refsOut.trim() };
  } else {
    const found = new Map<string, { name: string; commit: string }>();
    for (const line of (refsOut ?? '').split('\n').filter(Boolean)) {
      const [ref, commit, symref] = line.split('\0');
      found.set(ref!, { name: symref || ref!.replace(/^refs\/(heads|remotes)\//, ''), commit: commit! });
    }
    base = baseCandidates.map((c) => found.get(c)).find((b) => b !== undefined) ?? null;
  }
  return {
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
}

/**
 * What the index changes against HEAD (against nothing before the first commit). During a
 * merge only paths that differ from every parent count, so a merge is not blamed for what it
 * carries in from the other side.
 */
export async function stagedChanges(repo: Repository): Promise<Change[]> {
  const merging = existsSync(join(repo.gitDir, 'MERGE_HEAD'));
  const [changes, againstOther] = await Promise.all([
    git(['diff', '--cached', '--name-status', '-z', '-M', '--no-ext-diff'], { cwd: repo.root }),
    merging ? git(['diff', '--cached', '--name-only', '-z', '--no-renames', '--no-ext-diff', 'MERGE_HEAD'], { cwd: repo.root }) : null,
  ]);
  const parsed = parseNameStatus(changes);
  if (againstOther === null) return parsed;
  const fromOther = new Set(splitNul(againstOther));
  return parsed.filter((c) => fromOther.has(c.path) || (c.from !== undefined && fromOther.has(c.from)));
}

export interface PlanMatcher {
  /** Literal directory prefixes to list ('' for the whole tree, when a pattern starts with a wildcard). */
  roots: string[];
  matches(path: string): boolean;
}

export function planMatcher(config: Config): PlanMatcher {
  const roots = new Set<string>();
  for (const source of config.plans) {
    try {
      const pattern = compilePattern(source, { ignoreCase: false });
      // A literal pattern names a file or a directory: listing its parent covers both.
      roots.add(pattern.literal ? pattern.literalPrefix.split('/').slice(0, -1).join('/') : pattern.literalPrefix);
    } catch (error) {
      if (!(error instanceof PatternError)) throw error;
    }
  }
  return { roots: roots.has('') ? [''] : [...roots], matches: (path) => isPlanPath(path, config) };
}

/** `mode oid stage\tpath` (ls-files -s) or `mode type oid\tpath` (ls-tree): path → blob id. */
function parseListing(out: string | null, oidField: number, ok: (fields: string[]) => boolean, plans: PlanMatcher): Map<string, string> {
  const map = new Map<string, string>();
  for (const entry of splitNul(out ?? '')) {
    const tab = entry.indexOf('\t');
    const fields = entry.slice(0, tab).split(' ');
    const path = entry.slice(tab + 1);
    if (ok(fields) && plans.matches(path)) map.set(path, fields[oidField]!);
  }
  return map;
}

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

function parsePlan(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * Every version of every plan the claims come from: the index (unless `index` is false), HEAD,
 * the base branch, and the working files of the other worktrees. A blob shared by several
 * sources is read and parsed once.
 */
export async function planVersions(repo: Repository, opts: { index: boolean }): Promise<PlanVersion[]> {
  const plans = planMatcher(repo.config);
  const pathspec = plans.roots.includes('') ? [] : ['--', ...plans.roots];
  const cwd = repo.root;
  const baseTree = repo.base && repo.base.commit !== repo.head ? repo.base : null;
  const [indexOut, headOut, baseOut] = await Promise.all([
    opts.index ? git(['ls-files', '-s', '-z', ...pathspec], { cwd, allowFail: true }) : null,
    repo.head ? git(['ls-tree', '-r', '-z', repo.head, ...pathspec], { cwd, allowFail: true }) : null,
    baseTree ? git(['ls-tree', '-r', '-z', baseTree.commit, ...pathspec], { cwd, allowFail: true }) : null,
  ]);
  // Conflicted entries (stage 1–3) are not a version of anything yet.
  const index = parseListing(indexOut, 1, (f) => f[2] === '0', plans);
  const blob = (f: string[]) => f[1] === 'blob';
  const head = parseListing(headOut, 2, blob, plans);
  const base = parseListing(baseOut, 2, blob, plans);
  const blobs = await readBlobs([...index.values(), ...head.values(), ...base.values()], cwd);
  const parsed = new Map<string, unknown>();
  const parseBlob = (oid: string) => {
    if (!parsed.has(oid)) parsed.set(oid, parsePlan(blobs.get(oid) ?? ''));
    return parsed.get(oid);
  };
  const versions: PlanVersion[] = [];
  const add = (listing: Map<string, string>, source: PlanVersion['source']) => {
    for (const [file, oid] of listing) versions.push({ source, file, plan: parseBlob(oid) });
  };
  add(index, { kind: 'index', label: 'the index' });
  add(head, { kind: 'head', label: 'HEAD' });
  if (baseTree) add(base, { kind: 'base', label: `branch ${baseTree.name}` });
  for (const tree of repo.otherWorktrees) {
    const label = `worktree ${tree.path}${tree.branch ? ` (branch ${tree.branch})` : ''}`;
    for (const { file, text } of worktreePlans(tree, plans)) versions.push({ source: { kind: 'worktree', label }, file, plan: parsePlan(text) });
  }
  return versions;
}
