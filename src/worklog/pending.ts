// The queue between a commit and its worklog entry. post-commit's runner (hooks/plan-hooks.sh)
// writes a small record of what may change once git returns — the commit, the branch, the
// sequencer state, pre-commit's marker, the identity variables — and starts a detached node
// that turns records into entries after git has returned. So the commit waits for one git
// process and no node. Records are drained oldest first by one drainer at a time (a lock of
// their own), so entries keep the order of the commits; a record is removed only once its entry
// is written, so a drainer killed midway leaves it for the next one. status and log drain (and
// wait for a drain in flight) before they read.
import { mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Config, DEFAULT_CONFIG } from '../config/config.js';
import { KNOWN_MARKERS } from '../core/known-markers.js';
import { LockTimeout, withLock } from './lock.js';

/** Where records wait (shared by every worktree, like the worklog). */
export const pendingDir = (commonDir: string) => join(commonDir, 'plan-hooks', 'pending');
const drainLock = (commonDir: string) => join(commonDir, 'plan-hooks', 'pending.lock');

/** A drainer is never taken for dead while it lives; this only bounds one that hangs. */
const DRAIN_STALE_MS = 10 * 60_000;
/** How long a reader (status, log) waits for a drain in flight before it reads anyway. */
const WAIT_MS = 60_000;
/** A record whose entry could not be built this many times is written as an incomplete entry. */
export const MAX_ATTEMPTS = 3;

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

/** The sequencer files the runner looks for (hooks/plan-hooks.sh lists the same). */
export const SEQUENCER_FILES = ['rebase-merge', 'rebase-apply', 'CHERRY_PICK_HEAD', 'sequencer', 'REVERT_HEAD'];

/** Pure: the record's text, one `key value` line each (what the runner writes, in node). */
export function formatRecord(r: PendingRecord): string {
  const lines = [`kind ${r.kind}`, `ref ${r.ref}`, `gitdir ${r.gitDir}`, `cwd ${r.cwd}`];
  if (r.kind === 'commit') {
    lines.push(`commit ${r.commit}`, `state ${r.state.join(' ')}`);
    if (r.marker) lines.push(`marker ${r.marker}`);
  } else {
    lines.push(`rewrite ${r.rewrite}`, ...r.pairs.map((p) => `pair ${p.old} ${p.new}`));
  }
  for (const [k, v] of Object.entries(r.env)) if (!/[\n\r]/.test(v)) lines.push(`env ${k}=${v}`);
  return `${lines.join('\n')}\n`;
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
    else if (key) one.set(key, value);
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

/** Record file names sort in the order they were written: `<epoch ns>-<pid>[.<attempts>].rec`. */
export function recordName(nowNs: bigint, pid: number): string {
  return `${nowNs.toString().padStart(20, '0')}-${pid}.rec`;
}

const attemptsOf = (name: string) => Number(/\.(\d+)\.rec$/.exec(name)?.[1] ?? 0);
const withAttempts = (name: string, n: number) => name.replace(/(\.\d+)?\.rec$/, `.${n}.rec`);
/** The runner's names have a 19-digit time; node's are padded to 20: compare them as numbers. */
const timeOf = (name: string) => BigInt(/^(\d+)-/.exec(name)?.[1] ?? '0');

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
      const d = timeOf(a) - timeOf(b);
      return d < 0n ? -1 : d > 0n ? 1 : a < b ? -1 : a > b ? 1 : 0;
    });
}

/** Writes a record from node (post-rewrite, post-merge, a runner older than the queue). */
export function writeRecord(commonDir: string, record: PendingRecord): void {
  const dir = pendingDir(commonDir);
  mkdirSync(dir, { recursive: true });
  const name = recordName(BigInt(Date.now()) * 1_000_000n + (process.hrtime.bigint() % 1_000_000n), process.pid);
  // Written aside and renamed: a drainer never reads half a record.
  writeFileSync(join(dir, `${name}.tmp`), formatRecord(record));
  renameSync(join(dir, `${name}.tmp`), join(dir, name));
}

export interface Drainer {
  /**
   * Appends the entries for one record (and any it implies, such as commits made without hooks
   * before it). `incomplete` is set once the record has failed MAX_ATTEMPTS times: then write
   * what can be written, never throw.
   */
  handle(record: PendingRecord, incomplete: string | null): Promise<void>;
  /** A record that is not one (damaged by hand): reported, then dropped. */
  damaged(name: string): void;
}

async function drainHeld(commonDir: string, drainer: Drainer): Promise<void> {
  const dir = pendingDir(commonDir);
  for (let names = listRecords(commonDir); names.length > 0; names = listRecords(commonDir)) {
    for (const name of names) {
      const file = join(dir, name);
      let text: string;
      try {
        text = readFileSync(file, 'utf8');
      } catch {
        continue;
      }
      const record = parseRecord(text);
      if (record === null) {
        drainer.damaged(name);
        rmSync(file, { force: true });
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
      rmSync(file, { force: true });
    }
  }
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
      await drainHeld(commonDir, drainer);
      await opts.then!();
    }, lockOpts);
    return;
  }
  for (let round = 0; listRecords(commonDir).length > 0; round++) {
    try {
      await withLock(drainLock(commonDir), () => drainHeld(commonDir, drainer), lockOpts);
    } catch (error) {
      if (error instanceof LockTimeout && !opts.wait) return;
      throw error;
    }
    // A record written while this drainer held the lock, whose own drainer then found the lock
    // taken and left, is seen here. A reader needs only what was committed before it began.
    if (opts.wait || round > 1000) return;
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
 * The variable names the runner keeps with a record: what SPEC §4's identity reads. The same for
 * every configuration (the runner bakes none in): the default markers and @vercel/detect-agent's,
 * plus the configuration's own when it is given.
 */
export function identityVariables(config: Pick<Config, 'agentMarkers'> = DEFAULT_CONFIG): string[] {
  return ['PLAN_HOOKS_AGENT', 'GIT_AUTHOR_NAME', ...Object.keys(DEFAULT_CONFIG.agentMarkers), ...Object.keys(KNOWN_MARKERS), ...Object.keys(config.agentMarkers)].filter(
    (n, i, all) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(n) && all.indexOf(n) === i,
  );
}
