// Commits' own facts — parents, tree, author, time, subject, the values of chosen trailers — for
// many commits in one `git log --no-walk --stdin` (revisions on stdin: a range of 10,000 commits
// fits no argv), and one commit's through the same format.
import { type Change, parseNameStatus } from './changes.js';
import { git, gitQuery, query } from './git.js';

export interface CommitInfo {
  commit: string;
  parents: string[];
  tree: string;
  author: string;
  time: Date;
  subject: string;
  /** The values of each trailer key asked for (git matches keys without regard to case). */
  trailers: Record<string, string[]>;
}

/** `git log --format` for CommitInfo, with the values of these trailer keys. */
export const commitFormat = (trailerKeys: string[]) =>
  `--format=${['%H', '%P', '%T', '%an', '%ct', '%s', ...trailerKeys.map((k) => `%(trailers:key=${k},valueonly,separator=%x01)`)].join('%x00')}%x1e`;

const list = (v: string | undefined) => (v ? v.split('\u0001').map((s) => s.trim()).filter(Boolean) : []);

/** `git log` output in commitFormat(trailerKeys) (pure). */
export function parseCommitInfo(out: string, trailerKeys: string[]): CommitInfo[] {
  return out
    .split('\u001e')
    .map((r) => r.replace(/^\n/, ''))
    .filter(Boolean)
    .map((record) => {
      const [commit, parents, tree, author, time, subject, ...values] = record.split('\0');
      return {
        commit: commit!,
        parents: parents ? parents.split(' ') : [],
        tree: tree ?? '',
        author: author ?? '',
        time: new Date(Number(time) * 1000),
        subject: subject ?? '',
        trailers: Object.fromEntries(trailerKeys.map((k, i) => [k, list(values[i])])),
      };
    });
}

/** The facts of each of `commits` (at least one), in the order given, with the values of `trailerKeys`: one `log --stdin`. */
export const commitInfosOf = (commits: string[], trailerKeys: string[]) =>
  query({ args: ['log', '--no-walk=unsorted', '--stdin', '--no-show-signature', commitFormat(trailerKeys)], input: commits.map((c) => `${c}\n`).join('') }, (out) => parseCommitInfo(out, trailerKeys));

/** The facts of each of `commits`, in the order given, with the values of `trailerKeys`. */
export async function commitInfos(commits: string[], trailerKeys: string[], cwd: string): Promise<CommitInfo[]> {
  if (commits.length === 0) return [];
  return gitQuery(commitInfosOf(commits, trailerKeys), cwd);
}

/** The committer's email of `commit`. */
export const committerEmailOf = (commit: string) => query(['log', '-1', '--format=%ce', commit], (out) => out.trim());

/** The commit `commit` says it reverts (`git revert`'s "This reverts commit <id>." line), or null. */
export const revertedBy = (commit: string) => query(['log', '-1', '--format=%b', commit], (out) => /^This reverts commit ([0-9a-f]{40,64})\b/m.exec(out)?.[1] ?? null, () => null);

/** The author's name of `commit`. */
export const authorOf = (commit: string) => query(['log', '-1', '--format=%an', commit], (out) => out.trim());

/** The facts of the one commit `rev` names (CommitInfo, with `trailerKeys`), or null when it names none. */
export const commitInfoOf = (rev: string, trailerKeys: string[]) =>
  query(['log', '-1', '--no-show-signature', commitFormat(trailerKeys), rev], (out) => parseCommitInfo(out, trailerKeys)[0] ?? null, () => null);

/** The commit `rev` names and its parents, first parent first. */
export const withParents = (rev: string) =>
  query(['rev-list', '--parents', '-n', '1', rev], (out) => {
    const [commit = '', ...parents] = out.trim().split(' ');
    return { commit, parents };
  });

/** A commit as the worklog records it: CommitInfo's facts in git's own forms, and its changes. */
export interface CommitRecordFacts {
  commit: string;
  tree: string;
  parents: string[];
  authorName: string;
  authorEmail: string;
  /** The committer date, strict ISO 8601 with its offset (`%cI`). */
  committedAt: string;
  subject: string;
  /** The values of each trailer key asked for, as git lists them. */
  trailers: Record<string, string[]>;
  /** Against the first parent, renames found (a merge's too); a root commit's against nothing. */
  changes: Change[];
}

const recordFormat = (trailerKeys: string[]) =>
  `--format=${['%H', '%T', '%P', '%an', '%ae', '%cI', '%s', ...trailerKeys.map((k) => `%(trailers:key=${k},valueonly,separator=%x01)`)].join('%x00')}%x00`;

/** `git log -1 --format=<recordFormat> --name-status -z` (pure): the fields, then a newline and the changes. */
export function parseCommitRecord(out: string, trailerKeys: string[]): CommitRecordFacts {
  const cut = out.indexOf('\0\n');
  const [commit = '', tree = '', parents = '', authorName = '', authorEmail = '', committedAt = '', subject = '', ...values] = (cut === -1 ? out : out.slice(0, cut)).split('\0');
  return {
    commit,
    tree,
    parents: parents ? parents.split(' ') : [],
    authorName,
    authorEmail,
    committedAt,
    subject,
    trailers: Object.fromEntries(trailerKeys.map((k, i) => [k, values[i] ? values[i].split('\u0001') : []])),
    changes: cut === -1 ? [] : parseNameStatus(out.slice(cut + 2)),
  };
}

/** One commit's facts and changes (CommitRecordFacts, with `trailerKeys`), in one process. */
export const commitRecordOf = (commit: string, trailerKeys: string[]) =>
  query(['log', '-1', '--no-show-signature', recordFormat(trailerKeys), '--name-status', '-z', '-M', '--diff-merges=first-parent', '--no-ext-diff', commit, '--'], (out) => parseCommitRecord(out, trailerKeys));

/** Writes trailers into a message file as `git interpret-trailers --in-place` does (`args`: its options). */
export async function interpretTrailers(file: string, args: string[], cwd: string): Promise<void> {
  await git(['interpret-trailers', '--in-place', ...args, file], { cwd });
}

/** The commits on HEAD since `from` (newest first, at most `n`), with `trailerKeys`; none when `from` is unknown. */
export const commitsSince = (from: string, n: number, trailerKeys: string[]) =>
  query(['log', `-${n}`, '--no-show-signature', commitFormat(trailerKeys), '--end-of-options', `${from}..HEAD`, '--'], (out) => parseCommitInfo(out, trailerKeys), () => []);
