// init and uninstall: their help, the actions they print (dry-run and for real), their refusals, and the installed shim's own sentences (src/install).
import { plural } from './plural.js';
import { run } from './run.js';

/** Why init or uninstall removes a file (after its path, in actRemove). */
const REMOVED_BECAUSE = {
  runner: 'the hook runner',
  runnerTracked: 'the hook managers call the tracked runner now',
  lefthookUnused: "lefthook's script for a hook only plan-hooks used",
  shim: 'plan-hooks shim',
  onlyOurs: 'only plan-hooks was in it',
  onlyPlanState: 'only the Plan State block was in it',
  initWrote: 'init wrote it',
  hookState: 'state the hooks kept',
  agentState: "state the agents' hooks kept",
  nothingOfYours: 'nothing of yours was left in it',
  huskyGenerated: "husky's generated hooks",
  agentShim: 'the agent hook shim',
};

export const installMessages = {
  /** `plan-hooks --help`'s line for init; its --help follows. */
  initPurpose: 'Install the hooks, the Plan State block and the dependencies in this repository',
  initUsage: `Usage: plan-hooks init [--dry-run] [--force] [--plans GLOB]... [--strict] [--agents LIST]

Installs plan-hooks in this repository (run it from any folder inside it):
  - with package.json: adds plan-hooks and husky as devDependencies (with the package manager of
    your lockfile), appends 'husky' to the prepare script, and adds plan-hooks' section to
    .husky/<hook> (your own lines stay);
  - without: hook scripts in the hooks directory git uses, calling this plan-hooks by path;
  - hooks already there are kept and run first;
  - the "Plan State" block in AGENTS.md / CLAUDE.md / .github/copilot-instructions.md / GEMINI.md;
  - edit-time hooks for the coding agents (.claude/settings.json, .codex/hooks.json,
    .gemini/settings.json, .cursor/hooks.json, .github/hooks/plan-hooks.json; your settings stay)
    and the shim they run, .plan-hooks/agent-hook.sh.

  --dry-run     print every change and make none
  --force       replace a core.hooksPath that names no directory
  --plans GLOB  where plans live (written to .plan-hooks.json; default docs/**/*-plan.json)
  --strict      warnings fail validation (written to .plan-hooks.json)
  --agents LIST which agents get edit-time hooks: claude,codex,gemini,cursor,copilot or none
                (written to .plan-hooks.json as "agents"; default all)
Running it again changes nothing when everything is in place.
`,
  /** `plan-hooks --help`'s line for uninstall; its --help follows. */
  uninstallPurpose: 'Remove exactly what init added',
  uninstallUsage: `Usage: plan-hooks uninstall [--dry-run]

Removes exactly what 'plan-hooks init' added: its sections, runner and hook scripts, the Plan
State blocks, the dependencies and settings it added, and puts back the hooks it chained.
`,
  initForeignHooksPath: (value: string, dir: string) =>
    `core.hooksPath is set to '${value}', which is not husky's and names no directory (${dir}). Another tool may own it, so plan-hooks will not replace it silently.\n` +
    `  - if that tool is gone: 'git config --unset core.hooksPath', then run init again;\n` +
    `  - if it should hold hook scripts: create the directory, then run init again (plan-hooks installs into it);\n` +
    `  - or replace it: '${run()} init --force' ('${run()} uninstall' puts it back).`,
  initSharedHooksPath: (value: string, scope: string) =>
    `core.hooksPath is set to '${value}' in your ${scope} git config, so it serves every repository: plan-hooks will not write into it.\n` +
    `  - to keep it: add plan-hooks' calls to the hooks there yourself ('${run()} hook <name> "$@"');\n` +
    `  - or give this repository its own hooks: '${run()} init --force' (a local core.hooksPath overrides the ${scope} one here; '${run()} uninstall' removes it).`,
  initChainTaken: (hook: string, chained: string) =>
    `${hook} is not plan-hooks' and ${chained} already exists, so the hook cannot be kept without losing one of them. Merge the two by hand into ${chained}, remove ${hook}, and run init again.`,
  actUnsetHooksPath: (value: string) => `config  unset core.hooksPath (was '${value}'; --force)`,
  actOverrideHooksPath: (dir: string, value: string) => `config  core.hooksPath = '${dir}' in this repository (overrides '${value}'; --force)`,
  actRunner: (path: string, created: boolean) => `${created ? 'create' : 'update'}  ${path} (the hook runner)`,
  actTrackedRunner: (path: string, created: boolean) => `${created ? 'create' : 'update'}  ${path} (the hook runner your hook manager calls: commit it, so every clone has it)`,
  actRuntime: (path: string) => `write   ${path} (where this machine's node and plan-hooks are, for the tracked runner)`,
  actChain: (from: string, to: string) => `rename  ${from} → ${to} (kept: it runs first)`,
  actShim: (path: string) => `write   ${path} (plan-hooks shim)`,
  initRolledBack: (why: string) => `${why}\nNothing was changed: init put back every file and setting it had changed (node_modules aside).`,
  actUnsetConfig: (key: string, value: string) => `unset   git config ${key} = ${value} (set by the hooks)`,
  actClientShim: (path: string) => `write   ${path} (for clients that ignore core.hooksPath: JGit, dulwich)`,
  actManagerConfig: (file: string) => `edit    ${file} (plan-hooks' hooks)`,
  initYarnPnp: () =>
    `this repository uses yarn Plug'n'Play (no node_modules), where git hooks cannot find plan-hooks. Nothing was changed. Fix: add 'nodeLinker: node-modules' to .yarnrc.yml, run 'yarn install', then run '${run()} init' again.`,
  initManagerHooksPath: (manager: string, value: string, scope: string, install: string) =>
    `this repository's hooks are managed by ${manager}, but core.hooksPath is set (${value}, ${scope} config)${
      manager === 'simple-git-hooks' ? ': simple-git-hooks would rewrite husky\'s hooks there' : `: ${manager} refuses to install under it`
    }. Nothing was changed. Fix: git config --${scope === 'global' || scope === 'system' ? scope : 'local'} --unset core.hooksPath, run '${install}', then '${run()} init' again.`,
  initSwitchFromHusky: (manager: string, install: string) =>
    `an earlier '${run()} init' installed plan-hooks through husky here, and ${manager} runs this repository's hooks now. Nothing was changed. Fix: run '${run()} uninstall' (it takes back that install, core.hooksPath and the prepare script included; husky's prepare would set core.hooksPath again on the next install and ${manager}'s hooks would stop running), run '${install}', then '${run()} init' again.`,
  initPreCommitLayout: (file: string, entry: string) =>
    `${file} has no block-style 'repos:' list that plan-hooks can add to. Nothing was changed. Add this entry to 'repos:' yourself, then run '${run()} init' again:\n${entry}`,
  initManagerFormat: (file: string, want: string, snippet: string) =>
    `plan-hooks does not edit ${file}. Nothing was changed. Add plan-hooks' hooks to it yourself (or move the configuration to ${want}), then run '${run()} init' again:\n${snippet}`,
  notePreCommitInstall: () => `pre-commit is not on PATH: install it and run 'pre-commit install' (plan-hooks' pre-commit stage runs from .pre-commit-config.yaml).`,
  noteManagerInstall: (command: string) => `run '${command}' so git runs the hooks plan-hooks added to its configuration.`,
  actCommand: (argv: string[]) => `run     ${argv.join(' ')}`,
  actPrepare: (script: string, name = 'prepare') => `edit    package.json scripts.${name} = "${script}"${name === 'postinstall' ? " (yarn 2+ never runs 'prepare')" : ''}`,
  actHusky: () => `run     husky (sets core.hooksPath=.husky/_ and creates .husky/_)`,
  actSection: (path: string, created: boolean) =>
    created ? `create  ${path} (plan-hooks section)` : `update  ${path} (plan-hooks section; your lines kept)`,
  actBootstrap: (to: string) => `copy    .husky/_ → ${to} (so hooks run in that worktree)`,
  noteNpxCli: (cli: string) =>
    `the hooks call plan-hooks at ${cli}, inside npx's cache, which npm may clean. Install it for good ('npm install -g <plan-hooks tarball or version>'): the hooks then find it on PATH.`,
  actPlanState: (file: string, created: boolean) => `${created ? 'create' : 'update'}  ${file} (Plan State block)`,
  actUserConfig: (file: string, created: boolean) => `${created ? 'create' : 'update'}  ${file} (your settings)`,
  actRemove: (path: string, why: keyof typeof REMOVED_BECAUSE) => `remove  ${path} (${REMOVED_BECAUSE[why]})`,
  /** A shim of an earlier install, now that a hook manager runs plan-hooks from its configuration. */
  actRemoveManagerRuns: (path: string, manager: string) => `remove  ${path} (${manager === 'pre-commit' ? 'the pre-commit framework' : manager} runs plan-hooks now)`,
  actRestore: (from: string, to: string) => `rename  ${from} → ${to} (restored)`,
  actRemoveSection: (path: string) => `update  ${path} (plan-hooks section removed)`,
  actRestorePrepare: (script: string | null, name = 'prepare') =>
    script === null ? `edit    package.json: remove scripts.${name}` : `edit    package.json scripts.${name} = "${script}"`,
  actRestoreHooksPath: (value: string | null) =>
    value === null ? `config  unset core.hooksPath` : `config  core.hooksPath = '${value}' (restored)`,
  actRemoveLintStaged: (file: string) => `edit    ${file}: remove the plan-hooks validate task`,
  commandFailed: (command: string, detail: string) =>
    `'${command}' failed${detail ? `:\n${detail}` : ''}\nFix the cause (network, registry, lockfile), or run it yourself, then run '${run()} init' again.`,
  huskyMissing: () =>
    `husky is not in node_modules. Install your dependencies (e.g. 'npm install'), then run '${run()} init' again.`,
  huskyFailed: (output: string) =>
    `husky did not install its hooks${output ? `: ${output}` : ''}. Run 'npx husky' to see why, then '${run()} init' again.`,
  dryRunHeader: () => `plan-hooks init --dry-run: these changes would be made (nothing was changed):\n`,
  uninstallDryRunHeader: () => `plan-hooks uninstall --dry-run: these changes would be made (nothing was changed):\n`,
  initNothing: () => `plan-hooks is already installed here: nothing to change.\n`,
  uninstallNothing: () => `plan-hooks is not installed here: nothing to remove.\n`,
  /** `runner`: the tracked runner the managers' configurations call. */
  initDone: (mode: string, hooksDir: string, count: number, runner: string, shimsToo: boolean) =>
    `plan-hooks installed (${plural(count, 'change')}). Hooks: ${
      mode === 'husky'
        ? 'through husky (.husky/<hook>, runner .husky/plan-hooks.sh)'
        : mode === 'dir'
          ? hooksDir
          : `through ${mode}'s configuration (runner ${runner}${shimsToo ? `; its other hooks are shims in ${hooksDir}` : ''})`
    }.\n`,
  initNext: (mode: string, files: string[]) =>
    `\nNext:\n` +
    (files.length > 0
      ? `  1. Commit what init wrote: git add ${files.join(' ')}${mode === 'husky' ? ' (and your lockfile)' : ''} && git commit -m "Install plan-hooks"\n` +
        (mode === 'husky' ? `     Worktrees made from that commit on get working hooks on 'git worktree add'.\n` : '')
      : `  1. Nothing to commit: init changed only local settings.\n`) +
    `  2. Create a plan: ${run()} new <name>\n` +
    `  3. Check that every hook runs here: ${run()} doctor\n` +
    `  Skip the hooks once: PLAN_HOOKS=0 git commit …   Trace them: PLAN_HOOKS=2 git commit …\n`,
  uninstallDone: (count: number) => `plan-hooks removed (${plural(count, 'change')}).\n`,
  /** The tracked files uninstall changed: committed, or the next commit still carries plan-hooks' files (and the pre-commit framework refuses a commit while its configuration is changed and unstaged). */
  uninstallCommit: (files: string[]) =>
    files.length > 0 ? `Commit the removal: git add ${files.join(' ')} && git commit -m "Remove plan-hooks"\n` : '',
  commandOutputAbove: () => 'its output is above',
  uninstallWorklogKept: (file: string) => `The worklog is kept, as your record of the commits made: ${file} (delete it if you do not want it).\n`,
  shimNoNode: () =>
    `plan-hooks: node was not found, so this hook could not run. Install Node 20 or later, or make it visible to git hooks: put the PATH setup (e.g. for nvm: export NVM_DIR="$HOME/.nvm"; . "$NVM_DIR/nvm.sh") in ~/.config/plan-hooks/init.sh. Bypass once: PLAN_HOOKS=0 git commit … (or git commit --no-verify).`,
  /** `install`: the command that installs this repository's dependencies (null: a repository without package.json). */
  shimNoCli: (install: string | null = null) =>
    install
      ? `plan-hooks: the plan-hooks package was not found (not in ./node_modules, the main worktree's node_modules, or on PATH), so this hook could not run. This clone's dependencies are not installed yet: run '${install}' here (in a linked worktree: in the main worktree), then commit again. Bypass once: PLAN_HOOKS=0 git commit … (or git commit --no-verify).`
      : `plan-hooks: the plan-hooks package was not found on this machine (not recorded by 'plan-hooks init' here, not on PATH), so this hook could not run. Install plan-hooks (e.g. 'npm install -g' the plan-hooks package your team uses) and commit again. Bypass once: PLAN_HOOKS=0 git commit … (or git commit --no-verify).`,
  initBadPackageJson: (why: string) => `cannot read package.json: ${why}. Fix the JSON and run init again.`,
};
