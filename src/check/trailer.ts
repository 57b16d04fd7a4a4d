// The trailers plan-hooks writes into a commit message, decided once and written cheaply.
//
// pre-commit already has every fact (identity, staged tree, the committer's own claims), so it
// decides the trailers and leaves them in a record, `<tree> <HEAD>` then one line per trailer,
// under the git dir. The hook runner (hooks/plan-hooks.sh) applies the record in
// prepare-commit-msg without starting node when the index and HEAD are still the ones
// pre-commit saw: a node start is most of a hook's cost, one `git interpret-trailers` is not.
// The record is consumed either way; without one that matches (--no-verify, a cherry-pick, a
// rebase pick, the first commit, a changed index) prepare-commit-msg runs in node and decides.
// The runner and ../hooks/prepare-commit-msg.ts apply a record the same way (trailerArgs below and its
// shell twin in hooks/plan-hooks.sh; test/internals/trailer-fast-path.test.ts holds both to it).
//
// Whether the index is still the one pre-commit saw is a file's identity, not a `git write-tree`
// (~3 ms at 10,000 entries, more with more): the index file is hard-linked beside the record when
// its cache tree names the record's tree (what write-tree itself answers for that file, without
// computing anything: pre-commit's own write-tree left it valid), and the runner compares the
// two with `test -ef`. The same file is the same content: git (and libgit2, JGit, dulwich) never
// rewrites an index file, it writes a new one and renames it into place, and the link keeps the
// file's inode from being taken by a new one. A tool that does rewrite it in place
// (isomorphic-git) changes its mtime, which the runner compares with the record's. Without the
// link (no valid cache tree, a client that sets no GIT_INDEX_FILE, a file system without hard
// links) the runner asks git. The link keeps the last checked index file on disk until the next
// pre-commit replaces it.
import { closeSync, fstatSync, linkSync, mkdirSync, openSync, readSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { ClaimHit } from '../core/claims.js';
import { cacheTreeRootIs } from '../git/index-file.js';
import { hasUnsafe } from '../term.js';
import { removeFile, removeFileLater } from '../lib/remove-file.js';

/** The one task of the committer's own claims the change falls under, or null (pure). */
export function trailerTask(ownHits: ClaimHit[]): string | null {
  const tasks = new Set(ownHits.map((h) => h.claim.task));
  if (tasks.size !== 1) return null;
  const [task] = tasks;
  // A task id from a plan file becomes a trailer value: one line, nothing a terminal hides.
  return task && !hasUnsafe(task) ? task : null;
}

/** The record under the per-worktree git dir, beside the verified marker. */
export const trailerRecordFile = (gitDir: string) => join(gitDir, 'plan-hooks', 'trailers');

/**
 * One line of the record: `A` a trailer written whatever the message source, `T` the Plan-Task
 * trailer (not when the message is reused: --amend, -c, -C).
 */
export type RecordLine = `${'A' | 'T'} ${string}`;

/** The index file the record was made for, linked beside it (see the top): only ever linked, renamed or removed, never written. */
export const trailerIndexFile = (gitDir: string) => `${trailerRecordFile(gitDir)}.index`;

/**
 * Starts removing the earlier record's index link as soon as the git dir is known, while the
 * hook reads and checks: by then git has usually replaced the index it names (`git add`), so
 * the link is that file's last name and removing it frees ~1 MB of blocks (~0.5 ms of pre-commit's
 * own time at 10,000 files). What the promise resolves to is passed to writeTrailerRecord.
 */
export async function dropIndexLink(gitDir: string): Promise<boolean> {
  const failed = await removeFileLater(trailerIndexFile(gitDir));
  // Not removed: writeTrailerRecord removes it itself, and throws as removeFile does.
  return failed === null;
}

/**
 * Records the trailers for the commit of `tree` on `head` (null: none yet), with the index file
 * (`index`, as GIT_INDEX_FILE names it) linked beside it when its cache tree says it is `tree`;
 * `null` clears.
 */
export function writeTrailerRecord(gitDir: string, commit: { tree: string; head: string | null; lines: RecordLine[] } | null, index: string | null = null, linkDropped = false): void {
  const file = trailerRecordFile(gitDir);
  // Never a link of an earlier record's beside this one.
  if (!linkDropped) removeFile(trailerIndexFile(gitDir));
  if (commit === null) return removeFile(file);
  mkdirSync(dirname(file), { recursive: true });
  if (index) linkIndex(index, commit.tree, trailerIndexFile(gitDir));
  // After the link: the runner takes an index written after the record for a changed one.
  writeFileSync(file, [`${commit.tree} ${commit.head ?? '-'}`, ...commit.lines].map((l) => `${l}\n`).join(''));
}

/** Links `index` to `to` when the file linked (read through the link: it stays that file) holds `tree`. */
function linkIndex(index: string, tree: string, to: string): void {
  const made = `${to}.${process.pid}`;
  let linked = false;
  try {
    linkSync(index, made);
    linked = true;
    if (holdsTree(made, tree)) {
      renameSync(made, to);
      linked = false;
    }
  } catch {
    // No link: the runner asks git.
  } finally {
    // Only a link still there: an unlink that fails costs node an error object.
    if (linked) removeFile(made);
  }
}

/** The cache tree, the index's first extension, is near its end: its last 16 KiB are read first, all of it only when they do not hold it. */
function holdsTree(file: string, tree: string): boolean {
  const fd = openSync(file, 'r');
  try {
    const size = fstatSync(fd).size;
    for (const length of [Math.min(size, 16 * 1024), size]) {
      const bytes = Buffer.allocUnsafe(length);
      if (readSync(fd, bytes, 0, length, size - length) === length && cacheTreeRootIs(bytes, tree)) return true;
      if (length === size) return false;
    }
    return false;
  } finally {
    closeSync(fd);
  }
}

/** The keys plan-hooks owns: any earlier line of them is removed before they are written. */
export const OWNED_KEYS = ['Plan-Agent', 'Plan-Skip', 'Plan-Bound'];

/** `git interpret-trailers` arguments for a record's lines and git's message source (pure). */
export function trailerArgs(lines: string[], source: string | undefined): string[] {
  const args: string[] = [];
  for (const line of lines) {
    const kind = line.charAt(0);
    const trailer = line.slice(2);
    if (kind === 'A') args.push('--if-exists', 'replace', '--trailer', trailer);
    else if (kind === 'T' && source !== 'commit') args.push('--if-exists', 'doNothing', '--trailer', trailer);
  }
  return args;
}

/**
 * The record's lines for a commit (pure). No Plan-Agent when the identity is the git author:
 * a commit with no record is judged by its author anyway, and most commits stay unmarked.
 */
export function recordLines(facts: { identity: { name: string; source: string }; tree: string; skipped: string[]; task: string | null; bound?: readonly string[] }): RecordLine[] {
  const lines: RecordLine[] = [];
  const agent = agentRecord(facts.identity, facts.tree);
  if (agent) lines.push(`A ${agent}`);
  if (facts.skipped.length > 0) lines.push(`A ${SKIP_TRAILER}: ${skipTrailerValue(facts.skipped, facts.tree)}`);
  const bound = boundTrailerValue(facts.bound ?? []);
  if (bound) lines.push(`A ${BOUND_TRAILER}: ${bound}`);
  if (facts.task) lines.push(`T Plan-Task: ${facts.task}`);
  return lines;
}

// THE COMMITTER'S IDENTITY TRAVELS WITH THE COMMIT. What the hooks decided at commit time (the
// identity: name and source) is written into the message as `Plan-Agent: <name> (<source>) <seal>`,
// so pre-push in another terminal and CI in a fresh clone judge the commit by its committer,
// not by whoever pushes it. The seal binds the record to the commit's tree: a record copied
// from another commit, typed by hand without the tree, or carried by a rebase or cherry-pick
// that changed the tree does not verify, and then the commit is judged by its author and
// reported as unverified. The seal is not a signature: anyone who reads this code can compute
// one, so a deliberate forger can pass as another agent; what it guarantees is that a commit
// made where no hook ran (a hookless client, --no-verify habits, a copied trailer) never
// passes as someone other than its author. Checks skipped with PLAN_HOOKS_SKIP travel the
// same way: `Plan-Skip: claims`.
export const AGENT_TRAILER = 'Plan-Agent';
export const SKIP_TRAILER = 'Plan-Skip';

// THE TASKS A COMMIT BELONGS TO TRAVEL WITH IT TOO (`Plan-Bound: a/one, a/two`), so push and CI
// refuse what pre-commit refused: a path of another task held by the same agent. Not sealed: a
// binding only ever adds refusals (src/core/claims.ts matchClaims), so a forged or copied one
// can refuse a commit but never let one through.
export const BOUND_TRAILER = 'Plan-Bound';
const BOUND_SEPARATOR = ', ';

/** The Plan-Bound value for `tasks` (pure): the tasks that can stand in one trailer line; null for none. */
export function boundTrailerValue(tasks: readonly string[]): string | null {
  const fit = tasks.filter((t) => t.trim() === t && t !== '' && !t.includes(BOUND_SEPARATOR) && !t.endsWith(',') && !hasUnsafe(t));
  return fit.length > 0 ? fit.join(BOUND_SEPARATOR) : null;
}

/** The tasks Plan-Bound trailers name (pure). */
export function parseBoundTrailers(values: readonly string[]): string[] {
  return [...new Set(values.flatMap((v) => v.split(BOUND_SEPARATOR).map((t) => t.trim()).filter(Boolean)))];
}

/** FNV-1a, 64 bits, hex (pure): cheap to load and to run; see above for what it is not. */
function fnv1a64(text: string): string {
  let h = 0xcbf29ce484222325n;
  for (const byte of new TextEncoder().encode(text)) {
    h ^= BigInt(byte);
    h = (h * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return h.toString(16).padStart(16, '0');
}

export const agentSeal = (name: string, source: string, tree: string) => fnv1a64(`plan-hooks/1\0${name}\0${source}\0${tree}`);
const skipSeal = (checks: string, tree: string) => fnv1a64(`plan-hooks/1\0skip\0${checks}\0${tree}`);

/** `Plan-Skip: claims,plans <seal>` (pure). */
export function skipTrailerValue(skipped: string[], tree: string): string {
  const checks = [...skipped].sort().join(',');
  return `${checks} ${skipSeal(checks, tree)}`;
}

/** The checks a Plan-Skip trailer records, when its seal matches `tree` (pure); else null. */
export function parseSkipTrailer(value: string, tree: string): string[] | null {
  const m = /^([a-z,]+) ([0-9a-f]{16})$/.exec(value.trim());
  return m && m[2] === skipSeal(m[1]!, tree) ? m[1]!.split(',') : null;
}

/** The whole `Plan-Agent:` line for `identity` committing `tree` (pure); null when no record is needed or possible (see recordLines). */
export function agentRecord(identity: { name: string; source: string }, tree: string): string | null {
  const agent = identity.source === 'git-author' ? null : agentTrailerValue(identity, tree);
  return agent ? `${AGENT_TRAILER}: ${agent}` : null;
}

/** The trailer's value for `identity` committing `tree` (pure); null when the name cannot be one. */
export function agentTrailerValue(identity: { name: string; source: string }, tree: string): string | null {
  const name = identity.name.trim();
  if (!name || hasUnsafe(name) || /[()]/.test(name)) return null;
  return `${name} (${identity.source}) ${agentSeal(name, identity.source, tree)}`;
}

/** A recorded identity read back (pure): `sealed` when the seal matches `tree`. */
export function parseAgentTrailer(value: string, tree: string): { name: string; source: string; sealed: boolean } | null {
  const m = /^(.+?) \(([a-z-]+)\)(?: ([0-9a-f]{16}))?$/.exec(value.trim());
  if (!m) return null;
  const [, name, source, seal] = m;
  return { name: name!, source: source!, sealed: seal !== undefined && seal === agentSeal(name!, source!, tree) };
}
