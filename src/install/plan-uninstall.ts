// What `plan-hooks uninstall` must change (pure): exactly what init added — its sections,
// runner and shims, the Plan State blocks, what the record says it set — and the chained hooks
// put back. Lines and files of the user's are left alone.
import { basename, join, relative } from 'node:path';
import { CONFIG_FILE } from '../config/config.js';
import { messages } from '../messages.js';
import type { Action } from './actions.js';
import { CHAINED_SUFFIX, GIT_HOOKS, type InstallFacts, SHIM_MARK } from './facts.js';
import { removeCommand, detectPackageManager } from './package-manager.js';
import { LINT_STAGED_TASK } from './plan-init.js';
import { removeSection } from '../fs/marked-sections.js';
import { PLAN_STATE_MARKERS, SHELL_MARKERS, isEmptyScript } from './sections.js';

export function planUninstall(facts: InstallFacts): Action[] {
  const rel = (p: string) => relative(facts.root, p) || '.';
  const m = facts.manifest;
  const created = new Set(m?.createdFiles ?? []);
  const actions: Action[] = [];

  for (const [name, text] of Object.entries(facts.huskyFiles)) {
    const path = join(facts.root, '.husky', name);
    if (name === 'plan-hooks.sh') {
      actions.push({ kind: 'remove', path, what: messages.actRemove(rel(path), 'the hook runner') });
      continue;
    }
    const rest = removeSection(text, SHELL_MARKERS);
    if (rest === null) continue;
    if (isEmptyScript(rest) && (created.has(rel(path)) || rest.trim() === '')) {
      actions.push({ kind: 'remove', path, what: messages.actRemove(rel(path), 'only plan-hooks was in it') });
    } else {
      actions.push({ kind: 'write', path, content: rest, what: messages.actRemoveSection(rel(path)) });
    }
  }

  const dirs = new Map([
    [facts.hooksDir, facts.hookFiles],
    [join(facts.commonDir, 'hooks'), facts.commonHookFiles],
  ]);
  for (const [dir, files] of dirs) {
    for (const [name, file] of Object.entries(files)) {
      const path = join(dir, name);
      if (name === 'plan-hooks.sh' || (GIT_HOOKS.includes(name) && file.content.includes(SHIM_MARK))) {
        actions.push({ kind: 'remove', path, what: messages.actRemove(rel(path), name === 'plan-hooks.sh' ? 'the hook runner' : 'plan-hooks shim') });
      }
    }
    for (const name of Object.keys(files).filter((n) => n.endsWith(CHAINED_SUFFIX))) {
      const original = name.slice(0, -CHAINED_SUFFIX.length);
      const stillThere = files[original] && !files[original]!.content.includes(SHIM_MARK);
      if (stillThere) continue;
      actions.push({ kind: 'rename', from: join(dir, name), to: join(dir, original), what: messages.actRestore(rel(join(dir, name)), rel(join(dir, original))) });
    }
  }

  if (facts.pkg) planPackage(facts, actions);

  if (m && m.hooksPathBefore !== undefined && facts.hooksPath !== m.hooksPathBefore) {
    actions.push({ kind: 'gitConfig', key: 'core.hooksPath', value: m.hooksPathBefore, what: messages.actRestoreHooksPath(m.hooksPathBefore) });
  }

  for (const [name, text] of Object.entries(facts.entryFiles)) {
    const rest = removeSection(text, PLAN_STATE_MARKERS);
    if (rest === null) continue;
    const path = join(facts.root, name);
    if (created.has(name) && rest.trim() === '') actions.push({ kind: 'remove', path, what: messages.actRemove(name, 'only the Plan State block was in it') });
    else actions.push({ kind: 'write', path, content: rest, what: messages.actRemoveSection(name) });
  }
  if (created.has(CONFIG_FILE) && facts.userConfigText !== null) {
    const path = join(facts.root, CONFIG_FILE);
    actions.push({ kind: 'remove', path, what: messages.actRemove(CONFIG_FILE, 'init wrote it') });
  }

  for (const path of facts.hookState) actions.push({ kind: 'remove', path, what: messages.actRemove(rel(path), 'state the hooks kept') });

  // Last: removing husky (and plan-hooks itself) from node_modules.
  if (facts.pkg && m && m.addedDependencies.length > 0) {
    if (m.addedDependencies.includes('husky')) {
      for (const dir of [join(facts.root, '.husky', '_'), ...m.bootstrapped]) {
        actions.push({ kind: 'remove', path: dir, what: messages.actRemove(rel(dir), "husky's generated hooks") });
      }
    }
    const argv = removeCommand(detectPackageManager(facts.pkg.files, facts.pkg.data.packageManager), m.addedDependencies);
    actions.push({ kind: 'command', argv, cwd: facts.root, what: messages.actCommand(argv) });
  }
  return actions;
}

function planPackage(facts: InstallFacts, actions: Action[]): void {
  const m = facts.manifest;
  const pkgPath = join(facts.root, 'package.json');
  const scripts = (facts.pkg!.data.scripts ?? {}) as Record<string, unknown>;
  if (m?.prepareAfter !== undefined && m.prepareBefore !== undefined && scripts.prepare === m.prepareAfter) {
    const before = m.prepareBefore;
    actions.push({
      kind: 'editJson',
      path: pkgPath,
      edit: (data) => {
        const s = { ...(data.scripts as Record<string, unknown>) };
        if (before === null) delete s.prepare;
        else s.prepare = before;
        if (Object.keys(s).length === 0) delete data.scripts;
        else data.scripts = s;
      },
      what: messages.actRestorePrepare(before),
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
      basename(file) === 'package.json'
        ? (data: Record<string, unknown>) => dropTask(data['lint-staged'] as Record<string, unknown>)
        : dropTask;
    actions.push({ kind: 'editJson', path, edit, what: messages.actRemoveLintStaged(file) });
  }
}
