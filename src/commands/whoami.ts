// `plan-hooks whoami [--json]`: the identity the hooks would use here, and its source.
import type { Command } from '../cli.js';
import { openRepository } from '../git/repository.js';
import { readClaims } from '../claims/read.js';
import { EXIT } from '../errors.js';
import { messages } from '../messages.js';
import { jsonText, sanitizeLine } from '../term.js';
import { parseCommandArgs } from './shared/args.js';

const command: Command = {
  summary: 'Print who plan-hooks thinks is committing, and why',
  usage: messages.whoamiUsage(),
  async run(argv) {
    const { values } = parseCommandArgs(argv, { command: 'whoami', usage: messages.whoamiUsage(), options: { json: { type: 'boolean' } } });
    const { identity } = await readClaims(await openRepository());
    if (values.json) process.stdout.write(`${jsonText(identity)}\n`);
    else process.stdout.write(messages.whoamiText(sanitizeLine(identity.name), identity.source, sanitizeLine(identity.detail)));
    return EXIT.ok;
  },
};
export default command;
