// What `plan-hooks uninstall` must change, decided from the facts alone (../../install/facts.ts): exactly what init added — its sections,
// runner and shims, the Plan State blocks, what the record says it set — and the chained hooks
// put back. Lines and files of the user's are left alone.
import { HANDOFF_MARKERS } from '../handoff-markers.js';
import { joinPath as join, relativePath as relative } from '../../lib/posix-path.js';
import { removeSection } from '../../lib/marked-sections.js';
import { messages } from '../../messages/index.js';
import type { InstallFacts } from './install-facts.js';
import type { Action } from './action.js';
import { husky } from './managers/husky.js';
import { MANAGERS } from './managers/index.js';
import { CHAINED_SUFFIX, GIT_HOOKS, LINT_STAGED_TASK, SHIM_MARK, TRACKED_RUNNER } from './names.js';
import { removeCommand, detectPackageManager } from './package-manager.js';
import { PLAN_STATE_MARKERS } from './sections.js';

export function decideUninstall(facts: InstallFacts): Action[] {
  const rel = (p: string) => relative(facts.root, p) || '.';
  const m = facts.manifest;
  const created = new Set(m?.createdFiles ?? []);
  const actions: Action[] = [];

  husky.uninstall(facts, actions);

  const dirs = new Map([
    [facts.hooksDir, facts.hookFiles],
    [join(facts.commonDir, 'hooks'), facts.commonHookFiles],
  ]);
  for (const [dir, files] of dirs) {
    for (const [name, file] of Object.entries(files)) {
      const path = join(dir, name);
      // Shims a manager moved aside are plan-hooks' too: pre-commit's `<hook>.legacy`, lefthook's `<hook>.old`.
      const hookName = name.replace(/\.(legacy|old)$/, '');
      if (name === 'plan-hooks.sh' || (GIT_HOOKS.includes(hookName) && file.content.includes(SHIM_MARK))) {
        actions.push({ kind: 'remove', path, what: messages.actRemove(rel(path), name === 'plan-hooks.sh' ? 'runner' : 'shim') });
      }
    }
    for (const name of Object.keys(files).filter((n) => n.endsWith(CHAINED_SUFFIX))) {
      const original = name.slice(0, -CHAINED_SUFFIX.length);
      const stillThere = files[original] && !files[original]!.content.includes(SHIM_MARK);
      if (stillThere) continue;
      actions.push({ kind: 'rename', from: join(dir, name), to: join(dir, original), what: messages.actRestore(rel(join(dir, name)), rel(join(dir, original))) });
    }
  }

  if (facts.trackedRunnerText !== null) {
    const path = join(facts.root, TRACKED_RUNNER);
    actions.push({ kind: 'remove', path, what: messages.actRemove(TRACKED_RUNNER, 'runner') });
    const dir = TRACKED_RUNNER.slice(0, TRACKED_RUNNER.lastIndexOf('/'));
    if (facts.trackedRunnerDirEntries.every((n) => n === 'plan-hooks.sh')) actions.push({ kind: 'remove', path: join(facts.root, dir), what: messages.actRemove(dir, 'nothingOfYours') });
  }

  if (facts.pkg) decidePackage(facts, actions);

  if (m && m.hooksPathBefore !== undefined && facts.hooksPath !== m.hooksPathBefore) {
    actions.push({ kind: 'gitConfig', key: 'core.hooksPath', value: m.hooksPathBefore, what: messages.actRestoreHooksPath(m.hooksPathBefore) });
  }

  // plan-hooks' entries in the other managers' configurations (each re-installed from it where it must be).
  // Managers that read one configuration (pre-commit and prek) would each decide its edit: it is made once.
  const byManagers: Action[] = [];
  for (const manager of MANAGERS) {
    if (manager === husky) continue;
    const own: Action[] = [];
    manager.uninstall(facts, own);
    byManagers.push(...own.filter((a) => !('path' in a) || !byManagers.some((b) => 'path' in b && b.path === a.path)));
  }
  actions.push(...byManagers);

  // The Plan State block init put in the entry files, and the handoff block the hooks generated there.
  for (const [name, text] of Object.entries(facts.entryFiles)) {
    const withoutState = removeSection(text, PLAN_STATE_MARKERS);
    const withoutHandoff = removeSection(withoutState ?? text, HANDOFF_MARKERS);
    const rest = withoutHandoff ?? withoutState;
    if (rest === null) continue;
    const path = join(facts.root, name);
    if (created.has(name) && rest.trim() === '') actions.push({ kind: 'remove', path, what: messages.actRemove(name, 'onlyPlanState') });
    else actions.push({ kind: 'write', path, content: rest, what: messages.actRemoveSection(name) });
  }
  if (created.has(facts.configFile) && facts.userConfigText !== null) {
    const path = join(facts.root, facts.configFile);
    actions.push({ kind: 'remove', path, what: messages.actRemove(facts.configFile, 'initWrote') });
  }

  for (const path of facts.hookState) actions.push({ kind: 'remove', path, what: messages.actRemove(rel(path), 'hookState') });
  for (const { key, value } of facts.notesSettings) {
    actions.push({ kind: 'gitConfig', key, value: null, match: value, what: messages.actUnsetConfig(key, value) });
  }

  // .husky/ when nothing of the user's is left in it.
  const huskyLeft = Object.keys(facts.huskyFiles).filter((name) => !actions.some((a) => a.kind === 'remove' && a.path === join(facts.root, '.husky', name)));
  if (facts.huskyDirEntries.length > 0 && huskyLeft.length === 0) {
    const others = facts.huskyDirEntries.filter((n) => n !== '_' && !(n in facts.huskyFiles));
    const huskyOurs = m?.addedDependencies.includes('husky') ?? false;
    if (others.length === 0 && (huskyOurs || !facts.huskyDirEntries.includes('_'))) {
      actions.push({ kind: 'remove', path: join(facts.root, '.husky'), what: messages.actRemove('.husky', 'nothingOfYours') });
    }
  }

  // Last: removing husky (and plan-hooks itself) from node_modules.
  if (facts.pkg && m && m.addedDependencies.length > 0) {
    if (m.addedDependencies.includes('husky')) {
      for (const dir of [join(facts.root, '.husky', '_'), ...m.bootstrapped]) {
        actions.push({ kind: 'remove', path: dir, what: messages.actRemove(rel(dir), 'huskyGenerated') });
      }
    }
    const argv = removeCommand(detectPackageManager(facts.pkg.files, facts.pkg.data.packageManager), m.addedDependencies);
    actions.push({ kind: 'command', argv, cwd: facts.root, what: messages.actCommand(argv) });
  }
  return actions;
}

function decidePackage(facts: InstallFacts, actions: Action[]): void {
  const m = facts.manifest;
  const pkgPath = join(facts.root, 'package.json');
  const scripts = (facts.pkg!.data.scripts ?? {}) as Record<string, unknown>;
  const script = m?.prepareScript ?? 'prepare';
  if (m?.prepareAfter !== undefined && m.prepareBefore !== undefined && scripts[script] === m.prepareAfter) {
    const before = m.prepareBefore;
    actions.push({
      kind: 'editJson',
      path: pkgPath,
      edit: (data) => {
        const s = { ...(data.scripts as Record<string, unknown>) };
        if (before === null) delete s[script];
        else s[script] = before;
        if (Object.keys(s).length === 0) delete data.scripts;
        else data.scripts = s;
      },
      what: messages.actRestorePrepare(before, script),
    });
  }
  const dropTask = (config: Record<string, unknown>) => {
    for (const [glob, value] of Object.entries(config)) {
      if (value === LINT_STAGED_TASK) delete config[glob];
      else if (Array.isArray(value) && value.includes(LINT_STAGED_TASK)) {
        const rest = value.filter((v) => v !== LINT_STAGED_TASK);
        config[glob] = rest.length === 1 ? rest[0] : rest;
      }
    }
  };
  for (const file of m?.lintStaged ?? []) {
    const path = join(facts.root, file);
    const edit =
      file === 'package.json' || file.endsWith('/package.json')
        ? (data: Record<string, unknown>) => dropTask(data['lint-staged'] as Record<string, unknown>)
        : dropTask;
    actions.push({ kind: 'editJson', path, edit, what: messages.actRemoveLintStaged(file) });
  }
}
