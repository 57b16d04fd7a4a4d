// `plan-hooks whoami [--json]`: the identity the hooks would use here, and its source.
import type { Command } from './shared/command.js';
import { readWorktreeFacts } from '../facts/facts.js';
import { EXIT } from '../errors.js';
import { messages } from '../messages/index.js';
import { jsonText, sanitizeLine } from '../term.js';
import { parseCommandArgs } from './shared/args.js';

const command: Command = {
  async run(argv) {
    const { values } = parseCommandArgs(argv, { command: 'whoami', usage: messages.whoamiUsage(), options: { json: { type: 'boolean' } } });
    const { identity, conflict, markers } = await readWorktreeFacts();
    if (values.json) process.stdout.write(`${jsonText({ ...identity, markers, conflict: conflict !== null })}\n`);
    else {
      process.stdout.write(messages.whoamiText(sanitizeLine(identity.name), identity.source, sanitizeLine(identity.detail)));
      process.stdout.write(messages.whoamiMarkers(markers.map((m) => `${m.variable} (${sanitizeLine(m.name)})`)));
      // Each fact sanitized on its own, so the message keeps its lines.
      if (conflict) {
        const clean = {
          declared: { name: sanitizeLine(conflict.declared.name), detail: sanitizeLine(conflict.declared.detail) },
          markers: conflict.markers.map((m) => ({ variable: sanitizeLine(m.variable), name: sanitizeLine(m.name) })),
          stacked: conflict.stacked === true,
        };
        process.stderr.write(messages.identityConflict(clean, 'whoami'));
      }
    }
    // A contradicted declaration is what pre-commit refuses: say so in the exit code too.
    return conflict ? EXIT.failed : EXIT.ok;
  },
};
export default command;
