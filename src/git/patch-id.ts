// Which commits carry the same change as others: git's patch-id (`git patch-id --stable`), the
// hash of a commit's diff with line numbers and whitespace left out, so a rebased or
// cherry-picked commit has the id of the commit it was made from. Used by the range check to
// recognise a rebase of work the remote already has (src/check/range.ts), from objects alone.
import { gitAlone } from './spawn.js';

/**
 * The diff every patch-id is taken from. Fixed options, so the user's diff configuration cannot
 * make two runs disagree: no renames (a rename is its two paths), binary changes by their blob
 * ids (two different edits of one binary file never share an id), no textconv or external diff.
 */
const DIFF = ['diff-tree', '--stdin', '--root', '-r', '-p', '--binary', '--no-renames', '--no-color', '--no-ext-diff', '--no-textconv'];

/** `git patch-id` output (pure): commit → patch-id. A commit with an empty diff has none. */
export function parsePatchIds(out: string): Map<string, string> {
  const ids = new Map<string, string>();
  for (const line of out.split('\n')) {
    const [id, commit] = line.trim().split(' ');
    if (id && commit) ids.set(commit, id);
  }
  return ids;
}

/**
 * The patch-id of each commit (non-merges; a merge's diff is against its first parent only and
 * means nothing here), in two processes whatever the count: one diff-tree, one patch-id.
 */
export async function patchIds(commits: string[], cwd: string): Promise<Map<string, string>> {
  if (commits.length === 0) return new Map();
  const diff = await gitAlone(DIFF, { cwd, input: commits.map((c) => `${c}\n`).join('') });
  return parsePatchIds(await gitAlone(['patch-id', '--stable'], { cwd, input: diff }));
}

export interface TouchingQuery {
  /** Pseudo-options naming refs (`--remotes`, `--remotes=origin`); they go on argv. */
  refs: string[];
  /** Commit ids whose history counts too (a fetched previous head, the base). */
  commits: string[];
  /** Commit ids whose ancestry is left out. */
  exclude: string[];
  /** Only commits that change one of these paths. */
  paths: string[];
  /** At most this many, newest first. */
  limit: number;
}

/** How many commits are walked to find `limit` that touch the paths. */
const SCAN_FACTOR = 5;

/** `diff-tree --stdin -r --name-only -z` output (pure): commit → the paths it changes. */
export function parseNameOnly(out: string, commits: Set<string>): Map<string, string[]> {
  const paths = new Map<string, string[]>();
  let current: string[] | null = null;
  for (const part of out.split('\0')) {
    const word = part.replace(/^\n/, '');
    if (commits.has(word) && !paths.has(word)) paths.set(word, (current = []));
    else if (word !== '' && current) current.push(word);
  }
  return paths;
}

/**
 * The non-merge commits reachable from `refs` and `commits` but not from `exclude` that change
 * one of `paths`, newest first, in two processes: the walk (revisions on stdin, so no list is
 * too long for argv), then one diff-tree naming each commit's paths, matched here by set
 * lookup. (A path-limited walk costs commits × entries × paths inside git: minutes for a
 * thousand rebased commits.)
 */
export async function commitsTouching(q: TouchingQuery, cwd: string): Promise<string[]> {
  if (q.paths.length === 0 || (q.refs.length === 0 && q.commits.length === 0)) return [];
  const input = [...q.commits, ...q.exclude.map((c) => `^${c}`)].map((l) => `${l}\n`).join('');
  const walked = (await gitAlone(['rev-list', '--no-merges', `--max-count=${q.limit * SCAN_FACTOR}`, ...q.refs, '--stdin'], { cwd, input })).split('\n').filter(Boolean);
  if (walked.length === 0) return [];
  const names = parseNameOnly(await gitAlone(['diff-tree', '--stdin', '--root', '-r', '-z', '--name-only', '--no-renames'], { cwd, input: walked.map((c) => `${c}\n`).join('') }), new Set(walked));
  const wanted = new Set(q.paths);
  return walked.filter((c) => (names.get(c) ?? []).some((p) => wanted.has(p))).slice(0, q.limit);
}

/**
 * The patch-id of the change from `fork` to `tip` for each pair (what a squash-merge of the
 * branch `fork..tip` carries), keyed `"<tip> <fork>"`: one diff-tree and one patch-id per round,
 * a round holding each tip once (patch-id names a diff by its tip).
 */
export async function patchIdsBetween(pairs: { tip: string; fork: string }[], cwd: string): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  let left = pairs;
  while (left.length > 0) {
    const seen = new Set<string>();
    const round = left.filter((p) => !seen.has(p.tip) && seen.add(p.tip));
    left = left.filter((p) => !round.includes(p));
    const diff = await gitAlone(DIFF, { cwd, input: round.map((p) => `${p.tip} ${p.fork}\n`).join('') });
    const byTip = parsePatchIds(await gitAlone(['patch-id', '--stable'], { cwd, input: diff }));
    for (const p of round) {
      const id = byTip.get(p.tip);
      if (id) ids.set(`${p.tip} ${p.fork}`, id);
    }
  }
  return ids;
}

/** The tips of the remote-tracking branches `refs` names (`--remotes`, `--remotes=origin`), newest first, at most `limit`. */
export async function remoteTips(refs: string[], limit: number, cwd: string): Promise<string[]> {
  const prefixes = refs.map((r) => (r === '--remotes' ? 'refs/remotes' : r.startsWith('--remotes=') ? `refs/remotes/${r.slice('--remotes='.length)}` : null)).filter((p): p is string => p !== null);
  if (prefixes.length === 0) return [];
  const out = await gitAlone(['for-each-ref', '--sort=-committerdate', `--count=${limit}`, '--format=%(objectname) %(objecttype) %(symref)', ...prefixes], { cwd });
  return [...new Set(out.split('\n').map((l) => l.split(' ')).filter(([oid, type, symref]) => oid && type === 'commit' && !symref).map(([oid]) => oid!))];
}
