// `plan-hooks init`: plan every change from the repository's facts, print it (--dry-run) or
// apply it, and record what was done for uninstall.
import { isAbsolute, join, relative } from 'node:path';
import { parseCommandArgs } from './shared/args.js';
import type { Command } from './shared/command.js';
import { EXIT, UserError } from '../errors.js';
import { PACKAGE_FILES } from '../install/package-manager.js';
import { restore, save, touchedBy } from '../install/rollback.js';
import { type Action, runActions } from '../install/actions.js';
import { gatherFacts } from '../install/facts.js';
import { mergeManifest, writeManifest } from '../install/manifest.js';
import { planInit } from '../install/plan-init.js';
import { messages } from '../messages/index.js';
import { chosenAgents, planAgentInstall, readAgentFacts, unknownAgents, writeAgentRecord } from '../agents/install.js';
import { AGENT_KINDS } from '../agents/kinds.js';
import { UsageError } from '../errors.js';

/** The files init changed that belong in the repository (what the user commits next). */
function filesToCommit(actions: Action[], root: string, commonDir: string): string[] {
  const inside = (dir: string, path: string) => {
    const rel = relative(dir, path);
    return !rel.startsWith('..') && !isAbsolute(rel);
  };
  const files = new Set<string>();
  for (const action of actions) {
    const path = action.kind === 'write' || action.kind === 'editJson' ? action.path : null;
    if (action.kind === 'command') files.add('package.json');
    if (path === null || !inside(root, path) || inside(commonDir, path)) continue;
    const rel = relative(root, path);
    files.add(rel.startsWith('.husky/') ? '.husky' : rel);
  }
  return [...files].sort();
}

const command: Command = {
  usage: messages.initUsage,
  async run(argv) {
    const { values } = parseCommandArgs(argv, {
      command: 'init',
      usage: messages.initUsage,
      options: { 'dry-run': { type: 'boolean' }, force: { type: 'boolean' }, plans: { type: 'string', multiple: true }, strict: { type: 'boolean' }, agents: { type: 'string' } },
    });
    const dryRun = values['dry-run'] === true;
    const unknown = values.agents === undefined ? [] : unknownAgents(values.agents);
    if (unknown.length > 0) throw new UsageError(messages.agentInstall.badAgents(unknown, [...AGENT_KINDS]));
    const facts = await gatherFacts();
    const agents = chosenAgents(values.agents, facts.config.agents);
    const plan = planInit(facts, { force: values.force === true, plans: values.plans, strict: values.strict, agents: values.agents === undefined ? undefined : agents });
    // The coding agents' hook files and their shim (src/agents/install.ts).
    const agentPlan = planAgentInstall(readAgentFacts(facts.root, facts.commonDir), agents);
    plan.actions.push(...agentPlan.actions);
    plan.notes.push(...agentPlan.notes);
    const notes = plan.notes.map((n) => `note: ${n}\n`).join('');
    if (plan.actions.length === 0) {
      process.stdout.write(messages.initNothing() + notes);
      return EXIT.ok;
    }
    if (dryRun) {
      runActions(plan.actions, dryRun, messages.dryRunHeader());
      process.stdout.write(notes);
      return EXIT.ok;
    }
    // All or nothing: a failed action puts back everything the ones before it changed.
    const dirs = [join(facts.root, '.husky'), facts.hooksDir, join(facts.commonDir, 'hooks'), ...plan.manifest.bootstrapped];
    const saved = save(facts.root, [...touchedBy(plan.actions), ...PACKAGE_FILES.map((f) => join(facts.root, f))], dirs, ['core.hooksPath']);
    try {
      runActions(plan.actions, false, '');
    } catch (error) {
      restore(saved);
      throw new UserError(messages.initRolledBack(error instanceof Error ? error.message : String(error)));
    }
    writeManifest(facts.commonDir, mergeManifest(facts.manifest, plan.manifest));
    writeAgentRecord(facts.commonDir, agentPlan.record);
    process.stdout.write(
      messages.initDone(plan.mode, plan.manifest.hooksDir ?? '', plan.actions.length) +
        notes +
        messages.initNext(plan.mode, filesToCommit(plan.actions, facts.root, facts.commonDir)),
    );
    return EXIT.ok;
  },
};
export default command;
