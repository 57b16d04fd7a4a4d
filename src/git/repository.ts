// What plan-hooks knows of the repository it runs in: its paths, configuration, worktrees,
// current and base branch, identity settings. Read in one batch of git commands (or from the
// runner's prefetch, for pre-commit), with room for a caller's own reads in the same batch.
// Every git call inherits the environment, so GIT_INDEX_FILE as git set it reaches them all.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { type Config, loadConfig } from '../config/config.js';
import type { Change } from './changes.js';
import { type BatchCommand, gitBatch } from './batch.js';
import { git, splitNul } from './git.js';
import { takePrefetched } from './prefetch.js';
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
export const DEFAULT_BASES = ['refs/remotes/origin/HEAD', 'refs/heads/main', 'refs/heads/master'];
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
