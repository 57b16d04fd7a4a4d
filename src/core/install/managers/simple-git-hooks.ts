// simple-git-hooks: one command per hook in its package.json key (or its JSON file), calling the
// tracked runner. It deletes every hook file its configuration does not name whenever its
// postinstall re-runs, so plan-hooks keeps nothing of its own in the hooks directory.
import { UserError } from '../../../errors.js';
import { joinPath as join } from '../../../lib/posix-path.js';
import { messages } from '../../../messages/index.js';
import { HOOKS } from '../../hook-table.js';
import type { InstallFacts } from '../install-facts.js';
import { addSimpleGitHooksCommand, callsPlanHooks, managerCommand, removeSimpleGitHooksCommand } from '../managers.js';
import { isHuskyPath, programArgv } from '../names.js';
import type { HookManager } from './manager.js';
import { inEveryHook, removeEarlierShims, runManagerInstall } from './shared.js';

const KEY_NAME = 'package.json "simple-git-hooks"';

/** Its configuration as plan-hooks edits it: its JSON file, else package.json's key (null: neither). */
function editable(facts: InstallFacts): { file: string | null; config: Record<string, unknown> } | null {
  const file = facts.simpleGitHooksFile?.file.endsWith('.json') ? facts.simpleGitHooksFile : null;
  if (file) return { file: file.file, config: JSON.parse(file.text) as Record<string, unknown> };
  const inPackage = facts.pkg?.data['simple-git-hooks'];
  return inPackage && typeof inPackage === 'object' ? { file: null, config: inPackage as Record<string, unknown> } : null;
}

export const simpleGitHooks: HookManager = {
  name: 'simple-git-hooks',
  owns: (content) => content.includes('SKIP_SIMPLE_GIT_HOOKS'),
  program: { name: 'simple-git-hooks', packageFile: 'cli.js', onPath: false },
  configured: (facts) => {
    const sgh = facts.pkg?.data['simple-git-hooks'];
    return Boolean(sgh && typeof sgh === 'object') || facts.simpleGitHooksFile !== null;
  },
  configFile: (facts) => facts.simpleGitHooksFile?.file ?? KEY_NAME,
  configText: (facts) => facts.simpleGitHooksFile?.text ?? JSON.stringify(facts.pkg?.data['simple-git-hooks'] ?? {}),
  installCommand: 'npx simple-git-hooks',
  runner: 'tracked',
  // It installs into a core.hooksPath directory (into husky's it rewrites husky's stubs and deletes the rest).
  underHooksPath: 'installs',
  init(facts, ctx) {
    removeEarlierShims(facts, ctx, 'simple-git-hooks');
    const withOurs = (config: Record<string, unknown>) =>
      inEveryHook(config, (c, h) => {
        const current = c[h];
        c[h] = addSimpleGitHooksCommand(typeof current === 'string' ? current : undefined, h);
        return c;
      });
    const fileText = facts.simpleGitHooksFile;
    if (fileText && !fileText.file.endsWith('.json')) {
      throw new UserError(messages.initManagerFormat(fileText.file, KEY_NAME, JSON.stringify(withOurs({}), null, 2)));
    }
    const current = structuredClone(fileText ? (JSON.parse(fileText.text) as Record<string, unknown>) : (facts.pkg!.data['simple-git-hooks'] as Record<string, unknown>));
    const before = JSON.stringify(current);
    const changed = JSON.stringify(withOurs(current)) !== before;
    if (changed) {
      ctx.actions.push({
        kind: 'editJson',
        path: join(facts.root, fileText?.file ?? 'package.json'),
        edit: fileText ? withOurs : (data) => withOurs(data['simple-git-hooks'] as Record<string, unknown>),
        what: messages.actManagerConfig(fileText ? fileText.file : KEY_NAME),
      });
    }
    runManagerInstall(facts, ctx, simpleGitHooks, [], changed, callsPlanHooks);
  },
  uninstall(facts, actions) {
    const found = editable(facts);
    if (!found) return;
    const strip = (config: Record<string, unknown>) => {
      for (const hook of HOOKS) {
        const value = config[hook];
        if (typeof value !== 'string') continue;
        const rest = removeSimpleGitHooksCommand(value, hook);
        if (rest === null) delete config[hook];
        else config[hook] = rest;
      }
    };
    const copy = structuredClone(found.config);
    strip(copy);
    if (JSON.stringify(copy) === JSON.stringify(found.config)) return;
    actions.push({
      kind: 'editJson',
      path: join(facts.root, found.file ?? 'package.json'),
      edit: found.file ? strip : (data) => strip(data['simple-git-hooks'] as Record<string, unknown>),
      what: messages.actRemoveSection(found.file ?? KEY_NAME),
    });
    const bin = facts.bins['simple-git-hooks'];
    if (bin) actions.push({ kind: 'command', argv: programArgv(bin, facts.node), cwd: facts.root, what: messages.actCommand(['simple-git-hooks']) });
  },
  hookPath(facts, { hook, rel, fact }) {
    const say = messages.doctorFinding;
    const via = `${rel} (simple-git-hooks) → plan-hooks`;
    if (!fact.content.includes(managerCommand(hook, '"$@"'))) {
      // In husky's directory, simple-git-hooks' postinstall replaced husky's stub.
      if (isHuskyPath(facts.hooksPath)) return { via, problem: say.huskyStubRewritten(rel, hook) };
      return { via, problem: say.managerWithout('simple-git-hooks', 'its configuration', hook) };
    }
    return { via, problem: null };
  },
  probe: () => null,
  offSwitch: { variable: 'SKIP_SIMPLE_GIT_HOOKS', value: '1' },
};
