// Claims from the remote-tracking branches: after a fetch, a live claim in the plans of any
// refs/remotes/<remote>/<branch> counts, so a claim pushed from another machine (to the base
// branch, or to a feature branch not merged yet) is seen at commit, at push, in CI and in
// status. Bounded so it stays cheap: only branches whose tip was committed within
// `remoteClaims.days`, of the remotes and branches the configuration names; each tip's plan
// listing is kept by commit id (a commit names its tree, so an entry never goes stale), and
// the plan blobs go through the claims views cache by blob id like every other version. On
// the common commit every tip is known: one for-each-ref in the hook's batch and a file read.
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Config, RemoteClaims } from '../config/config.js';
import { objectIds } from '../git/cat-file.js';
import { gitQuery } from '../git/git.js';
import { REGULAR_FILE } from '../git/changes.js';
import { REMOTE_REFS, parseRefListing } from '../git/remote.js';
import { listTrees } from '../git/tree.js';
import { messages } from '../messages/index.js';
import { byCodeUnit } from '../lib/order.js';


export interface RemoteBranch {
  /** `origin/feature/export`. */
  name: string;
  ref: string;
  commit: string;
  /** The tip's committer date, seconds. */
  time: number;
}

/** `*` any run of characters (slashes too), `?` one; everything else literal. */
export function globMatcher(patterns: string[]): (name: string) => boolean {
  const res = patterns.map((p) => new RegExp(`^${p.slice(0, 256).replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.')}$`));
  return (name) => res.some((re) => re.test(name));
}

/**
 * The branches whose claims count (pure), newest first: not symbolic refs (`origin/HEAD`), not
 * `exclude` (the base branch, already read as such), tips committed within the window, remote
 * (the name's first segment) and branch (the rest) matching the configuration.
 */
export function selectRemoteBranches(out: string, cfg: RemoteClaims | false, now: Date, exclude: string | null = null): RemoteBranch[] {
  if (cfg === false) return [];
  const since = now.getTime() / 1000 - cfg.days * 86400;
  const remoteOk = globMatcher(cfg.remotes);
  const branchOk = globMatcher(cfg.branches);
  const branches: RemoteBranch[] = [];
  for (const { ref, commit, time: t, symref } of parseRefListing(out)) {
    if (!ref.startsWith('refs/remotes/') || !commit || symref) continue;
    const name = ref.slice('refs/remotes/'.length);
    const slash = name.indexOf('/');
    if (slash <= 0 || name === exclude || ref === exclude) continue;
    if (!(t >= since) || !remoteOk(name.slice(0, slash)) || !branchOk(name.slice(slash + 1))) continue;
    branches.push({ name, ref, commit, time: t });
  }
  return branches.sort((a, b) => b.time - a.time || byCodeUnit(a.name, b.name));
}

/**
 * Commit → (plan root → tree id), tree id → (plan path → blob id). Only plan files are kept, so
 * the listings are valid for one set of plan globs (`plans`).
 */
interface Listings {
  plans: string;
  commits: Record<string, Record<string, string | null>>;
  trees: Record<string, Record<string, string>>;
}
const LISTINGS_FORMAT = 2;
export const listingsFile = (gitDir: string) => join(gitDir, 'plan-hooks', 'remote-plans.json');

function readListings(gitDir: string, plans: string): Listings {
  try {
    const data = JSON.parse(readFileSync(listingsFile(gitDir), 'utf8')) as { format?: unknown } & Partial<Listings>;
    if (data.format === LISTINGS_FORMAT && data.plans === plans && typeof data.commits === 'object' && data.commits && typeof data.trees === 'object' && data.trees) {
      return { plans, commits: data.commits, trees: data.trees };
    }
  } catch {
    // No listings yet, or not ours: the tips are listed from git.
  }
  return { plans, commits: {}, trees: {} };
}

function writeListings(gitDir: string, listings: Listings): void {
  const file = listingsFile(gitDir);
  const temp = `${file}.${process.pid}.tmp`;
  try {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(temp, JSON.stringify({ format: LISTINGS_FORMAT, ...listings }));
    renameSync(temp, file);
  } catch {
    // Only costs the next run a listing from git.
  }
}

export interface RemotePlan {
  branch: RemoteBranch;
  file: string;
  oid: string;
}

/**
 * The plan blobs of `branches`' tips (`roots` and `matches`: the plan matcher). Tips not listed
 * before cost one cat-file for their plan directories' tree ids and one ls-tree per tree not
 * seen before (branches that did not touch the plans share them).
 */
export async function remotePlans(cwd: string, gitDir: string, branches: RemoteBranch[], plans: { globs: string[]; roots: string[]; matches: (path: string) => boolean }): Promise<RemotePlan[]> {
  if (branches.length === 0) return [];
  const { roots, matches } = plans;
  const cached = readListings(gitDir, JSON.stringify(plans.globs));
  const used: Listings = { plans: cached.plans, commits: {}, trees: {} };
  const commits = [...new Set(branches.map((b) => b.commit))];
  const unknown = commits.filter((c) => !cached.commits[c]);
  if (unknown.length > 0) {
    const names = unknown.flatMap((c) => roots.map((r) => (r === '' ? `${c}^{tree}` : `${c}:${r}`)));
    const ids = await objectIds(names, 'tree', cwd);
    unknown.forEach((c, i) => (cached.commits[c] = Object.fromEntries(roots.map((r, j) => [r, ids[i * roots.length + j] ?? null]))));
  }
  const trees = [...new Set(commits.flatMap((c) => Object.values(cached.commits[c] ?? {}).filter((t): t is string => t !== null)))];
  const unlisted = trees.filter((t) => !cached.trees[t]);
  if (unlisted.length > 0) {
    // A tree is listed under the first root it was found at (the same tree under two roots is rare).
    const rootOf = new Map<string, string>();
    for (const c of commits) for (const [r, t] of Object.entries(cached.commits[c] ?? {})) if (t && !rootOf.has(t)) rootOf.set(t, r);
    const listings = await listTrees(unlisted, [], cwd);
    unlisted.forEach((t, i) => {
      const root = rootOf.get(t) ?? '';
      const listing: Record<string, string> = {};
      for (const e of listings[i] ?? []) if (REGULAR_FILE.test(e.mode) && matches(root === '' ? e.path : `${root}/${e.path}`)) listing[e.path] = e.oid;
      cached.trees[t] = listing;
    });
  }
  const found: RemotePlan[] = [];
  for (const branch of branches) {
    const byRoot = cached.commits[branch.commit] ?? {};
    used.commits[branch.commit] = byRoot;
    for (const [root, tree] of Object.entries(byRoot)) {
      if (tree === null) continue;
      const listing = cached.trees[tree] ?? {};
      used.trees[tree] = listing;
      for (const [rel, oid] of Object.entries(listing)) {
        const file = root === '' ? rel : `${root}/${rel}`;
        if (matches(file)) found.push({ branch, file, oid });
      }
    }
  }
  if (unknown.length > 0 || unlisted.length > 0 || Object.keys(used.commits).length !== Object.keys(cached.commits).length) writeListings(gitDir, used);
  return found;
}

/**
 * One version per distinct plan blob (pure), labelled with the newest branch that has it; a
 * blob the index (or `skip`) already has for that file adds nothing and is left out.
 */
export function distinctPlans(plans: RemotePlan[], skip: (file: string, oid: string) => boolean): { file: string; oid: string; label: string; ref: string }[] {
  const seen = new Map<string, { file: string; oid: string; label: string; ref: string; more: number }>();
  for (const p of plans) {
    if (skip(p.file, p.oid)) continue;
    const key = `${p.oid}\0${p.file}`;
    const found = seen.get(key);
    if (found) found.more++;
    else seen.set(key, { file: p.file, oid: p.oid, label: p.branch.name, ref: p.branch.ref, more: 0 });
  }
  return [...seen.values()].map(({ more, ...v }) => ({ ...v, label: more > 0 ? messages.claimSourceMore(v.label, more) : v.label }));
}

/** The remote-tracking branches to read for `config`, from for-each-ref's output (or read now). */
export async function remoteBranches(cwd: string, config: Config, now: Date, exclude: string | null, listed?: string | null): Promise<RemoteBranch[]> {
  if (config.remoteClaims === false) return [];
  const out = listed ?? (await gitQuery(REMOTE_REFS, cwd)) ?? '';
  return selectRemoteBranches(out, config.remoteClaims, now, exclude);
}

/**
 * When this clone last heard of `ref` (for status): its reflog's newest entry (a fetch or a
 * push writes one), else FETCH_HEAD's time, else null. Reads files only.
 */
export function fetchedAt(gitDir: string, commonDir: string, ref: string): Date | null {
  try {
    const log = readFileSync(join(commonDir, 'logs', ref), 'utf8').trimEnd();
    const m = /> (\d+) [+-]\d{4}\t?[^\n]*$/.exec(log.slice(log.lastIndexOf('\n') + 1));
    if (m) return new Date(Number(m[1]) * 1000);
  } catch {
    // No reflog for this ref (core.logAllRefUpdates off, or a packed ref from a clone).
  }
  for (const dir of [gitDir, commonDir]) {
    try {
      return statSync(join(dir, 'FETCH_HEAD')).mtime;
    } catch {
      // Never fetched here.
    }
  }
  return null;
}

/** "12 min ago", "3 h ago", "2 days ago" (pure). */
export function ago(then: Date, now: Date): string {
  const min = Math.max(0, Math.round((now.getTime() - then.getTime()) / 60000));
  if (min < 60) return `${min} min ago`;
  const h = Math.round(min / 60);
  return h < 48 ? `${h} h ago` : `${Math.round(h / 24)} days ago`;
}

/** Claims with each remote-tracking source labelled with when this clone fetched it: "origin/feature/x, fetched 12 min ago". */
export function withFetchTimes<T extends { source: { kind: string; label: string; ref?: string } }>(claims: T[], gitDir: string, commonDir: string, now: Date): T[] {
  return claims.map((c) => {
    if (c.source.kind !== 'remote' || !c.source.ref) return c;
    const at = fetchedAt(gitDir, commonDir, c.source.ref);
    return { ...c, source: { ...c.source, label: messages.sourceFetched(c.source.label, at ? ago(at, now) : null) } };
  });
}
