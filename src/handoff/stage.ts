// pre-commit, when a plan is staged: regenerate the handoff blocks from the STAGED plans and stage
// them with the same commit. Each new blob is computed from the index version of its file and
// written with hash-object + update-index, and the same edit is applied to the working file, so
// unstaged edits survive and nothing but the blocks (and the derived handoff fields) changes.
// `git commit <paths>` commits a temporary index (next-index-*.lock) while git also holds the
// real index (index.lock) that becomes .git/index afterwards: both get the same entries.
import { readFile } from 'node:fs/promises';
import { writeFileAtomic } from '../fs/atomic-write.js';
import { basename, join } from 'node:path';
import { loadConfig, type Config } from '../config/config.js';
import { entryFiles } from '../config/entry-files.js';
import { touchedPaths } from '../core/changes.js';
import { git, gitQueries, splitNul } from '../git/git.js';
import { readObjects } from '../git/cat-file.js';
import { currentBranch, indexPathsUnder, repoRoot } from '../git/queries.js';
import type { Identity } from '../core/identity.js';
import { readWorktreeFacts } from '../facts/facts.js';
import type { Handoff, PlanState } from '../core/plan-types.js';
import { diffIndex } from '../git/changes.js';
import { planMatcher } from '../plan/discover.js';
import { pairedMarkdownPath } from '../plan/paths.js';
import { planPathsAmong, readSnapshot } from '../plan/snapshot.js';
import { readPlanText } from '../plan/plan-text.js';
import { handoffMismatches } from './mismatches.js';
import { BLOCK_READS, blockFacts, resolveLastCommit } from './git-facts.js';
import { renderAggregateBlock, renderPlanBlock, replaceBlock } from './render.js';

const DERIVED = ['updatedBy', 'updatedAt', 'branch'] as const;

/** Whether the handoff says something new, ignoring the fields plan-hooks derives itself. */
export function handoffChanged(before: Handoff | undefined, after: Handoff | undefined): boolean {
  const strip = (h: Handoff | undefined) => {
    if (!h) return null;
    const copy: Record<string, unknown> = { ...h };
    for (const k of DERIVED) delete copy[k];
    return JSON.stringify(copy, Object.keys(copy).sort());
  };
  return after !== undefined && strip(before) !== strip(after);
}

/** End (exclusive) of the JSON string starting at `i`. */
function stringEnd(text: string, i: number): number {
  let j = i + 1;
  while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
  return j + 1;
}

/** The span of a top-level key's object value in JSON text, found without reformatting anything. */
export function topLevelObjectSpan(text: string, key: string): [number, number] | null {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      const end = stringEnd(text, i);
      if (depth === 1) {
        let k = end;
        while (/\s/.test(text[k] ?? '')) k++;
        if (text[k] === ':' && JSON.parse(text.slice(i, end)) === key) {
          k++;
          while (/\s/.test(text[k] ?? '')) k++;
          if (text[k] !== '{') return null;
          let d = 0;
          for (let j = k; j < text.length; j++) {
            if (text[j] === '"') j = stringEnd(text, j) - 1;
            else if (text[j] === '{' || text[j] === '[') d++;
            else if ((text[j] === '}' || text[j] === ']') && --d === 0) return [k, j + 1];
          }
          return null;
        }
      }
      i = end - 1;
    } else if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') depth--;
  }
  return null;
}

/**
 * The JSON text with the derived handoff fields set. Only the handoff object's text is rewritten
 * (in the file's own indentation); every other byte of the plan stays as the user wrote it.
 */
export function withDerived(text: string, derived: Partial<Handoff>): string | null {
  const read = readPlanText(text);
  // A plan the readers refuse is left as it is (pre-commit reports it).
  if (read.problem) return null;
  const data = read.value as PlanState;
  if (!data || typeof data !== 'object' || !data.handoff || typeof data.handoff !== 'object') return null;
  const span = topLevelObjectSpan(text, 'handoff');
  if (!span) return null;
  const handoff = { ...data.handoff, ...derived };
  const old = text.slice(span[0], span[1]);
  if (!old.includes('\n')) return text.slice(0, span[0]) + JSON.stringify(handoff) + text.slice(span[1]);
  const lineStart = text.lastIndexOf('\n', span[0]) + 1;
  const base = /^[ \t]*/.exec(text.slice(lineStart))![0];
  const inner = /\n([ \t]+)/.exec(old)?.[1] ?? `${base}  `;
  const unit = inner.startsWith(base) && inner.length > base.length ? inner.slice(base.length) : '  ';
  const eol = old.includes('\r\n') ? '\r\n' : '\n';
  const body = JSON.stringify(handoff, null, unit).replace(/\n/g, eol + base);
  return text.slice(0, span[0]) + body + text.slice(span[1]);
}

interface Edit {
  path: string;
  /** Turns a version of the file (index or working copy) into the new one; null leaves it. */
  apply(text: string): string | null;
}

async function indexEntries(paths: string[], root: string, env: NodeJS.ProcessEnv): Promise<Map<string, string>> {
  const out = await git(['ls-files', '-s', '-z', '--', ...paths], { cwd: root, env });
  const modes = new Map<string, string>();
  for (const line of splitNul(out)) {
    const [info, path] = line.split('\t');
    modes.set(path!, info!.split(' ')[0]!);
  }
  return modes;
}

/** The real index git holds locked during `git commit <paths>`, when that is what is running. */
async function realIndexLock(root: string): Promise<string | null> {
  const current = process.env.GIT_INDEX_FILE;
  if (!current || !/^next-index-.*\.lock$/.test(basename(current))) return null;
  // --git-path index answers GIT_INDEX_FILE when it is set: ask without it for the real one.
  const env = { ...process.env };
  delete env.GIT_INDEX_FILE;
  const index = (await git(['rev-parse', '--path-format=absolute', '--git-path', 'index'], { cwd: root, env })).trim();
  return `${index}.lock`;
}

/**
 * Applies the edits to one index: each file's new blob is computed from that index's own
 * version, so what else is staged in the file stays staged. Returns the paths it changed.
 */
async function editIndex(edits: Edit[], root: string, env: NodeJS.ProcessEnv): Promise<string[]> {
  const modes = await indexEntries(edits.map((e) => e.path), root, env);
  const present = edits.filter((e) => modes.has(e.path));
  // Every file's index version in one cat-file, and the new blobs written side by side.
  const texts = await readObjects(present.map((e) => `:${e.path}`), root, env);
  const blobs = await Promise.all(
    present.map(async (edit, i) => {
      const text = texts[i] ?? null;
      const next = text === null ? null : edit.apply(text);
      if (next === null || next === text) return null;
      return `${modes.get(edit.path)} ${(await git(['hash-object', '-w', '--no-filters', '--stdin'], { cwd: root, input: next })).trim()}\t${edit.path}`;
    }),
  );
  const lines = blobs.filter((l): l is string => l !== null);
  if (lines.length > 0) await git(['update-index', '--index-info'], { cwd: root, env, input: `${lines.join('\n')}\n` });
  return lines.map((l) => l.slice(l.indexOf('\t') + 1));
}

/**
 * The index git commits first, then (for `git commit <paths>`) the real index that becomes
 * .git/index afterwards, then the working files: an interruption leaves at worst a block staged
 * and not yet in the working file, never a lost edit.
 */
async function applyEdits(edits: Edit[], root: string): Promise<string[]> {
  const changed = await editIndex(edits, root, process.env);
  if (changed.length === 0) return [];
  const real = await realIndexLock(root);
  if (real) await editIndex(edits.filter((e) => changed.includes(e.path)), root, { ...process.env, GIT_INDEX_FILE: real });
  for (const edit of edits.filter((e) => changed.includes(e.path))) {
    const file = join(root, edit.path);
    const text = await readFile(file, 'utf8').catch(() => null);
    const next = text === null ? null : edit.apply(text);
    // Atomic, and refused if the file changed since it was read: the user's unstaged edits in it
    // are never half-written or overwritten.
    if (text !== null && next !== null && next !== text) writeFileAtomic(file, next, text);
  }
  return changed;
}

/** What pre-commit already decided, so the handoff does not ask git again (SPEC §4 identity included). */
export interface Known {
  config: Config;
  identity: Identity;
  branch: string | null;
}

export interface StageResult {
  staged: string[];
  warnings: { file: string; text: string }[];
}

/** Called by pre-commit after its checks passed. Does nothing unless a plan is staged. */
export async function stageHandoff(cwd?: string, opts: { planRulesRan: boolean; known?: Known } = { planRulesRan: false }, now = new Date()): Promise<StageResult> {
  const root = opts.known && cwd ? cwd : await repoRoot(cwd);
  const config = opts.known?.config ?? (await loadConfig(root));
  const changes = await diffIndex(root);
  const plans = planMatcher(config);
  const stagedPlans = changes.filter((c) => c.status !== 'D' && plans.matches(c.path)).map((c) => c.path);
  if (stagedPlans.length === 0 && !touchedPaths(changes).some(plans.matches)) return { staged: [], warnings: [] };

  // The index's plan paths and the block's facts, asked for together: one batch of shells.
  const [{ indexPaths, ...read }, branch] = await Promise.all([
    gitQueries({ indexPaths: indexPathsUnder(plans.roots), ...BLOCK_READS }, root),
    opts.known ? opts.known.branch : currentBranch(root),
  ]);
  const [index, atHead, facts] = await Promise.all([
    readSnapshot('index', config, root, planPathsAmong(indexPaths, config)),
    readSnapshot({ rev: 'HEAD' }, config, root, stagedPlans),
    blockFacts(root, config, now, { branch, read }),
  ]);
  const identity = opts.known?.identity ?? (await readWorktreeFacts(root)).identity;
  const warnings: StageResult['warnings'] = index.skipped.map((s) => ({ file: s.path, text: s.reason }));
  const edits: Edit[] = [];
  for (const planFile of index.plans.filter((p) => stagedPlans.includes(p.path))) {
    const h = planFile.plan.handoff;
    const before = atHead.plans.find((p) => p.path === planFile.path)?.plan.handoff;
    if (h && handoffChanged(before, h)) {
      const derived: Partial<Handoff> = { updatedBy: identity.name, updatedAt: now.toISOString() };
      if (facts.branch) derived.branch = facts.branch;
      Object.assign(h, derived);
      edits.push({ path: planFile.path, apply: (text) => withDerived(text, derived) });
    }
    if (h) {
      const lastCommit = await resolveLastCommit(h.lastCommit, facts.head?.id ?? null, root);
      for (const text of handoffMismatches(h, { branch: facts.branch, lastCommit, uncommitted: facts.uncommitted }, { unknownCommit: !opts.planRulesRan })) {
        warnings.push({ file: planFile.path, text });
      }
    }
    const block = renderPlanBlock(planFile, facts);
    edits.push({ path: pairedMarkdownPath(planFile.path), apply: (text) => replaceBlock(text, block) });
  }
  const aggregate = renderAggregateBlock(index.plans, facts);
  for (const file of entryFiles(config)) edits.push({ path: file, apply: (text) => replaceBlock(text, aggregate) });
  return { staged: await applyEdits(edits, root), warnings };
}
