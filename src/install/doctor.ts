// `plan-hooks doctor`'s checks: what git will really run for each hook in this worktree. The
// checks are pure over the facts and a probe of the installed runner (which node and which
// plan-hooks it would call), so they say exactly what a commit here would meet.
import { isAbsolute, join, relative } from 'node:path';
import { messages } from '../messages.js';
import { type InstallFacts, SHIM_MARK, isHuskyPath } from './facts.js';
import { hasSection } from '../fs/marked-sections.js';
import { SHELL_MARKERS, hasTopLevelExit } from './sections.js';
import { HOOKS } from '../hooks/main.js';
import { preCommitReads } from '../check/staged.js';
import { prefetchScript } from '../git/prefetch.js';

export interface Finding {
  level: 'ok' | 'warn' | 'fail';
  text: string;
  fix?: string;
}

export interface Probe {
  /** The runner's answer, or null when there is no runner to ask. */
  node: string | null;
  cli: string | null;
  /** `node --version` of the node the runner found. */
  nodeVersion: string | null;
}

const MIN_NODE: [number, number] = [20, 17];

export function runnerPath(facts: InstallFacts): string {
  return isHuskyPath(facts.hooksPath) ? join(facts.root, '.husky', 'plan-hooks.sh') : join(facts.hooksDir, 'plan-hooks.sh');
}

export function diagnose(facts: InstallFacts, probe: Probe, env: NodeJS.ProcessEnv): Finding[] {
  const say = messages.doctorFinding;
  const out: Finding[] = [];
  const rel = (p: string) => relative(facts.root, p) || '.';
  if (facts.hooksPath && isAbsolute(facts.hooksPath)) out.push({ level: 'warn', ...say.absoluteHooksPath(facts.hooksPath) });
  if (isHuskyPath(facts.hooksPath)) {
    out.push({ level: 'ok', text: say.huskyPath(facts.hooksPath!) });
    if (!facts.huskyRan) {
      out.push({ level: 'fail', ...say.huskyNeverRan(facts.mainRoot && facts.mainRoot !== facts.root ? join(facts.mainRoot, '.husky/_') : null) });
    }
    for (const hook of HOOKS) {
      const text = facts.huskyFiles[hook];
      if (text === undefined || !hasSection(text, SHELL_MARKERS)) out.push({ level: 'fail', ...say.huskyNoSection(hook) });
      else if (hasTopLevelExit(text.slice(0, text.indexOf(SHELL_MARKERS.key)))) {
        out.push({ level: 'fail', ...say.huskyExitFirst(hook, SHELL_MARKERS.key, SHELL_MARKERS.end) });
      } else if (facts.huskyRan) out.push({ level: 'ok', text: say.huskyHookOk(hook) });
    }
  } else {
    out.push({ level: 'ok', text: say.hooksDir(facts.hooksPath, facts.hooksDir) });
    for (const hook of HOOKS) {
      const file = facts.hookFiles[hook];
      const path = join(facts.hooksDir, hook);
      if (!file || !file.content.includes(SHIM_MARK)) out.push({ level: 'fail', ...say.hookMissing(rel(path), file !== undefined, hook) });
      else if (!file.executable) out.push({ level: 'fail', ...say.hookNotExecutable(rel(path), path) });
      else out.push({ level: 'ok', text: say.hookOk(hook, rel(path)) });
    }
  }
  const runner = isHuskyPath(facts.hooksPath) ? facts.huskyFiles['plan-hooks.sh'] : facts.hookFiles['plan-hooks.sh']?.content;
  if (runner !== undefined && !runner.includes(prefetchScript(preCommitReads(facts.config)))) {
    out.push({ level: 'warn', ...say.runnerOutdated(rel(runnerPath(facts))) });
  }
  if (probe.node === null) {
    out.push({ level: 'fail', ...say.runnerMissing(rel(runnerPath(facts))) });
  } else {
    if (!probe.node) out.push({ level: 'fail', text: say.noNode(), fix: messages.shimNoNode() });
    else {
      const [major, minor] = (probe.nodeVersion ?? '0.0').replace(/^v/, '').split('.').map(Number) as [number, number];
      const ok = major > MIN_NODE[0] || (major === MIN_NODE[0] && minor >= MIN_NODE[1]);
      out.push(ok ? { level: 'ok', text: say.nodeOk(probe.nodeVersion, probe.node) } : { level: 'fail', ...say.nodeOld(probe.nodeVersion, probe.node, MIN_NODE.join('.')) });
    }
    if (!probe.cli) out.push({ level: 'fail', text: say.noCli(), fix: messages.shimNoCli() });
    else out.push({ level: 'ok', text: say.cliOk(probe.cli) });
  }
  for (const worktree of facts.worktreesWithoutHusky) {
    out.push({ level: 'warn', ...say.worktreeWithoutHusky(worktree, join(facts.root, '.husky/_'), join(worktree, '.husky/_')) });
  }
  if (env.HUSKY === '0' && isHuskyPath(facts.hooksPath)) out.push({ level: 'warn', ...say.huskyOff() });
  if (env.PLAN_HOOKS === '0') out.push({ level: 'warn', ...say.planHooksOff() });
  return out;
}
