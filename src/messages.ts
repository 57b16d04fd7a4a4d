// Every user-facing sentence lives here, so wording stays consistent and reviewable in one place.
// Each area adds its own section; keep messages as functions of the facts they print.

export const messages = {
  mainHelp: (commands: string) => `plan-hooks — git hooks that keep coding agents honest

Usage: plan-hooks <command> [options]

Commands:
${commands}

Run 'plan-hooks <command> --help' for a command's options.
Exit codes: 0 success, 1 a check failed or a commit was refused, 2 usage or configuration error.
`,
  unknownCommand: (name: string) =>
    `plan-hooks: unknown command '${name}'. Run 'plan-hooks --help' for the list of commands.\n`,

  // hook
  hookUsage: (names: string) => `Usage: plan-hooks hook <name> [git's arguments]

Runs one hook. The scripts that 'plan-hooks init' installs call this; you rarely need it.
Hooks: ${names}
PLAN_HOOKS=0 skips every hook.
`,
  hookTrace: (name: string, code: number) => `plan-hooks: hook ${name} ran (exit ${code})\n`,
  hookUnknown: (name: string, names: string) => `unknown hook '${name}'. Known hooks: ${names}.`,
  hookFailClosed: (name: string) =>
    name === 'pre-commit'
      ? `plan-hooks refused the commit because its own check failed (above). Fix the cause, or bypass once with 'git commit --no-verify' (recorded in the worklog), or PLAN_HOOKS=0 to skip every hook.\n`
      : `plan-hooks refused the push because its own check failed (above). Fix the cause, or bypass once with 'git push --no-verify'.\n`,

  // install: init, uninstall, doctor, and the hook runner's own sentences
  initUsage: `Usage: plan-hooks init [--dry-run] [--force] [--plans GLOB]... [--strict]

Installs plan-hooks in this repository (run it from any folder inside it):
  - with package.json: adds plan-hooks and husky as devDependencies (with the package manager of
    your lockfile), appends 'husky' to the prepare script, and adds plan-hooks' section to
    .husky/<hook> (your own lines stay);
  - without: hook scripts in the hooks directory git uses, calling this plan-hooks by path;
  - hooks already there are kept and run first;
  - the "Plan State" block in AGENTS.md / CLAUDE.md / .github/copilot-instructions.md / GEMINI.md.

  --dry-run     print every change and make none
  --force       replace a core.hooksPath that names no directory
  --plans GLOB  where plans live (written to .plan-hooks.json; default docs/**/*-plan.json)
  --strict      warnings fail validation (written to .plan-hooks.json)
Running it again changes nothing when everything is in place.
`,
  uninstallUsage: `Usage: plan-hooks uninstall [--dry-run]

Removes exactly what 'plan-hooks init' added: its sections, runner and hook scripts, the Plan
State blocks, the dependencies and settings it added, and puts back the hooks it chained.
`,
  doctorUsage: `Usage: plan-hooks doctor

Checks what git will really run for each hook in this worktree (core.hooksPath, husky, the hook
scripts, node and plan-hooks reachable, the Node version), and says how to fix each problem.
Exit 1 when a hook would not run.
`,
  initForeignHooksPath: (value: string, dir: string) =>
    `core.hooksPath is set to '${value}', which is not husky's and names no directory (${dir}). Another tool may own it, so plan-hooks will not replace it silently.\n` +
    `  - if that tool is gone: 'git config --unset core.hooksPath', then run init again;\n` +
    `  - if it should hold hook scripts: create the directory, then run init again (plan-hooks installs into it);\n` +
    `  - or replace it: 'plan-hooks init --force' ('plan-hooks uninstall' puts it back).`,
  initSharedHooksPath: (value: string, scope: string) =>
    `core.hooksPath is set to '${value}' in your ${scope} git config, so it serves every repository: plan-hooks will not write into it.\n` +
    `  - to keep it: add plan-hooks' calls to the hooks there yourself ('plan-hooks hook <name> "$@"');\n` +
    `  - or give this repository its own hooks: 'plan-hooks init --force' (a local core.hooksPath overrides the ${scope} one here; 'plan-hooks uninstall' removes it).`,
  initChainTaken: (hook: string, chained: string) =>
    `${hook} is not plan-hooks' and ${chained} already exists, so the hook cannot be kept without losing one of them. Merge the two by hand into ${chained}, remove ${hook}, and run init again.`,
  actUnsetHooksPath: (value: string) => `config  unset core.hooksPath (was '${value}'; --force)`,
  actOverrideHooksPath: (dir: string, value: string) => `config  core.hooksPath = '${dir}' in this repository (overrides '${value}'; --force)`,
  actRunner: (path: string, created: boolean) => `${created ? 'create' : 'update'}  ${path} (the hook runner)`,
  actChain: (from: string, to: string) => `rename  ${from} → ${to} (kept: it runs first)`,
  actShim: (path: string) => `write   ${path} (plan-hooks shim)`,
  actCommand: (argv: string[]) => `run     ${argv.join(' ')}`,
  actPrepare: (script: string) => `edit    package.json scripts.prepare = "${script}"`,
  actHusky: () => `run     husky (sets core.hooksPath=.husky/_ and creates .husky/_)`,
  actSection: (path: string, created: boolean) =>
    created ? `create  ${path} (plan-hooks section)` : `update  ${path} (plan-hooks section; your lines kept)`,
  actBootstrap: (to: string) => `copy    .husky/_ → ${to} (so hooks run in that worktree)`,
  actLintStaged: (file: string) => `edit    ${file}: lint-staged runs plan-hooks validate on plan files`,
  noteLintStaged: (file: string, globs: string[], task: string) =>
    `${file} is not JSON, so init did not edit it: add ${globs.map((g) => `"${g}": "${task}"`).join(', ')} to it.`,
  noteNpxCli: (cli: string) =>
    `the hooks call plan-hooks at ${cli}, inside npx's cache, which npm may clean. Install it for good ('npm install -g <plan-hooks tarball or version>'): the hooks then find it on PATH.`,
  actPlanState: (file: string, created: boolean) => `${created ? 'create' : 'update'}  ${file} (Plan State block)`,
  actUserConfig: (file: string, created: boolean) => `${created ? 'create' : 'update'}  ${file} (your settings)`,
  actRemove: (path: string, why: string) => `remove  ${path} (${why})`,
  actRestore: (from: string, to: string) => `rename  ${from} → ${to} (restored)`,
  actRemoveSection: (path: string) => `update  ${path} (plan-hooks section removed)`,
  actRestorePrepare: (script: string | null) =>
    script === null ? `edit    package.json: remove scripts.prepare` : `edit    package.json scripts.prepare = "${script}"`,
  actRestoreHooksPath: (value: string | null) =>
    value === null ? `config  unset core.hooksPath` : `config  core.hooksPath = '${value}' (restored)`,
  actRemoveLintStaged: (file: string) => `edit    ${file}: remove the plan-hooks validate task`,
  commandFailed: (command: string, detail: string) =>
    `'${command}' failed${detail ? `:\n${detail}` : ''}\nFix the cause (network, registry, lockfile), or run it yourself, then run 'plan-hooks init' again.`,
  huskyMissing: () =>
    `husky is not in node_modules. Install your dependencies (e.g. 'npm install'), then run 'plan-hooks init' again.`,
  huskyFailed: (output: string) =>
    `husky did not install its hooks${output ? `: ${output}` : ''}. Run 'npx husky' to see why, then 'plan-hooks init' again.`,
  dryRunHeader: () => `plan-hooks init --dry-run: these changes would be made (nothing was changed):\n`,
  uninstallDryRunHeader: () => `plan-hooks uninstall --dry-run: these changes would be made (nothing was changed):\n`,
  initNothing: () => `plan-hooks is already installed here: nothing to change.\n`,
  uninstallNothing: () => `plan-hooks is not installed here: nothing to remove.\n`,
  initDone: (mode: 'husky' | 'dir', hooksDir: string, count: number) =>
    `plan-hooks installed (${count} change${count === 1 ? '' : 's'}). Hooks: ${
      mode === 'husky' ? 'through husky (.husky/<hook>, runner .husky/plan-hooks.sh)' : hooksDir
    }.\n`,
  initNext: (mode: 'husky' | 'dir', files: string[]) =>
    `\nNext:\n` +
    (files.length > 0
      ? `  1. Commit what init wrote: git add ${files.join(' ')}${mode === 'husky' ? ' (and your lockfile)' : ''} && git commit -m "Install plan-hooks"\n` +
        (mode === 'husky' ? `     Worktrees made from that commit on get working hooks on 'git worktree add'.\n` : '')
      : `  1. Nothing to commit: init changed only local settings.\n`) +
    `  2. Create a plan: plan-hooks new <name>\n` +
    `  3. Check that every hook runs here: plan-hooks doctor\n` +
    `  Skip the hooks once: PLAN_HOOKS=0 git commit …   Trace them: PLAN_HOOKS=2 git commit …\n`,
  uninstallDone: (count: number) => `plan-hooks removed (${count} change${count === 1 ? '' : 's'}).\n`,
  shimNoNode: () =>
    `plan-hooks: node was not found, so this hook could not run. Install Node 20 or later, or make it visible to git hooks: put the PATH setup (e.g. for nvm: export NVM_DIR="$HOME/.nvm"; . "$NVM_DIR/nvm.sh") in ~/.config/plan-hooks/init.sh. Bypass once: PLAN_HOOKS=0 git commit … (or git commit --no-verify).`,
  shimNoCli: () =>
    `plan-hooks: the plan-hooks package was not found (not in ./node_modules, the main worktree's node_modules, or on PATH), so this hook could not run. Install the dependencies ('npm install' in the main worktree) or plan-hooks globally, then check with 'plan-hooks doctor'. Bypass once: PLAN_HOOKS=0 git commit … (or git commit --no-verify).`,
  doctorOk: (text: string) => `  ok    ${text}\n`,
  doctorWarn: (text: string, fix: string) => `  warn  ${text}\n        fix: ${fix}\n`,
  doctorFail: (text: string, fix: string) => `  FAIL  ${text}\n        fix: ${fix}\n`,
  doctorSummary: (failed: number) =>
    failed === 0 ? `Every plan-hooks hook will run here.\n` : `${failed} problem${failed === 1 ? '' : 's'} stop hooks from running here (above).\n`,
};
