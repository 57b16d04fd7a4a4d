// Every hook manager plan-hooks knows, listed once: in the order their configurations are looked
// for (the first configured one runs the repository's hooks), husky last (plan-hooks' own mode).
import type { InstallFacts } from '../install-facts.js';
import { husky } from './husky.js';
import { lefthook } from './lefthook.js';
import type { HookManager, ManagerName } from './manager.js';
import { preCommit } from './pre-commit.js';
import { prek } from './prek.js';
import { simpleGitHooks } from './simple-git-hooks.js';

export type { HookManager, HookPath, ManagerName } from './manager.js';

export const MANAGERS: readonly HookManager[] = [lefthook, prek, preCommit, simpleGitHooks, husky];

export type HookOwner = ManagerName | 'plan-hooks' | 'other';

export function managerNamed(name: ManagerName): HookManager {
  return MANAGERS.find((m) => m.name === name)!;
}

/** Who wrote a hook file, by the marker lines each manager writes. */
export function hookOwner(content: string, shimMark: string): HookOwner {
  if (content.includes(shimMark)) return 'plan-hooks';
  return MANAGERS.find((m) => m.owns(content))?.name ?? 'other';
}

/** The manager that runs the repository's hooks today, judged by its configuration (null: none). */
export function managerOf(facts: InstallFacts): HookManager | null {
  return MANAGERS.find((m) => m.configured(facts)) ?? null;
}
