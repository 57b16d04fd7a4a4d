// `plan-hooks whoami [--json]`: the identity the hooks would use here, and its source.
import type { Command } from '../cli.js';
import { openRepository } from '../check/repository.js';
import { readClaims } from '../check/staged.js';
import { EXIT, UsageError } from '../errors.js';
import { messages } from '../messages.js';
import { sanitizeLine } from '../term.js';

const command: Command = {
  summary: 'Print who plan-hooks thinks is committing, and why',
  usage: messages.whoamiUsage(),
  async run(argv) {
    const unknown = argv.filter((a) => a !== '--json');
    if (unknown.length > 0) throw new UsageError(`unexpected argument '${unknown[0]}'. Usage: plan-hooks whoami [--json]`);
    const { identity } = await readClaims(await openRepository());
    if (argv.includes('--json')) process.stdout.write(`${JSON.stringify(identity)}\n`);
    else process.stdout.write(messages.whoamiText(sanitizeLine(identity.name), identity.source, sanitizeLine(identity.detail)));
    return EXIT.ok;
  },
};
export default command;
