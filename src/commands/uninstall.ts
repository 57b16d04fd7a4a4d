// `plan-hooks uninstall`: take back exactly what init added (see core/install/uninstall-actions.ts).
import type { Command } from './shared/command.js';
import { EXIT } from '../errors.js';
import { filesToCommit, runActions } from '../install/actions.js';
import { trackedPathsSync } from '../git/sync.js';
import { parseCommandArgs } from './shared/args.js';
import { gatherFacts } from '../install/facts.js';
import { removeManifest } from '../install/manifest.js';
import { decideUninstall } from '../core/install/uninstall-actions.js';
import { messages } from '../messages/index.js';
import { decideAgentUninstall, readAgentFacts, removeAgentRecord } from '../agents/install.js';
import { signingUninstallActions } from '../install/signing.js';

const command: Command = {
  async run(argv) {
    const { values } = parseCommandArgs(argv, { command: 'uninstall', usage: messages.uninstallUsage, options: { 'dry-run': { type: 'boolean' } } });
    const dryRun = values['dry-run'] === true;
    const facts = await gatherFacts();
    const actions = [...decideUninstall(facts), ...decideAgentUninstall(readAgentFacts(facts.root, facts.commonDir)), ...signingUninstallActions(facts.root, facts.commonDir)];
    if (actions.length === 0 && !facts.manifest) {
      process.stdout.write(messages.uninstallNothing());
      return EXIT.ok;
    }
    runActions(actions, dryRun, messages.uninstallDryRunHeader());
    if (dryRun) return EXIT.ok;
    removeManifest(facts.commonDir);
    removeAgentRecord(facts.commonDir);
    process.stdout.write(messages.uninstallDone(actions.length));
    process.stdout.write(messages.uninstallCommit(trackedPathsSync(filesToCommit(actions, facts.root, facts.commonDir), facts.root)));
    if (facts.worklog) process.stdout.write(messages.uninstallWorklogKept(facts.worklog));
    return EXIT.ok;
  },
};
export default command;
