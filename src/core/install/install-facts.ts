// What init, uninstall and doctor know about the repository and this machine: the facts
// ../../install/facts.ts reads once, and the decisions here (init-actions.ts,
// uninstall-actions.ts) take in, nothing else.
import type { Config } from '../../config/config.js';
import type { ManagerName } from './managers/manager.js';
import type { Manifest } from './manifest.js';

export interface FileFact {
  content: string;
  executable: boolean;
}

export interface PackageFacts {
  text: string;
  data: Record<string, unknown>;
  /** Names present next to package.json (lockfiles). */
  files: string[];
}

export interface InstallFacts {
  /** Top of this worktree. */
  root: string;
  commonDir: string;
  isLinkedWorktree: boolean;
  /** The main worktree's top (null for a bare repository). */
  mainRoot: string | null;
  /** Roots of the other worktrees of this repository. */
  otherWorktrees: string[];
  /** What the hooks left under each worktree's git dir (caches, markers): not the worklog. */
  hookState: string[];
  /** The worklog, when there is one. */
  worklog: string | null;
  /** core.hooksPath as configured (null when unset), and where: local, worktree, global, system. */
  hooksPath: string | null;
  hooksPathScope: string | null;
  /** The directory git runs hooks from in this worktree. */
  hooksDir: string;
  hooksDirExists: boolean;
  /** Hook files in hooksDir, and in the common hooks dir, by name. */
  hookFiles: Record<string, FileFact>;
  commonHookFiles: Record<string, FileFact>;
  /** .husky/<name> files by name (the runner plan-hooks.sh included). */
  huskyFiles: Record<string, string>;
  /** .husky/_/h exists in this worktree (husky ran here). */
  huskyRan: boolean;
  /** Other worktrees that check out a .husky directory but have no .husky/_ (no hook runs there). */
  worktreesWithoutHusky: string[];
  pkg: PackageFacts | null;
  /** husky's bin.js in this worktree's or the main worktree's node_modules. */
  huskyBin: string | null;
  /** The configured entry files that exist, with their content. */
  entryFiles: Record<string, string>;
  config: Config;
  /** The configuration file's name at the top (.plan-hooks.json), and its text when there is one. */
  configFile: string;
  userConfigText: string | null;
  manifest: Manifest | null;
  /** The running CLI and node: what a non-Node repository's hooks call by absolute path. */
  cli: string;
  node: string;
  /** How to add this plan-hooks as a dependency (the tarball npx ran it from, else name@version). */
  selfSpec: string;
  /**
   * The runner this repository's hooks directory holds when plan-hooks is installed: for a Node
   * repository with no machine-specific path (it finds node_modules at run time), else calling
   * `cli` with `node` by absolute path.
   */
  runner: string;
  /** The runner the hook managers' configurations call (TRACKED_RUNNER in ./names.ts), and the text there now (null: none). */
  trackedRunner: string;
  trackedRunnerText: string | null;
  /** Names in the tracked runner's directory (empty when there is none). */
  trackedRunnerDirEntries: string[];
  /** This machine's node and CLI as recorded for the tracked runner of a repository without package.json (null: none). */
  runtimeText: string | null;
  /** yarn 2 or later (Berry), which never runs a `prepare` script. */
  yarnBerry: boolean;
  /** The Plan State block's template (`{{run}}`: the command that starts plan-hooks). */
  planStateTemplate: string;
  /** The other hook managers' configurations found at the root (name and text). */
  preCommitConfig: string | null;
  lefthookConfig: { file: string; text: string } | null;
  /** A lefthook configuration in a format plan-hooks does not edit (JSON, TOML). */
  lefthookOtherConfig: string | null;
  /** simple-git-hooks' own configuration file, when it is not package.json's key. */
  simpleGitHooksFile: { file: string; text: string } | null;
  /** The managers' programs, where this machine has them (null: not found). */
  bins: { [name in ManagerName]?: string | null };
  /** `pre-commit --version`, read only when the repository has a pre-commit configuration. */
  preCommitVersion: string | null;
  /** Local git settings the hooks made (notes mirroring): uninstall unsets exactly these values. */
  notesSettings: { key: string; value: string }[];
  /** Names in .husky/ (empty when there is none). */
  huskyDirEntries: string[];
  /** yarn 2+ with Plug'n'Play (no node_modules): the hooks cannot find plan-hooks there. */
  yarnPnp: boolean;
}
