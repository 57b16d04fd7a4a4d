// pre-commit, when a plan is staged: the handoff's git reads (./stage.ts stages the blocks from
// them), started before the plan-commit bundle that holds the rest is loaded, so they run while
// it loads and pre-commit validates: the index's plans, HEAD's versions of the staged ones, the
// index versions and modes of the files it may edit (the plans' Markdown, the entry files), HEAD,
// and what is left uncommitted. They reuse what pre-commit read (the staged diff, the index's
// JSON listing). In pre-commit's own bundle: keep its imports to what that bundle holds anyway.
import type { Config } from '../config/config.js';
import { entryFiles } from '../config/entry-files.js';
import { touchedPaths } from '../core/changes.js';
import type { Identity } from '../core/identity.js';
import { objectTexts, readObjects } from '../git/cat-file.js';
import type { Change } from '../git/changes.js';
import { type Answers, gitQueries, gitQuery } from '../git/git.js';
import { indexModesOf } from '../git/index-modes.js';
import { LAST_COMMIT } from '../git/queries.js';
import { UNCOMMITTED } from '../git/status.js';
import { planMatcher, planPathsAmong } from '../plan/discover.js';
import { pairedMarkdownPath } from '../plan/paths.js';

/** The git reads a block's facts need besides the branch, for a caller to ask with its own. */
export const BLOCK_READS = { head: LAST_COMMIT, uncommitted: UNCOMMITTED };

/** What pre-commit already decided and read, so the handoff does not ask git again (SPEC §4 identity included). */
export interface Known {
  config: Config;
  identity: Identity;
  branch: string | null;
  /** What the index stages against HEAD, all of it (a merge's own changes are fewer). */
  staged: Change[];
  /** Every path the index lists that could be a plan (its JSON files, any mode). */
  indexJson: string[];
}

/** The handoff's reads, under way, and the paths they were made for. */
export interface HandoffReads {
  /** The staged plans (not deleted). */
  stagedPlans: string[];
  /** Every plan the index holds. */
  indexPlans: string[];
  /** The files besides plans that the blocks may edit (the staged plans' Markdown, the entry files). */
  editable: string[];
  reads: Promise<{ texts: (string | null)[]; modes: Map<string, string>; read: Answers<typeof BLOCK_READS> }>;
}

/** Starts the handoff's reads when the commit stages a plan or deletes or renames one (null otherwise). */
export function startHandoffReads(root: string, known: Known): HandoffReads | null {
  const { config } = known;
  const plans = planMatcher(config);
  const stagedPlans = known.staged.filter((c) => c.status !== 'D' && plans.matches(c.path)).map((c) => c.path);
  if (stagedPlans.length === 0 && !touchedPaths(known.staged).some(plans.matches)) return null;
  const indexPlans = planPathsAmong(known.indexJson, config);
  const editable = [...new Set([...stagedPlans.map(pairedMarkdownPath), ...entryFiles(config)])].filter((p) => !indexPlans.includes(p));
  const names = [...indexPlans.map((p) => `:${p}`), ...stagedPlans.map((p) => `HEAD:${p}`), ...editable.map((p) => `:${p}`)];
  const editPaths = [...new Set([...stagedPlans, ...stagedPlans.map(pairedMarkdownPath), ...entryFiles(config)])];
  // Two processes: status, the longest, alone; and one shell for HEAD, the modes and every text
  // (cat-file fed the names). Texts a shell's output cannot carry (bytes that are not UTF-8) and
  // names one a line cannot are read again by readObjects, which reads bytes.
  const batched = names.length > 0 && !names.some((n) => n.includes('\n'));
  const reads = Promise.all([
    gitQuery(BLOCK_READS.uncommitted, root),
    gitQueries({ head: BLOCK_READS.head, modes: editPaths.length > 0 ? indexModesOf(editPaths) : undefined, texts: batched ? objectTexts(names) : undefined }, root, 1),
  ]).then(async ([uncommitted, { head, modes, texts }]) => ({
    texts: texts ?? (await readObjects(names, root)),
    modes: modes ?? new Map<string, string>(),
    read: { head, uncommitted },
  }));
  // Refused meanwhile: nobody awaits them, and a failure then is no error of the commit's.
  reads.catch(() => {});
  return { stagedPlans, indexPlans, editable, reads };
}
