// `plan-hooks init`: plan every change from the repository's facts, print it (--dry-run) or
// apply it, and record what was done for uninstall.
import { isAbsolute, relative } from 'node:path';
import { parseCommandArgs } from './shared/args.js';
import type { Command } from '../cli.js';
import { EXIT } from '../errors.js';
import { type Action, runActions } from '../install/actions.js';
import { gatherFacts } from '../install/facts.js';
import { mergeManifest, writeManifest } from '../install/manifest.js';
import { planInit } from '../install/plan-init.js';
import { messages } from '../messages.js';

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
  summary: 'Install plan-hooks in this repository',
  usage: messages.initUsage,
  async run(argv) {
    const { values } = parseCommandArgs(argv, {
      command: 'init',
      usage: messages.initUsage,
      options: { 'dry-run': { type: 'boolean' }, force: { type: 'boolean' }, plans: { type: 'string', multiple: true }, strict: { type: 'boolean' } },
    });
    const dryRun = values['dry-run'] === true;
    const facts = await gatherFacts();
    const plan = planInit(facts, { force: values.force === true, plans: values.plans, strict: values.strict });
    const notes = plan.notes.map((n) => `note: ${n}\n`).join('');
    if (plan.actions.length === 0) {
      process.stdout.write(messages.initNothing() + notes);
      return EXIT.ok;
    }
    runActions(plan.actions, dryRun, messages.dryRunHeader());
    if (dryRun) {
      process.stdout.write(notes);
      return EXIT.ok;
    }
    writeManifest(facts.commonDir, mergeManifest(facts.manifest, plan.manifest));
    process.stdout.write(
      messages.initDone(plan.mode, plan.manifest.hooksDir ?? '', plan.actions.length) +
        notes +
        messages.initNext(plan.mode, filesToCommit(plan.actions, facts.root, facts.commonDir)),
    );
    return EXIT.ok;
  },
};
export default command;
