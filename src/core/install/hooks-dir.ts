// plan-hooks' shims in a plain hooks directory: a repository without package.json, a foreign
// core.hooksPath directory, or the hooks the pre-commit framework leaves to plan-hooks.
import { UserError } from '../../errors.js';
import { joinPath as join } from '../../lib/posix-path.js';
import { messages } from '../../messages/index.js';
import { HOOKS } from '../hook-table.js';
import { renderShim } from './hook-texts.js';
import type { FileFact, InstallFacts } from './install-facts.js';
import type { InitContext } from './managers/manager.js';
import { CHAINED_SUFFIX, LEGACY_SUFFIX, SHIM_MARK } from './names.js';

export const isOurs = (f: FileFact | undefined) => f !== undefined && f.content.includes(SHIM_MARK);

export interface HooksDirOptions {
  /** keep core.hooksPath; unset a local one (--force); override a global one locally (--force). */
  hooksPathChange: 'keep' | 'unset' | 'override';
  /** Hooks another manager runs plan-hooks for (not shims here). */
  skip?: string[];
  /** Whether a hook file is a manager's script that runs `<hook>.legacy` first (plan-hooks' shim goes there). */
  runsLegacy: (content: string) => boolean;
}

export function decideHooksDir(facts: InstallFacts, { actions, manifest, notes, rel }: InitContext, { hooksPathChange, skip = [], runsLegacy }: HooksDirOptions): void {
  let hooksDir = facts.hooksDir;
  let files = facts.hookFiles;
  if (hooksPathChange !== 'keep') {
    hooksDir = join(facts.commonDir, 'hooks');
    files = facts.commonHookFiles;
    if (hooksPathChange === 'unset') {
      // --force over a core.hooksPath that names no directory: git goes back to the shared hooks.
      actions.push({ kind: 'gitConfig', key: 'core.hooksPath', value: null, what: messages.actUnsetHooksPath(facts.hooksPath!) });
      manifest.hooksPathBefore = facts.hooksPath;
    } else {
      // --force over a global core.hooksPath: only a local setting beats it, and only an
      // absolute path names the shared hooks from every worktree (doctor reports it).
      actions.push({ kind: 'gitConfig', key: 'core.hooksPath', value: hooksDir, what: messages.actOverrideHooksPath(hooksDir, facts.hooksPath!) });
      manifest.hooksPathBefore = null;
    }
  }
  manifest.hooksDir = hooksDir;
  // npx runs packages from a cache it may clean: the runner falls back to plan-hooks on PATH.
  if (!facts.pkg && facts.cli.includes('/_npx/')) notes.push(messages.noteNpxCli(facts.cli));
  // A Node repository's runner finds node_modules at run time; others call this CLI by path.
  const runner = facts.runner;
  const runnerPath = join(hooksDir, 'plan-hooks.sh');
  if (files['plan-hooks.sh']?.content !== runner) {
    actions.push({ kind: 'write', path: runnerPath, content: runner, mode: 0o755, what: messages.actRunner(rel(runnerPath), !files['plan-hooks.sh']) });
  }
  for (const hook of HOOKS) {
    if (skip.includes(hook)) continue;
    let path = join(hooksDir, hook);
    let existing = files[hook];
    // The pre-commit framework's script runs `<hook>.legacy` first (its own chaining): plan-hooks
    // goes there, and never moves that script (run as a legacy hook, it fails every commit).
    if (existing && runsLegacy(existing.content)) {
      path += LEGACY_SUFFIX;
      existing = files[hook + LEGACY_SUFFIX];
    }
    if (existing && !isOurs(existing)) {
      if (files[hook + CHAINED_SUFFIX]) throw new UserError(messages.initChainTaken(rel(path), rel(path + CHAINED_SUFFIX)));
      actions.push({ kind: 'rename', from: path, to: path + CHAINED_SUFFIX, what: messages.actChain(rel(path), rel(path + CHAINED_SUFFIX)) });
    }
    const shim = renderShim(hook);
    if (!isOurs(existing) || existing!.content !== shim) {
      actions.push({ kind: 'write', path, content: shim, mode: 0o755, what: messages.actShim(rel(path)) });
    }
  }
}
