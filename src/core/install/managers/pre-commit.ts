// The pre-commit framework: plan-hooks' pre-commit stage is a `repo: local` entry in
// .pre-commit-config.yaml; its other hooks stay shims in .git/hooks (pre-commit chains a hook it
// finds there as `<hook>.legacy`). Never chaining pre-commit's own script: run as a legacy hook
// it fails every commit ("installed in migration mode"). preCommitFamily is also prek's, which
// reads the same configuration.
import { UserError } from '../../../errors.js';
import { hasSection } from '../../../lib/marked-sections.js';
import { joinPath as join } from '../../../lib/posix-path.js';
import { messages } from '../../../messages/index.js';
import { decideHooksDir, isOurs } from '../hooks-dir.js';
import type { InstallFacts } from '../install-facts.js';
import { PRE_COMMIT_FILE, SHIPPED_IDS, YAML_MARKERS, addPreCommitRepo, preCommitEntry, preCommitHookStage, removeSections, shippedHooks } from '../managers.js';
import { LEGACY_SUFFIX, SHIM_MARK, programArgv } from '../names.js';
import type { HookManager, ManagerName } from './manager.js';

export interface PreCommitFamily {
  name: ManagerName;
  /** The line its hook scripts start with. */
  marker: string;
  /** Its program: on PATH, or its package's file in node_modules. */
  program: { name: string; package?: string; packageFile?: string };
  /** The arguments that install its hooks over whatever is there (null: plan-hooks cannot tell it to). */
  installArgs: (facts: InstallFacts) => string[];
  /** Its stage name for a git hook. */
  stage: (hook: string, facts: InstallFacts) => string;
  /** Whether the repository's hooks are this one's rather than a sibling's that reads the same file. */
  chosen: (facts: InstallFacts) => boolean;
  /** What to say when its program is not here. */
  missingNote: () => string;
}

export function preCommitFamily(spec: PreCommitFamily): HookManager {
  const owns = (content: string) => content.includes(spec.marker);
  const manager: HookManager = {
    name: spec.name,
    owns,
    program: { ...spec.program, onPath: true, whenConfigured: true },
    configured: (facts) => facts.preCommitConfig !== null && spec.chosen(facts),
    configFile: () => PRE_COMMIT_FILE,
    configText: (facts) => facts.preCommitConfig ?? '',
    installCommand: `${spec.program.name} install`,
    runner: 'hooks-dir',
    underHooksPath: 'refuses',
    init(facts, ctx) {
      const { actions, rel, notes } = ctx;
      const hooksDir = facts.hooksDir;
      ctx.manifest.hooksDir = hooksDir;
      // Its own stage runs plan-hooks from its configuration; the other hooks are shims
      // (placed as `<hook>.legacy` where its script holds the hook).
      const config = facts.preCommitConfig!;
      const stage = spec.stage('pre-commit', facts);
      // The package's shipped hooks (`repo:` + `rev:`) may run some hooks already: nothing for those.
      const shipped = shippedHooks(config);
      const next = shipped.includes('pre-commit') ? config : addPreCommitRepo(config, stage);
      if (next === null) throw new UserError(messages.initPreCommitLayout(PRE_COMMIT_FILE, preCommitEntry(stage).join('\n')));
      if (next !== config) {
        actions.push({ kind: 'write', path: join(facts.root, PRE_COMMIT_FILE), content: next, what: messages.actManagerConfig(PRE_COMMIT_FILE) });
      }
      const byManager = [...new Set(['pre-commit', ...shipped])];
      decideHooksDir(facts, ctx, { hooksPathChange: 'keep', skip: byManager, runsLegacy: owns });
      const installed = facts.hookFiles['pre-commit'];
      for (const name of byManager.flatMap((h) => [h, `${h}${LEGACY_SUFFIX}`])) {
        // A shim from an earlier install: the configuration runs plan-hooks now.
        if (isOurs(facts.hookFiles[name])) {
          actions.push({ kind: 'remove', path: join(hooksDir, name), what: messages.actRemoveManagerRuns(rel(join(hooksDir, name)), spec.name) });
        }
      }
      if (!installed || !owns(installed.content)) {
        const bin = facts.bins[spec.name];
        if (bin) {
          const args = spec.installArgs(facts);
          actions.push({ kind: 'command', argv: [...programArgv(bin, facts.node), ...args], cwd: facts.root, what: messages.actCommand([spec.program.name, ...args]) });
        } else notes.push(spec.missingNote());
      }
    },
    uninstall(facts, actions) {
      if (facts.preCommitConfig === null) return;
      const rest = removeSections(facts.preCommitConfig);
      if (rest !== null) actions.push({ kind: 'write', path: join(facts.root, PRE_COMMIT_FILE), content: rest, what: messages.actRemoveSection(PRE_COMMIT_FILE) });
    },
    hookPath(facts, { hook, rel }) {
      const say = messages.doctorFinding;
      if (shippedHooks(facts.preCommitConfig).includes(hook)) {
        return { via: `${rel} → ${PRE_COMMIT_FILE} (${SHIPPED_IDS[hook]}) → plan-hooks`, problem: null };
      }
      if (hook === 'pre-commit') {
        const via = `${rel} → ${PRE_COMMIT_FILE} → plan-hooks`;
        if (!facts.preCommitConfig || !hasSection(facts.preCommitConfig, YAML_MARKERS)) return { via, problem: say.managerWithout(spec.name, PRE_COMMIT_FILE, hook) };
        return { via, problem: null };
      }
      const legacy = facts.hookFiles[hook + LEGACY_SUFFIX];
      const via = `${rel} → ${rel}${LEGACY_SUFFIX} → plan-hooks`;
      if (!legacy || !legacy.content.includes(SHIM_MARK)) return { via, problem: say.managerWithout(spec.name, `${rel}${LEGACY_SUFFIX}`, hook) };
      return { via, problem: null };
    },
    probe(facts, hook, _args, msgFile) {
      const bin = facts.bins[spec.name];
      if (!bin) return null;
      // The package's shipped hooks: it runs that one hook at its stage (for pre-push, its hook
      // script with nothing on stdin would find nothing pushed and run none).
      if (shippedHooks(facts.preCommitConfig).includes(hook)) {
        const msg = hook === 'prepare-commit-msg' ? ['--commit-msg-filename', msgFile] : [];
        return { argv: [...programArgv(bin, facts.node), 'run', SHIPPED_IDS[hook]!, '--hook-stage', spec.stage(hook, facts), ...msg], realIndex: true };
      }
      // Only plan-hooks' entry, with the real index (it refuses to run while its configuration differs from the index).
      if (hook === 'pre-commit') return { argv: [...programArgv(bin, facts.node), 'run', 'plan-hooks'], realIndex: true };
      return null;
    },
    offSwitch: null,
  };
  return manager;
}

export const preCommit = preCommitFamily({
  name: 'pre-commit',
  marker: '# File generated by pre-commit: https://pre-commit.com',
  program: { name: 'pre-commit' },
  installArgs: () => ['install'],
  stage: (hook, facts) => preCommitHookStage(hook, facts.preCommitVersion),
  chosen: () => true,
  missingNote: () => messages.notePreCommitInstall(),
});
