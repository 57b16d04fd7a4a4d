// `plan-hooks doctor`'s checks: what git will really run for each hook in this worktree. The
// path from git's hook file to plan-hooks is read from the facts (which manager owns each file,
// and whether its configuration names plan-hooks), and proven by running each hook as git
// would with a probe the runner answers (src/commands/doctor.ts): a hook that does not answer
// is reported, whatever the files say.
import { isAbsolute, join, relative } from 'node:path';
import { messages } from '../messages/index.js';
import type { InstallFacts } from './facts.js';
import { SHIM_MARK, TRACKED_RUNNER, isHuskyPath } from '../core/install/names.js';
import { HOOKS } from '../core/hook-table.js';
import { preCommitReads } from '../facts/facts.js';
import { prefetchScript } from '../git/prefetch.js';
import { callsPlanHooks } from '../core/install/managers.js';
import { type HookPath, MANAGERS, hookOwner, managerOf } from '../core/install/managers/index.js';
import { detectPackageManager, installCommand } from '../core/install/package-manager.js';
import { huskyIsOurs } from '../core/install/init-actions.js';

export type { HookPath } from '../core/install/managers/index.js';

export interface Finding {
  level: 'ok' | 'warn' | 'fail';
  text: string;
  fix?: string;
  hook?: string;
}

/** One hook run as git would run it, with doctor's probe. */
export interface HookRun {
  /** The runner answered (plan-hooks was reached). */
  answered: boolean;
  /** Exit code and the tail of the output when it did not. */
  code: number | null;
  output: string;
}

export interface Probe {
  /** What the runner answered with (null: no hook answered). */
  node: string | null;
  cli: string | null;
  /** `node --version` of the node the runner found. */
  nodeVersion: string | null;
  /** Each hook's run (absent: not run, e.g. `--no-run`). */
  runs: Partial<Record<string, HookRun>>;
}

const MIN_NODE: [number, number] = [20, 17];

export function runnerPath(facts: InstallFacts): string {
  if (isHuskyPath(facts.hooksPath)) return join(facts.root, '.husky', 'plan-hooks.sh');
  return managerOf(facts)?.runner === 'tracked' ? join(facts.root, TRACKED_RUNNER) : join(facts.hooksDir, 'plan-hooks.sh');
}

/** The runner's text where runnerPath says it is (undefined: none). */
function runnerText(facts: InstallFacts): string | undefined {
  if (isHuskyPath(facts.hooksPath)) return facts.huskyFiles['plan-hooks.sh'];
  if (runnerPath(facts) === join(facts.root, TRACKED_RUNNER)) return facts.trackedRunnerText ?? undefined;
  return facts.hookFiles['plan-hooks.sh']?.content;
}

/** How git reaches plan-hooks for `hook` here, and what is in the way (pure): the owner's module follows its file. */
export function hookPath(facts: InstallFacts, hook: string): HookPath {
  const say = messages.doctorFinding;
  const file = join(facts.hooksDir, hook);
  const rel = relative(facts.root, file) || '.';
  const fact = facts.hookFiles[hook];
  if (!fact) return { file, owner: null, via: '', problem: say.hookMissing(rel, false, hook) };
  const owner = hookOwner(fact.content, SHIM_MARK);
  const base = { file, owner };
  if (!fact.executable) return { ...base, via: '', problem: say.hookNotExecutable(rel, file) };
  if (owner === 'plan-hooks') return { ...base, via: `${rel} → plan-hooks`, problem: null };
  const manager = MANAGERS.find((m) => m.name === owner);
  if (!manager) return { ...base, via: '', problem: say.hookMissing(rel, true, hook) };
  return { ...base, ...manager.hookPath(facts, { hook, file, rel, fact }) };
}

/** The manager that owns the hooks directory git uses here. */
export function hooksOwner(facts: InstallFacts): string {
  if (isHuskyPath(facts.hooksPath)) return 'husky';
  const owners = HOOKS.map((h) => facts.hookFiles[h]).filter((f) => f !== undefined).map((f) => hookOwner(f.content, SHIM_MARK));
  const managed = owners.find((o) => o !== 'plan-hooks' && o !== 'other');
  return managed ?? managerOf(facts)?.name ?? (owners.length > 0 ? 'plan-hooks' : 'nobody');
}

export function diagnose(facts: InstallFacts, probe: Probe, env: NodeJS.ProcessEnv): Finding[] {
  const say = messages.doctorFinding;
  const out: Finding[] = [];
  const rel = (p: string) => relative(facts.root, p) || '.';
  if (facts.hooksPath && isAbsolute(facts.hooksPath)) out.push({ level: 'warn', ...say.absoluteHooksPath(facts.hooksPath) });
  out.push({ level: 'ok', text: say.owner(facts.hooksPath, facts.hooksDir, hooksOwner(facts)) });
  if (isHuskyPath(facts.hooksPath) && !facts.huskyRan) {
    out.push({ level: 'fail', ...say.huskyNeverRan(facts.mainRoot && facts.mainRoot !== facts.root ? join(facts.mainRoot, '.husky/_') : null) });
  }
  // yarn 2+ never runs `prepare`: a clone's `yarn install` then never starts husky.
  const scripts = (facts.pkg?.data.scripts ?? {}) as Record<string, unknown>;
  const starts = (name: string) => typeof scripts[name] === 'string' && /(^|[\s;&|])husky($|[\s;&|])/.test(scripts[name] as string);
  if (facts.yarnBerry && Object.keys(facts.huskyFiles).length > 0 && starts('prepare') && !starts('postinstall')) {
    out.push({ level: 'fail', ...say.yarnBerryPrepare() });
  }
  for (const hook of HOOKS) {
    const path = hookPath(facts, hook);
    const run = probe.runs[hook];
    if (run?.answered) out.push({ level: 'ok', hook, text: say.hookAnswered(hook, path.via || rel(path.file)) });
    else if (path.problem) out.push({ level: 'fail', hook, ...path.problem });
    else if (run) out.push({ level: 'fail', hook, ...say.hookSilent(hook, path.via, run.code, run.output) });
    else out.push({ level: 'ok', hook, text: say.hookOk(hook, path.via) });
  }
  // Clients that read only .git/hooks (JGit, dulwich) run nothing in husky mode without shims there.
  if (isHuskyPath(facts.hooksPath)) {
    const missing = HOOKS.filter((h) => !facts.commonHookFiles[h]?.content.includes(SHIM_MARK));
    if (missing.length > 0) out.push({ level: 'warn', ...say.noClientShims(missing) });
  }
  // A manager's configuration, while git runs another's hooks (husky's core.hooksPath): that
  // manager's own hooks run only if one of the other's calls it.
  const configured = managerOf(facts);
  const owner = hooksOwner(facts);
  if (configured && owner !== configured.name && owner !== 'nobody' && owner !== 'plan-hooks') {
    out.push({ level: 'warn', ...say.managerBypassed(configured.configFile(facts), configured.name, owner, configured.installCommand, huskyIsOurs(facts)) });
  }
  // A configuration that calls the tracked runner, in a clone or commit without it.
  if (configured && !isHuskyPath(facts.hooksPath) && facts.trackedRunnerText === null && HOOKS.some((h) => callsPlanHooks(configured.configText(facts), h))) {
    out.push({ level: 'fail', ...say.managerRunnerMissing(configured.configFile(facts), TRACKED_RUNNER) });
  }
  const runner = runnerText(facts);
  if (runner !== undefined && !runner.includes(prefetchScript(preCommitReads()))) {
    out.push({ level: 'warn', ...say.runnerOutdated(rel(runnerPath(facts))) });
  }
  if (runner === undefined) out.push({ level: 'fail', ...say.runnerMissing(rel(runnerPath(facts))) });
  if (probe.node !== null) {
    if (!probe.node) out.push({ level: 'fail', text: say.noNode(), fix: messages.shimNoNode() });
    else {
      const [major, minor] = (probe.nodeVersion ?? '0.0').replace(/^v/, '').split('.').map(Number) as [number, number];
      const ok = major > MIN_NODE[0] || (major === MIN_NODE[0] && minor >= MIN_NODE[1]);
      out.push(ok ? { level: 'ok', text: say.nodeOk(probe.nodeVersion, probe.node) } : { level: 'fail', ...say.nodeOld(probe.nodeVersion, probe.node, MIN_NODE.join('.')) });
    }
    if (!probe.cli) out.push({ level: 'fail', text: say.noCli(), fix: messages.shimNoCli(facts.pkg ? installCommand(detectPackageManager(facts.pkg.files, facts.pkg.data.packageManager)) : null) });
    else out.push({ level: 'ok', text: say.cliOk(probe.cli) });
  }
  for (const worktree of facts.worktreesWithoutHusky) {
    out.push({ level: 'warn', ...say.worktreeWithoutHusky(worktree, join(facts.root, '.husky/_'), join(worktree, '.husky/_')) });
  }
  // A manager's own switch that turns every hook off, plan-hooks' included.
  for (const { name, offSwitch } of MANAGERS) {
    if (!offSwitch || env[offSwitch.variable] !== offSwitch.value || hooksOwner(facts) !== name) continue;
    out.push({ level: 'warn', ...(name === 'husky' ? say.huskyOff() : say.managerOff(`${offSwitch.variable}=${offSwitch.value}`, name)) });
  }
  if (env.PLAN_HOOKS === '0') out.push({ level: 'warn', ...say.planHooksOff() });
  return out;
}
