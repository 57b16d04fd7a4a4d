// `plan-hooks sign --setup [--agent NAME]...` and `plan-hooks sign --status`: signed identity
// (docs/signing.md; the setup is ../install/signing.ts, the program git runs ../hooks/signing-program.ts).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from './shared/command.js';
import { EXIT, UserError } from '../errors.js';
import { messages } from '../messages/index.js';
import { parseCommandArgs, usageError } from './shared/args.js';
import { openRepository } from '../git/repository.js';
import { commonDirOf } from '../sessions/store.js';
import { ALLOWED_SIGNERS_FILE, SIGNING_RECORD_KEY, agentKeyName, allowedPrincipals, keysDirOf } from '../core/signing.js';
import { setupSigning } from '../install/signing.js';
import { configSync, localConfigAllSync } from '../git/sync.js';
import { sanitizeLine } from '../term.js';

const spec = {
  command: 'sign',
  usage: messages.signing.usage,
  options: { setup: { type: 'boolean' }, status: { type: 'boolean' }, agent: { type: 'string', multiple: true } },
} as const;

const command: Command = {
  async run(argv) {
    const { values } = parseCommandArgs(argv, spec);
    if (!values.setup && !values.status) throw usageError(spec, messages.signing.setupNeedsWhat());
    const repo = await openRepository();
    const keysDir = keysDirOf(process.env);
    if (!keysDir) throw new UserError(messages.signing.noKeysDir());
    if (values.setup) {
      setupSigning({ root: repo.root, commonDir: commonDirOf(repo.gitDir), keysDir, agents: values.agent ?? [], aliases: repo.config.aliases });
      return EXIT.ok;
    }
    const signersPath = join(repo.root, ALLOWED_SIGNERS_FILE);
    const principals = existsSync(signersPath) ? allowedPrincipals(readFileSync(signersPath, 'utf8')) : [];
    let out = messages.signing.statusSigners(ALLOWED_SIGNERS_FILE, principals.map(sanitizeLine));
    out += messages.signing.statusHeader(keysDir);
    for (const p of principals) {
      const name = p.includes('@') ? p.toLowerCase() : agentKeyName(p, repo.config.aliases);
      if (name) out += messages.signing.statusKey(sanitizeLine(p), join(keysDir, name), existsSync(join(keysDir, name)));
    }
    out += messages.signing.statusConfigHeader();
    for (const key of ['gpg.format', 'commit.gpgsign', 'gpg.ssh.program', 'user.signingkey', ...localConfigAllSync(SIGNING_RECORD_KEY, repo.root).filter((k) => !['gpg.format', 'commit.gpgsign', 'gpg.ssh.program', 'user.signingkey'].includes(k))]) {
      out += messages.signing.statusConfig(key, configSync(key, repo.root));
    }
    process.stdout.write(out);
    return EXIT.ok;
  },
};
export default command;
