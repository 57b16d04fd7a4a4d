// The shell half of installation: everything init, uninstall and doctor need to know about the
// repository, read once, so the planning that follows is a pure function of these facts.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CONFIG_FILE, loadConfig } from '../config/config.js';
import type { FileFact, InstallFacts, PackageFacts } from '../core/install/install-facts.js';
import { claimsCacheFiles } from '../claims/cache.js';
import { handoffLinesFiles } from '../handoff/lines-cache.js';
import { commitIndexFiles } from '../worklog/task-index.js';
import { hookCodeCacheDir } from '../hooks/loader.js';
import { trailerIndexFile, trailerRecordFile } from '../check/trailer.js';
import { verifiedMarkerFile } from '../worklog/verified.js';
import { worklogFile } from '../worklog/store.js';
import { NOTES_REF } from '../worklog/notes.js';
import { entryFiles as configuredEntryFiles } from '../config/entry-files.js';
import { UserError } from '../errors.js';
import { gitQueries } from '../git/git.js';
import { GIT_DIRS, IS_BARE, configWithScope, localConfigMatching, repoRoot } from '../git/queries.js';
import { WORKTREES } from '../git/repository.js';
import { messages } from '../messages/index.js';
import { readManifest } from './manifest.js';
import { LEFTHOOK_FILES, LEFTHOOK_OTHER_FILES, PRE_COMMIT_FILE, SIMPLE_GIT_HOOKS_FILES } from '../core/install/managers.js';
import { MANAGERS } from '../core/install/managers/index.js';
import { CHAINED_SUFFIX, GIT_HOOKS, LEGACY_SUFFIX, RUNTIME_FILE, TRACKED_RUNNER } from '../core/install/names.js';
import { detectPackageManager, installCommand, isYarnBerry } from '../core/install/package-manager.js';
import { version } from '../version.js';
import { planStateTemplate, renderRunner } from './scripts.js';

export type { FileFact, InstallFacts, PackageFacts } from '../core/install/install-facts.js';

/** An executable named `name` on PATH, or null. */
export function onPath(name: string, path = process.env.PATH ?? ''): string | null {
  for (const dir of path.split(':')) {
    if (dir && executable(join(dir, name))) return join(dir, name);
  }
  return null;
}

/**
 * The spec npx was given for the running plan-hooks (`npx --package ./plan-hooks-0.1.0.tgz
 * plan-hooks init`), read from the package.json npx writes in its cache directory; null when
 * not run through npx.
 */
function npxSpec(cli: string): string | null {
  const m = /^(.*\/_npx\/[^/]+)\/node_modules\/plan-hooks\//.exec(cli);
  if (!m) return null;
  try {
    const pkg = JSON.parse(readFileSync(join(m[1]!, 'package.json'), 'utf8')) as { dependencies?: Record<string, unknown> };
    const dep = pkg.dependencies?.['plan-hooks'];
    if (typeof dep !== 'string') return null;
    // file: specs are relative to npx's cache directory; the user's package.json needs an absolute one.
    return dep.startsWith('file:') ? resolve(m[1]!, dep.slice('file:'.length)) : `plan-hooks@${dep}`;
  } catch {
    return null;
  }
}

/** The hooks' state files in the git dir of every worktree of the repository at `commonDir`. */
function hookStateIn(commonDir: string): string[] {
  let linked: string[] = [];
  try {
    linked = readdirSync(join(commonDir, 'worktrees')).map((name) => join(commonDir, 'worktrees', name));
  } catch {
    // No linked worktree.
  }
  return [commonDir, ...linked].flatMap((dir) => [...claimsCacheFiles(dir), ...handoffLinesFiles(dir), ...commitIndexFiles(dir), hookCodeCacheDir(dir), verifiedMarkerFile(dir), trailerRecordFile(dir), trailerIndexFile(dir)]).concat(join(commonDir, RUNTIME_FILE)).filter(existsSync);
}

function readIf(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function hookFilesIn(dir: string): Record<string, FileFact> {
  const out: Record<string, FileFact> = {};
  for (const name of [...GIT_HOOKS, ...GIT_HOOKS.map((h) => h + CHAINED_SUFFIX), ...GIT_HOOKS.map((h) => h + LEGACY_SUFFIX), ...GIT_HOOKS.map((h) => `${h}.old`), 'plan-hooks.sh']) {
    const path = join(dir, name);
    const content = readIf(path);
    if (content !== null) out[name] = { content, executable: executable(path) };
  }
  return out;
}

function entriesOf(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

function isDir(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/**
 * Every install fact, as named steps (lint-staged's gitWorkflow.js is the model): the git layout,
 * package.json, husky's files, the configuration, the runner's texts, the other managers'
 * configurations, then their programs (which need the facts before them).
 */
export async function gatherFacts(cwd = process.cwd()): Promise<InstallFacts> {
  const git = await readGitLayout(cwd);
  const { root, commonDir, hooksDir, mainRoot } = git;
  const pkg = readPackage(root);
  const husky = readHusky(root, mainRoot, git.worktreeRoots);
  const configuration = await readConfiguration(root);
  const facts: InstallFacts = {
    root,
    commonDir,
    isLinkedWorktree: git.gitDir !== commonDir,
    hookState: hookStateIn(commonDir),
    worklog: [worklogFile(commonDir)].find(existsSync) ?? null,
    mainRoot,
    otherWorktrees: git.worktreeRoots.filter((r) => r !== root),
    hooksPath: git.hooksPath,
    hooksPathScope: git.hooksPathScope,
    hooksDir,
    hooksDirExists: isDir(hooksDir),
    hookFiles: hookFilesIn(hooksDir),
    commonHookFiles: hookFilesIn(join(commonDir, 'hooks')),
    ...husky,
    pkg,
    ...configuration,
    manifest: readManifest(commonDir),
    ...runnerFacts(root, commonDir, pkg),
    planStateTemplate: planStateTemplate(),
    ...managerConfigs(root),
    bins: {},
    preCommitVersion: null,
    notesSettings: notesSettings(git.notes),
  };
  findPrograms(facts);
  return facts;
}

/** Step 1: in one batch, the git dirs, core.hooksPath and where it is set, the worktrees, whether the repository is bare, and the notes settings init may have made. */
async function readGitLayout(cwd: string) {
  const root = await repoRoot(cwd);
  const read = await gitQueries({ dirs: GIT_DIRS, hooksPath: configWithScope('core.hooksPath'), worktrees: WORKTREES, bare: IS_BARE, notes: localConfigMatching('^(notes\\.rewrite|plan-hooks\\.notesrewritemode)') }, root);
  const { gitDir, commonDir } = read.dirs;
  const scope = read.hooksPath?.scope ?? '';
  const hooksPath = read.hooksPath?.value.trim() || null;
  // Relative hooksPath is resolved against the worktree's top, where git runs hooks.
  const hooksDir = hooksPath
    ? resolve(root, hooksPath.replace(/^~(?=\/)/, process.env.HOME ?? '~'))
    : join(commonDir, 'hooks');
  const worktreeRoots = read.worktrees.map((w) => w.path);
  const mainRoot = read.bare ? null : (worktreeRoots[0] ?? null);
  return { root, gitDir, commonDir, hooksPath, hooksPathScope: hooksPath ? (scope ?? null) : null, hooksDir, worktreeRoots, mainRoot, notes: read.notes };
}

/** Step 2: package.json, which must parse when it is there. */
function readPackage(root: string): PackageFacts | null {
  const pkgText = readIf(join(root, 'package.json'));
  if (pkgText === null) return null;
  let data: unknown;
  try {
    data = JSON.parse(pkgText);
  } catch (error) {
    throw new UserError(messages.initBadPackageJson((error as Error).message));
  }
  return { text: pkgText, data: data as Record<string, unknown>, files: readdirSync(root) };
}

/** Step 3: husky's files in .husky, its program, and whether it ran here and in the other worktrees. */
function readHusky(root: string, mainRoot: string | null, worktreeRoots: string[]) {
  const huskyFiles: Record<string, string> = {};
  for (const name of [...GIT_HOOKS, 'plan-hooks.sh']) {
    const content = readIf(join(root, '.husky', name));
    if (content !== null) huskyFiles[name] = content;
  }
  const huskyBin =
    [root, mainRoot].filter((r): r is string => r !== null).map((r) => join(r, 'node_modules/husky/bin.js')).find(existsSync) ??
    null;
  let huskyDirEntries: string[] = [];
  try {
    huskyDirEntries = readdirSync(join(root, '.husky'));
  } catch {
    // No .husky.
  }
  return {
    huskyFiles,
    huskyRan: existsSync(join(root, '.husky/_/h')),
    worktreesWithoutHusky: worktreeRoots.filter((r) => r !== root && isDir(join(r, '.husky')) && !existsSync(join(r, '.husky/_/h'))),
    huskyBin,
    huskyDirEntries,
  };
}

/** Step 4: the configuration in force, the entry files it names, and the user's own .plan-hooks.json. */
async function readConfiguration(root: string) {
  const config = await loadConfig(root);
  const entryFiles: Record<string, string> = {};
  for (const name of configuredEntryFiles(config)) {
    const content = readIf(join(root, name));
    if (content !== null) entryFiles[name] = content;
  }
  return { entryFiles, config, configFile: CONFIG_FILE, userConfigText: readIf(join(root, CONFIG_FILE)) };
}

/** Step 5: the running plan-hooks, the runner texts init writes, and what is installed now; Yarn's kind. */
function runnerFacts(root: string, commonDir: string, pkg: PackageFacts | null) {
  const cli = fileURLToPath(new URL('../cli.js', import.meta.url));
  const install = pkg ? installCommand(detectPackageManager(pkg.files, pkg.data.packageManager)) : null;
  const yarnrc = readIf(join(root, '.yarnrc.yml'));
  return {
    cli,
    node: process.execPath,
    selfSpec: npxSpec(cli) ?? `plan-hooks@${version()}`,
    runner: renderRunner(pkg ? { cli: '', node: '', install } : { cli, node: process.execPath, install }),
    trackedRunner: renderRunner({ cli: '', node: '', install }),
    trackedRunnerText: readIf(join(root, TRACKED_RUNNER)),
    trackedRunnerDirEntries: entriesOf(join(root, TRACKED_RUNNER, '..')),
    runtimeText: readIf(join(commonDir, RUNTIME_FILE)),
    yarnBerry: pkg !== null && isYarnBerry(pkg.files, pkg.data.packageManager),
    yarnPnp: existsSync(join(root, '.pnp.cjs')) || (yarnrc !== null && !/^nodeLinker:\s*["']?(node-modules|pnpm)\b/m.test(yarnrc)),
  };
}

/** Step 6: the other hook managers' configurations (the first of each one's file names that is there). */
function managerConfigs(root: string) {
  const firstOf = (names: string[]) =>
    names.map((file) => ({ file, text: readIf(join(root, file)) })).find((f): f is { file: string; text: string } => f.text !== null) ?? null;
  return {
    preCommitConfig: readIf(join(root, PRE_COMMIT_FILE)),
    lefthookConfig: firstOf(LEFTHOOK_FILES),
    lefthookOtherConfig: firstOf(LEFTHOOK_OTHER_FILES)?.file ?? null,
    simpleGitHooksFile: firstOf(SIMPLE_GIT_HOOKS_FILES),
  };
}

/** Step 7: the notes settings init made: its rewrite ref, and the rewrite mode it set (with the value it set). */
function notesSettings(read: { key: string; value: string }[]) {
  const settings = read.filter((e) => e.key === 'notes.rewriteref' ? e.value === NOTES_REF : e.key === 'plan-hooks.notesrewritemode');
  if (settings.some((e) => e.key === 'plan-hooks.notesrewritemode')) settings.push({ key: 'notes.rewritemode', value: 'ignore' });
  return settings;
}

/** Step 8: each manager's program where its module says to look (its package in node_modules, then PATH), and pre-commit's version. */
function findPrograms(facts: InstallFacts): void {
  const { root, mainRoot } = facts;
  // A package's program in node_modules (its .bin link, or the file it links to).
  const localBin = (name: string, file: string) =>
    [root, mainRoot]
      .filter((r): r is string => r !== null)
      .flatMap((r) => [join(r, 'node_modules/.bin', name), join(r, 'node_modules', file)])
      .find(existsSync) ?? null;
  for (const manager of MANAGERS) {
    const program = manager.program;
    if (!program || (program.whenConfigured && !manager.configText(facts))) continue;
    const local = program.packageFile ? localBin(program.name, join(program.package ?? program.name, program.packageFile)) : null;
    facts.bins[manager.name] = local ?? (program.onPath ? onPath(program.name) : null);
  }
  const preCommitBin = facts.bins['pre-commit'];
  facts.preCommitVersion = preCommitBin ? (spawnSync(preCommitBin, ['--version'], { encoding: 'utf8' }).stdout ?? '').trim() || null : null;
}
