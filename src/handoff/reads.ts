// pre-commit, when a plan is staged: the handoff's git reads (./stage.ts stages the blocks from
// them), started before the plan-commit bundle that holds the rest is loaded, so they run while
// it loads and pre-commit validates: the index's plans, HEAD's versions of the staged ones, the
// index versions and modes of the files it may edit (the plans' Markdown, the entry files), HEAD,
// and what is left uncommitted, the longest (a scan of the whole working tree), started on its
// own as soon as pre-commit knows the staged changes, before it reads a plan. They reuse what
// pre-commit read (the staged diff, the index's JSON listing). In pre-commit's own bundle: keep
// its imports to what that bundle holds anyway.
import type { Config } from '../config/config.js';
import { entryFiles } from '../config/entry-files.js';
import { touchedPaths } from '../core/changes.js';
import type { Identity } from '../core/identity.js';
import { objectTexts, readObjects } from '../git/cat-file.js';
import type { Change } from '../git/changes.js';
import { type Answers, gitQueries } from '../git/git.js';
import { indexModesOf } from '../git/index-modes.js';
import { isAncestorOf } from '../git/history.js';
import { LAST_COMMIT, commitNamed } from '../git/queries.js';
import { UNCOMMITTED, uncommittedPaths } from '../git/status.js';
import { planMatcher, planPathsAmong } from '../plan/discover.js';
import { pairedMarkdownPath } from '../plan/paths.js';
import { type PlanPart, partKey, readHandoffLines } from './lines-cache.js';
import { planValue } from '../plan/plan-text.js';

/** The git reads a block's facts need besides the branch, for a caller to ask with its own. */
export const BLOCK_READS = { head: LAST_COMMIT, uncommitted: UNCOMMITTED };

/** A handoff.lastCommit that is safe to hand to git as a revision (never an option, bounded). */
export const usableRev = (rev: string | undefined): rev is string => rev !== undefined && rev !== '' && /^[0-9A-Za-z._/-]{1,200}$/.test(rev) && !rev.startsWith('-');

/** handoff.lastCommit resolved against HEAD: null when git does not know it. */
export type LastCommit = { full: string; ancestor: boolean } | null;

/** A lastCommit from what git answered (pure): its commit, HEAD (null before the first commit), and whether it is HEAD's ancestor. */
export const lastCommitFrom = (full: string | null, head: string | null, ancestor: boolean): LastCommit => (full === null ? null : { full, ancestor: head !== null && ancestor });

/** The staged plan's handoff.lastCommit, as far as a plain parse of its text says (the handoff re-reads it; this only picks what to ask git ahead). */
function lastCommitIn(text: string | null | undefined): string | undefined {
  if (!text) return undefined;
  const handoff = (planValue(text) as { handoff?: { lastCommit?: unknown } } | null)?.handoff;
  return handoff && typeof handoff === 'object' && typeof handoff.lastCommit === 'string' ? handoff.lastCommit : undefined;
}

/** What pre-commit already decided and read, so the handoff does not ask git again (the identity included). */
export interface Known {
  config: Config;
  identity: Identity;
  branch: string | null;
  /** What the index stages against HEAD, all of it (a merge's own changes are fewer). */
  staged: Change[];
  /** Every path the index lists that could be a plan (its JSON files, any mode). */
  indexJson: string[];
  /** The staged texts pre-commit read of the plans it touches (their handoff.lastCommit is resolved with the other reads). */
  planTexts?: { file: string; after: string | null }[];
  /** The git dir, and the blob ids of the regular files among indexJson: what the handoff keeps of each plan is kept by them (./lines-cache.ts). */
  gitDir?: string;
  indexBlobs?: Map<string, string>;
  /** What is left uncommitted, under way since startUncommitted (else asked now). */
  uncommitted?: Promise<string[]> | null;
}

/** Whether the handoff runs for these staged changes: they touch a plan (stage one, delete or rename one). */
const touchesPlan = (staged: Change[], isPlan: (path: string) => boolean) => touchedPaths(staged).some(isPlan);

/**
 * What is left uncommitted, started as soon as the staged changes are known, when they touch a
 * plan (null otherwise): `git status` scans every file of the working tree, the longest of the
 * handoff's reads, and needs no plan's text, so it runs while pre-commit reads and validates the
 * plans instead of after. One git of its own, in one thread (../git/status.ts
 * UNCOMMITTED_BESIDE: node works meanwhile). A commit refused meanwhile drops it.
 */
export function startUncommitted(root: string, staged: Change[], config: Config): Promise<string[]> | null {
  if (!touchesPlan(staged, planMatcher(config).matches)) return null;
  const paths = uncommittedPaths(root, true);
  paths.catch(() => {});
  return paths;
}

/** The handoff's reads, under way, and the paths they were made for. */
export interface HandoffReads {
  /** The staged plans (not deleted). */
  stagedPlans: string[];
  /** Every plan the index holds. */
  indexPlans: string[];
  /** The files besides plans that the blocks may edit (the staged plans' Markdown, the entry files). */
  editable: string[];
  /** Each of indexPlans' part of the entry files' block kept by an earlier commit (./lines-cache.ts; never a staged plan's), and its key; its text is not read. */
  kept: { key: string | null; part: PlanPart | undefined }[];
  reads: Promise<{ texts: (string | null | undefined)[]; modes: Map<string, string>; read: Answers<typeof BLOCK_READS>; lastCommits: Map<string, LastCommit> }>;
}

/** Starts the handoff's reads when the commit stages a plan or deletes or renames one (null otherwise). */
export function startHandoffReads(root: string, known: Known): HandoffReads | null {
  const { config } = known;
  const plans = planMatcher(config);
  const stagedPlans = known.staged.filter((c) => c.status !== 'D' && plans.matches(c.path)).map((c) => c.path);
  if (stagedPlans.length === 0 && !touchesPlan(known.staged, plans.matches)) return null;
  const indexPlans = planPathsAmong(known.indexJson, config);
  const editable = [...new Set([...stagedPlans.map(pairedMarkdownPath), ...entryFiles(config)])].filter((p) => !indexPlans.includes(p));
  const kept = keptParts(indexPlans, stagedPlans, known);
  const toRead = indexPlans.filter((_, i) => kept[i]!.part === undefined);
  const names = [...toRead.map((p) => `:${p}`), ...stagedPlans.map((p) => `HEAD:${p}`), ...editable.map((p) => `:${p}`)];
  const editPaths = [...new Set([...stagedPlans, ...stagedPlans.map(pairedMarkdownPath), ...entryFiles(config)])];
  // The staged plans' handoff.lastCommit, resolved with the rest: its commit and whether HEAD
  // descends from it (asked by name: `<rev>^{commit}` is the commit rev-parse gives).
  const revs = [...new Set(stagedPlans.map((p) => lastCommitIn(known.planTexts?.find((t) => t.file === p)?.after)).filter(usableRev))];
  const revReads = Object.fromEntries(revs.flatMap((rev, i) => [[`commit${i}`, commitNamed(rev)], [`ancestor${i}`, isAncestorOf(`${rev}^{commit}`, 'HEAD')]]));
  // One shell for the others: HEAD, the modes, every text (cat-file fed the names) and the
  // lastCommits (each process node starts costs it a fork of itself; the answers are needed only
  // once the plans are validated). Texts a shell's output cannot carry (bytes that are not
  // UTF-8) and names one a line cannot are read again by readObjects, which reads bytes.
  const batched = names.length > 0 && !names.some((n) => n.includes('\n'));
  const uncommitted = known.uncommitted ?? uncommittedPaths(root, true);
  uncommitted.catch(() => {});
  const reads = gitQueries(
    { head: BLOCK_READS.head, modes: editPaths.length > 0 ? indexModesOf(editPaths) : undefined, texts: batched ? objectTexts(names) : undefined, ...(revReads as {}) },
    root,
    1,
  ).then(async (answers) => {
    const { head, modes, texts } = answers;
    const at = answers as unknown as Record<string, unknown>;
    const read = texts ?? (await readObjects(names, root));
    // Aligned with indexPlans again: a kept plan's text is undefined.
    let next = 0;
    const planTexts = kept.map(({ part }) => (part === undefined ? read[next++] : undefined));
    return {
      texts: [...planTexts, ...read.slice(toRead.length)],
      modes: modes ?? new Map<string, string>(),
      read: { head, uncommitted: await uncommitted },
      lastCommits: new Map(revs.map((rev, i) => [rev, lastCommitFrom(at[`commit${i}`] as string | null, head?.id ?? null, at[`ancestor${i}`] === true)])),
    };
  });
  // Refused meanwhile: nobody awaits them, and a failure then is no error of the commit's.
  reads.catch(() => {});
  return { stagedPlans, indexPlans, editable, kept, reads };
}

/**
 * The parts of the index's plans kept by an earlier commit, by path and blob id (a plan the
 * index holds as a regular file): none for a staged plan, whose own block needs its text.
 */
function keptParts(indexPlans: string[], stagedPlans: string[], { gitDir, indexBlobs }: Known): HandoffReads['kept'] {
  const cache = gitDir !== undefined && indexBlobs !== undefined ? readHandoffLines(gitDir) : new Map<string, PlanPart>();
  return indexPlans.map((path) => {
    const blob = indexBlobs?.get(path);
    const key = blob === undefined ? null : partKey(blob, path);
    return { key, part: key !== null && !stagedPlans.includes(path) ? cache.get(key) : undefined };
  });
}
