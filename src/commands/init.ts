// `plan-hooks init`: decide every change from the repository's facts, print it (--dry-run) or
// apply it, and record what was done for uninstall.
import { join } from 'node:path';
import { parseCommandArgs } from './shared/args.js';
import type { Command } from './shared/command.js';
import { EXIT, UserError } from '../errors.js';
import { PACKAGE_FILES } from '../core/install/package-manager.js';
import { restore, save, touchedBy } from '../install/rollback.js';
import { filesToCommit, runActions } from '../install/actions.js';
import { gatherFacts } from '../install/facts.js';
import { writeManifest } from '../install/manifest.js';
import { mergeManifest } from '../core/install/manifest.js';
import { TRACKED_RUNNER } from '../core/install/names.js';
import { decideInit } from '../core/install/init-actions.js';
import { managerNamed } from '../core/install/managers/index.js';
import { messages } from '../messages/index.js';
import { chosenAgents, decideAgentInstall, readAgentFacts, unknownAgents, writeAgentRecord } from '../agents/install.js';
import { AGENT_KINDS } from '../agents/kinds.js';
import { UsageError } from '../errors.js';

/** The files init changed that belong in the repository (what the user commits next). */
const command: Command = {
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
    const decision = decideInit(facts, { force: values.force === true, plans: values.plans, strict: values.strict, agents: values.agents === undefined ? undefined : agents });
    // The coding agents' hook files and their shim (src/agents/install.ts).
    const agentDecision = decideAgentInstall(readAgentFacts(facts.root, facts.commonDir), agents);
    decision.actions.push(...agentDecision.actions);
    decision.notes.push(...agentDecision.notes);
    const notes = decision.notes.map((n) => `note: ${n}\n`).join('');
    if (decision.actions.length === 0) {
      process.stdout.write(messages.initNothing() + notes);
      return EXIT.ok;
    }
    if (dryRun) {
      runActions(decision.actions, dryRun, messages.dryRunHeader());
      process.stdout.write(notes);
      return EXIT.ok;
    }
    // All or nothing: a failed action puts back everything the ones before it changed.
    const dirs = [join(facts.root, '.husky'), facts.hooksDir, join(facts.commonDir, 'hooks'), ...decision.manifest.bootstrapped];
    const saved = save(facts.root, [...touchedBy(decision.actions), ...PACKAGE_FILES.map((f) => join(facts.root, f))], dirs, ['core.hooksPath']);
    try {
      runActions(decision.actions, false, '');
    } catch (error) {
      restore(saved);
      throw new UserError(messages.initRolledBack(error instanceof Error ? error.message : String(error)));
    }
    writeManifest(facts.commonDir, mergeManifest(facts.manifest, decision.manifest));
    writeAgentRecord(facts.commonDir, agentDecision.record);
    process.stdout.write(
      messages.initDone(decision.mode, decision.manifest.hooksDir ?? '', decision.actions.length, TRACKED_RUNNER, decision.mode !== 'dir' && decision.mode !== 'husky' && managerNamed(decision.mode).runner === 'hooks-dir') +
        notes +
        messages.initNext(decision.mode, filesToCommit(decision.actions, facts.root, facts.commonDir)),
    );
    return EXIT.ok;
  },
};
export default command;
