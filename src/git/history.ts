// Reads of a branch's recent history: the commits of a bounded window back from HEAD, when each
// path last changed in it, how many commits came after, whether one commit is another's
// ancestor. Queries (./git.ts), so the status asks for a plan's reads together.
import { git, query, splitNul } from './git.js';

/** The commit `n` first parents back from `head`, or null when the history is shorter. */
export const firstParentBack = (head: string, n: number) => query(['rev-parse', '-q', '--verify', `${head}~${n}`], (out) => out.trim() || null, () => null);

/** The commits of `range` (revisions, `^` excluding), newest first. */
export const commitsOf = (range: string[]) => query(['rev-list', ...range], (out) => out.split('\n').filter(Boolean));

/** Pure: `git log --format=%x01%H --name-only -z` into each path's newest commit. */
export function lastChanges(out: string): Map<string, string> {
  const last = new Map<string, string>();
  for (const chunk of out.split('\x01')) {
    const [commit, ...names] = chunk.split(/[\0\n]/).filter(Boolean);
    if (!commit) continue;
    for (const name of names) if (!last.has(name)) last.set(name, commit);
  }
  return last;
}

/** Each of `paths` (literal) → the newest commit of `range` that changed it. */
export const lastChangesIn = (range: string[], paths: string[]) =>
  query(['--literal-pathspecs', 'log', '--format=%x01%H', '--name-only', '-z', '--no-renames', ...range, '--', ...paths], lastChanges);

/** Those of `paths` (literal) that `rev`'s tree holds; none when `rev` names no tree. */
export const trackedAt = (rev: string, paths: string[]) =>
  query(['--literal-pathspecs', 'ls-tree', '-z', '--name-only', rev, '--', ...paths], (out) => new Set(splitNul(out)), () => new Set<string>());

/** How many commits `to` has that `from` has not. */
export const commitsBetween = (from: string, to: string) => query(['rev-list', '--count', `${from}..${to}`], (out) => Number(out.trim()));

/** Whether `ancestor` is an ancestor of (or is) `descendant`. */
export const isAncestorOf = (ancestor: string, descendant: string) => query(['merge-base', '--is-ancestor', ancestor, descendant], () => true, () => false);

/** Whether a remote-tracking branch holds `commit` (it came from elsewhere, or went there). */
export const onRemoteBranch = (commit: string) =>
  query(['for-each-ref', '--count=1', '--format=%(refname)', '--contains', commit, 'refs/remotes'], (out) => out.trim() !== '', () => false);

/** The best common ancestor of `a` and `b`, or null when they have none. */
export const mergeBase = (a: string, b: string) => query(['merge-base', a, b], (out) => out.trim() || null, () => null);

/** The commits of `range` (`A..B`, or one revision for all its history), parents first; a revision that names nothing is git's error. */
export const commitsInRange = (range: string) => query(['rev-list', '--reverse', '--topo-order', '--end-of-options', range, '--'], (out) => out.split('\n').filter(Boolean));

/**
 * The commits reachable from `revs` (`^` excluding) and from none of `refs` (pseudo-options:
 * `--remotes=origin`), parents first; revisions on stdin, so no list is too long for argv.
 */
export async function commitsNotOn(revs: string[], refs: string[], cwd: string): Promise<string[]> {
  const out = await git(['rev-list', '--reverse', '--topo-order', '--stdin', '--not', ...refs], { cwd, input: revs.map((r) => `${r}\n`).join('') });
  return out.split('\n').filter(Boolean);
}

/**
 * The newest commits reachable from `tips` and from none of `exclude`, none on a remote-tracking
 * branch, each a descendant of one of those (--ancestry-path: history from before them is not
 * new, whatever its dates say), at most `limit`, newest first. The excluded go in on stdin
 * (thousands fit no argument list); one git does not know is ignored.
 */
export async function newCommitsUnder(tips: string[], exclude: string[], opts: { limit: number }, cwd: string): Promise<string[]> {
  const out = await git(['rev-list', '--ignore-missing', '--ancestry-path', `--max-count=${opts.limit}`, ...tips, '--not', '--remotes', '--stdin'], {
    cwd,
    input: exclude.map((a) => `^${a}\n`).join(''),
  });
  return out.split('\n').filter(Boolean);
}
