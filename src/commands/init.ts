// `plan-hooks init`: decide every change from the repository's facts, print it (--dry-run) or
// apply it, and record what was done for uninstall.
import { join } from 'node:path';
import { parseCommandArgs } from './shared/args.js';
import type { Command } from './shared/command.js';
import { EXIT, UserError } from '../errors.js';
import { PACKAGE_FILES } from '../core/install/package-manager.js';
import { restore, save, touchedBy } from '../install/rollback.js';
import { filesToCommit, runActions } from '../install/actions.js';
import { type InstallFacts, gatherFacts } from '../install/facts.js';
import { writeManifest } from '../install/manifest.js';
import { mergeManifest } from '../core/install/manifest.js';
import { TRACKED_RUNNER } from '../core/install/names.js';
import { decideInit } from '../core/install/init-actions.js';
import { managerNamed } from '../core/install/managers/index.js';
import { messages } from '../messages/index.js';
import { type AgentRecord, chosenAgents, decideAgentInstall, readAgentFacts, unknownAgents, writeAgentRecord } from '../agents/install.js';
import { AGENT_KINDS } from '../agents/kinds.js';
import { UsageError } from '../errors.js';

type Options = { dryRun: boolean; force: boolean; plans: string[] | undefined; strict: boolean | undefined; agents: string | undefined };
type Decision = ReturnType<typeof decideInit> & { agentRecord: AgentRecord };

/** init as named steps (lint-staged's gitWorkflow.js is the model): options, facts, decision, then print, or apply and record. */
const command: Command = {
  async run(argv) {
    const options = readOptions(argv);
    const facts = await gatherFacts();
    const decision = decide(facts, options);
    if (decision.actions.length === 0) return sayNothingToDo(decision);
    if (options.dryRun) return sayDryRun(decision);
    apply(facts, decision);
    record(facts, decision);
    sayDone(facts, decision);
    return EXIT.ok;
  },
};
export default command;

/** Step 1: the options; an --agents naming an agent plan-hooks does not know is a usage error before anything is read. */
function readOptions(argv: string[]): Options {
  const { values } = parseCommandArgs(argv, {
    command: 'init',
    usage: messages.initUsage,
    options: { 'dry-run': { type: 'boolean' }, force: { type: 'boolean' }, plans: { type: 'string', multiple: true }, strict: { type: 'boolean' }, agents: { type: 'string' } },
  });
  const unknown = values.agents === undefined ? [] : unknownAgents(values.agents);
  if (unknown.length > 0) throw new UsageError(messages.agentInstall.badAgents(unknown, [...AGENT_KINDS]));
  return { dryRun: values['dry-run'] === true, force: values.force === true, plans: values.plans, strict: values.strict, agents: values.agents };
}

/** Step 2: every change, the hooks' and then the coding agents' hook files and their shim (src/agents/install.ts). */
function decide(facts: InstallFacts, options: Options): Decision {
  const agents = chosenAgents(options.agents, facts.config.agents);
  const decision = decideInit(facts, { force: options.force, plans: options.plans, strict: options.strict, agents: options.agents === undefined ? undefined : agents });
  const agentDecision = decideAgentInstall(readAgentFacts(facts.root, facts.commonDir), agents);
  decision.actions.push(...agentDecision.actions);
  decision.notes.push(...agentDecision.notes);
  return { ...decision, agentRecord: agentDecision.record };
}

const notesOf = (decision: Decision) => decision.notes.map((n) => `note: ${n}\n`).join('');

function sayNothingToDo(decision: Decision): number {
  process.stdout.write(messages.initNothing() + notesOf(decision));
  return EXIT.ok;
}

function sayDryRun(decision: Decision): number {
  runActions(decision.actions, true, messages.dryRunHeader());
  process.stdout.write(notesOf(decision));
  return EXIT.ok;
}

/** Step 3: all or nothing: a failed action puts back everything the ones before it changed. */
function apply(facts: InstallFacts, decision: Decision): void {
  const dirs = [join(facts.root, '.husky'), facts.hooksDir, join(facts.commonDir, 'hooks'), ...decision.manifest.bootstrapped];
  const saved = save(facts.root, [...touchedBy(decision.actions), ...PACKAGE_FILES.map((f) => join(facts.root, f))], dirs, ['core.hooksPath']);
  try {
    runActions(decision.actions, false, '');
  } catch (error) {
    restore(saved);
    throw new UserError(messages.initRolledBack(error instanceof Error ? error.message : String(error)));
  }
}

/** Step 4: what was done, for uninstall. */
function record(facts: InstallFacts, decision: Decision): void {
  writeManifest(facts.commonDir, mergeManifest(facts.manifest, decision.manifest));
  writeAgentRecord(facts.commonDir, decision.agentRecord);
}

/** Step 5: what init did, and the files that belong in the repository (what the user commits next). */
function sayDone(facts: InstallFacts, decision: Decision): void {
  process.stdout.write(
    messages.initDone(decision.mode, decision.manifest.hooksDir ?? '', decision.actions.length, TRACKED_RUNNER, decision.mode !== 'dir' && decision.mode !== 'husky' && managerNamed(decision.mode).runner === 'hooks-dir') +
      notesOf(decision) +
      messages.initNext(decision.mode, filesToCommit(decision.actions, facts.root, facts.commonDir)),
  );
}
