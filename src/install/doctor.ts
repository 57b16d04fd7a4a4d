// `plan-hooks doctor`'s checks: what git will really run for each hook in this worktree. The
// checks are pure over the facts and a probe of the installed runner (which node and which
// plan-hooks it would call), so they say exactly what a commit here would meet.
import { isAbsolute, join, relative } from 'node:path';
import { messages } from '../messages.js';
import { type InstallFacts, SHIM_MARK, isHuskyPath } from './facts.js';
import { SHELL_MARKERS, hasSection, hasTopLevelExit } from './sections.js';
import { HOOKS } from '../commands/hook.js';

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
  const out: Finding[] = [];
  const rel = (p: string) => relative(facts.root, p) || '.';
  if (facts.hooksPath && isAbsolute(facts.hooksPath)) {
    out.push({
      level: 'warn',
      text: `core.hooksPath is an absolute path (${facts.hooksPath}): it breaks when the repository moves or is cloned elsewhere.`,
      fix: `use a path relative to the worktree, or unset it and run 'plan-hooks init'.`,
    });
  }
  if (isHuskyPath(facts.hooksPath)) {
    out.push({ level: 'ok', text: `core.hooksPath = ${facts.hooksPath} (husky)` });
    if (!facts.huskyRan) {
      out.push({
        level: 'fail',
        text: `.husky/_ does not exist in this worktree (husky never ran here), so git runs no hook here, silently.`,
        fix: `run 'plan-hooks init' here${facts.mainRoot && facts.mainRoot !== facts.root ? ` (or: cp -R '${join(facts.mainRoot, '.husky/_')}' .husky/_)` : ''}.`,
      });
    }
    for (const hook of HOOKS) {
      const text = facts.huskyFiles[hook];
      if (text === undefined || !hasSection(text, SHELL_MARKERS)) {
        out.push({ level: 'fail', text: `.husky/${hook} has no plan-hooks section: plan-hooks does not run on ${hook}.`, fix: `run 'plan-hooks init'.` });
      } else if (hasTopLevelExit(text.slice(0, text.indexOf(SHELL_MARKERS.key)))) {
        out.push({
          level: 'fail',
          text: `.husky/${hook} exits before plan-hooks' section: plan-hooks never runs on ${hook}.`,
          fix: `move the lines from '${SHELL_MARKERS.key}' to '${SHELL_MARKERS.end}' above the exit.`,
        });
      } else if (facts.huskyRan) out.push({ level: 'ok', text: `${hook}: .husky/_/${hook} → .husky/${hook} → plan-hooks` });
    }
  } else {
    out.push({
      level: 'ok',
      text: facts.hooksPath ? `core.hooksPath = ${facts.hooksPath} (hooks in ${facts.hooksDir})` : `core.hooksPath unset: hooks in ${facts.hooksDir}`,
    });
    for (const hook of HOOKS) {
      const file = facts.hookFiles[hook];
      if (!file || !file.content.includes(SHIM_MARK)) {
        out.push({
          level: 'fail',
          text: `${rel(join(facts.hooksDir, hook))} ${file ? 'is not plan-hooks\'' : 'does not exist'}: plan-hooks does not run on ${hook}.`,
          fix: `run 'plan-hooks init' (a hook already there is kept and runs first).`,
        });
      } else if (!file.executable) {
        out.push({ level: 'fail', text: `${rel(join(facts.hooksDir, hook))} is not executable: git skips it.`, fix: `chmod +x '${join(facts.hooksDir, hook)}'` });
      } else out.push({ level: 'ok', text: `${hook}: ${rel(join(facts.hooksDir, hook))} → plan-hooks` });
    }
  }
  if (probe.node === null) {
    out.push({ level: 'fail', text: `the hook runner ${rel(runnerPath(facts))} is missing.`, fix: `run 'plan-hooks init'.` });
  } else {
    if (!probe.node) out.push({ level: 'fail', text: `node is not on the PATH the hooks see.`, fix: messages.shimNoNode() });
    else {
      const [major, minor] = (probe.nodeVersion ?? '0.0').replace(/^v/, '').split('.').map(Number) as [number, number];
      const ok = major > MIN_NODE[0] || (major === MIN_NODE[0] && minor >= MIN_NODE[1]);
      out.push(
        ok
          ? { level: 'ok', text: `node ${probe.nodeVersion} (${probe.node})` }
          : { level: 'fail', text: `node ${probe.nodeVersion} (${probe.node}) is older than ${MIN_NODE.join('.')}.`, fix: `install Node ${MIN_NODE.join('.')} or later and put it first on PATH (or in ~/.config/plan-hooks/init.sh).` },
      );
    }
    if (!probe.cli) out.push({ level: 'fail', text: `the hooks cannot find plan-hooks.`, fix: messages.shimNoCli() });
    else out.push({ level: 'ok', text: `plan-hooks: ${probe.cli}` });
  }
  for (const worktree of facts.worktreesWithoutHusky) {
    out.push({
      level: 'warn',
      text: `the worktree ${worktree} has no .husky/_: no hook runs there.`,
      fix: `run 'plan-hooks init' in it, or: cp -R '${join(facts.root, '.husky/_')}' '${join(worktree, '.husky/_')}'`,
    });
  }
  if (env.HUSKY === '0' && isHuskyPath(facts.hooksPath)) {
    out.push({ level: 'warn', text: `HUSKY=0 is set in this environment: husky runs no hook, plan-hooks' included.`, fix: `unset HUSKY` });
  }
  if (env.PLAN_HOOKS === '0') out.push({ level: 'warn', text: `PLAN_HOOKS=0 is set in this environment: every plan-hooks hook is skipped.`, fix: `unset PLAN_HOOKS` });
  return out;
}
