// The queue between a commit and its worklog entry. post-commit's runner (hooks/plan-hooks.sh)
// writes a small record of what may change once git returns — the commit, the branch, the
// sequencer state, pre-commit's marker, the identity variables — and starts a detached node
// that turns records into entries after git has returned. So the commit waits for one git
// process and no node. Records are drained oldest first by one drainer at a time (a lock of
// their own), so entries keep the order of the commits; a record is removed only once its entry
// is written, so a drainer killed midway leaves it for the next one. status and log drain (and
// wait for a drain in flight) before they read.
//
// The runner writes a record with builtins only: no clock read and no rename, each a process
// (`date`, `mv`: ~3 ms of every commit). Its name is the next number after the highest record
// waiting (recordName), so a record written after another was whole sorts after it, or that one
// was drained already: entries keep the order of the commits that follow one another, a
// rebase's rewrite after its picks; records written at the same time, by commits in two
// worktrees, may take either order (or the same number: the pid tells them apart). It is
// written in place, between a `begin` and an `end` line; a drainer meeting one still being
// written stops there and leaves it to its writer, which starts a drainer once it is whole.
import { mkdirSync, readFileSync, readdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Config, DEFAULT_CONFIG } from '../config/config.js';
import { KNOWN_MARKERS } from '../core/known-markers.js';
import { LockTimeout, withLock } from './lock.js';
import { removeFile } from '../lib/remove-file.js';
import { SEQUENCER_STATE } from '../git/layout.js';

/** Where records wait (shared by every worktree, like the worklog). */
export const pendingDir = (commonDir: string) => join(commonDir, 'plan-hooks', 'pending');
const drainLock = (commonDir: string) => join(commonDir, 'plan-hooks', 'pending.lock');

/** A drainer is never taken for dead while it lives; this only bounds one that hangs. */
const DRAIN_STALE_MS = 10 * 60_000;
/** How long a reader (status, log) waits for a drain in flight before it reads anyway. */
const WAIT_MS = 60_000;
/** A record whose entry could not be built this many times is written as an incomplete entry. */
export const MAX_ATTEMPTS = 3;
/**
 * A record is written in one go (one printf in the runner, microseconds): one still without its
 * `end` line after this long was cut short (its writer killed, the disk full), and is reported
 * and dropped as a damaged one is; the commit is then found as one made without hooks.
 */
export const WRITING_MS = 10_000;
/** How often a reader looks again at a record still being written. */
const WRITING_POLL_MS = 5;

export interface CommitRecord {
  kind: 'commit';
  commit: string;
  /** refs/heads/<branch>, or HEAD when detached. */
  ref: string;
  /** The worktree's own git dir (absolute). */
  gitDir: string;
  /** Where git ran the hook: the top of the working tree (inside the git dir under dulwich). */
  cwd: string;
  /** Which sequencer files were present in the git dir when git ran post-commit. */
  state: string[];
  /** pre-commit's verified marker as it was then (JSON), or null. */
  marker: string | null;
  /** The identity variables of the committing environment (names baked into the runner). */
  env: Record<string, string>;
}

export interface RewriteRecord {
  kind: 'rewrite';
  rewrite: 'amend' | 'rebase';
  pairs: { old: string; new: string }[];
  ref: string;
  gitDir: string;
  cwd: string;
  env: Record<string, string>;
}

export type PendingRecord = CommitRecord | RewriteRecord;

/** The sequencer files the runner looks for (one list for both: ../git/layout.ts). */
export const SEQUENCER_FILES: readonly string[] = SEQUENCER_STATE;

/** Pure: the record's text, one `key value` line each between `begin` and `end` (what the runner writes, in node). */
export function formatRecord(r: PendingRecord): string {
  const lines = ['begin', `kind ${r.kind}`, `ref ${r.ref}`, `gitdir ${r.gitDir}`, `cwd ${r.cwd}`];
  if (r.kind === 'commit') {
    lines.push(`commit ${r.commit}`, `state ${r.state.join(' ')}`);
    if (r.marker) lines.push(`marker ${r.marker}`);
  } else {
    lines.push(`rewrite ${r.rewrite}`, ...r.pairs.map((p) => `pair ${p.old} ${p.new}`));
  }
  for (const [k, v] of Object.entries(r.env)) if (!/[\n\r]/.test(v)) lines.push(`env ${k}=${v}`);
  return `${lines.join('\n')}\nend\n`;
}

/**
 * Pure: whether a record's text is all there: between `begin` and `end`, or from a runner before
 * records were written in place (it wrote them aside and renamed them: always whole; they open
 * with `kind`). Anything else is still being written, or was cut short.
 */
export function isWhole(text: string): boolean {
  return text.startsWith('kind ') || (text.startsWith('begin\n') && text.endsWith('\nend\n'));
}

/** Pure: a record's text back; null when it is not one (damaged, or from elsewhere). */
export function parseRecord(text: string): PendingRecord | null {
  const one = new Map<string, string>();
  const env: Record<string, string> = {};
  const pairs: { old: string; new: string }[] = [];
  const state: string[] = [];
  for (const line of text.split('\n')) {
    const sp = line.indexOf(' ');
    const key = sp === -1 ? line : line.slice(0, sp);
    const value = sp === -1 ? '' : line.slice(sp + 1);
    if (key === 'env') {
      const eq = value.indexOf('=');
      if (eq > 0) env[value.slice(0, eq)] = value.slice(eq + 1);
    } else if (key === 'pair') {
      const [o, n] = value.split(' ');
      if (o && n && /^[0-9a-f]{40,64}$/.test(o) && /^[0-9a-f]{40,64}$/.test(n)) pairs.push({ old: o, new: n });
    } else if (key === 'state') state.push(...value.split(' ').filter((s) => SEQUENCER_FILES.includes(s)));
    else if (key && key !== 'begin' && key !== 'end') one.set(key, value);
  }
  const ref = one.get('ref');
  const gitDir = one.get('gitdir');
  const cwd = one.get('cwd');
  if (!ref || !gitDir || !cwd) return null;
  if (one.get('kind') === 'rewrite') {
    const rewrite = one.get('rewrite');
    if ((rewrite !== 'amend' && rewrite !== 'rebase') || pairs.length === 0) return null;
    return { kind: 'rewrite', rewrite, pairs, ref, gitDir, cwd, env };
  }
  const commit = one.get('commit');
  if (!commit || !/^[0-9a-f]{40,64}$/.test(commit)) return null;
  return { kind: 'commit', commit, ref, gitDir, cwd, state, marker: one.get('marker') || null, env };
}

/**
 * A record's file name, `<number>-<pid>[.<attempts>].rec`, for the records waiting (`names`): the
 * number is one more than the highest of theirs (see the top; the runner's loop is this one's
 * twin). Earlier runners numbered records by their epoch time in ns, which this continues from.
 */
export function recordName(names: string[], pid: number): string {
  const highest = names.reduce((max, name) => (numberOf(name) > max ? numberOf(name) : max), 0n);
  return `${highest + 1n}-${pid}.rec`;
}

const attemptsOf = (name: string) => Number(/\.(\d+)\.rec$/.exec(name)?.[1] ?? 0);
const withAttempts = (name: string, n: number) => name.replace(/(\.\d+)?\.rec$/, `.${n}.rec`);
/** Names order by their number (node once padded it to 20 digits): compared as numbers. */
const numberOf = (name: string) => BigInt(/^(\d+)-/.exec(name)?.[1] ?? '0');

/** The records waiting, oldest first. */
export function listRecords(commonDir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(pendingDir(commonDir));
  } catch {
    return [];
  }
  return names
    .filter((n) => n.endsWith('.rec'))
    .sort((a, b) => {
      const d = numberOf(a) - numberOf(b);
      return d < 0n ? -1 : d > 0n ? 1 : a < b ? -1 : a > b ? 1 : 0;
    });
}

/** Writes a record from node (post-rewrite, post-merge, a runner older than the queue or one that could not write it), as the runner does. */
export function writeRecord(commonDir: string, record: PendingRecord): void {
  const dir = pendingDir(commonDir);
  mkdirSync(dir, { recursive: true });
  for (;;) {
    try {
      // Created exclusively: a name another writer took is never overwritten.
      return writeFileSync(join(dir, recordName(listRecords(commonDir), process.pid)), formatRecord(record), { flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A waiting record's text once it is whole; 'writing' while its writer may still be at it, 'cut'
 * once it is older than any write takes; null when it is gone (drained by another).
 */
function readRecord(file: string): string | 'writing' | 'cut' | null {
  try {
    const text = readFileSync(file, 'utf8');
    if (isWhole(text)) return text;
    return Date.now() - statSync(file).mtimeMs > WRITING_MS ? 'cut' : 'writing';
  } catch {
    return null;
  }
}

export interface Drainer {
  /**
   * Appends the entries for one record (and any it implies, such as commits made without hooks
   * before it). `incomplete` is set once the record has failed MAX_ATTEMPTS times: then write
   * what can be written, never throw.
   */
  handle(record: PendingRecord, incomplete: string | null): Promise<void>;
  /** A record that is not one (damaged by hand), or was never finished (`cutShort`): reported, then dropped. */
  damaged(name: string, cutShort: boolean): void;
}

/** Drains what is waiting, oldest first; the name of a record still being written it stopped at (never when `wait`). */
async function drainHeld(commonDir: string, drainer: Drainer, wait: boolean): Promise<string | null> {
  const dir = pendingDir(commonDir);
  for (let names = listRecords(commonDir); names.length > 0; names = listRecords(commonDir)) {
    for (const name of names) {
      const file = join(dir, name);
      let text = readRecord(file);
      // A reader waits for the writer; the detached drainer leaves the record to it.
      for (; text === 'writing' && wait; text = readRecord(file)) await sleep(WRITING_POLL_MS);
      if (text === 'writing') return name;
      if (text === 'cut') {
        drainer.damaged(name, true);
        removeFile(file);
        continue;
      }
      if (text === null) continue;
      const record = parseRecord(text);
      if (record === null) {
        drainer.damaged(name, false);
        removeFile(file);
        continue;
      }
      const attempts = attemptsOf(name);
      try {
        await drainer.handle(record, null);
      } catch (error) {
        if (attempts + 1 < MAX_ATTEMPTS) {
          // Kept for the next drain, which may find git in a better state; counted, so a record
          // that can never be read does not block the queue for ever.
          renameSync(file, join(dir, withAttempts(name, attempts + 1)));
          throw error;
        }
        await drainer.handle(record, error instanceof Error ? error.message : String(error));
      }
      removeFile(file);
    }
  }
  return null;
}

/**
 * Turns every waiting record into entries, oldest first. `wait`: a reader's drain, which waits
 * for a drain in flight (then finds nothing left, or what arrived since). Without it (the
 * detached drainer) a drain in flight means another drainer has this record in its list, or
 * will look again once it lets go (the loop below), so this one leaves.
 */
export async function drain(commonDir: string, drainer: Drainer, opts: { wait: boolean; then?: () => Promise<unknown> }): Promise<void> {
  const lockOpts = { staleMs: DRAIN_STALE_MS, timeoutMs: opts.wait ? WAIT_MS : 0 };
  if (opts.then) {
    // Work that must come after every waiting record and before any later one (status recording
    // the commits made without hooks): done holding the lock.
    await withLock(drainLock(commonDir), async () => {
      await drainHeld(commonDir, drainer, true);
      await opts.then!();
    }, lockOpts);
    return;
  }
  for (let round = 0; listRecords(commonDir).length > 0; round++) {
    let writing: string | null;
    try {
      writing = await withLock(drainLock(commonDir), () => drainHeld(commonDir, drainer, opts.wait), lockOpts);
    } catch (error) {
      if (error instanceof LockTimeout && !opts.wait) return;
      throw error;
    }
    // A record written while this drainer held the lock, whose own drainer then found the lock
    // taken and left, is seen here. A reader needs only what was committed before it began.
    if (opts.wait || round > 1000) return;
    // Stopped at a record still being written: its writer starts a drainer once it is whole,
    // after this one let go. Looked at again now that it has: still being written, it is that
    // drainer's; whole (its drainer may have found the lock taken and left), it is this one's.
    if (writing !== null && readRecord(join(pendingDir(commonDir), writing)) === 'writing') return;
  }
}

/** The identity variables of this environment, as the runner records them (IDENTITY_VARS). */
export function identityEnv(config: Pick<Config, 'agentMarkers'>, env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of identityVariables(config)) {
    const value = env[name];
    if (value !== undefined && value !== '') out[name] = value;
  }
  return out;
}

/**
 * The variable names the runner keeps with a record: what the identity (core/identity.ts) reads. The same for
 * every configuration (the runner bakes none in): the default markers and @vercel/detect-agent's,
 * plus the configuration's own when it is given.
 */
export function identityVariables(config: Pick<Config, 'agentMarkers'> = DEFAULT_CONFIG): string[] {
  return ['PLAN_HOOKS_AGENT', 'GIT_AUTHOR_NAME', ...Object.keys(DEFAULT_CONFIG.agentMarkers), ...Object.keys(KNOWN_MARKERS), ...Object.keys(config.agentMarkers)].filter(
    (n, i, all) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(n) && all.indexOf(n) === i,
  );
}
