// lefthook: one command per hook in lefthook.yml, calling the tracked runner; lefthook writes
// every hook file itself (never under husky: it refuses to install under a local core.hooksPath).
import { UserError } from '../../../errors.js';
import { joinPath as join, relativePath as relative } from '../../../lib/posix-path.js';
import { messages } from '../../../messages/index.js';
import { HOOKS } from '../../hook-table.js';
import type { InstallFacts } from '../install-facts.js';
import { LEFTHOOK_FILES, addLefthookCommand, callsPlanHooks, removeSections } from '../managers.js';
import { programArgv } from '../names.js';
import type { HookManager } from './manager.js';
import { inEveryHook, removeEarlierShims, runManagerInstall } from './shared.js';

const owns = (content: string) => content.includes('call_lefthook') || /\blefthook\b.* run /.test(content);

export const lefthook: HookManager = {
  name: 'lefthook',
  owns,
  program: { name: 'lefthook', packageFile: 'bin/index.js', onPath: true },
  configured: (facts) => facts.lefthookConfig !== null || facts.lefthookOtherConfig !== null,
  configFile: (facts) => facts.lefthookConfig?.file ?? facts.lefthookOtherConfig ?? LEFTHOOK_FILES[0]!,
  configText: (facts) => facts.lefthookConfig?.text ?? '',
  installCommand: 'lefthook install',
  runner: 'tracked',
  underHooksPath: 'refuses',
  init(facts, ctx) {
    removeEarlierShims(facts, ctx, 'lefthook');
    if (!facts.lefthookConfig) {
      throw new UserError(messages.initManagerFormat(facts.lefthookOtherConfig!, LEFTHOOK_FILES[0]!, inEveryHook('', addLefthookCommand)));
    }
    const { file, text } = facts.lefthookConfig;
    const next = inEveryHook(text, addLefthookCommand);
    if (next !== text) ctx.actions.push({ kind: 'write', path: join(facts.root, file), content: next, what: messages.actManagerConfig(file) });
    runManagerInstall(facts, ctx, lefthook, ['install'], next !== text, owns);
  },
  uninstall(facts: InstallFacts, actions) {
    if (!facts.lefthookConfig) return;
    const rel = (p: string) => relative(facts.root, p) || '.';
    const rest = removeSections(facts.lefthookConfig.text);
    if (rest === null) return;
    actions.push({ kind: 'write', path: join(facts.root, facts.lefthookConfig.file), content: rest, what: messages.actRemoveSection(facts.lefthookConfig.file) });
    // lefthook's scripts for the hooks only plan-hooks' commands used: its configuration no
    // longer names them, and lefthook install never takes a script back.
    for (const hook of HOOKS) {
      const file = facts.hookFiles[hook];
      if (!file || !owns(file.content) || new RegExp(`^${hook}:`, 'm').test(rest)) continue;
      const path = join(facts.hooksDir, hook);
      actions.push({ kind: 'remove', path, what: messages.actRemove(rel(path), 'lefthookUnused') });
    }
  },
  hookPath(facts, { hook, rel }) {
    const config = facts.lefthookConfig;
    const via = `${rel} → ${config?.file ?? 'lefthook.yml'} → plan-hooks`;
    if (!config || !callsPlanHooks(config.text, hook)) return { via, problem: messages.doctorFinding.managerWithout('lefthook', config?.file ?? 'lefthook.yml', hook) };
    return { via, problem: null };
  },
  probe(facts, hook, args) {
    const bin = facts.bins.lefthook;
    // lefthook skips a pre-commit with nothing staged: run only plan-hooks' job, over all files.
    if (!bin) return null;
    return { argv: [...programArgv(bin, facts.node), 'run', hook, ...args, '--force', '--all-files', '--job', 'plan-hooks', '--no-auto-install', '--no-tty'], realIndex: false };
  },
  offSwitch: { variable: 'LEFTHOOK', value: '0' },
};
