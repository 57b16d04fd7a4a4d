// Every user-facing sentence lives here, so wording stays consistent and reviewable in one place.
// Each area adds its own section; keep messages as functions of the facts they print.

export const messages = {
  mainHelp: (commands: string) => `plan-hooks — git hooks that keep coding agents honest

Usage: plan-hooks <command> [options]

Commands:
${commands}

Options:
  --help, -h     this list (or, after a command, its options)
  --version, -v  the version of plan-hooks

Run 'plan-hooks <command> --help' for a command's options.
Exit codes: 0 success, 1 a check failed or a commit was refused, 2 usage or configuration error.
`,
  unknownCommand: (name: string, suggestion: string | null) =>
    `unknown command '${name}'.${suggestion ? ` Did you mean '${suggestion}'?` : ''} Run 'plan-hooks --help' for the list of commands.`,
  unknownOption: (option: string, suggestion: string | null) =>
    `unknown option '${option}'${suggestion ? ` (did you mean '--${suggestion}'?)` : ''}`,
  unexpectedArgument: (arg: string) => `unexpected argument '${arg}': this command takes none`,
  optionNeedsValue: (option: string) => `option '${option}' needs a value`,
  optionTakesNoValue: (option: string) => `option '${option}' takes no value`,
  gitFailed: (command: string, detail: string) => `${command} failed: ${detail}`,
  gitObjectNameNewline: (name: string) => `cannot read an object whose name contains a newline: ${JSON.stringify(name)}`,
  notInWorktree: (cwd: string) => `not inside a git working tree (${cwd}). Run this from inside your repository.`,
  badArguments: (command: string, detail: string, usage: string) =>
    `${detail.replace(/\.$/, '')}.\n${usage.split('\n')[0]}\nRun 'plan-hooks ${command} --help' for the options.`,

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
  uninstallUsage: `Usage: plan-hooks uninstall [--dry-run]

Removes exactly what 'plan-hooks init' added: its sections, runner and hook scripts, the Plan
State blocks, the dependencies and settings it added, and puts back the hooks it chained.
`,
  doctorUsage: `Usage: plan-hooks doctor [--json] [--no-run]

Checks what git will really run for each hook in this worktree (core.hooksPath and the manager
that owns it, each hook file and the configuration that calls plan-hooks, node and plan-hooks
reachable, the Node version), and says how to fix each problem. Exit 1 when a hook would not run.
Each hook is run as git would run it, with nothing staged and nothing to push, and a probe that
plan-hooks answers instead of doing its work: your own lines before plan-hooks' in those hooks
run too. --no-run checks the files only. --json prints the findings as JSON.
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
  initRolledBack: (why: string) => `${why}\nNothing was changed: init put back every file and setting it had changed (node_modules aside).`,
  actUnsetConfig: (key: string, value: string) => `unset   git config ${key} = ${value} (set by the hooks)`,
  actClientShim: (path: string) => `write   ${path} (for clients that ignore core.hooksPath: JGit, dulwich)`,
  actManagerConfig: (file: string) => `edit    ${file} (plan-hooks' hooks)`,
  initYarnPnp: () =>
    `this repository uses yarn Plug'n'Play (no node_modules), where git hooks cannot find plan-hooks. Nothing was changed. Fix: add 'nodeLinker: node-modules' to .yarnrc.yml, run 'yarn install', then run 'plan-hooks init' again.`,
  initManagerHooksPath: (manager: string, value: string, scope: string, install: string) =>
    `this repository's hooks are managed by ${manager}, but core.hooksPath is set (${value}, ${scope} config)${
      manager === 'simple-git-hooks' ? ': simple-git-hooks would rewrite husky\'s hooks there' : `: ${manager} refuses to install under it`
    }. Nothing was changed. Fix: git config --${scope === 'global' || scope === 'system' ? scope : 'local'} --unset core.hooksPath, run '${install}', then 'plan-hooks init' again.`,
  initSwitchFromHusky: (manager: string, install: string) =>
    `an earlier 'plan-hooks init' installed plan-hooks through husky here, and ${manager} runs this repository's hooks now. Nothing was changed. Fix: run 'plan-hooks uninstall' (it takes back that install, core.hooksPath and the prepare script included; husky's prepare would set core.hooksPath again on the next install and ${manager}'s hooks would stop running), run '${install}', then 'plan-hooks init' again.`,
  initPreCommitLayout: (file: string, entry: string) =>
    `${file} has no block-style 'repos:' list that plan-hooks can add to. Nothing was changed. Add this entry to 'repos:' yourself, then run 'plan-hooks init' again:\n${entry}`,
  initManagerFormat: (file: string, want: string, snippet: string) =>
    `plan-hooks does not edit ${file}. Nothing was changed. Add plan-hooks' hooks to it yourself (or move the configuration to ${want}), then run 'plan-hooks init' again:\n${snippet}`,
  notePreCommitInstall: () => `pre-commit is not on PATH: install it and run 'pre-commit install' (plan-hooks' pre-commit stage runs from .pre-commit-config.yaml).`,
  noteManagerInstall: (command: string) => `run '${command}' so git runs the hooks plan-hooks added to its configuration.`,
  actCommand: (argv: string[]) => `run     ${argv.join(' ')}`,
  actPrepare: (script: string) => `edit    package.json scripts.prepare = "${script}"`,
  actHusky: () => `run     husky (sets core.hooksPath=.husky/_ and creates .husky/_)`,
  actSection: (path: string, created: boolean) =>
    created ? `create  ${path} (plan-hooks section)` : `update  ${path} (plan-hooks section; your lines kept)`,
  actBootstrap: (to: string) => `copy    .husky/_ → ${to} (so hooks run in that worktree)`,
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
  initDone: (mode: string, hooksDir: string, count: number) =>
    `plan-hooks installed (${count} change${count === 1 ? '' : 's'}). Hooks: ${
      mode === 'husky'
        ? 'through husky (.husky/<hook>, runner .husky/plan-hooks.sh)'
        : mode === 'dir'
          ? hooksDir
          : `through ${mode}'s configuration (runner ${hooksDir}/plan-hooks.sh${mode === 'pre-commit' ? '; its other hooks are shims there' : ''})`
    }.\n`,
  initNext: (mode: string, files: string[]) =>
    `\nNext:\n` +
    (files.length > 0
      ? `  1. Commit what init wrote: git add ${files.join(' ')}${mode === 'husky' ? ' (and your lockfile)' : ''} && git commit -m "Install plan-hooks"\n` +
        (mode === 'husky' ? `     Worktrees made from that commit on get working hooks on 'git worktree add'.\n` : '')
      : `  1. Nothing to commit: init changed only local settings.\n`) +
    `  2. Create a plan: plan-hooks new <name>\n` +
    `  3. Check that every hook runs here: plan-hooks doctor\n` +
    `  Skip the hooks once: PLAN_HOOKS=0 git commit …   Trace them: PLAN_HOOKS=2 git commit …\n`,
  uninstallDone: (count: number) => `plan-hooks removed (${count} change${count === 1 ? '' : 's'}).\n`,
  uninstallWorklogKept: (file: string) => `The worklog is kept, as your record of the commits made: ${file} (delete it if you do not want it).\n`,
  shimNoNode: () =>
    `plan-hooks: node was not found, so this hook could not run. Install Node 20 or later, or make it visible to git hooks: put the PATH setup (e.g. for nvm: export NVM_DIR="$HOME/.nvm"; . "$NVM_DIR/nvm.sh") in ~/.config/plan-hooks/init.sh. Bypass once: PLAN_HOOKS=0 git commit … (or git commit --no-verify).`,
  shimNoCli: () =>
    `plan-hooks: the plan-hooks package was not found (not in ./node_modules, the main worktree's node_modules, or on PATH), so this hook could not run. Install the dependencies ('npm install' in the main worktree) or plan-hooks globally, then check with 'plan-hooks doctor'. Bypass once: PLAN_HOOKS=0 git commit … (or git commit --no-verify).`,
  doctorOk: (text: string) => `  ok    ${text}\n`,
  doctorWarn: (text: string, fix: string) => `  warn  ${text}\n        fix: ${fix}\n`,
  doctorFail: (text: string, fix: string) => `  FAIL  ${text}\n        fix: ${fix}\n`,
  doctorSummary: (failed: number) =>
    failed === 0 ? `Every plan-hooks hook will run here.\n` : `${failed} problem${failed === 1 ? '' : 's'} stop hooks from running here (above).\n`,

  /** doctor's findings: what a commit here would meet, and (for a problem) how to fix it. */
  doctorFinding: {
    absoluteHooksPath: (path: string) => ({
      text: `core.hooksPath is an absolute path (${path}): it breaks when the repository moves or is cloned elsewhere.`,
      fix: `use a path relative to the worktree, or unset it and run 'plan-hooks init'.`,
    }),
    huskyNeverRan: (mainHusky: string | null) => ({
      text: `.husky/_ does not exist in this worktree (husky never ran here), so git runs no hook here, silently.`,
      fix: `run 'plan-hooks init' here${mainHusky ? ` (or: cp -R '${mainHusky}' .husky/_)` : ''}.`,
    }),
    huskyNoSection: (hook: string) => ({ text: `.husky/${hook} has no plan-hooks section: plan-hooks does not run on ${hook}.`, fix: `run 'plan-hooks init'.` }),
    huskyExitFirst: (hook: string, start: string, end: string) => ({
      text: `.husky/${hook} exits before plan-hooks' section: plan-hooks never runs on ${hook}.`,
      fix: `move the lines from '${start}' to '${end}' above the exit.`,
    }),
    owner: (hooksPath: string | null, dir: string, owner: string) =>
      `${hooksPath ? `core.hooksPath = ${hooksPath}` : 'core.hooksPath unset'}: git runs the hooks in ${dir}, managed by ${owner}`,
    hookAnswered: (hook: string, via: string) => `${hook}: ${via} (ran it: plan-hooks answered)`,
    hookSilent: (hook: string, via: string, code: number | null, output: string) => ({
      text: `${hook}: git runs ${via || 'the hook'}, but plan-hooks did not answer when doctor ran it (${code === null ? 'it did not finish' : `exit ${code}`})${
        output ? `:\n          ${output.split('\n').slice(-5).join('\n          ')}` : '.'
      }`,
      fix: `run 'plan-hooks init'; if a line of yours before plan-hooks stopped the hook, fix that line.`,
    }),
    managerWithout: (manager: string, where: string, hook: string) => ({
      text: `${manager} runs ${hook} here, but ${where} does not call plan-hooks: plan-hooks does not run on ${hook}.`,
      fix: `run 'plan-hooks init'.`,
    }),
    huskyStubRewritten: (file: string, hook: string) => ({
      text: `${file} is not husky's any more (simple-git-hooks rewrote it, and deletes husky's other hooks): plan-hooks does not run on ${hook}.`,
      fix: `use one hook manager: remove simple-git-hooks (and its postinstall), or 'git config --unset core.hooksPath' and run 'plan-hooks init' again.`,
    }),
    noClientShims: (hooks: string[]) => ({
      text: `.git/hooks has no plan-hooks shim for ${hooks.join(', ')}: clients that ignore core.hooksPath (JGit, dulwich) run no hook.`,
      fix: `run 'plan-hooks init'.`,
    }),
    managerRunnerMissing: (config: string, runner: string) => ({
      text: `${config} calls plan-hooks' runner ${runner}, which this clone does not have: every plan-hooks hook fails here.`,
      fix: `run 'plan-hooks init' (once per clone).`,
    }),
    managerBypassed: (config: string, manager: string, owner: string, install: string, ours: boolean) => ({
      text: `${config} says ${manager} runs this repository's hooks, but git runs ${owner}'s: ${manager}'s own hooks run only where one of ${owner}'s calls it.`,
      fix: ours
        ? `to run plan-hooks through ${manager} instead: 'plan-hooks uninstall' (it takes back the husky install), '${install}', then 'plan-hooks init'.`
        : `to run your hooks through ${manager} instead: 'git config --unset core.hooksPath', take husky out of package.json's prepare script, run '${install}', then 'plan-hooks init'.`,
    }),
    managerOff: (variable: string, manager: string) => ({ text: `${variable} is set in this environment: ${manager} runs no hook, plan-hooks' included.`, fix: `unset ${variable.split('=')[0]}` }),
    hookMissing: (file: string, exists: boolean, hook: string) => ({
      text: `${file} ${exists ? "is not plan-hooks'" : 'does not exist'}: plan-hooks does not run on ${hook}.`,
      fix: `run 'plan-hooks init' (a hook already there is kept and runs first).`,
    }),
    hookNotExecutable: (file: string, absolute: string) => ({ text: `${file} is not executable: git skips it.`, fix: `chmod +x '${absolute}'` }),
    hookOk: (hook: string, file: string) => `${hook}: ${file} → plan-hooks`,
    runnerMissing: (file: string) => ({ text: `the hook runner ${file} is missing.`, fix: `run 'plan-hooks init'.` }),
    runnerOutdated: (file: string) => ({
      text: `the hook runner ${file} was written for another configuration or an older plan-hooks: pre-commit works, but makes its git reads itself (~15 ms more a commit).`,
      fix: `run 'plan-hooks init' (and commit the runner if it is tracked).`,
    }),
    noNode: () => `node is not on the PATH the hooks see.`,
    nodeOk: (version: string | null, node: string) => `node ${version} (${node})`,
    nodeOld: (version: string | null, node: string, min: string) => ({
      text: `node ${version} (${node}) is older than ${min}.`,
      fix: `install Node ${min} or later and put it first on PATH (or in ~/.config/plan-hooks/init.sh).`,
    }),
    noCli: () => `the hooks cannot find plan-hooks.`,
    cliOk: (cli: string) => `plan-hooks: ${cli}`,
    worktreeWithoutHusky: (worktree: string, from: string, to: string) => ({
      text: `the worktree ${worktree} has no .husky/_: no hook runs there.`,
      fix: `run 'plan-hooks init' in it, or: cp -R '${from}' '${to}'`,
    }),
    huskyOff: () => ({ text: `HUSKY=0 is set in this environment: husky runs no hook, plan-hooks' included.`, fix: `unset HUSKY` }),
    planHooksOff: () => ({ text: `PLAN_HOOKS=0 is set in this environment: every plan-hooks hook is skipped.`, fix: `unset PLAN_HOOKS` }),
  },
  initBadPackageJson: (why: string) => `cannot read package.json: ${why}. Fix the JSON and run init again.`,

  // worklog, handoff, status, log
  worklogIdentityTrailer: (trailer: string) => `recorded with the commit (${trailer})`,
  worklogAuthorWithoutHooks: () => "the commit's author: no hook ran when it was made",
  worklogIncompleteIdentity: () => 'what the hook kept: the commit could not be read from git',
  worklogDisputed: (violations: number, problems: string[]) =>
    `pre-commit passed this tree, but the commit judged from its own history does not (${[violations ? `claimed paths held by others: ${violations}` : '', ...problems.slice(0, 3)].filter(Boolean).join('; ')}): the local claims cache or verified marker disagreed with the commit (tampered), or a path was staged after the check. The claims cache was discarded; pre-push and CI refuse the commit until it is fixed.`,
  worklogNotJudged: (reason: string) => `pre-commit passed this tree, but the commit could not be judged from its own history (${reason}), so it is not recorded as verified. 'plan-hooks check --range <commit>^..<commit>' judges it.`,
  worklogDisputedFlag: () => 'pre-commit’s pass did not hold',
  worklogDamagedRecord: (name: string) => `plan-hooks: dropped a damaged worklog queue record (${name}): it was not written by plan-hooks.\n`,
  worklogCatchUpFailed: (reason: string) =>
    `plan-hooks: the worklog could not be brought up to date (${reason}); showing it as it is. Run 'plan-hooks status' again, and report the error if it persists.\n`,
  worklogNotRecorded: () =>
    `plan-hooks: this commit is not in the worklog (the commit itself is fine). Run 'plan-hooks status' to see the log, and report the error above if it persists.\n`,
  handoffWarning: (file: string, text: string) => `plan-hooks: ${file}: handoff: ${text}\n`,
  handoffStaged: (files: string[]) => `plan-hooks: updated the handoff in ${files.join(', ')}\n`,
  handoffLastCommitMissing: (rev: string) =>
    `lastCommit '${rev}' is not a commit git knows here. Set it to the commit the work builds on (git rev-parse HEAD) or remove it.`,
  handoffLastCommitNotAncestor: (rev: string) =>
    `lastCommit '${rev}' is not in this branch's history. Set it to a commit of this branch (git rev-parse HEAD).`,
  handoffOld: (count: number, atLeast = false) =>
    `${atLeast ? `${count} or more` : count} commit(s) since this plan was last committed: update its handoff when you hand over.`,
  handoffBranchDiffers: (given: string, actual: string | null) =>
    `branch '${given}' but the work is on ${actual ? `'${actual}'` : 'a detached HEAD'}. Update handoff.branch or switch branches.`,
  handoffUncommittedNone: (count: number, sample: string) =>
    `uncommitted says nothing is left, but ${count} path(s) are uncommitted (${sample}). Describe them, or commit or discard them.`,
  handoffUncommittedStale: (path: string) =>
    `uncommitted names '${path}', which has no uncommitted change. Update handoff.uncommitted.`,
  statusUsage: `Usage: plan-hooks status [--json]

Where the work stands: plans and tasks by status, live and stale claims with their age, tasks
ready to start and blocked, each open plan's handoff checked against git, the last commits in
the worklog, commits pre-commit did not verify, and drift (commits since the last handoff that
touch no task). Reads only the tail of the worklog.
`,
  handoffUsage: `Usage: plan-hooks handoff [--write] [--json]

Prints the handoff blocks as they would be generated now from the plans in the working tree:
one in each plan's paired .md, and an aggregate one in the entry files (AGENTS.md, CLAUDE.md, …).
--write puts them into those files (text outside the markers is never touched). A commit that
stages a plan regenerates and stages them by itself.
`,
  logUsage: `Usage: plan-hooks log [--task PLAN/TASK] [--agent NAME] [--since REV|DATE] [--unverified] [--limit N] [--json]

Shows the worklog, newest first: one entry per commit (and per amend or rebase).
  --task        entries that touched this task (plan/task, or a task id)
  --agent       entries made by this identity (aliases count)
  --since       entries after this commit, or after this date (YYYY-MM-DD or ISO time)
  --unverified  commits pre-commit did not check (--no-verify, cherry-picks, rebase picks)
`,
  logBadLimit: (value: string) => `--limit must be a whole number, not '${value}'`,
  logSinceUnknown: (rev: string) => `--since '${rev}' is neither a date (YYYY-MM-DD) nor a commit git knows.`,
  logEmpty: () => 'No worklog entries match.\n',
  statusHeading: (text: string) => `\n${text}`,
  statusOn: (branch: string | null, head: string | null) => `On ${branch ?? 'a detached HEAD'} at ${head ?? '(no commits yet)'}`,
  statusPlan: (path: string, title: string, counts: string, open: boolean) => `  ${path} — ${title} (${counts}${open ? '' : '; all done'})`,
  statusWaitingOn: (tasks: string[]) => (tasks.length ? `waiting on ${tasks.join(', ')}` : 'marked blocked'),
  statusNoHandoff: () => `    handoff: none`,
  statusNone: () => '  none',
  statusNoneRecorded: () => '  none recorded yet',
  statusClaim: (task: string, holder: string, since: string, age: string, state: string, source: string, files: string) =>
    `  ${task} — ${holder} since ${since} (${age}, ${state}, in ${source}) ${files}`,
  statusClaimState: (stale: boolean) => (stale ? 'stale: can be taken over' : 'live'),
  statusUnverifiedHeading: (scanned: number) => `Unverified commits (last ${scanned} entries)`,
  statusDisputed: (count: number) =>
    `Commits that passed pre-commit but not the check of the commit itself: ${count} (local state disagreed with the commit: a tampered claims cache or verified marker, or a path staged after the check). pre-push and CI refuse each of them:`,
  statusMore: (count: number, command?: string) => `  … and ${count} more${command ? `: ${command}` : ''}`,
  statusNoPlans: (patterns: string) => `No plan files found (looked for ${patterns}). Create one with 'plan-hooks new <name>'.`,
  /** Why a lenient reader skips a plan: the same message validate gives, with its place. */
  planTextReason: (message: string, line: number, column: number) => `${message} (line ${line}, column ${column})`,
  statusUnreadable: (path: string, reason: string) => `  ! ${path}: skipped, ${reason}. Run 'plan-hooks validate ${path}'.`,
  statusDriftNote: (since: string) => `commits since the last handoff update (${since}) that touch no task:`,
  statusFooter: (file: string) => `\nWorklog: ${file}. More: 'plan-hooks log', 'plan-hooks handoff'.\n`,
  handoffWritten: (files: string[]) => (files.length ? `Wrote the handoff block into ${files.join(', ')}.\n` : 'Every handoff block is already up to date.\n'),
  // --- transitions (plan changes a commit may not make; SPEC §3) and the plan-editing commands ---
  transitionPlanIdChanged: (was: string, now: string) => ({
    message: `planId changed from '${was}' to '${now}'; a plan keeps its id for life (tasks are addressed by it)`,
    fix: `restore "planId": "${was}"; to start a different plan, create a new plan file with 'plan-hooks new'`,
  }),
  transitionCreatedDateChanged: (was: string, now: string) => ({
    message: `createdDate changed from '${was}' to '${now}'; it records when the plan began and never changes`,
    fix: `restore "createdDate": "${was}"; record later changes in lastUpdated and the changelog`,
  }),
  transitionLogEntryChanged: (log: string, index: number) => ({
    message: `entry ${index} of the ${log} differs from the one at HEAD; logs are append-only`,
    fix: 'restore the entry exactly as it was at HEAD and append a new log entry instead of editing',
  }),
  transitionLogEntriesRemoved: (log: string, was: number, now: number) => ({
    message: `the ${log} has ${now} entr${now === 1 ? 'y' : 'ies'} but had ${was} at HEAD; logs are append-only, entries may not be removed`,
    fix: `restore the removed entries (git show HEAD:<file>) and append new entries after them`,
  }),
  transitionItemWithLogRemoved: (item: string, count: number) => ({
    message: `work item '${item}' was removed together with its ${count} log entr${count === 1 ? 'y' : 'ies'}; logs are append-only`,
    fix: `keep work item '${item}' (mark it completed or blocked, and append a log entry saying why)`,
  }),
  transitionClaimMoved: (task: string, holder: string, to: string, since: string, committer: string) => ({
    message: `${task} is claimed by ${holder} (since ${since}, not stale), and this commit by ${committer} changes claimedBy to ${to}`,
    fix: `coordinate with ${holder}: they can release it ('plan-hooks release ${task}') or hand it over themselves; or wait until the claim is stale and use 'plan-hooks claim ${task} --takeover'; or ask the human who runs the agents`,
  }),
  transitionClaimedTaskChanged: (task: string, holder: string, since: string, committer: string, fields: string[]) => ({
    message: `${task} is claimed by ${holder} (since ${since}, not stale), and this commit by ${committer} changes it (${fields.join(', ')}); only the holder changes a task while its claim is live`,
    fix: `restore the task as it is at HEAD (git show HEAD:<file>) and commit your edit without it; coordinate with ${holder} (they change, complete or release it), or wait until the claim is stale and use 'plan-hooks claim ${task} --takeover'; or ask the human who runs the agents`,
  }),
  transitionClaimedPlanRemoved: (task: string, holder: string, since: string, committer: string) => ({
    message: `this commit by ${committer} deletes the plan that holds ${task}, claimed by ${holder} (since ${since}, not stale)`,
    fix: `restore the plan ('git restore --staged --worktree <file>' or 'git checkout HEAD -- <file>'); coordinate with ${holder}, or wait until the claim is stale and use 'plan-hooks claim ${task} --takeover'; or ask the human`,
  }),
  planIdReused: (planId: string, other: string) => ({
    message: `planId '${planId}' is also the planId of ${other}; a task is known as <planId>/<taskId> across all plans, so two plans may not share one`,
    fix: `give this plan its own planId (e.g. the file's name), or move its work items into ${other}`,
  }),
  transitionClaimDropped: (task: string, holder: string, since: string, committer: string) => ({
    message: `${task} is claimed by ${holder} (since ${since}, not stale) and this commit by ${committer} drops the claim`,
    fix: `leave the claim to ${holder}: they release it with 'plan-hooks release ${task}'; or wait until it is stale and use 'plan-hooks claim ${task} --takeover'; or ask the human who runs the agents`,
  }),
  transitionClaimedTaskRemoved: (task: string, holder: string, since: string, committer: string) => ({
    message: `${task}, claimed by ${holder} (since ${since}, not stale), was removed by ${committer}`,
    fix: `restore the task; only ${holder} may remove it while the claim is live (or take it over with 'plan-hooks claim ${task} --takeover' once stale)`,
  }),
  transitionCompletedByOther: (address: string, claimant: string, committer: string) => ({
    message: `${address} is marked completed by ${committer}, but its claimant is ${claimant}`,
    fix: `let ${claimant} complete it ('plan-hooks done ${address}'), or take the claim over first ('plan-hooks claim ${address} --takeover' once stale); or ask the human who runs the agents`,
  }),
  editCompleted: (task: string) => ({
    message: `${task} is already completed`,
    fix: 'nothing to claim or release; add a new task to the plan for further work',
  }),
  editAlreadyDone: (task: string) => ({ message: `${task} is already completed`, fix: 'nothing to do' }),
  editNotClaimed: (task: string) => ({ message: `${task} is not claimed`, fix: `nothing to release; claim it with 'plan-hooks claim ${task}'` }),
  editHeldLive: (task: string, holder: string, since: string, limit: number, takeover: boolean) => ({
    message: `${task} is claimed by ${holder} since ${since}${takeover ? '; the claim is not stale, so it cannot be taken over' : ''}`,
    fix: `coordinate with ${holder}, or pick another task; once the claim is older than ${limit} h with no log entry in its work item, use 'plan-hooks claim ${task} --takeover'; or ask the human who runs the agents`,
  }),
  editHeldStale: (task: string, holder: string, since: string) => ({
    message: `${task} is claimed by ${holder} since ${since}; the claim is stale`,
    fix: `take it over with 'plan-hooks claim ${task} --takeover' (the work item log and the changelog record the handoff)`,
  }),
  editHeldElsewhere: (task: string, holder: string, since: string, where: string) => ({
    message: `${task} is claimed by ${holder} since ${since} in ${where} (not stale)`,
    fix: `coordinate with ${holder}, or pick another task; once the claim is stale, 'plan-hooks claim ${task} --takeover'; or ask the human who runs the agents`,
  }),
  editReleaseHeldLive: (task: string, holder: string, since: string) => ({
    message: `${task} is claimed by ${holder} since ${since} (not stale); only the holder may release it`,
    fix: `ask ${holder} to release it; or wait until the claim is stale and take it over ('plan-hooks claim ${task} --takeover'); or ask the human who runs the agents`,
  }),
  editDoneHeld: (task: string, holder: string, since: string, stale: boolean) => ({
    message: `${task} is claimed by ${holder} since ${since}${stale ? ' (stale)' : ''}; only the claimant marks it done`,
    fix: stale
      ? `take the claim over first ('plan-hooks claim ${task} --takeover'), then 'plan-hooks done ${task}'`
      : `let ${holder} finish it; or wait until the claim is stale and take it over ('plan-hooks claim ${task} --takeover'); or ask the human who runs the agents`,
  }),
  editNoAcceptance: (task: string) => ({
    message: `${task} has no acceptance check, so "done" could not be verified`,
    fix: 'add "acceptance" to the task (how to check it is done, e.g. "npm test -- export passes"), then run done again',
  }),
  editMalformed: (detail: string) => ({ message: `cannot edit this plan: ${detail}`, fix: "run 'plan-hooks validate' and fix the plan first" }),
  editTakeoverLog: (task: string, actor: string, holder: string, since: string) => ({
    item: `${actor} took over ${task} from ${holder}: the claim, since ${since}, was stale`,
    changelog: `Work on ${task} handed from ${holder} to ${actor} (takeover of a stale claim)`,
  }),
  editDoneLog: (task: string) => `Completed ${task}`,
  editClaimed: (task: string, actor: string) => `claimed ${task} for ${actor}`,
  editRenewed: (task: string, actor: string) => `renewed ${actor}'s claim on ${task}`,
  editTookOver: (task: string, actor: string, holder: string) => `${actor} took over ${task} from ${holder} (logged in the work item and the changelog)`,
  editReleased: (task: string, status: string) => `released ${task} (now ${status})`,
  editDone: (task: string, actor: string) => `marked ${task} completed by ${actor} (logged in the work item)`,
  editConcurrent: (file: string) => `${file} changed while plan-hooks was editing it (another agent?); nothing was written. Run the command again.`,
  editEmptyAs: '--as needs a name, e.g. --as codex',
  editOneTask: 'give exactly one task, as <planId>/<taskId> or <taskId>',
  editRefused: (command: string, file: string, message: string, fix: string) =>
    `plan-hooks ${command}: ${file}: ${message}\n  fix: ${fix}\nNothing was changed.\n`,
  editWritten: (file: string, summary: string, reformatted: boolean) =>
    `${file}: ${summary}.${reformatted ? ` (The file's layout was normalized: its indent and line endings are kept, other spacing is not.)` : ''}\nCommit ${file} so other agents see it.\n`,
  editSymlink: (file: string) => `${file}: is a symbolic link; plan-hooks edits only regular files inside the repository`,
  editUnreadable: (file: string, detail: string) => `${file}: cannot read: ${detail}`,
  editNotJson: (file: string, line: number, column: number, detail: string) =>
    `${file}:${line}:${column}: not valid JSON (${detail}); plan-hooks will not edit it until the JSON is fixed`,
  editAmbiguous: (address: string, candidates: string[]) =>
    `task '${address}' is in more than one plan: ${candidates.join(', ')}. Name it as <planId>/<taskId>.`,
  editUnknownTask: (address: string, plans: number, broken: string[]) =>
    `no task '${address}' in the ${plans} plan file${plans === 1 ? '' : 's'} found (config "plans"). ` +
    (broken.length > 0 ? `These could not be searched: ${broken.join('; ')}.` : `Check the id with 'plan-hooks status'; address a task as <planId>/<taskId> or <taskId>.`),
  claimUsage: `Usage: plan-hooks claim <planId/taskId | taskId> [--as NAME] [--takeover] [--push | --local]

Claims a task for you: status in-progress, claimedBy, claimedAt (now, UTC), lastUpdated.
Re-claiming your own task renews claimedAt. A task held by someone else — in this plan, in
another worktree's copy of it, or on the base branch — is refused while the claim is live; once it is stale (older than staleAfterHours, default 24 h, with no log entry
in its work item within that time) --takeover takes it over and records the handoff in the
work item's log and the plan's changelog.

Options:
  --as NAME    claim as NAME instead of the detected identity (see 'plan-hooks whoami')
               (without it: PLAN_HOOKS_AGENT, git config plan-hooks.agent, the task bound to
               this branch, a coding-agent marker, then the git author)
  --takeover   take over a stale claim held by someone else
  --push       make the change a commit of the plan alone on the base branch as the remote
               has it, and push it: the remote takes one push at a time, so of several
               clones claiming one task exactly one wins; the others are told who holds it.
               Your other work, staged or not, is not touched; your branch follows only if
               it is the base branch and can fast-forward. ("claimPush": true makes it the default.)
  --local      change this clone's plan file only (the default unless "claimPush" is true)

The plan file is rewritten atomically in its own format; commit it with your work (with
--push it is already committed and pushed).
Exit codes: 0 claimed, 1 refused (held by someone else, completed, unknown task; with --push
also: the remote cannot be reached or did not take the commit), 2 usage error.
`,
  releaseUsage: `Usage: plan-hooks release <planId/taskId | taskId> [--as NAME] [--status not-started|blocked] [--push | --local]

Releases a claim: removes claimedBy and claimedAt and sets the task back to not-started (or
the status given). Only the holder may release a live claim; a stale claim may be released
by anyone. A completed task keeps its claimant and cannot be released.

Options:
  --as NAME          act as NAME instead of the detected identity
  --status STATUS    not-started (default) or blocked
  --push             push the change as a commit of the plan to the base branch on the remote
                     (see 'plan-hooks claim --help'; "claimPush": true makes it the default)
  --local            change this clone's plan file only

The plan file is rewritten atomically in its own format; commit it with your work.
Exit codes: 0 released, 1 refused, 2 usage error.
`,
  doneUsage: `Usage: plan-hooks done <planId/taskId | taskId> [--as NAME] [--summary TEXT] [--push | --local]

Marks a task completed and appends a log entry (date, summary, agent) to its work item.
Refused when the task has no "acceptance" (how to check it is done), and when someone else
holds it here, in another worktree or on the base branch (take a stale claim over first with
'plan-hooks claim <task> --takeover').
An unclaimed task is recorded as completed by you (claimedBy, claimedAt).

Options:
  --as NAME         act as NAME instead of the detected identity
  --summary TEXT    the log entry's summary (default "Completed <planId>/<taskId>")
  --push            push the change as a commit of the plan to the base branch on the remote
                    (see 'plan-hooks claim --help'; "claimPush": true makes it the default)
  --local           change this clone's plan file only

The plan file is rewritten atomically in its own format; commit it with your work.
Exit codes: 0 done, 1 refused, 2 usage error.
`,
  pushOrLocal: '--push and --local contradict each other; give one',
  pushNoRemote: (command: string) =>
    `plan-hooks ${command} --push: this repository has no remote, so there is nowhere to make the claim visible to other clones.\n` +
    `  fix: add one ('git remote add origin <url>'), or make the change in this clone only with '--local' (other clones see it once you push the plan).\nNothing was changed.\n`,
  pushNoTarget: (command: string, remotes: string[]) =>
    `plan-hooks ${command} --push: cannot tell which remote to push to (${remotes.join(', ')}; none is origin, and the base branch does not name one).\n` +
    `  fix: set "baseBranch" in .plan-hooks.json to <remote>/<branch>, e.g. "${remotes[0] ?? 'origin'}/main", or use '--local'.\nNothing was changed.\n`,
  pushUnreachable: (command: string, remote: string, branch: string, detail: string) =>
    `plan-hooks ${command} --push: cannot reach ${remote} to read ${remote}/${branch}: ${detail}\n` +
    `  fix: try again when ${remote} can be reached; or make the change in this clone only with '--local' (it is not a claim others see until you push the plan).\nNothing was changed.\n`,
  pushNoBranch: (command: string, remote: string, branch: string) =>
    `plan-hooks ${command} --push: ${remote} has no branch ${branch}, so there is no plan there to claim in.\n` +
    `  fix: push the base branch first ('git push ${remote} ${branch}'), set "baseBranch" in .plan-hooks.json, or use '--local'.\nNothing was changed.\n`,
  pushRefused: (command: string, where: string, file: string, message: string, fix: string, tries: number) =>
    `plan-hooks ${command}: ${where}:${file}: ${message}` +
    (tries > 1 ? ` (read after ${tries - 1} push${tries === 2 ? '' : 'es'} lost to a change that landed first)` : '') +
    `\n  fix: ${fix}\nNothing was changed: not ${where}, not your plan file.\n`,
  pushFailed: (command: string, remote: string, branch: string, detail: string) =>
    `plan-hooks ${command} --push: ${remote} did not take the plan commit on ${branch}: ${detail}\n` +
    `  fix: check that you may push to ${remote}/${branch}; or make the change in this clone only with '--local'.\nNothing was changed.\n`,
  pushGaveUp: (command: string, where: string, tries: number) =>
    `plan-hooks ${command} --push: ${where} kept moving: ${tries} pushes in a row lost to plan changes that landed first.\n` +
    `  fix: run the command again in a moment.\nNothing was changed.\n`,
  pushDone: (where: string, file: string, summary: string, commit: string, tries: number) =>
    `${where}:${file}: ${summary}. Pushed as commit ${commit.slice(0, 12)}${tries > 1 ? ` (on try ${tries}: earlier pushes lost to other plan changes, read again each time)` : ''}.\n`,
  pushFastForwarded: (branch: string, where: string) => `Your branch ${branch} was fast-forwarded to ${where}; the plan file in your working tree has the change.\n`,
  pushNotForwarded: (branch: string, where: string, detail: string) =>
    `Your branch ${branch} was left where it was (${detail}); the change is on ${where}: 'git pull --rebase' brings it in.\n`,
  pushOtherBranch: (branch: string | null, where: string) =>
    `${branch ? `You are on branch ${branch}` : 'HEAD is detached'}: the change lives on ${where}, not in this branch's plan file; ` +
    `plan-hooks reads claims from ${where} here, and other clones see it after 'git fetch'. Merge or rebase onto ${where} to have it in your branch.\n`,
  releaseBadStatus: (status: string) => `--status must be not-started or blocked, not '${status}'`,
  // --- end transitions ---

  // --- enforce (pre-commit claims and refusals, prepare-commit-msg, whoami) ---
  claimRefusedHeader: (count: number) =>
    `plan-hooks: commit refused — it touches ${count} path${count === 1 ? '' : 's'} claimed by another agent's task.\n`,
  claimWarningHeader: (count: number) =>
    `plan-hooks: warning — this commit touches ${count} path${count === 1 ? '' : 's'} claimed by another agent's task (not blocking).\n`,
  claimGroup: (task: string, holder: string, since: string, source: string, stale: boolean) =>
    `\n  task ${task}, held by ${holder} since ${since}${stale ? ' — STALE (no recent log entry)' : ''}\n    (claim read from ${source})\n`,
  claimPath: (path: string, pattern: string) => `    ${path}   ← pattern ${pattern}\n`,
  claimMorePaths: (count: number) => `    … and ${count} more\n`,
  /** A claim's age for lists (status, the handoff block): hours, then days from two days on. */
  claimAge: (hours: number | null) => (hours === null ? 'age unknown' : hours < 48 ? `${hours} h` : `${Math.floor(hours / 24)} d`),
  claimSince: (at: string | null, hours: number | null) => (at === null ? 'an unknown time (no claimedAt)' : `${at}${hours === null ? '' : ` (${hours} h ago)`}`),
  claimWaysForward: (identity: string, source: string, holders: string[], staleTasks: string[], blocking: boolean, bypass: string) =>
    `\nYou are committing as ${identity} (from ${source}).\n` +
    (blocking ? 'Ways forward:\n' : 'To settle it:\n') +
    `  - coordinate with ${holders.join(', ')}: ask them to release the task ('plan-hooks release <task>') or leave these files out of this commit (your staged changes are untouched; 'git restore --staged <path>' unstages one)\n` +
    staleTasks.map((t) => `  - the claim on ${t} is stale: take it over with 'plan-hooks claim ${t} --takeover'\n`).join('') +
    `  - ask the human who runs the agents to settle it\n` +
    (blocking ? `  - ${bypass}\n` : ''),
  bypassCommit: () => 'bypass once, recorded with the commit (pre-push and CI see it): PLAN_HOOKS_SKIP=claims git commit … (--no-verify is not a way past a claim)',
  bypassPush: () => "bypass once: git push --no-verify (CI runs 'plan-hooks check --range' again)",
  noVerifyRefused: () =>
    "plan-hooks: pre-commit did not run for this commit (git commit --no-verify?), so prepare-commit-msg ran its check: refused (above). --no-verify is not a way past a claim or a plan rule.\n",
  bypassRange: () => 'rewrite the commit (git rebase -i) so it leaves the claimed files alone, or settle the claim first',
  droppedClaim: (where: string, task: string, holder: string, since: string, file: string) =>
    `plan-hooks: this update of ${where} would drop ${task}, claimed by ${holder} since ${since} (${file}, not stale): ` +
    `the claim was made in commits on ${where} that what replaces it does not have (a forced push from a clone that had not fetched them?).\n`,
  droppedClaimFix: (remote: string, branch: string, holders: string[], bypass: string) =>
    `Ways forward:\n  - bring those commits in first: 'git fetch ${remote}' and 'git rebase ${remote}/${branch}' (or merge it), then push again: the claim stays\n` +
    `  - ask ${holders.join(', ')} to release the claim ('plan-hooks release <task> --push'), then push\n  - ${bypass}\n`,
  droppedUnchecked: (remote: string, ref: string) =>
    `plan-hooks: could not read what ${remote} has on ${ref} (not fetched, and fetching it failed), so whether this forced update drops a claim was not checked.\n`,
  droppedRangeFix: (holders: string[]) =>
    `Ways forward:\n  - restore the dropped commits (they are still in the reflog of whoever had them) and rebase onto them, or ask ${holders.join(', ')} to claim again ('plan-hooks claim <task> --push')\n`,
  rangeCommitHeader: (commit: string, subject: string) => `\n── commit ${commit.slice(0, 12)} ${subject}\n`,
  rangeSummary: (bad: number, total: number) =>
    bad === 0 ? `plan-hooks: ${total} commit${total === 1 ? '' : 's'} checked, all allowed.\n` : `plan-hooks: ${bad} of ${total} commit${total === 1 ? '' : 's'} would have been refused at commit time (above).\n`,
  checkUsage: () => `Usage: plan-hooks check --range <A..B> [--base <rev>] [--known <rev>]… [--format text|github] [--json]

Runs pre-commit's checks (plans, transitions, claims) over each commit in the range, each
against its first parent, by the claims of its own time (its own ancestry) and its recorded
committer. For CI and pre-push, where --no-verify cannot reach. Exit 1 when a commit would
have been refused.
  --base <rev>       the base branch: its plans count where each commit's history meets it
                     (default: the repository's base branch)
  --known <rev>      a commit the remote already has besides its fetched branches (CI: the
                     previous head of a force-pushed branch): a refused commit with the same
                     patch-id as one of them is judged as that one (a rebase), repeatable
  --format github    also print GitHub Actions annotations (::error file=…) on stdout; the
                     default under GITHUB_ACTIONS=true
PLAN_HOOKS_SKIP=claims,plans,transitions skips named checks, except in CI (CI=true or
GITHUB_ACTIONS=true), where only a skip recorded with the commit counts.
`,
  checkBadFormat: (format: string) => `--format is text or github, not "${format}"`,
  checkBadKnown: (rev: string) => `--known ${rev} is not a commit here; fetch it first (git fetch origin <commit>)`,
  checkBadBase: (rev: string) => `--base ${rev} is not a commit here; fetch it first (git fetch origin <branch>)`,
  skipIgnoredInCi: (names: string[]) =>
    `plan-hooks: PLAN_HOOKS_SKIP=${names.join(',')} is ignored in CI: only a skip recorded with a commit at commit time counts here.\n`,
  rangeRecordedSkip: (checks: string[]) => `  (this commit records PLAN_HOOKS_SKIP=${checks.join(',')} from commit time: honoured, listed here)\n`,
  pushOverridden: (skipped: string[], count: number) =>
    `plan-hooks: pushed past ${skipped.join(', ')} for ${count} commit${count === 1 ? '' : 's'} (above) because of this push's environment; recorded in the worklog ('plan-hooks log'). CI checks them again.\n`,
  rangeRebasedFrom: (commit: string) =>
    `  (rebased from ${commit.slice(0, 12)}: the remote already has that commit with the same change (patch-id), so this one is judged as that one is, by its own ancestry; the claims of the new base are listed above, not blocking)\n`,
  rangeNewAncestry: () =>
    '\nA commit is judged by the claims of its own ancestry: for a rebased or cherry-picked commit, that is its new base. ' +
    'If a refused commit above is earlier work rebased onto a base that gained the claim meanwhile, the claim arrived with the new base, ' +
    'and the remote has no commit with the same change to judge it by. Ways forward:\n' +
    '  - put the branch back where it was before the rebase (its old tip is in \'git reflog\') and merge the base into it instead: the earlier commits pass by their own ancestry, and a merge is judged only by what it changes itself\n' +
    '  - or push the earlier commits as they were first (to their branch, or any branch of the remote), then rebase and push: the rebased copies are recognised by their patch-id\n' +
    '  - or settle the claim with its holder (a release or a finished task), or ask the human who runs the agents\n',
  claimsTooCostly: (ms: number, paths: number) =>
    `matching the staged paths against the claims' file patterns took more than ${ms / 1000} s (after ${paths} paths); a plan lists too many patterns that start with a wildcard. Narrow the 'files' patterns (give them a directory prefix), or commit fewer paths at once.`,
  checkNeedsRange: () => "give the commits to check: plan-hooks check --range origin/main..HEAD",
  planRefusedHeader: (count: number) => `plan-hooks: commit refused — ${count} problem${count === 1 ? '' : 's'} in the staged plans.\n`,
  planWarningHeader: (count: number) => `plan-hooks: ${count} warning${count === 1 ? '' : 's'} in the staged plans.\n`,
  planRefusedFooter: () =>
    `Fix the staged plan and 'git add' it again, or bypass once, recorded with the commit: PLAN_HOOKS_SKIP=plans,transitions git commit …\n`,
  skipUnknown: (names: string[], known: string[]) =>
    `plan-hooks: PLAN_HOOKS_SKIP names unknown check${names.length === 1 ? '' : 's'} ${names.join(', ')} (known: ${known.join(', ')}); ignored.\n`,
  skipNotice: (names: string[]) => `plan-hooks: skipping ${names.join(', ')} for this commit (PLAN_HOOKS_SKIP; recorded in the worklog).\n`,
  whoamiUsage: () => `Usage: plan-hooks whoami [--json]

Prints who plan-hooks thinks is committing here, and where that came from. First hit wins:
  1. PLAN_HOOKS_AGENT   2. git config plan-hooks.agent (per worktree too)
  3. the in-progress task bound to this branch (metadata.branch)   4. coding-agent environment markers
  5. the git author (user.name)
`,
  whoamiText: (name: string, source: string, detail: string) => `${name}\n  source: ${source} (${detail})\n`,
  whoamiMarkers: (markers: string[]) => `  agent markers present: ${markers.length > 0 ? markers.join(', ') : 'none'}\n`,
  /** A declared name the agent markers contradict: refused (SPEC §4). Never suggests another name. */
  identityConflict: (conflict: { declared: { name: string; detail: string }; markers: { variable: string; name: string }[] }, what: 'commit' | 'edit' | 'whoami') => {
    const agents = [...new Set(conflict.markers.map((m) => m.name))];
    const seen = conflict.markers.map((m) => `${m.variable} (${m.name})`).join(', ');
    return (
      `plan-hooks: ${what === 'commit' ? 'commit refused' : what === 'edit' ? 'refused' : 'identity contradicted'} — ${conflict.declared.detail} says '${conflict.declared.name}', but this environment is ${agents.join(' or ')}'s: ${seen}.\n` +
      `A declared name must be one of the agents whose markers are present.\n` +
      (what === 'whoami' ? '' : 'Ways forward:\n') +
      `  - remove the declaration that does not match this agent (unset PLAN_HOOKS_AGENT, or 'git config --unset plan-hooks.agent'); plan-hooks then finds who you are by itself\n` +
      `  - if the work you need is claimed by someone else: coordinate with the holder, or wait until the claim is stale and use 'plan-hooks claim <task> --takeover'\n` +
      `  - if the markers are wrong (a variable left over in a shell), ask the human who runs the agents to fix the environment\n`
    );
  },
  configAtHeadBroken: (problem: string) => `plan-hooks: the configuration at HEAD does not load, so the defaults (every check enforcing) judge this commit: ${problem}\n`,
  configChangeNotice: (file: string, keys: string[], problem: string | null) =>
    problem
      ? `plan-hooks: this commit changes ${file}, and the new configuration does not load (${problem}); it would apply from the next commit on, as the defaults, until fixed.\n`
      : `plan-hooks: this commit changes the configuration in ${file} (${keys.join(', ')}); it applies from the next commit on, this one is judged by HEAD's (recorded in the worklog).\n`,
  // --- end enforce ---
  // ---- edit time: the coding agents' own hooks (src/agents) ----
  doctorAgents: {
    shimMissing: (file: string) => ({ text: `the agents' hook shim ${file} is missing: every agent hook fails (and allows).`, fix: `run 'plan-hooks init', and commit ${file}.` }),
    shimChanged: (file: string) => ({ text: `the agents' hook shim ${file} differs from this plan-hooks' version.`, fix: `run 'plan-hooks init', and commit ${file}.` }),
    missing: (kind: string, file: string) => ({ text: `${kind}: plan-hooks' hooks are not in ${file}: ${kind} edits claimed files unchecked until the commit.`, fix: `run 'plan-hooks init' (or leave ${kind} out: --agents, or "agents" in .plan-hooks.json).` }),
    changed: (kind: string, file: string) => ({ text: `${kind}: plan-hooks' hooks in ${file} differ from what init writes.`, fix: `run 'plan-hooks init' and commit ${file}${kind === 'codex' ? '; Codex then asks you to trust the changed command' : ''}.` }),
    unreadable: (kind: string, file: string) => ({ text: `${kind}: ${file} is not valid JSON: ${kind} may ignore it, plan-hooks' hooks included.`, fix: `fix the JSON, then run 'plan-hooks init'.` }),
    seen: (kind: string, file: string, time: string, event: string, host: string) =>
      `${kind}: ${file} → plan-hooks (seen running here at ${time}, ${event}${host !== kind ? `, by ${host}` : ''})`,
    neverSeen: (kind: string, file: string) => ({
      text: `${kind}: ${file} → plan-hooks, installed but never seen running in this worktree.`,
      fix: {
        claude: 'start Claude Code here and accept the trust dialog: it skips project hooks in folders you have not trusted (check with /hooks).',
        codex: 'start Codex here, trust the project and review its hooks (/hooks): it skips project hooks until then, and again after a command changes.',
        gemini: 'start Gemini CLI here; check /hooks panel that the hooks system is enabled.',
        cursor: 'open the project in Cursor and start an agent chat; the Hooks output channel shows hook errors.',
        copilot: 'start the Copilot CLI here and trust the folder (it skips project hooks in folders you have not trusted); VS Code agent mode reads the file too.',
      }[kind] ?? `start ${kind} here once.`,
    }),
  },
  agentInstall: {
    added: (file: string, kind: string, created: boolean) =>
      `${created ? 'create' : 'update'}  ${file} (${kind}'s edit-time hooks${created ? '' : '; your settings kept'})`,
    removed: (file: string) => `update  ${file} (plan-hooks' hooks removed; your settings kept)`,
    shim: (file: string, created: boolean) => `${created ? 'create' : 'update'}  ${file} (the agents' hook shim)`,
    unreadable: (file: string, entries: string) =>
      `${file} is not a JSON object with a "hooks" object, so init did not edit it. Fix it and run init again, or add plan-hooks' entries to its "hooks" yourself: ${entries}`,
    badAgents: (names: string[], known: string[]) => `--agents names ${names.join(', ')}, which plan-hooks does not know; the agents are ${known.join(', ')} (or none).`,
  },
  agent: {
    refusedHeader: (tool: string, count: number) =>
      `plan-hooks: ${tool || 'this tool'} was refused before it ran — it would write ${count} path${count === 1 ? '' : 's'} claimed by another agent's task.\n`,
    warningHeader: (tool: string, count: number) =>
      `plan-hooks: note — ${tool || 'this tool'} writes ${count} path${count === 1 ? '' : 's'} claimed by another agent's task (not refused).\n`,
    writtenBy: (path: string, how: string) => `    ${path} is written by: ${how}\n`,
    waysForward: (identity: string, source: string, holders: string[], staleTasks: string[], blocking: boolean) =>
      `\nYou are ${identity} (from ${source}).\n` +
      (blocking ? 'Ways forward:\n' : 'To settle it:\n') +
      `  - leave these files to ${holders.join(', ')}: pick a task that is ready ('npx plan-hooks status') and claim it first ('npx plan-hooks claim <plan/task>')\n` +
      `  - coordinate with ${holders.join(', ')}: they release the task ('npx plan-hooks release <plan/task>') when they are done with it\n` +
      staleTasks.map((t) => `  - the claim on ${t} is stale: take it over with 'npx plan-hooks claim ${t} --takeover'\n`).join('') +
      `  - or ask the person running these agents\n` +
      (blocking ? `A commit that touches these files is refused too.\n` : ''),
    bypassWarning: (ways: string[]) =>
      `plan-hooks: this command skips git's hooks (${ways.join('; ')}). The commit is still checked — prepare-commit-msg checks it, the worklog records it as unverified, and pre-push and CI check it again — so skipping the hooks does not get a claimed file past plan-hooks. If a claim is in the way, coordinate with its holder instead.`,
    failOpen: (detail: string) => `plan-hooks agent hook: ${detail}; the tool call is allowed (the commit still checks it).\n`,
    badPayload: () => 'could not read the hook payload (not JSON)',
    usage: (kinds: string[]) => `usage: agent-hook <${kinds.join('|')}> <pre-tool|session-start>`,
    identitySource: (kind: string, file: string) => `the ${kind} agent hook in ${file}`,
    sessionHeader: (identity: string, source: string) => `plan-hooks: you are ${identity} (from ${source}). This repository's work is planned in paired plans; edits to files another agent has claimed are refused.`,
    sessionPlansHeading: () => 'Plans with open work:',
    sessionNoPlans: (patterns: string) => `No plan has open work (plans: ${patterns}). Create one with 'npx plan-hooks new <name>'.`,
    sessionOthersHeading: () => 'Claimed by others (do not edit these files):',
    sessionMineHeading: () => 'Your claims:',
    sessionClaim: (task: string, holder: string, since: string, age: string, files: string, stale: boolean) =>
      `- ${task} — ${holder} since ${since} (${age}${stale ? ', stale: can be taken over' : ''}) — ${files}`,
    sessionNone: () => '- none',
    sessionHowTo: () =>
      [
        'How to work here:',
        "- claim a task before editing its files: npx plan-hooks claim <plan/task> (then commit the plan)",
        "- finish it: npx plan-hooks done <plan/task> --summary \"what was done\"; or give it back: npx plan-hooks release <plan/task>",
        '- update the plan JSON in the same commit as the work; live state: npx plan-hooks status',
      ].join('\n'),
    sessionDeclaredOther: (declared: string, kind: string) =>
      `Note: PLAN_HOOKS_AGENT=${declared} is set, but this session is ${kind}: commits that declare another agent's name are refused.`,
  },
  // ---- plan validation: validate, new, the plan rules and the config file (src/plan, src/config) ----
  plan: {
    jsonSyntax: (detail: string) => ({
      message: `not valid JSON: ${detail}`,
      fix: 'Fix the JSON at this line and column; nothing else in the plan is checked until it parses.',
    }),
    notUtf8: (byteOffset: number, byte: number | null) => ({
      message: `the file is not UTF-8: ${byte === null ? 'the text' : `byte 0x${byte.toString(16).padStart(2, '0')}`} at byte offset ${byteOffset} is not valid UTF-8`,
      fix: 'Save the plan as UTF-8 (for a Latin-1 file: iconv -f latin1 -t utf-8 <file> > <file>.new, then move it into place).',
    }),
    tooDeep: (max: number) => ({
      message: `objects and arrays are nested more than ${max} deep here`,
      fix: `Flatten this value: a plan needs a few levels, and no plan-hooks reader follows more than ${max}.`,
    }),
    duplicateKey: (key: string, first: { line: number; column: number }) => ({
      message: `the key ${JSON.stringify(key)} appears twice in this object (first at line ${first.line}, column ${first.column})`,
      fix: 'Keep one of the two: plan-hooks reads the last one, as JSON.parse does, and other tools may read the first.',
    }),
    notObject: { message: 'the plan must be a JSON object', fix: 'Start from a template: plan-hooks new <name> writes a valid pair.' },
    required: (field: string, where: string) => ({
      message: `${where} is missing the required field "${field}"`,
      fix: `Add "${field}" to ${where}.`,
    }),
    unknownKey: (key: string, where: string, allowed: string[], hasMetadata: boolean) => ({
      message: `unknown key "${key}" in ${where}`,
      fix: hasMetadata
        ? `Fix the spelling, or move your own data into the "metadata" object here. Allowed keys: ${allowed.join(', ')}.`
        : `Fix the spelling or remove it. Allowed keys: ${allowed.join(', ')}.`,
    }),
    notOneOf: (value: string, what: 'status' | 'lifecycle', allowed: readonly string[]) => ({
      message: `${value} is not a ${what}; the ${what === 'status' ? 'statuses' : 'lifecycles'} are ${allowed.join(', ')} and nothing else`,
      fix: `Use one of: ${allowed.join(', ')}.`,
    }),
    wrongType: (expected: string, found: string) => ({
      message: `must be ${expected}, but it is ${found}`,
      fix: `Write ${expected} here.`,
    }),
    emptyList: (what: string) => ({
      message: `must not be empty`,
      fix: `Add at least one ${what}.`,
    }),
    emptyText: { message: 'must not be an empty string', fix: 'Write the value, or remove the key if it is optional.' },
    badId: (value: string) => ({
      message: `${value} is not a valid id`,
      fix: "Use 1 to 100 letters, digits, '.', '_' or '-', starting with a letter or digit (no '/' or spaces); dependsOn may also say <planId>/<taskId>.",
    }),
    badFinding: (value: string) => ({
      message: `the finding ${value} does not start with its kind`,
      fix: 'Start it with "observed:", "measured:" or "estimated:", then say where it came from, e.g. "Measured: the list call takes 4 s, with curl, on 2026-01-15".',
    }),
    badExternalRef: (value: string) => ({
      message: `${value} is not a GitHub or Jira reference`,
      fix: 'Use owner/repo#123, https://github.com/owner/repo/issues/123 (or /pull/123), ABC-123, or https://<site>.atlassian.net/browse/ABC-123.',
    }),
    badDate: (value: string, form: 'date' | 'date-time' | 'date or date-time') => ({
      message: `${value} is not a valid ${form}`,
      fix:
        form === 'date'
          ? 'Write a real calendar day as YYYY-MM-DD, e.g. 2026-01-15.'
          : form === 'date-time'
            ? 'Write an ISO 8601 date-time with a time zone, e.g. 2026-01-16T09:30:00Z.'
            : 'Write YYYY-MM-DD (e.g. 2026-01-15) or a date-time with a time zone (e.g. 2026-01-16T09:30:00Z).',
    }),
    schemaOther: (detail: string) => ({ message: detail, fix: 'Make the value match plan-state v1 (schema/plan-state.v1.schema.json).' }),

    duplicateId: (kind: string, id: string, firstPath: string) => ({
      message: `duplicate ${kind} id "${id}" (first used at ${firstPath})`,
      fix: `Give each ${kind} its own id; ${kind === 'task' ? 'task ids must be unique within the whole plan, since a task is addressed as <planId>/<taskId>' : 'ids must be unique within their list'}.`,
    }),
    unknownDependency: (task: string, dep: string) => ({
      message: `${task} depends on "${dep}", which is not a task in this plan`,
      fix: 'Name the id of a task in this plan (or <planId>/<taskId> with this plan\'s id), or remove the entry.',
    }),
    dependencyCycle: (cycle: string[]) => ({
      message: `dependency cycle: ${cycle.join(' → ')}`,
      fix: 'Remove one of these dependsOn entries so the tasks can be done in some order.',
    }),
    claimedInFuture: (task: string, claimedAt: string) => ({
      message: `${task} was claimed at ${claimedAt}, which is in the future`,
      fix: 'Write the time the claim was made, with its time zone (e.g. date -u +%Y-%m-%dT%H:%M:%SZ).',
    }),
    patternEscapes: (pattern: string, why: string) => ({
      message: `the files pattern "${pattern}" leaves the repository: ${why}`,
      fix: "Write a path relative to the repository root, without '..', '~' or a leading '/'.",
    }),
    invalidPattern: (pattern: string, why: string) => ({
      message: `the files pattern "${pattern.length > 80 ? `${pattern.slice(0, 80)}…` : pattern}" is not usable: ${why}`,
      fix: 'Write a repository-relative path or glob (a directory covers what is under it; * and ? stay within one segment; ** spans segments).',
    }),

    completedWithoutLog: (task: string, item: string) => ({
      message: `${task} is completed but work item ${item} has no log entry`,
      fix: `Append a log entry to work item ${item} saying what was done: { "date": "YYYY-MM-DD", "summary": "…" }.`,
    }),
    inProgressWithoutClaim: (task: string) => ({
      message: `${task} is in-progress but has no claimedBy`,
      fix: `Set claimedBy (who works on it) and claimedAt, e.g. with plan-hooks claim ${task}, or set the status back to not-started.`,
    }),
    missingHandoff: (item: string) => ({
      message: `multi-session plan has an in-progress or blocked item (${item}) but no handoff`,
      fix: 'Add "handoff": { "nextAction": "…", "branch": "…", "lastCommit": "…", "verify": "…" } so the next session knows where to start.',
    }),
    dependencyNotCompleted: (task: string, dep: string, status: string) => ({
      message: `${task} is in-progress but its dependency ${dep} is ${status}`,
      fix: `Finish ${dep} first, or set ${task} back to not-started (or blocked), or remove the dependency if it no longer holds.`,
    }),
    completedWithoutAcceptance: (task: string) => ({
      message: `${task} is completed but has no acceptance`,
      fix: 'Add "acceptance": how to check that the task is done (a command, a test, an observable result).',
    }),
    overlappingFiles: (task: string, pattern: string, other: string, otherPattern: string) => ({
      message: `${task} and ${other} are both in-progress and their files overlap ("${pattern}" and "${otherPattern}")`,
      fix: 'Split the files so each in-progress task owns its own, or finish or block one of the two tasks first.',
    }),
    staleClaim: (task: string, holder: string, claimedAt: string, hours: number, limit: number, item: string) => ({
      message: `${task} was claimed by ${holder} ${hours} h ago (${claimedAt}) and work item ${item} has no log entry within ${limit} h: the claim is stale`,
      fix: `If ${holder} is still on it, append a log entry to work item ${item}; otherwise another agent may take it over: plan-hooks claim ${task} --takeover.`,
    }),
    itemStatusMismatch: (item: string, status: string, detail: string) => ({
      message: `work item ${item} is ${status} but ${detail}`,
      fix: 'Make the work item status agree with its tasks (completed only when every task is; not-started only when none has started).',
    }),
    handoffCommitUnknown: (value: string) => ({
      message: `handoff.lastCommit ${value} does not name a commit git can find here`,
      fix: 'Start it with the id of the last commit (git log -1 --format="%h %s"), or fetch the branch that has it.',
    }),
    handoffBranchUnknown: (branch: string) => ({
      message: `handoff.branch "${branch}" is not a local or remote-tracking branch here`,
      fix: 'Write the branch the work is on (git branch --show-current), or fetch it (git fetch).',
    }),
    missingMarkdown: (md: string) => ({
      message: `the paired Markdown ${md} is missing`,
      fix: `Create ${md} (why: the problem, the decisions, the risks, how to undo); plan-hooks new <name> writes both files.`,
    }),
  },
  validateUsage: `Usage: plan-hooks validate [files…] [--strict] [--json]

Checks plan files (docs/<name>-plan.json) against plan-state v1 and the plan rules: the schema,
duplicate ids, unknown or cyclic dependsOn, claims in the future, files patterns leaving the
repository (errors); and the softer rules — completed work without a log entry or acceptance,
in-progress tasks without claimedBy, overlapping claims, stale claims, a missing handoff, a
handoff whose branch or commit git cannot find, a missing paired .md (warnings).

With no files, checks every plan the config's "plans" patterns match (default docs/**/*-plan.json).

Options:
  --strict   warnings fail too (also "strict": true in .plan-hooks.json)
  --json     print a machine-readable report with every problem
  -h, --help show this help

Exit codes: 0 valid (warnings allowed unless strict), 1 invalid, 2 usage error.
`,
  validateNoPlans: (patterns: string[]) =>
    `No plan files match ${patterns.join(', ')}. Create one with: plan-hooks new <name>\n`,
  validateNotInRepo: 'not inside a git repository, so there are no plans to find. Name the plan files to check: plan-hooks validate docs/x-plan.json',
  validateNoSuchFile: (file: string) => `no such file: ${file}. Name an existing plan file, or run plan-hooks validate with no files to check every plan.`,
  validateCannotRead: (file: string, why: string) => `cannot read ${file}: ${why}`,
  validateOutside: (file: string) =>
    `refusing to read ${file}: it is a symbolic link to a file outside the repository. Replace the link with the plan itself, or name the file explicitly to check it.`,
  validateNotAFile: (file: string) => `${file} is not a file. Name plan files (docs/<name>-plan.json).`,
  validateFileSummary: (file: string, errors: number, warnings: number, failed: boolean, strict: boolean) => {
    const count = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;
    if (errors > 0) return `${file}: invalid (${count(errors, 'error')}${warnings ? `, ${count(warnings, 'warning')}` : ''})\n`;
    if (failed) return `${file}: fails --strict (${count(warnings, 'warning')})\n`;
    return `${file}: valid${warnings ? ` (${count(warnings, 'warning')}${strict ? '' : '; --strict would fail'})` : ''}\n`;
  },
  validateTotal: (plans: number, failed: number) => `${plans} plans checked: ${plans - failed} passed, ${failed} failed\n`,

  config: {
    unreadable: (file: string, why: string) => `cannot read ${file}: ${why}.`,
    unknownKey: (key: string, known: string[]) => `unknown setting "${key}"; the settings here are ${known.join(', ')}`,
    badValue: (key: string, expected: string, found: string) => `"${key}" must be ${expected} (it is ${found})`,
    invalid: (source: string, problems: string[]) =>
      `${source} has invalid settings:\n${problems.map((p) => `  - ${p}`).join('\n')}\nFix them in ${source}, or remove a key to use its default (schema/config.v1.schema.json describes every setting).`,
    notObject: (source: string) => `${source} must be a JSON object of settings, e.g. { "staleAfterHours": 24 }. Fix it, or remove it to use the defaults.`,
    badJson: (source: string, line: number, column: number, detail: string) =>
      `cannot read ${source}: not valid JSON at line ${line}, column ${column}: ${detail}. Fix the JSON, or remove the file to use the defaults.`,
  },

  newUsage: `Usage: plan-hooks new <name>

Scaffolds a paired plan from the package's templates:
  docs/<name>-plan.md    why: the problem, the decisions, the risks, how to undo
  docs/<name>-plan.json  where we are: work items, tasks, status, claims, the handoff
The name is kebab-case (lowercase letters, digits and single hyphens, e.g. export-retry) and
becomes the planId. Existing files are never overwritten. The new pair passes
'plan-hooks validate --strict' as written.
`,
  newNeedsName: 'name the plan: plan-hooks new <name>, e.g. plan-hooks new export-retry',
  newBadName: (name: string) =>
    `"${name}" is not a usable plan name. Use kebab-case: lowercase letters and digits separated by single hyphens, at most 64 characters (e.g. export-retry).`,
  newExists: (file: string) => `${file} already exists, and plan-hooks new never overwrites. Pick another name, or edit the existing plan.`,
  newDone: (md: string, json: string, matched: boolean, patterns: string[]) => `Created ${md} (why: problem, decisions, risks, how to undo)
Created ${json} (where we are: work items, tasks, status, claims)

Next:
  1. Write the problem and the decisions in ${md}.
  2. Replace the example work item and task in ${json} with the real ones.
  3. Check it: npx plan-hooks validate ${json} --strict
  4. Commit both files together; keep the JSON updated in the same commit as the work.
${matched ? '' : `\nNote: ${json} does not match the configured plans (${patterns.join(', ')}), so 'validate' with no files and the hooks will not see it.\n`}`,
};
