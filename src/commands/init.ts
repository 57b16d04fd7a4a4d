// `plan-hooks init`: plan every change from the repository's facts, print it (--dry-run) or
// apply it, and record what was done for uninstall.
import type { Command } from '../cli.js';
import { EXIT } from '../errors.js';
import { runActions } from '../install/actions.js';
import { parseInstallArgs } from '../install/args.js';
import { gatherFacts } from '../install/facts.js';
import { mergeManifest, writeManifest } from '../install/manifest.js';
import { planInit } from '../install/plan-init.js';
import { messages } from '../messages.js';

const command: Command = {
  summary: 'Install plan-hooks in this repository',
  usage: messages.initUsage,
  async run(argv) {
    const args = parseInstallArgs(argv, ['dryRun', 'force', 'plans', 'strict'], 'init');
    const facts = await gatherFacts();
    const plan = planInit(facts, { force: args.force, plans: args.plans, strict: args.strict });
    const notes = plan.notes.map((n) => `note: ${n}\n`).join('');
    if (plan.actions.length === 0) {
      process.stdout.write(messages.initNothing() + notes);
      return EXIT.ok;
    }
    runActions(plan.actions, args.dryRun, messages.dryRunHeader());
    if (args.dryRun) {
      process.stdout.write(notes);
      return EXIT.ok;
    }
    writeManifest(facts.commonDir, mergeManifest(facts.manifest, plan.manifest));
    process.stdout.write(
      messages.initDone(plan.mode, plan.manifest.hooksDir ?? '', plan.actions.length) + notes + messages.initNext(plan.mode),
    );
    return EXIT.ok;
  },
};
export default command;
