// What plan-hooks knows of the repository it runs in: its paths, the configuration in force
// (HEAD's), worktrees, current and base branch, identity settings. Read in one batch of git
// commands (or from the runner's prefetch, for pre-commit), with room for a caller's own reads.
// Every git call inherits the environment, so GIT_INDEX_FILE as git set it reaches them all.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONFIG_FILE, type Config, type ConfigTexts, DEFAULT_CONFIG, configFromTexts, workingConfigTexts } from '../config/config.js';
import { type Change, mergeHeadDiffPaths } from './changes.js';
import { type BatchCommand, gitBatch, parsePicked } from './batch.js';
import { type Answers, type Query, answersByName, git, gitQueries, gitQuery, query, splitNul } from './git.js';
import { blobAt, blobsAt } from './queries.js';
import { readObjects } from './cat-file.js';
import { REF_FORMAT, parseRefListing } from './remote.js';
import { takePrefetched } from './prefetch.js';
import { UsageError, UserError } from '../errors.js';
import { messages } from '../messages/index.js';
import { byCodeUnit } from '../lib/order.js';

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
  /** The branch whose plans also contribute claims, when it exists (`ref`: the ref it was found as). */
  base: { name: string; commit: string; ref?: string } | null;
  /** Where `config` was read: 'HEAD', 'branch <name>' (first commit), 'the working tree', or 'defaults'. */
  configSource: ConfigSource;
  /** Why the configuration at HEAD did not load (the defaults apply meanwhile), or null. */
  configProblem: string | null;
}

export type ConfigSource = string;

export const NULL_OID = /^0+$/;

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

/** git's whole configuration (`config -l -z`), keys lower case; empty where it cannot be read. */
export const CONFIG_LIST = query(['config', '-l', '-z'], parseConfigList, () => new Map<string, string>());

/** The worktrees of the repository (`worktree list --porcelain`), the main one first. */
export const WORKTREES = query(['worktree', 'list', '--porcelain'], parseWorktrees);

const truthy = (v: string | undefined) => v !== undefined && ['true', 'yes', 'on', '1'].includes(v.toLowerCase());

export interface Opened<Q extends Reads> {
  repo: Repository;
  /** The answers to the caller's own queries, by name. */
  extra: Answers<Q>;
  /** With `remotes`: the listing of the base candidates and every remote-tracking ref (REF_FORMAT), or null when git failed. */
  refListing: string | null;
  /** With `onBase`: its output, run on the first of COMMON_BASES that exists, when it ran and succeeded. */
  onBase: { ref: string; out: string } | null;
}

/**
 * What openRepositoryWith reads besides its own and the caller's named queries, in the same
 * command as its refs listing: `remotes` lists every remote-tracking ref too; `onBase` (git's
 * arguments, PICKED for the ref) runs on the first of COMMON_BASES the listing holds (the base
 * the repository most often has), so no git runs for a candidate that is not there; and not when
 * HEAD is on that branch (a commit on main: the base is HEAD itself, and judges nothing more).
 */
export interface RefReads {
  remotes?: boolean;
  onBase?: string[];
}

type Reads = Record<string, Query<unknown> | undefined>;

/** Reads the repository facts; `cwd` is anywhere inside the working tree. */
export async function openRepository(cwd = process.cwd()): Promise<Repository> {
  return (await openRepositoryWith(cwd)).repo;
}

/**
 * openRepository, plus `extra` reads in the same git batch. Every read is the same whatever the
 * configuration, so the runner can make them before node starts (src/git/prefetch.ts).
 *
 * The configuration is HEAD's (what judges a commit stood before it): a commit that
 * changes .plan-hooks.json or package.json's "plan-hooks" key changes the rules for the commits
 * after it. Before the first commit nothing stood before: the base branch's configuration when
 * there is one, else the working tree's (a new repository's first commit brings its rules). A
 * configuration at HEAD that does not load falls back to the defaults (every check enforcing),
 * so a broken file can be fixed by a commit and loosens nothing meanwhile.
 */
export async function openRepositoryWith<Q extends Reads = Record<never, never>>(cwd = process.cwd(), extra: Q = {} as Q, refReads: RefReads = {}): Promise<Opened<Q>> {
  const extraNames = Object.keys(extra).filter((n) => extra[n] !== undefined);
  const extraList = extraNames.map((n) => extra[n]!);
  const commands = repositoryReads(extra, refReads);
  const outs = takePrefetched(commands) ?? (await gitBatch(commands, cwd));
  const [paths, configOut, worktreeOut, refsOut, headConfigOut] = outs;
  const extraAnswers = (await answersByName(extraNames, extraList, outs.slice(OWN_READS_COUNT), cwd)) as Answers<Q>;
  const [root, gitDir] = (paths ?? '').split('\n');
  if (!root || !gitDir) throw new UserError(messages.notInWorktree(cwd));
  const gitConfig = parseConfigList(configOut ?? '');
  const worktrees = parseWorktrees(worktreeOut ?? '');
  const current = worktrees.find((w) => w.path === root);
  const head = current?.head ?? null;
  const picked = refReads.onBase && refsOut != null ? parsePicked(refsOut) : null;
  const listing = picked ? picked.listing : (refsOut ?? null);
  const refs = parseBaseRefs(listing ?? '');
  const headBlobs = headConfigOut == null ? HEAD_CONFIG.failed!() : HEAD_CONFIG.parse(headConfigOut);
  const atHead = await configTextsOf(headBlobs, 'HEAD', root);
  const { config, configSource, configProblem } = await configInForce(root, head, atHead, refs);
  const base = config.baseBranch ? await configuredBase(config.baseBranch, root) : defaultBase(refs);
  const repo: Repository = {
    root,
    gitDir,
    config,
    configSource,
    configProblem,
    head,
    branch: current?.branch ?? null,
    ignoreCase: truthy(gitConfig.get('core.ignorecase')),
    configAgent: gitConfig.get('plan-hooks.agent')?.trim() || null,
    authorName: process.env.GIT_AUTHOR_NAME?.trim() || gitConfig.get('user.name')?.trim() || null,
    otherWorktrees: worktrees.filter((w) => w !== current),
    base,
  };
  return {
    repo,
    extra: extraAnswers,
    refListing: refReads.remotes ? listing : null,
    onBase: picked?.picked != null && picked.then !== null ? { ref: picked.picked, out: picked.then } : null,
  };
}

/** The configuration that judges what is made on top of `head` (see openRepositoryWith). */
async function configInForce(
  root: string,
  head: string | null,
  atHead: ConfigTexts,
  refs: Map<string, Ref>,
): Promise<Pick<Repository, 'config' | 'configSource' | 'configProblem'>> {
  let texts = atHead;
  let source: ConfigSource = 'HEAD';
  // Told by a flag, not by the source's sentence: a commit that says nothing loads no sentence.
  let working = false;
  if (head === null) {
    // The first commit: a base branch's rules when one exists (an orphan branch in a repository
    // with history), else the working tree's.
    const base = defaultBase(refs);
    if (base) {
      texts = await gitQueries(configFilesAt(base.commit), root);
      source = `branch ${base.name}`;
    } else {
      texts = workingConfigTexts(root);
      source = messages.sourceWorkingTree();
      working = true;
    }
  }
  try {
    return { config: await configFromTexts(texts, (file) => (working ? join(root, file) : `${source}:${file}`)), configSource: source, configProblem: null };
  } catch (error) {
    if (!(error instanceof UsageError) || working) throw error;
    return { config: DEFAULT_CONFIG, configSource: 'defaults', configProblem: error.message };
  }
}

/**
 * The git reads openRepositoryWith makes, followed by the caller's `extra`. None depends on the
 * configuration: the runner makes these same reads for pre-commit before node starts.
 */
export function repositoryReads(extra: Reads, refReads: RefReads = {}): BatchCommand[] {
  return [...ownReads(refReads), ...Object.values(extra).flatMap((q) => (q ? [q.command] : []))];
}


const baseRevParse = (name: string) => ['rev-parse', '--verify', '-q', '--end-of-options', `${name}^{commit}`];

async function configuredBase(name: string, root: string): Promise<Repository['base']> {
  const commit = (await git(baseRevParse(name), { cwd: root, allowFail: true }))?.trim();
  return commit ? { name, commit } : null;
}

/**
 * Where the default branch can be found, in order of preference: a remote's HEAD (origin's
 * first), the local main or master, then main or master on a remote (origin's first). A
 * pull-request checkout in CI has no local base branch and often no origin/HEAD; a deleted
 * local main leaves the remote's.
 */
export const BASE_PATTERNS = ['refs/remotes/*/HEAD', 'refs/heads/main', 'refs/heads/master', 'refs/remotes/*/main', 'refs/remotes/*/master'];
const listRefs = (patterns: string[]) => ['for-each-ref', `--format=${REF_FORMAT}`, ...patterns];

/**
 * Whether for-each-ref would list `ref` for BASE_PATTERNS (pure): a pattern without `*` matches
 * the ref itself and the refs under it, `*` matches within one path component (wildmatch's
 * WM_PATHNAME, as for-each-ref matches). So a listing of more refs can be narrowed to theirs.
 */
const BASE_PATTERN_RES = BASE_PATTERNS.map((p) =>
  p.includes('*') ? new RegExp(`^${p.split('*').map((part) => part.replace(/[.]/g, '\\.')).join('[^/]*')}$`) : new RegExp(`^${p}(/|$)`),
);
export const isBaseCandidate = (ref: string) => BASE_PATTERN_RES.some((re) => re.test(ref));

/**
 * The refs the base branch is most often found as, in BASE_PATTERNS' order of preference: when
 * none is configured and no remote but origin has a HEAD, the first of these that exists is the
 * one defaultBase picks (RefReads' `onBase` runs on it).
 */
export const COMMON_BASES = ['refs/remotes/origin/HEAD', 'refs/heads/main', 'refs/heads/master', 'refs/remotes/origin/main', 'refs/remotes/origin/master'];

/** The base candidates, with `remotes` every remote-tracking ref too (a superset: isBaseCandidate narrows it). */
const refsRead = ({ remotes, onBase }: RefReads): BatchCommand => {
  const list = listRefs(remotes ? ['refs/heads/main', 'refs/heads/master', 'refs/remotes/'] : BASE_PATTERNS);
  return onBase ? { list, prefer: COMMON_BASES, then: onBase, notOnHead: true } : list;
};

/** The two files the configuration is read from, as they are at `rev` (null: not there). */
export const configFilesAt = (rev: string) => ({ planHooksJson: blobAt(rev, CONFIG_FILE), packageJson: blobAt(rev, 'package.json') });

/** The refs that may be the base branch (BASE_PATTERNS), by name; none where none exists. */
export const BASE_REFS = query(listRefs(BASE_PATTERNS), parseBaseRefs, () => new Map<string, Ref>());

/** The two configuration files at `rev` in one process (configFilesAt's order); undefined: read them with configFilesAt (configTextsOf). */
export const configBlobsAt = (rev: string) => blobsAt(rev, [CONFIG_FILE, 'package.json']);

/** configBlobsAt(rev)'s answer as configFilesAt's, asking configFilesAt when it could not be split. */
export async function configTextsOf(blobs: (string | null)[] | undefined, rev: string, root: string): Promise<{ planHooksJson: string | null; packageJson: string | null }> {
  return blobs ? { planHooksJson: blobs[0] ?? null, packageJson: blobs[1] ?? null } : gitQueries(configFilesAt(rev), root);
}

const HEAD_CONFIG = configBlobsAt('HEAD');

/** In this order: the top and git dir, git's configuration, the worktrees, the refs (RefReads), HEAD's configuration files. */
const ownReads = (refReads: RefReads): BatchCommand[] => [
  ['rev-parse', '--show-toplevel', '--absolute-git-dir'],
  CONFIG_LIST.command,
  ['worktree', 'list', '--porcelain'],
  refsRead(refReads),
  HEAD_CONFIG.command,
];
const OWN_READS_COUNT = ownReads({}).length;

export interface Ref {
  commit: string;
  symref: string;
}

/** The base candidates of a ref listing (REF_FORMAT), by name (pure). */
function parseBaseRefs(out: string): Map<string, Ref> {
  const refs = new Map<string, Ref>();
  for (const { ref, commit, symref } of parseRefListing(out)) if (ref && commit && isBaseCandidate(ref)) refs.set(ref, { commit, symref });
  return refs;
}

/** The candidate refs in order of preference (pure): see BASE_PATTERNS. */
export function baseCandidates(refs: string[]): string[] {
  const rank = (ref: string): [number, number, string] => {
    const remote = /^refs\/remotes\/([^/]+)\/(HEAD|main|master)$/.exec(ref);
    if (remote) {
      const [, name, branch] = remote;
      return [branch === 'HEAD' ? 0 : 2, (name === 'origin' ? 0 : 1) * 2 + (branch === 'master' ? 1 : 0), ref];
    }
    return [1, ref === 'refs/heads/main' ? 0 : 1, ref];
  };
  return refs
    .map((ref) => ({ ref, key: rank(ref) }))
    .sort((a, b) => a.key[0] - b.key[0] || a.key[1] - b.key[1] || byCodeUnit(a.key[2], b.key[2]))
    .map((r) => r.ref);
}

/**
 * The base branch from BASE_REFS' answer, or the configured one (`baseBranch`): for a reader
 * that has the configuration already and needs nothing else openRepositoryWith reads.
 */
export async function baseBranchFrom(refs: Map<string, Ref>, baseBranch: string | undefined | null, root: string): Promise<Repository['base']> {
  return baseBranch ? configuredBase(baseBranch, root) : defaultBase(refs);
}

function defaultBase(refs: Map<string, Ref>): Repository['base'] {
  const first = baseCandidates([...refs.keys()])[0];
  if (first === undefined) return null;
  const { commit, symref } = refs.get(first)!;
  const short = (ref: string) => ref.replace(/^refs\/(heads|remotes)\//, '');
  return { name: short(symref || first), commit, ref: first };
}

/**
 * During a merge: the text of each of `paths` at each merged head (MERGE_HEAD lists one per line;
 * null: not there), so the plan rules take what a merge brings from a parent as that parent's.
 */
export async function mergeHeadTexts(repo: Repository, paths: string[]): Promise<(string | null)[][]> {
  let heads: string[];
  try {
    heads = readFileSync(join(repo.gitDir, 'MERGE_HEAD'), 'utf8').split('\n').map((l) => l.trim()).filter((l) => /^[0-9a-f]{40,64}$/.test(l)).slice(0, 16);
  } catch {
    return [];
  }
  if (heads.length === 0 || paths.length === 0) return [];
  const texts = await readObjects(heads.flatMap((h) => paths.map((p) => `${h}:${p}`)), repo.root);
  return paths.map((_, i) => heads.map((_h, j) => texts[j * paths.length + i] ?? null));
}

/**
 * During a merge only paths that differ from every parent count, so a merge is not blamed for
 * what it carries in from the other side (what a combined diff shows).
 */
export async function onlyOwnChanges(repo: Repository, changes: Change[]): Promise<Change[]> {
  if (!existsSync(join(repo.gitDir, 'MERGE_HEAD'))) return changes;
  const fromOther = await gitQuery(mergeHeadDiffPaths, repo.root);
  return changes.filter((c) => fromOther.has(c.path) || (c.from !== undefined && fromOther.has(c.from)));
}
