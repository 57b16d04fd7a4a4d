// The git side of claiming through the remote (src/remote/push-claim.ts decides): fetch one
// branch, read the plans of a commit, build a commit that changes one file on a given parent,
// push it without force, and bring the current branch up to it. The commit is built in a
// temporary index of its own, so the user's index and working tree are never touched.
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { readObjects } from './cat-file.js';
import { git, gitQuery, output } from './git.js';
import { isAncestorOf } from './history.js';
import { type GitResult, gitResult } from './spawn.js';
import { type TreeEntry, listTree, listTrees } from './tree.js';
import { messages } from '../messages/index.js';

/**
 * How every ref listing prints a ref: name, tip, the tip's committer time, the ref it points to,
 * and `*` for the branch HEAD is on (else a space). Refnames hold no space (check-ref-format).
 */
export const REF_FORMAT = '%(refname) %(objectname) %(committerdate:unix) %(symref) %(HEAD)';

/** Every remote-tracking ref with its tip and the tip's committer date (raw: the hook's batch reads it as it is). */
export const REMOTE_REFS = output(['for-each-ref', `--format=${REF_FORMAT}`, 'refs/remotes/']);

/** A listing in REF_FORMAT (pure): each ref, its tip, the tip's committer time (seconds) and the ref it points to ('' for none). */
export function parseRefListing(out: string): { ref: string; commit: string; time: number; symref: string }[] {
  return out.split('\n').filter(Boolean).map((line) => {
    const [ref = '', commit = '', time, symref = ''] = line.split(' ');
    return { ref, commit, time: Number(time), symref };
  });
}

export async function listRemotes(cwd: string): Promise<string[]> {
  return ((await git(['remote'], { cwd, allowFail: true })) ?? '').split('\n').filter(Boolean);
}

/** The branch `remote` says is its default (`ls-remote --symref`), or null when it does not say or cannot be reached. */
export async function remoteDefaultBranch(cwd: string, remote: string): Promise<string | null> {
  const out = await git(['ls-remote', '--symref', '--end-of-options', remote, 'HEAD'], { cwd, allowFail: true });
  const m = /^ref: refs\/heads\/(\S+)\tHEAD$/m.exec(out ?? '');
  return m ? m[1]! : null;
}

export type Fetched = { tip: string } | { missing: true } | { error: string };

/** Fetches `ref` of `remote` as the remote's configuration maps it; false when the fetch fails. */
export async function fetchRef(cwd: string, remote: string, ref: string): Promise<boolean> {
  return (await git(['fetch', '--quiet', '--no-tags', '--end-of-options', remote, ref], { cwd, allowFail: true })) !== null;
}

/** Fetches `branch` of `remote` into refs/remotes/<remote>/<branch> and returns its tip. */
export async function fetchBranch(cwd: string, remote: string, branch: string): Promise<Fetched> {
  const r = await gitResult(['fetch', '--quiet', '--no-tags', '--end-of-options', remote, `+refs/heads/${branch}:refs/remotes/${remote}/${branch}`], { cwd });
  if (r.code !== 0) return /couldn't find remote ref/i.test(r.stderr) ? { missing: true } : { error: r.stderr.trim() || messages.fetchExited(r.code) };
  const tip = await git(['rev-parse', '--verify', '-q', `refs/remotes/${remote}/${branch}^{commit}`], { cwd, allowFail: true });
  return tip?.trim() ? { tip: tip.trim() } : { missing: true };
}

export interface TreeFile {
  path: string;
  mode: string;
  text: string | null;
}

const fileEntries = (entries: TreeEntry[], matches: (path: string) => boolean) => entries.filter((e) => e.type === 'blob' && e.mode !== '120000' && matches(e.path));

/** The files of `commit` under `roots` that `matches` accepts, with their text. */
export async function filesAt(cwd: string, commit: string, roots: string[], matches: (path: string) => boolean): Promise<TreeFile[]> {
  const entries = fileEntries(await listTree(commit, roots, cwd), matches);
  const texts = await readObjects(entries.map((e) => e.oid), cwd);
  return entries.map((e, i) => ({ path: e.path, mode: e.mode, text: texts[i] ?? null }));
}

/** filesAt for several commits, read together: the listings in one batch, the texts in one cat-file (none for a commit that names no tree). */
export async function filesAtEach(cwd: string, commits: string[], roots: string[], matches: (path: string) => boolean): Promise<TreeFile[][]> {
  const listed = (await listTrees(commits, roots, cwd)).map((entries) => fileEntries(entries ?? [], matches));
  const oids = [...new Set(listed.flat().map((e) => e.oid))];
  const texts = await readObjects(oids, cwd);
  const byOid = new Map(oids.map((oid, i) => [oid, texts[i] ?? null]));
  return listed.map((entries) => entries.map((e) => ({ path: e.path, mode: e.mode, text: byOid.get(e.oid) ?? null })));
}

export interface OneFileCommit {
  parent: string;
  path: string;
  mode: string;
  text: string;
  /** The message, given the commit's tree (a sealed trailer names the tree). */
  message: (tree: string) => string;
  authorName: string;
}

/** A commit of `parent`'s tree with `path` set to `text`; nothing but the object store is written. */
export async function commitOneFile(cwd: string, gitDir: string, c: OneFileCommit): Promise<string> {
  const blob = (await git(['hash-object', '-w', '--stdin'], { cwd, input: c.text })).trim();
  const dir = join(gitDir, 'plan-hooks');
  mkdirSync(dir, { recursive: true });
  const index = join(dir, `claim-index-${process.pid}`);
  const env = { ...process.env, GIT_INDEX_FILE: index };
  try {
    await git(['read-tree', c.parent], { cwd, env });
    await git(['update-index', '--add', '--cacheinfo', `${c.mode},${blob},${c.path}`], { cwd, env });
    const tree = (await git(['write-tree'], { cwd, env })).trim();
    return (await git(['commit-tree', tree, '-p', c.parent, '-F', '-'], { cwd, input: c.message(tree), env: { ...process.env, GIT_AUTHOR_NAME: c.authorName } })).trim();
  } finally {
    rmSync(index, { force: true });
  }
}

/**
 * Pushes `commit` to `branch` of `remote`, never forced: the remote takes it only while its
 * branch is still `commit`'s parent (or behind it). Hooks are not run: the commit holds one plan
 * edit that plan-hooks itself checked (a test suite in a pre-push hook would make every claim
 * slow); pre-push checks it with the next ordinary push, and CI checks it.
 */
export function pushCommit(cwd: string, remote: string, commit: string, branch: string): Promise<GitResult> {
  return gitResult(['push', '--porcelain', '--no-verify', '--end-of-options', remote, `${commit}:refs/heads/${branch}`], { cwd });
}

export function isAncestor(cwd: string, ancestor: string, descendant: string): Promise<boolean> {
  return gitQuery(isAncestorOf(ancestor, descendant), cwd);
}

export async function updateRef(cwd: string, ref: string, commit: string): Promise<void> {
  await git(['update-ref', ref, commit], { cwd, allowFail: true });
}

/** Fast-forwards the current branch to `commit` as `git merge --ff-only` does: local changes are kept, or git refuses. */
export function fastForward(cwd: string, commit: string): Promise<GitResult> {
  return gitResult(['merge', '--ff-only', '--quiet', commit], { cwd });
}
