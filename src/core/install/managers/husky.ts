// husky: plan-hooks' own way into a Node repository with no other manager. husky's stubs in
// .husky/_ (core.hooksPath) run .husky/<hook>, where plan-hooks keeps a marked section that calls
// .husky/plan-hooks.sh; init-actions.ts says how linked worktrees get .husky/_.
import { joinPath as join, relativePath as relative } from '../../../lib/posix-path.js';
import { hasSection, removeSection, upsertSection } from '../../../lib/marked-sections.js';
import { messages } from '../../../messages/index.js';
import { HOOKS } from '../../hook-table.js';
import type { Action } from '../action.js';
import { STDIN_SECTION_HOOKS, renderHuskyClientShim, renderHuskySection } from '../hook-texts.js';
import type { FileFact, InstallFacts } from '../install-facts.js';
import { CHAINED_SUFFIX, LEGACY_SUFFIX, SHIM_MARK, isHuskyPath } from '../names.js';
import { SHELL_MARKERS, hasTopLevelExit, insertBeforeExit, isEmptyScript } from '../sections.js';
import type { HookManager, InitContext } from './manager.js';

const isOurs = (f: FileFact | undefined) => f !== undefined && f.content.includes(SHIM_MARK);

export const husky: HookManager = {
  name: 'husky',
  owns: (content) => /\/h"\s*$/m.test(content) || /husky\.sh"/.test(content),
  program: null,
  // Never a manager to install beside: husky is the mode init chooses for a Node repository.
  configured: () => false,
  configFile: () => '.husky',
  configText: () => '',
  installCommand: 'husky',
  runner: 'hooks-dir',
  underHooksPath: 'installs',
  init: decideHusky,
  uninstall: uninstallHusky,
  hookPath(facts, { hook, rel }) {
    const say = messages.doctorFinding;
    const text = facts.huskyFiles[hook];
    const via = `${rel} → .husky/${hook} → plan-hooks`;
    if (text === undefined || !hasSection(text, SHELL_MARKERS)) return { via, problem: say.huskyNoSection(hook) };
    if (hasTopLevelExit(text.slice(0, text.indexOf(SHELL_MARKERS.key)))) return { via, problem: say.huskyExitFirst(hook, SHELL_MARKERS.key, SHELL_MARKERS.end) };
    return { via, problem: null };
  },
  probe: () => null,
  offSwitch: { variable: 'HUSKY', value: '0' },
};

function decideHusky(facts: InstallFacts, { actions, manifest, rel }: InitContext): void {
  if (!isHuskyPath(facts.hooksPath) || !facts.huskyRan) {
    actions.push({ kind: 'husky', root: facts.root, what: messages.actHusky() });
    // What uninstall puts back in the local config: nothing when the value came from elsewhere.
    const local = facts.hooksPathScope === 'local' || facts.hooksPathScope === 'worktree';
    if (facts.hooksPath === null || !local) manifest.hooksPathBefore = null;
    else if (!isHuskyPath(facts.hooksPath)) manifest.hooksPathBefore = facts.hooksPath;
  }
  // Hooks git runs today from the shared .git/hooks stop running once husky's core.hooksPath is
  // set: keep each one and run it first from plan-hooks' section.
  const chained = new Set<string>();
  const sharedHooks = join(facts.commonDir, 'hooks');
  for (const [name, file] of Object.entries(facts.commonHookFiles)) {
    if (name.endsWith(CHAINED_SUFFIX)) chained.add(name.slice(0, -CHAINED_SUFFIX.length));
    else if (facts.hooksPath === null && file.executable && !isOurs(file) && name !== 'plan-hooks.sh' && !name.endsWith(LEGACY_SUFFIX)) {
      if (facts.commonHookFiles[name + CHAINED_SUFFIX]) continue;
      const from = join(sharedHooks, name);
      actions.push({ kind: 'rename', from, to: from + CHAINED_SUFFIX, what: messages.actChain(rel(from), rel(from + CHAINED_SUFFIX)) });
      chained.add(name);
    }
  }
  // Clients that read only .git/hooks and ignore core.hooksPath (JGit, dulwich) get thin shims
  // there that start husky's hook: git itself runs only .husky/_, so nothing runs twice. A file
  // of the user's that core.hooksPath already turned off is left as it is.
  for (const hook of HOOKS) {
    const file = facts.commonHookFiles[hook];
    const moved = chained.has(hook) && !facts.commonHookFiles[hook + CHAINED_SUFFIX];
    if (file && !isOurs(file) && !moved) continue;
    const shim = renderHuskyClientShim(hook);
    if (file?.content === shim) continue;
    const path = join(sharedHooks, hook);
    actions.push({ kind: 'write', path, content: shim, mode: 0o755, what: messages.actClientShim(rel(path)) });
  }
  const runnerPath = join(facts.root, '.husky', 'plan-hooks.sh');
  const runner = facts.runner;
  if (facts.huskyFiles['plan-hooks.sh'] !== runner) {
    const created = facts.huskyFiles['plan-hooks.sh'] === undefined;
    actions.push({ kind: 'write', path: runnerPath, content: runner, what: messages.actRunner(rel(runnerPath), created) });
    if (created) manifest.createdFiles.push(rel(runnerPath));
  }
  for (const hook of new Set([...HOOKS, 'post-checkout', ...chained])) {
    const existing = facts.huskyFiles[hook];
    // After the user's lines (lint-staged fixes files before plan-hooks checks them), except
    // where their lines could stop the script first: hooks that cannot block git (the worklog
    // must see every commit) go first, and in a script that ends in `exit …` or `exec …` the
    // section goes just before that line.
    const body = renderHuskySection(hook, chained.has(hook));
    const top = hook.startsWith('post-') || STDIN_SECTION_HOOKS.has(hook);
    // A hook fed on stdin: the section moves first, before any line that reads the input (git lfs pre-push).
    const next =
      existing === undefined
        ? upsertSection('', SHELL_MARKERS, body, top)
        : STDIN_SECTION_HOOKS.has(hook)
          ? upsertSection(removeSection(existing, SHELL_MARKERS) ?? existing, SHELL_MARKERS, body, true)
          : top
            ? upsertSection(existing, SHELL_MARKERS, body, true)
            : insertBeforeExit(existing, SHELL_MARKERS, body);
    if (next === existing) continue;
    const path = join(facts.root, '.husky', hook);
    actions.push({ kind: 'write', path, content: next, what: messages.actSection(rel(path), existing === undefined) });
    if (existing === undefined) manifest.createdFiles.push(rel(path));
  }
  for (const worktree of facts.worktreesWithoutHusky) {
    const to = join(worktree, '.husky', '_');
    actions.push({ kind: 'copyDir', from: join(facts.root, '.husky', '_'), to, what: messages.actBootstrap(to) });
    manifest.bootstrapped.push(to);
  }
}

/** plan-hooks' runner and sections in .husky/ (the directory itself goes last, in uninstall-actions.ts, once nothing of the user's is left). */
function uninstallHusky(facts: InstallFacts, actions: Action[]): void {
  const rel = (p: string) => relative(facts.root, p) || '.';
  const created = new Set(facts.manifest?.createdFiles ?? []);
  for (const [name, text] of Object.entries(facts.huskyFiles)) {
    const path = join(facts.root, '.husky', name);
    if (name === 'plan-hooks.sh') {
      actions.push({ kind: 'remove', path, what: messages.actRemove(rel(path), 'runner') });
      continue;
    }
    const rest = removeSection(text, SHELL_MARKERS);
    if (rest === null) continue;
    if (isEmptyScript(rest) && (created.has(rel(path)) || rest.trim() === '')) {
      actions.push({ kind: 'remove', path, what: messages.actRemove(rel(path), 'onlyOurs') });
    } else {
      actions.push({ kind: 'write', path, content: rest, what: messages.actRemoveSection(rel(path)) });
    }
  }
}
