// What the managers that write every hook file themselves (lefthook, simple-git-hooks) share at init.
import { joinPath as join } from '../../../lib/posix-path.js';
import { messages } from '../../../messages/index.js';
import { HOOKS } from '../../hook-table.js';
import { isOurs } from '../hooks-dir.js';
import type { InstallFacts } from '../install-facts.js';
import type { InitContext, ManagerName } from './manager.js';

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
