// The facts the person-only rule (../core/person-only.ts) needs of commits already made (pre-push,
// `check --range`): what each commit that touches a configuration file does to the configuration
// its first parent had. The files of both sides are read in one cat-file for the whole set.
import { CONFIG_FILE, type Config, DEFAULT_CONFIG, configFromTexts } from '../config/config.js';
import { type InstalledFileChange, type SettingsChange, configDifferences, installedPath } from '../core/person-only.js';
import { UsageError } from '../errors.js';
import { readObjects } from '../git/cat-file.js';
import type { Change } from '../git/changes.js';

const FILES = [CONFIG_FILE, 'package.json'];
const touchesConfig = (changes: readonly Change[]) => changes.some((c) => FILES.includes(c.path) || (c.from !== undefined && FILES.includes(c.from)));

/** Per commit that changes what it carries: the configuration before it (its parent's) and the change. */
export interface CommitSettings {
  before: Config;
  change: SettingsChange;
}

/** What each of `commits` (with what it changes itself) does to the configuration; commits that change nothing of it are absent. */
export async function settingsChanges(commits: { commit: string; parent: string | null; changes: readonly Change[] }[], cwd: string): Promise<Map<string, CommitSettings>> {
  const touching = commits.filter((c) => touchesConfig(c.changes));
  const out = new Map<string, CommitSettings>();
  if (touching.length === 0) return out;
  const names = touching.flatMap((c) => [...(c.parent ? FILES.map((f) => `${c.parent}:${f}`) : []), ...FILES.map((f) => `${c.commit}:${f}`)]);
  const texts = await readObjects(names, cwd);
  let at = 0;
  const next = () => ({ planHooksJson: texts[at++] ?? null, packageJson: texts[at++] ?? null });
  for (const c of touching) {
    const parentTexts = c.parent ? next() : { planHooksJson: null, packageJson: null };
    const own = next();
    // A parent whose configuration does not load was judged by the defaults, as the hooks judge a broken HEAD.
    const before = await configFromTexts(parentTexts).catch((error: unknown) => (error instanceof UsageError ? DEFAULT_CONFIG : Promise.reject(error)));
    const file = own.planHooksJson !== null || parentTexts.planHooksJson !== null ? CONFIG_FILE : 'package.json';
    try {
      const keys = configDifferences(before, await configFromTexts(own, (f) => `${c.commit.slice(0, 12)}:${f}`));
      if (keys.length > 0) out.set(c.commit, { before, change: { file, keys, problem: null } });
    } catch (error) {
      if (!(error instanceof UsageError)) throw error;
      out.set(c.commit, { before, change: { file, keys: [], problem: error.message } });
    }
  }
  return out;
}

/** One change to judge for plan-hooks' installed files: its key, the object-name prefixes of each side (`HEAD:`, `:0:`, `<commit>:`; null: no parent), what it changes. */
export interface InstalledRead {
  key: string;
  before: string | null;
  after: string;
  changes: readonly Change[];
}

/** The installed files (../core/person-only.ts) each change touches, both sides read in one cat-file; changes that touch none are absent. */
export async function installedFileChanges(reads: InstalledRead[], cwd: string): Promise<Map<string, InstalledFileChange[]>> {
  const wanted = reads.map((r) => ({ r, paths: [...new Set(r.changes.flatMap((c) => [c.path, ...(c.from !== undefined ? [c.from] : [])]).filter(installedPath))] })).filter((w) => w.paths.length > 0);
  const out = new Map<string, InstalledFileChange[]>();
  if (wanted.length === 0) return out;
  const names = wanted.flatMap(({ r, paths }) => paths.flatMap((p) => [...(r.before !== null ? [`${r.before}${p}`] : []), `${r.after}${p}`]));
  const texts = await readObjects(names, cwd);
  let at = 0;
  for (const { r, paths } of wanted) {
    out.set(r.key, paths.map((path) => ({ path, before: r.before !== null ? (texts[at++] ?? null) : null, after: texts[at++] ?? null })));
  }
  return out;
}
