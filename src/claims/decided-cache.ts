// The claims a set of plan versions decides (claims.ts decideClaims), kept under the worktree's
// git dir keyed by those versions (source, file, blob id), so the next commit over the same
// versions — the common commit: no plan changed anywhere — neither reads nor decides a plan.
// Staleness is decided at each commit's time from what the file keeps (StaleBasis).
//
// Proportional to the commit, not to the claims: the file holds one line per claim and, sorted,
// one line per (pattern key, claim) (claims.ts patternKey). A commit looks up the keys its paths
// lie at (pathKeys) by binary search and parses only the claims found; only a reader that wants
// every claim (status, a plan commit) parses them all. The file is read as bytes, one
// character each (latin1): no UTF-8 decoding of the whole file (2 MB at 10,000 claims, ~5 ms of
// every commit), only of the lines parsed; so offsets count bytes and lines sort by byte.
//
// Local state, never a witness: a checked cache (../lib/cache-file.ts), so a truncated
// or hand-edited file is ignored (and rewritten by the next miss). The background writer judges
// each commit from the plan blobs themselves.
import { join } from 'node:path';
import { readCheckedCache, writeCheckedCache } from '../lib/cache-file.js';
import { escapeKey, sortLines, sortedLookup } from './sorted-lines.js';
import { matchForm } from '../lib/pattern.js';
import { isStaleAt } from '../core/claim-state.js';
import { CLAIMS_VIEW_FORMAT, type DecidedClaim, type LiveClaim, type PlanSource, pathKeys, patternKey } from '../core/claims.js';

export const DECIDED_FORMAT = 3;

/** A string's UTF-8 bytes, one character each (what the file holds and is searched as). */
const bytesOf = (text: string) => (NON_ASCII.test(text) ? Buffer.from(text, 'utf8').toString('latin1') : text);
/** bytesOf's text back. */
const textOf = (bytes: string) => (HIGH_BYTE.test(bytes) ? Buffer.from(bytes, 'latin1').toString('utf8') : bytes);
const NON_ASCII = /[^\x00-\x7f]/;
const HIGH_BYTE = /[\x80-\xff]/;
const MAGIC = 'plan-hooks claims-decided';

export const decidedCacheFile = (gitDir: string) => join(gitDir, 'plan-hooks', 'claims-decided');

/** A plan version by name: enough to know that the claims it decides have not changed. */
export interface VersionRef {
  source: PlanSource;
  file: string;
  oid: string;
}

/**
 * Pure: the key of a list of versions (in the order they are decided), for one case rule. The
 * versions themselves, not a digest of them: loading node:crypto costs every commit more than a
 * longer header line does (~20 M instructions), and no two lists share a key.
 */
export const decidedKey = (refs: VersionRef[], ignoreCase: boolean): string =>
  JSON.stringify([DECIDED_FORMAT, CLAIMS_VIEW_FORMAT, ignoreCase, refs.map((r) => [r.source.kind, r.source.label, r.source.ref ?? null, r.file, r.oid])]);

/** One claim as a line: sources by number (a few per repository, many claims each). */
type ClaimLine = [task: string, file: string, holder: string, since: string | null, files: string[], source: number, branch: string | null, claimed: number | null, lastLog: string | null];

/**
 * The file's third line (the key is the second, as it is: JSON has no raw newline). A claim is
 * named by where its line starts in the body, in the index lines and here, so nothing in the
 * header grows with the claims: with a list of 10,000 offsets in it, parsing the header was
 * most of what a commit paid for 10,000 claims (~14 M instructions).
 */
interface Header {
  /** How many claims. */
  count: number;
  /** Where the sorted index lines start in the body. */
  index: number;
  sources: PlanSource[];
  /** The claims bound to a branch (identity reads them all), by where their lines start. */
  bound: number[];
}

/** The decided claims of one key, read lazily from the file's text. */
export class ClaimSet {
  private all: LiveClaim[] | null = null;
  private readonly parsed = new Map<number, LiveClaim>();
  constructor(
    private readonly body: string,
    private readonly header: Header,
    private readonly now: Date,
    private readonly staleAfterHours: number,
  ) {}

  get size(): number {
    return this.header.count;
  }

  private toClaim([task, file, holder, since, files, source, branch, claimed, lastLog]: ClaimLine): LiveClaim {
    return { task, file, holder, since, files, stale: isStaleAt({ claimed, lastLog }, this.now, this.staleAfterHours), source: this.header.sources[source]!, branch };
  }

  /** The claim whose line starts at `start`. */
  private claim(start: number): LiveClaim {
    let claim = this.parsed.get(start);
    if (!claim) {
      claim = this.toClaim(JSON.parse(textOf(this.body.slice(start, this.body.indexOf('\n', start)))) as ClaimLine);
      this.parsed.set(start, claim);
    }
    return claim;
  }

  /** Every claim, in the order decideClaims gave them. */
  claims(): LiveClaim[] {
    if (!this.all) {
      // A line is one JSON array (JSON.stringify escapes every newline in it).
      const lines = this.body.slice(0, Math.max(0, this.header.index - 1));
      let start = 0;
      this.all = (lines === '' ? [] : lines.split('\n')).map((line) => {
        const claim = this.parsed.get(start) ?? this.toClaim(JSON.parse(textOf(line)) as ClaimLine);
        start += line.length + 1;
        return claim;
      });
    }
    return this.all;
  }

  /** The claims bound to a branch. */
  bound(): LiveClaim[] {
    return this.header.bound.map((n) => this.claim(n));
  }

  /** The claims with a pattern that could match one of `paths` (claims.ts couldMatch), in order. */
  near(paths: string[], ignoreCase: boolean): LiveClaim[] {
    const keys = new Set<string>();
    for (const p of paths) for (const k of pathKeys(matchForm(p, ignoreCase))) keys.add(k);
    const found = new Set<number>();
    for (const key of keys) for (const start of this.lookup(bytesOf(escapeKey(key)))) found.add(start);
    // Lines are in the claims' order: by where they start.
    return [...found].sort((a, b) => a - b).map((start) => this.claim(start));
  }

  /** Where the claims of the index lines `<key>\t<start>` start. */
  private lookup(key: string): number[] {
    return sortedLookup(this.body, this.header.index, key).map(Number);
  }
}

/** Pure: the file's bytes (one character each: write them as latin1) for `claims` under `key`. */
export function formatDecided(key: string, claims: DecidedClaim[], ignoreCase: boolean): string {
  const sources: PlanSource[] = [];
  const sourceIds = new Map<string, number>();
  const lines: string[] = [];
  const bound: number[] = [];
  const index: string[] = [];
  let offset = 0;
  for (const c of claims) {
    const id = JSON.stringify(c.source);
    let source = sourceIds.get(id);
    if (source === undefined) {
      source = sources.push(c.source) - 1;
      sourceIds.set(id, source);
    }
    const line = bytesOf(JSON.stringify([c.task, c.file, c.holder, c.since, c.files, source, c.branch, c.basis.claimed, c.basis.lastLog] satisfies ClaimLine));
    if (c.branch !== null) bound.push(offset);
    for (const k of new Set(c.files.map((f) => patternKey(f, ignoreCase)))) index.push(bytesOf(`${escapeKey(k)}\t${offset}`));
    offset += line.length + 1;
    lines.push(line);
  }
  sortLines(index);
  const header: Header = { count: claims.length, index: offset, sources, bound };
  return `${MAGIC} ${DECIDED_FORMAT}\n${bytesOf(key)}\n${bytesOf(JSON.stringify(header))}\n${lines.map((l) => `${l}\n`).join('')}${index.map((l) => `${l}\n`).join('')}`;
}

/** Pure: the claims of `text` (a file's bytes, one character each: formatDecided's) when it is a file of this format for `key`; else null. */
export function parseDecided(text: string, key: string, now: Date, staleAfterHours: number): ClaimSet | null {
  const first = text.indexOf('\n');
  if (first < 0 || text.slice(0, first) !== `${MAGIC} ${DECIDED_FORMAT}`) return null;
  // The key's line, compared where it lies (JSON.stringify writes no newline into a key).
  const keyBytes = bytesOf(key);
  const second = first + 1 + keyBytes.length;
  if (key.includes('\n') || !text.startsWith(keyBytes, first + 1) || text.charCodeAt(second) !== 0x0a) return null;
  const third = text.indexOf('\n', second + 1);
  if (third < 0) return null;
  let header: Header;
  try {
    header = JSON.parse(textOf(text.slice(second + 1, third))) as Header;
  } catch {
    return null;
  }
  if (typeof header !== 'object' || header === null || !Number.isInteger(header.count) || !Number.isInteger(header.index) || !Array.isArray(header.sources) || !Array.isArray(header.bound)) return null;
  return new ClaimSet(text.slice(third + 1), header, now, staleAfterHours);
}

/** The cached claims for `key` in `file` (default: pre-commit's), or null (no file, another key, or a file that fails its check). */
export function readDecided(gitDir: string, key: string, now: Date, staleAfterHours: number, file = decidedCacheFile(gitDir)): ClaimSet | null {
  const text = readCheckedCache(file, 'latin1');
  return text === null ? null : parseDecided(text, key, now, staleAfterHours);
}

/** A cache that cannot be written only makes the next commit decide the claims again. */
export function writeDecided(gitDir: string, key: string, claims: DecidedClaim[], ignoreCase: boolean, file = decidedCacheFile(gitDir)): void {
  writeCheckedCache(file, Buffer.from(formatDecided(key, claims, ignoreCase), 'latin1'));
}
