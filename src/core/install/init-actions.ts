// What `plan-hooks init` must change, decided from the facts alone (../../install/facts.ts): the list of actions
// that --dry-run prints and a real run applies, and the record uninstall needs. An empty list
// means everything is already in place.
//
// Linked worktrees (decision). husky points core.hooksPath at `.husky/_`, relative and resolved
// in each worktree; `.husky/_` is untracked and made only where `husky` ran, so a `git worktree
// add` worktree (where npm install never ran) would run no hook at all, silently. We keep husky's
// relative path (never a machine-specific absolute one, and husky's prepare re-sets it on every
// install anyway) and make `.husky/_` exist wherever a worktree is:
//  - `git worktree add` runs the main worktree's post-checkout (by absolute path, cwd = the new
//    worktree, first argument the null commit; checked on git 2.39): plan-hooks' post-checkout
//    section copies `.husky/_` into the new worktree, in sh, without node;
//  - init copies it into the worktrees that already exist; doctor reports any still without it;
//  - the tracked runner `.husky/plan-hooks.sh` finds plan-hooks in this worktree's
//    node_modules, else in the main worktree's (`$(git rev-parse --git-common-dir)/..`), else on PATH.
// Alternatives rejected: a tracked directory as core.hooksPath loses to husky's prepare, which
// re-sets core.hooksPath on every npm install; committing `.husky/_` puts husky's generated
// files in the user's history. A repository without package.json needs none of this: its hooks
// live in the shared `$(git rev-parse --git-common-dir)/hooks`, which every worktree uses.
import { UserError } from '../../errors.js';
import { joinPath as join, relativePath as relative } from '../../lib/posix-path.js';
import { removeSection, upsertSection } from '../../lib/marked-sections.js';
import { messages } from '../../messages/index.js';
import type { FileFact, InstallFacts } from './install-facts.js';
import { HOOKS } from '../hook-table.js';
import type { Action } from './action.js';
import { STDIN_SECTION_HOOKS, renderHuskyClientShim, renderHuskySection, renderShim, planStateBlock } from './hook-texts.js';
import {
  LEFTHOOK_FILES, PRE_COMMIT_FILE, addLefthookCommand, callsPlanHooks, addPreCommitRepo, addSimpleGitHooksCommand, hookOwner, preCommitEntry, preCommitStage, shippedHooks,
} from './managers.js';
import type { Manifest } from './manifest.js';
import { CHAINED_SUFFIX, LEGACY_SUFFIX, RUNTIME_FILE, SHIM_MARK, TRACKED_RUNNER, isHuskyPath, programArgv } from './names.js';
import { addDevCommand, detectPackageManager, runCommand } from './package-manager.js';
import { PLAN_STATE_MARKERS, SHELL_MARKERS, insertBeforeExit } from './sections.js';

const HUSKY_VERSION = '9.1.7';
export interface InitOptions {
  force: boolean;
  /** Non-default settings for .plan-hooks.json. */
  plans?: string[];
  strict?: boolean;
  /** The coding agents chosen with --agents (written to .plan-hooks.json). */
  agents?: string[];
}

export type InstallMode = 'husky' | 'dir' | 'pre-commit' | 'lefthook' | 'simple-git-hooks';

export interface InitDecision {
  mode: InstallMode;
  actions: Action[];
  manifest: Manifest;
  /** Things init cannot do itself, with what to do instead. */
  notes: string[];
}

const isOurs = (f: FileFact | undefined) => f !== undefined && f.content.includes(SHIM_MARK);

export function decideInit(facts: InstallFacts, opts: InitOptions): InitDecision {
  const rel = (p: string) => relative(facts.root, p) || '.';
  const manifest: Manifest = {
    version: 1,
    mode: 'dir',
    hooksDir: null,
    addedDependencies: [],
    prepareBefore: undefined,
    prepareAfter: undefined,
    hooksPathBefore: undefined,
    createdFiles: [],
    bootstrapped: [],
    lintStaged: [],
  };
  const actions: Action[] = [];
  const notes: string[] = [];

  if (facts.pkg && facts.yarnPnp) throw new UserError(messages.initYarnPnp());
  let manager = managerOf(facts);
  // husky runs the hooks here (the user's own core.hooksPath=.husky/_), and pre-commit and
  // lefthook cannot install beside it: plan-hooks goes where git runs hooks, into husky's.
  if ((manager === 'pre-commit' || manager === 'lefthook') && isHuskyPath(facts.hooksPath) && facts.huskyRan && !huskyIsOurs(facts)) {
    const bypassed = messages.doctorFinding.managerBypassed(managerConfig(facts, manager), manager, 'husky', MANAGER_INSTALL[manager], false);
    notes.push(`${bypassed.text} ${bypassed.fix[0]!.toUpperCase()}${bypassed.fix.slice(1)}`);
    manager = null;
  }
  if (manager) {
    // plan-hooks went in first, through husky (there was no manager yet): that install must go
    // before the manager's can work, or husky's prepare sets core.hooksPath again on the next
    // install and the manager's hooks stop running.
    if (huskyIsOurs(facts)) throw new UserError(messages.initSwitchFromHusky(manager, MANAGER_INSTALL[manager]));
    // pre-commit and lefthook refuse to install under a core.hooksPath; simple-git-hooks installs
    // into it, but into husky's it rewrites husky's stubs and deletes the rest.
    if (facts.hooksPath !== null && (manager !== 'simple-git-hooks' || isHuskyPath(facts.hooksPath))) {
      throw new UserError(messages.initManagerHooksPath(manager, facts.hooksPath, facts.hooksPathScope ?? 'local', MANAGER_INSTALL[manager]));
    }
    manifest.mode = manager;
    if (facts.pkg) decideDependencies(facts, manager, actions, manifest);
    decideManager(facts, manager, actions, manifest, notes, rel);
    decideTrackedRunner(facts, actions, manifest);
    decideEntryFiles(facts, actions, manifest);
    decideUserConfig(facts, opts, actions, manifest);
    return { mode: manager, actions, manifest, notes };
  }

  const foreign = facts.hooksPath !== null && !isHuskyPath(facts.hooksPath);
  // A core.hooksPath from the user's global or system config serves every repository: writing
  // plan-hooks into it would install it everywhere.
  const shared = foreign && (facts.hooksPathScope === 'global' || facts.hooksPathScope === 'system');
  if (shared && !opts.force) {
    throw new UserError(messages.initSharedHooksPath(facts.hooksPath!, facts.hooksPathScope!));
  }
  if (foreign && !shared && !facts.hooksDirExists && !opts.force) {
    throw new UserError(messages.initForeignHooksPath(facts.hooksPath!, facts.hooksDir));
  }
  const intoForeignDir = foreign && !shared && facts.hooksDirExists;
  const mode: 'husky' | 'dir' = facts.pkg && !intoForeignDir ? 'husky' : 'dir';
  manifest.mode = mode;

  if (facts.pkg) decideDependencies(facts, mode, actions, manifest);

  if (mode === 'husky') decideHusky(facts, actions, manifest, rel);
  else decideHooksDir(facts, foreign && !intoForeignDir ? (shared ? 'override' : 'unset') : 'keep', actions, manifest, notes, rel);

  decideEntryFiles(facts, actions, manifest);
  decideUserConfig(facts, opts, actions, manifest);
  return { mode, actions, manifest, notes };
}

/** Shims in a plain hooks directory (no package.json, or a foreign core.hooksPath directory). */
function decideHooksDir(
  facts: InstallFacts,
  /** keep core.hooksPath; unset a local one (--force); override a global one locally (--force). */
  hooksPathChange: 'keep' | 'unset' | 'override',
  actions: Action[],
  manifest: Manifest,
  notes: string[],
  rel: (p: string) => string,
  /** Hooks another manager runs plan-hooks for (not shims here). */
  skip: string[] = [],
): void {
  let hooksDir = facts.hooksDir;
  let files = facts.hookFiles;
  if (hooksPathChange !== 'keep') {
    hooksDir = join(facts.commonDir, 'hooks');
    files = facts.commonHookFiles;
    if (hooksPathChange === 'unset') {
      // --force over a core.hooksPath that names no directory: git goes back to the shared hooks.
      actions.push({ kind: 'gitConfig', key: 'core.hooksPath', value: null, what: messages.actUnsetHooksPath(facts.hooksPath!) });
      manifest.hooksPathBefore = facts.hooksPath;
    } else {
      // --force over a global core.hooksPath: only a local setting beats it, and only an
      // absolute path names the shared hooks from every worktree (doctor reports it).
      actions.push({ kind: 'gitConfig', key: 'core.hooksPath', value: hooksDir, what: messages.actOverrideHooksPath(hooksDir, facts.hooksPath!) });
      manifest.hooksPathBefore = null;
    }
  }
  manifest.hooksDir = hooksDir;
  // npx runs packages from a cache it may clean: the runner falls back to plan-hooks on PATH.
  if (!facts.pkg && facts.cli.includes('/_npx/')) notes.push(messages.noteNpxCli(facts.cli));
  // A Node repository's runner finds node_modules at run time; others call this CLI by path.
  const runner = facts.runner;
  const runnerPath = join(hooksDir, 'plan-hooks.sh');
  if (files['plan-hooks.sh']?.content !== runner) {
    actions.push({ kind: 'write', path: runnerPath, content: runner, mode: 0o755, what: messages.actRunner(rel(runnerPath), !files['plan-hooks.sh']) });
  }
  for (const hook of HOOKS) {
    if (skip.includes(hook)) continue;
    let path = join(hooksDir, hook);
    let existing = files[hook];
    // pre-commit's script runs `<hook>.legacy` first (its own chaining): plan-hooks goes there,
    // and never moves pre-commit's script (run as a legacy hook, it fails every commit).
    if (existing && hookOwner(existing.content, SHIM_MARK) === 'pre-commit') {
      path += LEGACY_SUFFIX;
      existing = files[hook + LEGACY_SUFFIX];
    }
    if (existing && !isOurs(existing)) {
      if (files[hook + CHAINED_SUFFIX]) throw new UserError(messages.initChainTaken(rel(path), rel(path + CHAINED_SUFFIX)));
      actions.push({ kind: 'rename', from: path, to: path + CHAINED_SUFFIX, what: messages.actChain(rel(path), rel(path + CHAINED_SUFFIX)) });
    }
    const shim = renderShim(hook);
    if (!isOurs(existing) || existing!.content !== shim) {
      actions.push({ kind: 'write', path, content: shim, mode: 0o755, what: messages.actShim(rel(path)) });
    }
  }
}

function decideDependencies(facts: InstallFacts, mode: InstallMode, actions: Action[], manifest: Manifest): void {
  const pkg = facts.pkg!;
  const declared = {
    ...(pkg.data.dependencies as Record<string, string> | undefined),
    ...(pkg.data.devDependencies as Record<string, string> | undefined),
  };
  // An existing plan-hooks dependency (a tarball, a version) is kept exactly as it is.
  const missing: [string, string][] = [];
  if (mode === 'husky' && !declared.husky) missing.push(['husky', `husky@${HUSKY_VERSION}`]);
  if (!declared['plan-hooks']) missing.push(['plan-hooks', facts.selfSpec]);
  if (missing.length > 0) {
    const pm = detectPackageManager(pkg.files, pkg.data.packageManager);
    const argv = addDevCommand(pm, missing.map(([, spec]) => spec));
    actions.push({ kind: 'command', argv, cwd: facts.root, what: messages.actCommand(argv) });
    manifest.addedDependencies.push(...missing.map(([name]) => name));
  }
  if (mode !== 'husky') return;
  // yarn 2+ never runs `prepare`: husky's docs give it `postinstall`.
  const script = facts.yarnBerry ? 'postinstall' : 'prepare';
  const scripts = (pkg.data.scripts ?? {}) as Record<string, unknown>;
  const prepare = typeof scripts[script] === 'string' ? (scripts[script] as string) : undefined;
  if (prepare === undefined || !/(^|[\s;&|])husky($|[\s;&|])/.test(prepare)) {
    // Appended, never overwritten: the user's script keeps running first.
    const next = prepare ? `${prepare} && husky` : 'husky';
    actions.push({
      kind: 'editJson',
      path: join(facts.root, 'package.json'),
      edit: (data) => {
        const s = (data.scripts ?? {}) as Record<string, unknown>;
        data.scripts = { ...s, [script]: next };
      },
      what: messages.actPrepare(next, script),
    });
    manifest.prepareBefore = prepare ?? null;
    manifest.prepareAfter = next;
    if (script !== 'prepare') manifest.prepareScript = script;
  }
}

function decideHusky(facts: InstallFacts, actions: Action[], manifest: Manifest, rel: (p: string) => string): void {
  if (!isHuskyPath(facts.hooksPath) || !facts.huskyRan) {
    actions.push({ kind: 'husky', root: facts.root, what: messages.actHusky() });
    // What uninstall puts back in the local config: nothing when the value came from elsewhere.
    const local = facts.hooksPathScope === 'local' || facts.hooksPathScope === 'worktree';
    if (facts.hooksPath === null || !local) manifest.hooksPathBefore = null;
    else if (!isHuskyPath(facts.hooksPath)) manifest.hooksPathBefore = facts.hooksPath;
  }
  // Hooks git runs today from the shared .git/hooks stop running once husky's core.hooksPath is
  // set: keep each one and run it first from plan-hooks' section.
  const chained = new Set<string>();
  const sharedHooks = join(facts.commonDir, 'hooks');
  for (const [name, file] of Object.entries(facts.commonHookFiles)) {
    if (name.endsWith(CHAINED_SUFFIX)) chained.add(name.slice(0, -CHAINED_SUFFIX.length));
    else if (facts.hooksPath === null && file.executable && !isOurs(file) && name !== 'plan-hooks.sh' && !name.endsWith(LEGACY_SUFFIX)) {
      if (facts.commonHookFiles[name + CHAINED_SUFFIX]) continue;
      const from = join(sharedHooks, name);
      actions.push({ kind: 'rename', from, to: from + CHAINED_SUFFIX, what: messages.actChain(rel(from), rel(from + CHAINED_SUFFIX)) });
      chained.add(name);
    }
  }
  // Clients that read only .git/hooks and ignore core.hooksPath (JGit, dulwich) get thin shims
  // there that start husky's hook: git itself runs only .husky/_, so nothing runs twice. A file
  // of the user's that core.hooksPath already turned off is left as it is.
  for (const hook of HOOKS) {
    const file = facts.commonHookFiles[hook];
    const moved = chained.has(hook) && !facts.commonHookFiles[hook + CHAINED_SUFFIX];
    if (file && !isOurs(file) && !moved) continue;
    const shim = renderHuskyClientShim(hook);
    if (file?.content === shim) continue;
    const path = join(sharedHooks, hook);
    actions.push({ kind: 'write', path, content: shim, mode: 0o755, what: messages.actClientShim(rel(path)) });
  }
  const runnerPath = join(facts.root, '.husky', 'plan-hooks.sh');
  const runner = facts.runner;
  if (facts.huskyFiles['plan-hooks.sh'] !== runner) {
    const created = facts.huskyFiles['plan-hooks.sh'] === undefined;
    actions.push({ kind: 'write', path: runnerPath, content: runner, what: messages.actRunner(rel(runnerPath), created) });
    if (created) manifest.createdFiles.push(rel(runnerPath));
  }
  for (const hook of new Set([...HOOKS, 'post-checkout', ...chained])) {
    const existing = facts.huskyFiles[hook];
    // After the user's lines (lint-staged fixes files before plan-hooks checks them), except
    // where their lines could stop the script first: hooks that cannot block git (the worklog
    // must see every commit) go first, and in a script that ends in `exit …` or `exec …` the
    // section goes just before that line.
    const body = renderHuskySection(hook, chained.has(hook));
    const top = hook.startsWith('post-') || STDIN_SECTION_HOOKS.has(hook);
    // A hook fed on stdin: the section moves first, before any line that reads the input (git lfs pre-push).
    const next =
      existing === undefined
        ? upsertSection('', SHELL_MARKERS, body, top)
        : STDIN_SECTION_HOOKS.has(hook)
          ? upsertSection(removeSection(existing, SHELL_MARKERS) ?? existing, SHELL_MARKERS, body, true)
          : top
            ? upsertSection(existing, SHELL_MARKERS, body, true)
            : insertBeforeExit(existing, SHELL_MARKERS, body);
    if (next === existing) continue;
    const path = join(facts.root, '.husky', hook);
    actions.push({ kind: 'write', path, content: next, what: messages.actSection(rel(path), existing === undefined) });
    if (existing === undefined) manifest.createdFiles.push(rel(path));
  }
  for (const worktree of facts.worktreesWithoutHusky) {
    const to = join(worktree, '.husky', '_');
    actions.push({ kind: 'copyDir', from: join(facts.root, '.husky', '_'), to, what: messages.actBootstrap(to) });
    manifest.bootstrapped.push(to);
  }
}

function decideEntryFiles(facts: InstallFacts, actions: Action[], manifest: Manifest): void {
  const block = planStateBlock(facts.planStateTemplate, runCommand(facts.pkg ? detectPackageManager(facts.pkg.files, facts.pkg.data.packageManager) : null));
  const present = Object.keys(facts.entryFiles);
  const targets = present.length > 0 ? present : ['AGENTS.md'];
  for (const name of targets) {
    const existing = facts.entryFiles[name];
    const next = upsertSection(existing ?? '', PLAN_STATE_MARKERS, block);
    if (next === existing) continue;
    actions.push({ kind: 'write', path: join(facts.root, name), content: next, what: messages.actPlanState(name, existing === undefined) });
    if (existing === undefined) manifest.createdFiles.push(name);
  }
}

function decideUserConfig(facts: InstallFacts, opts: InitOptions, actions: Action[], manifest: Manifest): void {
  // Defaults need no file: it is written only for settings the user asked for.
  if (opts.plans === undefined && opts.strict === undefined && opts.agents === undefined) return;
  let current: Record<string, unknown> = {};
  if (facts.userConfigText !== null) current = JSON.parse(facts.userConfigText) as Record<string, unknown>;
  const next = { ...current };
  if (opts.plans !== undefined) next.plans = opts.plans;
  if (opts.strict !== undefined) next.strict = opts.strict;
  if (opts.agents !== undefined) next.agents = opts.agents;
  const text = `${JSON.stringify(next, null, 2)}\n`;
  if (text === facts.userConfigText) return;
  actions.push({ kind: 'write', path: join(facts.root, facts.configFile), content: text, what: messages.actUserConfig(facts.configFile, facts.userConfigText === null) });
  if (facts.userConfigText === null) manifest.createdFiles.push(facts.configFile);
}

/** Whether an earlier init installed plan-hooks through husky and turned husky on (core.hooksPath). */
export function huskyIsOurs(facts: InstallFacts): boolean {
  return facts.manifest?.mode === 'husky' && facts.manifest.hooksPathBefore !== undefined;
}

/** Where a manager's configuration was found, for messages. */
export function managerConfig(facts: InstallFacts, manager: keyof typeof MANAGER_INSTALL): string {
  if (manager === 'pre-commit') return PRE_COMMIT_FILE;
  if (manager === 'lefthook') return facts.lefthookConfig?.file ?? facts.lefthookOtherConfig ?? LEFTHOOK_FILES[0]!;
  return facts.simpleGitHooksFile?.file ?? 'package.json "simple-git-hooks"';
}

/** The command that installs each manager's hooks from its configuration. */
export const MANAGER_INSTALL = { 'pre-commit': 'pre-commit install', lefthook: 'lefthook install', 'simple-git-hooks': 'npx simple-git-hooks' } as const;

/** The manager that runs the repository's hooks today, judged by its configuration. */
export function managerOf(facts: InstallFacts): 'pre-commit' | 'lefthook' | 'simple-git-hooks' | null {
  if (facts.lefthookConfig || facts.lefthookOtherConfig) return 'lefthook';
  if (facts.preCommitConfig !== null) return 'pre-commit';
  const sgh = facts.pkg?.data['simple-git-hooks'];
  if ((sgh && typeof sgh === 'object') || facts.simpleGitHooksFile) return 'simple-git-hooks';
  return null;
}

/**
 * The runner the managers' configurations call, in the working tree (names.ts says why it is
 * tracked). It holds no machine path: a repository without package.json gets this machine's
 * node and CLI recorded under the git common dir, which the runner reads when no node_modules
 * has plan-hooks.
 */
function decideTrackedRunner(facts: InstallFacts, actions: Action[], manifest: Manifest): void {
  const path = join(facts.root, TRACKED_RUNNER);
  if (facts.trackedRunnerText !== facts.trackedRunner) {
    actions.push({ kind: 'write', path, content: facts.trackedRunner, mode: 0o755, what: messages.actTrackedRunner(TRACKED_RUNNER, facts.trackedRunnerText === null) });
    if (facts.trackedRunnerText === null) manifest.createdFiles.push(TRACKED_RUNNER);
  }
  if (facts.pkg) return;
  const runtime = `${facts.node}\n${facts.cli}\n`;
  const runtimePath = join(facts.commonDir, RUNTIME_FILE);
  if (facts.runtimeText !== runtime) actions.push({ kind: 'write', path: runtimePath, content: runtime, what: messages.actRuntime(runtimePath) });
}

/** plan-hooks inside another hook manager's configuration, and the runner its commands call. */
function decideManager(
  facts: InstallFacts,
  manager: 'pre-commit' | 'lefthook' | 'simple-git-hooks',
  actions: Action[],
  manifest: Manifest,
  notes: string[],
  rel: (p: string) => string,
): void {
  const hooksDir = facts.hooksDir;
  manifest.hooksDir = hooksDir;
  if (manager === 'pre-commit') {
    // pre-commit's own stage runs plan-hooks from its configuration; the other hooks are shims
    // (placed as `<hook>.legacy` where pre-commit's script holds the hook).
    const config = facts.preCommitConfig!;
    const stage = preCommitStage(facts.preCommitVersion);
    // The package's shipped hooks (`repo:` + `rev:`) may run some hooks already: nothing for those.
    const shipped = shippedHooks(config);
    const next = shipped.includes('pre-commit') ? config : addPreCommitRepo(config, stage);
    if (next === null) throw new UserError(messages.initPreCommitLayout(PRE_COMMIT_FILE, preCommitEntry(stage).join('\n')));
    if (next !== config) {
      actions.push({ kind: 'write', path: join(facts.root, PRE_COMMIT_FILE), content: next, what: messages.actManagerConfig(PRE_COMMIT_FILE) });
    }
    const byPreCommit = [...new Set(['pre-commit', ...shipped])];
    decideHooksDir(facts, 'keep', actions, manifest, notes, rel, byPreCommit);
    const installed = facts.hookFiles['pre-commit'];
    for (const name of byPreCommit.flatMap((h) => [h, `${h}${LEGACY_SUFFIX}`])) {
      // A shim from an earlier install: pre-commit's configuration runs plan-hooks now.
      if (isOurs(facts.hookFiles[name])) {
        actions.push({ kind: 'remove', path: join(hooksDir, name), what: messages.actRemoveManagerRuns(rel(join(hooksDir, name)), 'pre-commit') });
      }
    }
    if (!installed || hookOwner(installed.content, SHIM_MARK) !== 'pre-commit') {
      if (facts.bins.preCommit) {
        const argv = [facts.bins.preCommit, 'install'];
        actions.push({ kind: 'command', argv, cwd: facts.root, what: messages.actCommand(['pre-commit', 'install']) });
      } else notes.push(messages.notePreCommitInstall());
    }
    return;
  }
  // lefthook and simple-git-hooks write every hook file themselves: plan-hooks needs only the
  // tracked runner (decideTrackedRunner); an earlier install's untracked one goes.
  if (facts.hookFiles['plan-hooks.sh']) {
    const old = join(hooksDir, 'plan-hooks.sh');
    actions.push({ kind: 'remove', path: old, what: messages.actRemove(rel(old), 'runnerTracked') });
  }
  if (!facts.pkg && facts.cli.includes('/_npx/')) notes.push(messages.noteNpxCli(facts.cli));
  // Shims of an earlier install would be moved aside (lefthook: `<hook>.old`) and run twice.
  for (const hook of HOOKS) {
    for (const name of [hook, `${hook}.old`]) {
      if (isOurs(facts.hookFiles[name])) {
        actions.push({ kind: 'remove', path: join(hooksDir, name), what: messages.actRemoveManagerRuns(rel(join(hooksDir, name)), manager) });
      }
    }
  }
  if (manager === 'lefthook') {
    if (!facts.lefthookConfig) {
      throw new UserError(messages.initManagerFormat(facts.lefthookOtherConfig!, LEFTHOOK_FILES[0]!, HOOKS.reduce((t, h) => addLefthookCommand(t, h), '')));
    }
    const { file, text } = facts.lefthookConfig;
    const next = HOOKS.reduce((t, h) => addLefthookCommand(t, h), text);
    if (next !== text) actions.push({ kind: 'write', path: join(facts.root, file), content: next, what: messages.actManagerConfig(file) });
    const installed = HOOKS.every((h) => hookOwner(facts.hookFiles[h]?.content ?? '', SHIM_MARK) === 'lefthook');
    if (next !== text || !installed) {
      if (facts.bins.lefthook) actions.push({ kind: 'command', argv: [...programArgv(facts.bins.lefthook, facts.node), 'install'], cwd: facts.root, what: messages.actCommand(['lefthook', 'install']) });
      else notes.push(messages.noteManagerInstall('lefthook install'));
    }
    return;
  }
  // simple-git-hooks: its package.json key, or its JSON file.
  const fileText = facts.simpleGitHooksFile;
  if (fileText && !fileText.file.endsWith('.json')) {
    const example: Record<string, string> = {};
    for (const h of HOOKS) example[h] = addSimpleGitHooksCommand(undefined, h);
    throw new UserError(messages.initManagerFormat(fileText.file, 'package.json "simple-git-hooks"', JSON.stringify(example, null, 2)));
  }
  const edit = (config: Record<string, unknown>) => {
    for (const h of HOOKS) {
      const current = config[h];
      config[h] = addSimpleGitHooksCommand(typeof current === 'string' ? current : undefined, h);
    }
  };
  const current = structuredClone(fileText ? (JSON.parse(fileText.text) as Record<string, unknown>) : (facts.pkg!.data['simple-git-hooks'] as Record<string, unknown>));
  const before = JSON.stringify(current);
  edit(current);
  const changed = JSON.stringify(current) !== before;
  if (changed) {
    const path = join(facts.root, fileText?.file ?? 'package.json');
    actions.push({
      kind: 'editJson',
      path,
      edit: fileText ? edit : (data) => edit(data['simple-git-hooks'] as Record<string, unknown>),
      what: messages.actManagerConfig(fileText ? fileText.file : 'package.json "simple-git-hooks"'),
    });
  }
  const installed = HOOKS.every((h) => callsPlanHooks(facts.hookFiles[h]?.content ?? '', h));
  if (changed || !installed) {
    if (facts.bins.simpleGitHooks) {
      actions.push({ kind: 'command', argv: programArgv(facts.bins.simpleGitHooks, facts.node), cwd: facts.root, what: messages.actCommand(['simple-git-hooks']) });
    } else notes.push(messages.noteManagerInstall('npx simple-git-hooks'));
  }
}
