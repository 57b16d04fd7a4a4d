// doctor: its help, the report's lines, and each finding with its fix (src/install/doctor.ts, src/commands/doctor.ts).
import { plural } from './plural.js';
import { run } from './run.js';

export const doctorMessages = {
  /** `plan-hooks --help`'s line for doctor; its --help follows. */
  doctorPurpose: 'Check that git will really run every hook here',
  doctorUsage: `Usage: plan-hooks doctor [--json] [--no-run]

Checks what git will really run for each hook in this worktree (core.hooksPath and the manager
that owns it, each hook file and the configuration that calls plan-hooks, node and plan-hooks
reachable, the Node version), and says how to fix each problem. Exit 1 when a hook would not run.
Each hook is run as git would run it, with nothing staged and nothing to push, and a probe that
plan-hooks answers instead of doing its work: your own lines before plan-hooks' in those hooks
run too. --no-run checks the files only. --json prints the findings as JSON.
`,
  doctorOk: (text: string) => `  ok    ${text}\n`,
  doctorWarn: (text: string, fix: string) => `  warn  ${text}\n        fix: ${fix}\n`,
  doctorFail: (text: string, fix: string) => `  FAIL  ${text}\n        fix: ${fix}\n`,
  doctorSummary: (failed: number) =>
    failed === 0 ? `Every plan-hooks hook will run here.\n` : `${plural(failed, 'problem')} stop hooks from running here (above).\n`,
  /** doctor's findings: what a commit here would meet, and (for a problem) how to fix it. */
  doctorFinding: {
    absoluteHooksPath: (path: string) => ({
      text: `core.hooksPath is an absolute path (${path}): it breaks when the repository moves or is cloned elsewhere.`,
      fix: `use a path relative to the worktree, or unset it and run '${run()} init'.`,
    }),
    huskyNeverRan: (mainHusky: string | null) => ({
      text: `.husky/_ does not exist in this worktree (husky never ran here), so git runs no hook here, silently.`,
      fix: `run '${run()} init' here${mainHusky ? ` (or: cp -R '${mainHusky}' .husky/_)` : ''}.`,
    }),
    huskyNoSection: (hook: string) => ({ text: `.husky/${hook} has no plan-hooks section: plan-hooks does not run on ${hook}.`, fix: `run '${run()} init'.` }),
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
      fix: `run '${run()} init'; if a line of yours before plan-hooks stopped the hook, fix that line.`,
    }),
    managerWithout: (manager: string, where: string, hook: string) => ({
      text: `${manager} runs ${hook} here, but ${where} does not call plan-hooks: plan-hooks does not run on ${hook}.`,
      fix: `run '${run()} init'.`,
    }),
    huskyStubRewritten: (file: string, hook: string) => ({
      text: `${file} is not husky's any more (simple-git-hooks rewrote it, and deletes husky's other hooks): plan-hooks does not run on ${hook}.`,
      fix: `use one hook manager: remove simple-git-hooks (and its postinstall), or 'git config --unset core.hooksPath' and run '${run()} init' again.`,
    }),
    noClientShims: (hooks: string[]) => ({
      text: `.git/hooks has no plan-hooks shim for ${hooks.join(', ')}: clients that ignore core.hooksPath (JGit, dulwich) run no hook.`,
      fix: `run '${run()} init'.`,
    }),
    managerRunnerMissing: (config: string, runner: string) => ({
      text: `${config} calls plan-hooks' runner ${runner}, which this checkout does not have: every plan-hooks hook fails here.`,
      fix: `run '${run()} init' and commit ${runner}, so every clone has it.`,
    }),
    yarnBerryPrepare: () => ({
      text: `this repository uses yarn 2 or later, which never runs the 'prepare' script that starts husky: in a clone, 'yarn install' sets up no hook, silently.`,
      fix: `run '${run()} init' (it adds "postinstall": "husky"), or add it to package.json's scripts yourself, and commit package.json.`,
    }),
    managerBypassed: (config: string, manager: string, owner: string, install: string, ours: boolean) => ({
      text: `${config} says ${manager} runs this repository's hooks, but git runs ${owner}'s: ${manager}'s own hooks run only where one of ${owner}'s calls it.`,
      fix: ours
        ? `to run plan-hooks through ${manager} instead: '${run()} uninstall' (it takes back the husky install), '${install}', then '${run()} init'.`
        : `to run your hooks through ${manager} instead: 'git config --unset core.hooksPath', take husky out of package.json's prepare script, run '${install}', then '${run()} init'.`,
    }),
    managerOff: (variable: string, manager: string) => ({ text: `${variable} is set in this environment: ${manager} runs no hook, plan-hooks' included.`, fix: `unset ${variable.split('=')[0]}` }),
    hookMissing: (file: string, exists: boolean, hook: string) => ({
      text: `${file} ${exists ? "is not plan-hooks'" : 'does not exist'}: plan-hooks does not run on ${hook}.`,
      fix: `run '${run()} init' (a hook already there is kept and runs first).`,
    }),
    hookNotExecutable: (file: string, absolute: string) => ({ text: `${file} is not executable: git skips it.`, fix: `chmod +x '${absolute}'` }),
    hookOk: (hook: string, file: string) => `${hook}: ${file} → plan-hooks`,
    runnerMissing: (file: string) => ({ text: `the hook runner ${file} is missing.`, fix: `run '${run()} init'.` }),
    runnerOutdated: (file: string) => ({
      text: `the hook runner ${file} was written for another configuration or an older plan-hooks: pre-commit works, but makes its git reads itself (~15 ms more a commit).`,
      fix: `run '${run()} init' (and commit the runner if it is tracked).`,
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
      fix: `run '${run()} init' in it, or: cp -R '${from}' '${to}'`,
    }),
    huskyOff: () => ({ text: `HUSKY=0 is set in this environment: husky runs no hook, plan-hooks' included.`, fix: `unset HUSKY` }),
    planHooksOff: () => ({ text: `PLAN_HOOKS=0 is set in this environment: every plan-hooks hook is skipped.`, fix: `unset PLAN_HOOKS` }),
  },
};
