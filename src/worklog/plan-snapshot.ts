// The plans as they are at one place — a commit, the index, or the working tree — parsed
// leniently: a plan that is not valid JSON is reported and skipped, never fatal, because the
// worklog and the handoff must not depend on the validator (which is not loaded after commits).
// The lead may swap planPaths for validate's findPlanFiles when both land; the contract is the same.
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '../config/config.js';
import { compilePattern, type CompiledPattern } from '../claims/pattern.js';
import { git, splitNul } from '../git/git.js';
import type { PlanState } from '../plan/types.js';

export type Place = { rev: string } | 'index' | 'worktree';

export interface PlanFile {
  path: string;
  plan: PlanState;
}

export interface Snapshot {
  plans: PlanFile[];
  /** Plan files that could not be read as JSON objects, with the reason. */
  skipped: { path: string; reason: string }[];
}

export async function ignoreCase(cwd?: string): Promise<boolean> {
  return (await git(['config', '--bool', 'core.ignorecase'], { cwd, allowFail: true }))?.trim() === 'true';
}

export function planMatchers(config: Pick<Config, 'plans'>, ignore: boolean): CompiledPattern[] {
  return config.plans.map((p) => compilePattern(p, { ignoreCase: ignore }));
}

/** A plan file is a .json file matched by one of the configured plan patterns. */
export function isPlanFile(path: string, matchers: CompiledPattern[]): boolean {
  return path.endsWith('.json') && matchers.some((m) => m.test(path));
}

/** `docs/x-plan.json` → `docs/x-plan.md`. */
export function pairedMarkdown(planPath: string): string {
  return planPath.replace(/\.json$/, '.md');
}

/** Only the literal prefixes are listed, so a large repository costs what its docs/ costs. */
function pathspecs(matchers: CompiledPattern[]): string[] {
  const prefixes = matchers.map((m) => m.literalPrefix);
  return prefixes.includes('') ? [] : ['--', ...new Set(prefixes)];
}

export async function planPaths(place: Place, matchers: CompiledPattern[], cwd?: string): Promise<string[]> {
  const spec = pathspecs(matchers);
  let out: string;
  if (place === 'index') out = await git(['ls-files', '-z', ...spec], { cwd });
  else if (place === 'worktree') out = await git(['ls-files', '-z', '-co', '--exclude-standard', ...spec], { cwd });
  else out = (await git(['ls-tree', '-r', '-z', '--name-only', place.rev, ...spec], { cwd, allowFail: true })) ?? '';
  return [...new Set(splitNul(out))].filter((p) => isPlanFile(p, matchers)).sort();
}

export async function readAtPlace(place: Place, path: string, root: string): Promise<string | null> {
  if (place === 'worktree') return readFile(join(root, path), 'utf8').catch(() => null);
  const spec = place === 'index' ? `:${path}` : `${place.rev}:${path}`;
  return git(['show', spec], { cwd: root, allowFail: true });
}

/** Parses a plan leniently: an object with planId and workItems, or a reason why not. */
export function parsePlan(text: string): PlanState | string {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return `not valid JSON (${(error as Error).message})`;
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return 'not a JSON object';
  const plan = data as PlanState;
  if (typeof plan.planId !== 'string' || !Array.isArray(plan.workItems)) return 'no planId or workItems';
  for (const item of plan.workItems) {
    if (typeof item !== 'object' || item === null || !Array.isArray(item.tasks)) return 'a work item without tasks';
    if (!Array.isArray(item.log)) item.log = [];
  }
  return plan;
}

/** Many blobs in one git process (`cat-file --batch`): a hook reads every plan for one spawn. */
export async function readObjects(specs: string[], cwd: string): Promise<(string | null)[]> {
  if (specs.length === 0) return [];
  const out = await new Promise<Buffer>((resolve, reject) => {
    const child = spawn('git', ['cat-file', '--batch'], { cwd, env: process.env, stdio: ['pipe', 'pipe', 'ignore'] });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => chunks.push(c));
    child.on('error', reject);
    child.on('close', () => resolve(Buffer.concat(chunks)));
    child.stdin.end(specs.map((s) => `${s}\n`).join(''));
  });
  const texts: (string | null)[] = [];
  let pos = 0;
  for (let i = 0; i < specs.length; i++) {
    const nl = out.indexOf(0x0a, pos);
    if (nl === -1) break;
    const header = out.subarray(pos, nl).toString('utf8').split(' ');
    pos = nl + 1;
    if (header.length !== 3) {
      texts.push(null);
      continue;
    }
    const size = Number(header[2]);
    texts.push(header[1] === 'blob' ? out.subarray(pos, pos + size).toString('utf8') : null);
    pos += size + 1;
  }
  return texts;
}

export async function readSnapshot(place: Place, matchers: CompiledPattern[], root: string, only?: string[]): Promise<Snapshot> {
  const paths = only ?? (await planPaths(place, matchers, root));
  const snapshot: Snapshot = { plans: [], skipped: [] };
  const texts =
    place === 'worktree'
      ? await Promise.all(paths.map((p) => readAtPlace(place, p, root)))
      : await readObjects(paths.map((p) => (place === 'index' ? `:${p}` : `${place.rev}:${p}`)), root);
  paths.forEach((path, i) => {
    const text = texts[i];
    if (text === null || text === undefined) return;
    const plan = parsePlan(text);
    if (typeof plan === 'string') snapshot.skipped.push({ path, reason: plan });
    else snapshot.plans.push({ path, plan });
  });
  snapshot.plans.sort((a, b) => a.path.localeCompare(b.path));
  return snapshot;
}
