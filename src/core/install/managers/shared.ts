// What the managers that write every hook file themselves (lefthook, simple-git-hooks) share at init.
import { joinPath as join } from '../../../lib/posix-path.js';
import { messages } from '../../../messages/index.js';
import { HOOKS } from '../../hook-table.js';
import { isOurs } from '../hooks-dir.js';
import type { InstallFacts } from '../install-facts.js';
import { programArgv } from '../names.js';
import type { HookManager, InitContext, ManagerName } from './manager.js';

/** An earlier install's untracked runner and shims go: the tracked runner serves the manager's commands. */
export function removeEarlierShims(facts: InstallFacts, { actions, notes, rel, manifest }: InitContext, manager: ManagerName): void {
  const hooksDir = facts.hooksDir;
  manifest.hooksDir = hooksDir;
  if (facts.hookFiles['plan-hooks.sh']) {
    const old = join(hooksDir, 'plan-hooks.sh');
    actions.push({ kind: 'remove', path: old, what: messages.actRemove(rel(old), 'runnerTracked') });
  }
  if (!facts.pkg && facts.cli.includes('/_npx/')) notes.push(messages.noteNpxCli(facts.cli));
  // Shims of an earlier install would be moved aside (lefthook: `<hook>.old`) and run twice.
  for (const hook of HOOKS) {
    for (const name of [hook, `${hook}.old`]) {
      if (isOurs(facts.hookFiles[name])) {
        actions.push({ kind: 'remove', path: join(hooksDir, name), what: messages.actRemoveManagerRuns(rel(join(hooksDir, name)), manager) });
      }
    }
  }
}

/** A manager's configuration with plan-hooks' command in every hook: `add` puts it in one hook's. */
export const inEveryHook = <C>(config: C, add: (config: C, hook: string) => C): C => HOOKS.reduce(add, config);

/**
 * The manager's own install, which writes the hook files from its configuration: run (or said,
 * where the manager is not installed here) when init changed that configuration or a hook file
 * does not call plan-hooks yet.
 */
export function runManagerInstall(facts: InstallFacts, { actions, notes }: InitContext, manager: HookManager, args: string[], changed: boolean, calls: (content: string, hook: string) => boolean): void {
  if (!changed && HOOKS.every((h) => calls(facts.hookFiles[h]?.content ?? '', h))) return;
  const bin = facts.bins[manager.name];
  if (bin) actions.push({ kind: 'command', argv: [...programArgv(bin, facts.node), ...args], cwd: facts.root, what: messages.actCommand([manager.name, ...args]) });
  else notes.push(messages.noteManagerInstall(manager.installCommand));
}
