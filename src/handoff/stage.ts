// pre-commit, when a plan is staged: regenerate the handoff blocks from the STAGED plans and stage
// them with the same commit. Each new blob is computed from the index version of its file and
// written with hash-object + update-index, and the same edit is applied to the working file, so
// unstaged edits survive and nothing but the blocks (and the derived handoff fields) changes.
// `git commit <paths>` commits a temporary index (next-index-*.lock) while git also holds the
// real index (index.lock) that becomes .git/index afterwards: both get the same entries.
// Its git reads (./reads.ts) start as soon as pre-commit knows a plan is staged, before this
// bundle loads, so they run while it loads and pre-commit validates; they are one cat-file for
// every text, the modes, HEAD and what is uncommitted.
import { readFileSync } from 'node:fs';
import { writeFileAtomic } from '../fs/atomic-write.js';
import { detectJsonFormat, prettierJson } from '../lib/json-format.js';
import { join } from 'node:path';
import { entryFiles } from '../config/entry-files.js';
import { readObjects } from '../git/cat-file.js';
import { indexModes, realIndexLock, stageTexts } from '../git/index-edit.js';
import type { Handoff, PlanState } from '../core/plan-types.js';
import { pairedMarkdownPath } from '../plan/paths.js';
import { snapshotOf } from '../plan/snapshot.js';
import { readPlanText } from '../plan/plan-text.js';
import { handoffMismatches } from './mismatches.js';
import { blockFacts, resolveLastCommit } from './git-facts.js';
import type { HandoffReads, Known } from './reads.js';
import { aggregateLines, renderAggregateOf, renderPlanBlock, replaceBlock } from './render.js';
import { type PlanPart, writeHandoffLines } from './lines-cache.js';

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
  const format = detectJsonFormat(text);
  if (!old.includes('\n') && format.layout !== 'prettier') return text.slice(0, span[0]) + JSON.stringify(handoff) + text.slice(span[1]);
  const lineStart = text.lastIndexOf('\n', span[0]) + 1;
  const base = /^[ \t]*/.exec(text.slice(lineStart))![0];
  const fileUnit = format.indent === '\t' ? '\t' : ' '.repeat(format.indent || 2);
  const inner = /\n([ \t]+)/.exec(old)?.[1] ?? base + fileUnit;
  const unit = inner.startsWith(base) && inner.length > base.length ? inner.slice(base.length) : fileUnit;
  const eol = old.includes('\r\n') || format.newline === '\r\n' ? '\r\n' : '\n';
  // A plan kept in prettier's layout stays in it (`prettier --check` passes after the commit).
  const body =
    format.layout === 'prettier'
      ? prettierJson(handoff, unit, base, text.slice(lineStart, span[0]).replace(/\t/g, '  ').length).replace(/\n/g, eol)
      : JSON.stringify(handoff, null, unit).replace(/\n/g, eol + base);
  return text.slice(0, span[0]) + body + text.slice(span[1]);
}

interface Edit {
  path: string;
  /** Turns a version of the file (index or working copy) into the new one; null leaves it. */
  apply(text: string): string | null;
}

type Entry = { mode: string; path: string; text: string };

/** The entries `edits` change in one index, from its modes and its texts of the edits' files (in order). */
function changedEntries(edits: Edit[], modes: Map<string, string>, texts: (string | null)[]): Entry[] {
  const next: Entry[] = [];
  edits.forEach((edit, i) => {
    const mode = modes.get(edit.path);
    const text = texts[i] ?? null;
    const changed = mode === undefined || text === null ? null : edit.apply(text);
    if (mode !== undefined && changed !== null && changed !== text) next.push({ mode, path: edit.path, text: changed });
  });
  return next;
}

/**
 * Applies the edits to the index `env` names, each file's new blob computed from that index's
 * own version (read here), so what else is staged in the file stays staged.
 */
async function editIndex(edits: Edit[], root: string, env: NodeJS.ProcessEnv): Promise<void> {
  const paths = edits.map((e) => e.path);
  const [modes, texts] = await Promise.all([indexModes(paths, root, env), readObjects(paths.map((p) => `:${p}`), root, env)]);
  await stageTexts(changedEntries(edits, modes, texts), root, env, { tree: false });
}

/**
 * The index git commits, from the versions `read` holds, then (for `git commit <paths>`) the
 * real index that becomes .git/index afterwards; the working files are written while git stages
 * the first (neither reads the other): an interruption leaves at worst a block staged and not
 * yet in the working file, or the other way round, never a lost edit. Returns the paths it
 * changed and the tree the index git commits holds once the blocks are staged (null when
 * nothing changed).
 */
async function applyEdits(edits: Edit[], root: string, read: { modes: Map<string, string>; texts: Map<string, string | null> }): Promise<{ changed: string[]; tree: string | null }> {
  const next = changedEntries(edits, read.modes, edits.map((e) => read.texts.get(e.path) ?? null));
  if (next.length === 0) return { changed: [], tree: null };
  const changed = next.map((n) => n.path);
  const ours = edits.filter((e) => changed.includes(e.path));
  const staging = stageTexts(next, root, process.env, { tree: true });
  const realLock = realIndexLock(root);
  try {
    for (const edit of ours) {
      const file = join(root, edit.path);
      let text: string | null = null;
      try {
        text = readFileSync(file, 'utf8');
      } catch {
        // Gone from the working tree: only the index gets the block.
      }
      const after = text === null ? null : edit.apply(text);
      // Atomic, and refused if the file changed since it was read: the user's unstaged edits in
      // it are never half-written or overwritten.
      if (text !== null && after !== null && after !== text) writeFileAtomic(file, after, text);
    }
  } finally {
    // A failure on either side is reported once git has finished with the index.
    await Promise.allSettled([staging, realLock]);
  }
  const { tree } = await staging;
  const real = await realLock;
  if (real) await editIndex(ours, root, { ...process.env, GIT_INDEX_FILE: real });
  return { changed, tree };
}

export type { Known };

export interface StageResult {
  staged: string[];
  /** The tree of the index git commits after the blocks were staged (`git write-tree`); null when none was. */
  tree: string | null;
  warnings: { file: string; text: string }[];
}

/** The handoff's reads, under way: a commit refused meanwhile drops them. */
export interface StartedHandoff {
  /** Stages the blocks, once every check passed. */
  stage(opts: { planRulesRan: boolean }, now?: Date): Promise<StageResult>;
}

/**
 * The handoff under way: its reads, started before this bundle was loaded (./reads.ts), and the
 * blocks it stages from them once every check passed.
 */
export function startHandoff(root: string, known: Known, started: HandoffReads): StartedHandoff {
  const { reads, ...paths } = started;
  return { stage: (opts, now = new Date()) => stageWith(reads, { root, known, ...paths }, opts.planRulesRan, now) };
}

async function stageWith(
  reads: HandoffReads['reads'],
  { root, known, stagedPlans, indexPlans, editable, kept }: { root: string; known: Known } & Omit<HandoffReads, 'reads'>,
  planRulesRan: boolean,
  now: Date,
): Promise<StageResult> {
  const { config, identity, gitDir } = known;
  const { texts, modes, read, lastCommits } = await reads;
  // Each plan's part of the entry files' block, kept from an earlier commit by its blob id
  // (./reads.ts did not read its text); the others are read now.
  const keys = kept.map((k) => k.key);
  const keptPart = kept.map((k) => k.part);
  const toRead = indexPlans.flatMap((_, i) => (keptPart[i] === undefined ? [i] : []));
  const index = snapshotOf(
    toRead.map((i) => indexPlans[i]!),
    toRead.map((i) => texts[i]),
  );
  const atHead = snapshotOf(stagedPlans, texts.slice(indexPlans.length, indexPlans.length + stagedPlans.length));
  const indexTexts = new Map<string, string | null>([
    ...indexPlans.map((p, i) => [p, texts[i] ?? null] as const),
    ...editable.map((p, i) => [p, texts[indexPlans.length + stagedPlans.length + i] ?? null] as const),
  ]);
  const facts = await blockFacts(root, config, now, { branch: known.branch, read });
  const readPlans = new Map(index.plans.map((p) => [p.path, p]));
  const readSkipped = new Map(index.skipped.map((s) => [s.path, s.reason]));
  // The parts of every plan the index holds, in its order (a plan without text is left out, as snapshotOf leaves it).
  const parts = indexPlans.flatMap((path, i): { path: string; key: string | null; part: PlanPart | undefined }[] => {
    const key = keys[i]!;
    if (keptPart[i] !== undefined) return [{ path, key, part: keptPart[i] }];
    if (readSkipped.has(path)) return [{ path, key, part: { skipped: readSkipped.get(path)! } }];
    return readPlans.has(path) ? [{ path, key, part: undefined }] : [];
  });
  const warnings: StageResult['warnings'] = parts.flatMap(({ path, part }) => (part !== undefined && 'skipped' in part ? [{ file: path, text: part.skipped }] : []));
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
      // Resolved with the handoff's reads when pre-commit's parse found the same lastCommit.
      const lastCommit = h.lastCommit !== undefined && lastCommits.has(h.lastCommit) ? lastCommits.get(h.lastCommit)! : await resolveLastCommit(h.lastCommit, facts.head?.id ?? null, root);
      for (const text of handoffMismatches(h, { branch: facts.branch, lastCommit, uncommitted: facts.uncommitted }, { unknownCommit: !planRulesRan })) {
        warnings.push({ file: planFile.path, text });
      }
    }
    const block = renderPlanBlock(planFile, facts);
    edits.push({ path: pairedMarkdownPath(planFile.path), apply: (text) => replaceBlock(text, block) });
  }
  // The plans read give their part now (after the derived fields were set, as before); by path, as snapshotOf orders them.
  for (const p of parts) if (p.part === undefined) p.part = { lines: aggregateLines(readPlans.get(p.path)!) };
  const listed = parts.filter((p): p is { path: string; key: string | null; part: { lines: string[] | null } } => 'lines' in p.part!);
  listed.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const aggregate = renderAggregateOf(
    listed.map((p) => p.part.lines),
    facts,
  );
  for (const file of entryFiles(config)) edits.push({ path: file, apply: (text) => replaceBlock(text, aggregate) });
  const { changed, tree } = await applyEdits(edits, root, { modes, texts: indexTexts });
  // Kept for the next commit: this index's plans only, written when one was read.
  if (gitDir !== undefined && toRead.length > 0) {
    writeHandoffLines(gitDir, new Map(parts.flatMap(({ key, part }) => (key === null ? [] : [[key, part!] as const]))));
  }
  return { staged: changed, tree, warnings };
}
