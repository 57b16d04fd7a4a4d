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
import { upsertSection } from '../../lib/marked-sections.js';
import { messages } from '../../messages/index.js';
import type { InstallFacts } from './install-facts.js';
import type { Action } from './action.js';
import { planStateBlock } from './hook-texts.js';
import { decideHooksDir } from './hooks-dir.js';
import { husky } from './managers/husky.js';
import { type HookManager, managerOf } from './managers/index.js';
import type { InitContext } from './managers/manager.js';
import { preCommit } from './managers/pre-commit.js';
import type { Manifest } from './manifest.js';
import { RUNTIME_FILE, TRACKED_RUNNER, isHuskyPath } from './names.js';
import { addDevCommand, detectPackageManager, runCommand } from './package-manager.js';
import { PLAN_STATE_MARKERS } from './sections.js';

const HUSKY_VERSION = '9.1.7';
export interface InitOptions {
  force: boolean;
  /** Non-default settings for .plan-hooks.json. */
  plans?: string[];
  strict?: boolean;
  /** The coding agents chosen with --agents (written to .plan-hooks.json). */
  agents?: string[];
}

export type InstallMode = Manifest['mode'];

export interface InitDecision {
  mode: InstallMode;
  actions: Action[];
  manifest: Manifest;
  /** Things init cannot do itself, with what to do instead. */
  notes: string[];
}

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
  const ctx: InitContext = { actions, manifest, notes, rel };
  let manager: HookManager | null = managerOf(facts);
  // husky runs the hooks here (the user's own core.hooksPath=.husky/_), and a manager that
  // refuses any core.hooksPath cannot install beside it: plan-hooks goes where git runs hooks, into husky's.
  if (manager?.underHooksPath === 'refuses' && isHuskyPath(facts.hooksPath) && facts.huskyRan && !huskyIsOurs(facts)) {
    const bypassed = messages.doctorFinding.managerBypassed(manager.configFile(facts), manager.name, 'husky', manager.installCommand, false);
    notes.push(`${bypassed.text} ${bypassed.fix[0]!.toUpperCase()}${bypassed.fix.slice(1)}`);
    manager = null;
  }
  if (manager) {
    // plan-hooks went in first, through husky (there was no manager yet): that install must go
    // before the manager's can work, or husky's prepare sets core.hooksPath again on the next
    // install and the manager's hooks stop running.
    if (huskyIsOurs(facts)) throw new UserError(messages.initSwitchFromHusky(manager.name, manager.installCommand));
    // pre-commit and lefthook refuse to install under a core.hooksPath; simple-git-hooks installs
    // into it, but into husky's it rewrites husky's stubs and deletes the rest.
    if (facts.hooksPath !== null && (manager.underHooksPath === 'refuses' || isHuskyPath(facts.hooksPath))) {
      throw new UserError(messages.initManagerHooksPath(manager.name, facts.hooksPath, facts.hooksPathScope ?? 'local', manager.installCommand));
    }
    manifest.mode = manager.name as InstallMode;
    if (facts.pkg) decideDependencies(facts, manifest.mode, actions, manifest);
    manager.init(facts, ctx);
    decideTrackedRunner(facts, actions, manifest);
    decideEntryFiles(facts, actions, manifest);
    decideUserConfig(facts, opts, actions, manifest);
    return { mode: manifest.mode, actions, manifest, notes };
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

  if (mode === 'husky') husky.init(facts, ctx);
  else decideHooksDir(facts, ctx, { hooksPathChange: foreign && !intoForeignDir ? (shared ? 'override' : 'unset') : 'keep', runsLegacy: preCommit.owns });

  decideEntryFiles(facts, actions, manifest);
  decideUserConfig(facts, opts, actions, manifest);
  return { mode, actions, manifest, notes };
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
