// What a hook manager is to plan-hooks, as one interface (like pre-commit's lang_base.py): how it
// is recognised in the hook files and the repository, what init writes and runs beside it, what
// uninstall takes back, and how doctor follows its hook files to plan-hooks. Each manager is one
// module in this folder, listed once in ./index.ts.
import type { Action } from '../action.js';
import type { FileFact, InstallFacts } from '../install-facts.js';
import type { Manifest } from '../manifest.js';

export type ManagerName = 'husky' | 'pre-commit' | 'prek' | 'lefthook' | 'simple-git-hooks';

/** How git reaches plan-hooks through one hook file, and what is in the way (doctor). */
export interface HookPath {
  /** The file git runs. */
  file: string;
  /** Who wrote it (null: no file). */
  owner: ManagerName | 'plan-hooks' | 'other' | null;
  /** How the file reaches plan-hooks, for the report ("lefthook.yml → plan-hooks"). */
  via: string;
  /** What stops it, if anything (the hook may still answer the probe: then it is not in the way). */
  problem: { text: string; fix: string } | null;
}

/** What init's decision hands a manager to add to. */
export interface InitContext {
  actions: Action[];
  manifest: Manifest;
  notes: string[];
  /** A path relative to the worktree's top, for messages. */
  rel: (path: string) => string;
}

/** One hook file of this manager's, as doctor sees it. */
export interface OwnedHook {
  hook: string;
  file: string;
  /** The file relative to the worktree's top. */
  rel: string;
  fact: FileFact;
}

/** How doctor runs a hook of this manager's with its probe (the file itself when absent). */
export interface ProbeRun {
  argv: string[];
  /** Run with the real index, not doctor's index of HEAD (the pre-commit framework refuses a configuration that differs from the index). */
  realIndex: boolean;
}

export interface HookManager {
  readonly name: ManagerName;
  /** Whether a hook file is this manager's (the marker lines it writes). */
  owns(content: string): boolean;
  /** Whether the repository is set up for it (its configuration is there): plan-hooks then installs beside it. */
  configured(facts: InstallFacts): boolean;
  /** Where its configuration is, for messages. */
  configFile(facts: InstallFacts): string;
  /** Its configuration's text, for what it calls. */
  configText(facts: InstallFacts): string;
  /** Its program, where init and doctor look for it: its package's file in node_modules, then PATH; only when its configuration is there. */
  program: { name: string; package?: string; packageFile?: string; onPath: boolean; whenConfigured?: boolean } | null;
  /** The command that installs its hooks from its configuration, for messages. */
  installCommand: string;
  /** Where the runner its hooks reach is: the tracked one, or plan-hooks.sh in the hooks directory. */
  runner: 'tracked' | 'hooks-dir';
  /** Under a core.hooksPath, it refuses to install, or installs into that directory (never into husky's: it would rewrite husky's stubs). */
  underHooksPath: 'refuses' | 'installs';
  /** plan-hooks in its configuration, and its own install run. */
  init(facts: InstallFacts, ctx: InitContext): void;
  /** plan-hooks' entries out of its configuration, and what that leaves unused. */
  uninstall(facts: InstallFacts, actions: Action[]): void;
  /** How one of its hook files reaches plan-hooks. */
  hookPath(facts: InstallFacts, owned: OwnedHook): Omit<HookPath, 'file' | 'owner'>;
  /** How doctor runs one of its hooks (null: run the file as git would). */
  probe(facts: InstallFacts, hook: string, args: string[], msgFile: string): ProbeRun | null;
  /** The variable that turns it off, and its value. */
  offSwitch: { variable: string; value: string } | null;
}
