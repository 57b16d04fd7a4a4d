// The signing program git runs as gpg.ssh.program where `plan-hooks sign --setup` ran
// (docs/signing.md): `<program> -Y sign -n git -f <key> [-U] <file>` for each commit, tag or push
// certificate it signs, and ssh-keygen's other -Y modes when it verifies. It signs with the key of
// whoever commits, decided as the hooks decide it (../core/signing.ts keyChoice): the commit's
// sealed Plan-Agent record unless the agent hook's fresh record or the markers here name another
// agent; without a record, the session's agent; without either, the person, whose own key git
// named (user.signingKey), passed to ssh-keygen unchanged. Everything but signing is ssh-keygen's.
// Started by the program file itself (ssh-sign.sh under the git common dir), never through the CLI.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '../config/config.js';
import { agentKeyName, commitBufferFacts, keyChoice, keysDirOf } from '../core/signing.js';
import { markersConflict, markersIn } from '../core/identity.js';
import { parseAgentTrailer } from '../check/trailer.js';
import { worktreeDirsSync } from '../git/sync.js';
import { readRegular } from '../lib/cache-file.js';
import { commonDirOf, readCommitting } from '../sessions/store.js';
import { signingMessages } from '../messages/signing.js';
import { sanitizeLine } from '../term.js';

/** A commit object is small; one larger than this is signed as the person's (no record read). */
const MAX_BUFFER = 1024 * 1024;

const sshKeygen = (args: string[]) => spawnSync('ssh-keygen', args, { stdio: 'inherit' }).status ?? 1;

function fail(text: string): number {
  process.stderr.write(sanitizeLine(text.trimEnd()) + '\n');
  return 1;
}

export async function main(args: string[]): Promise<number> {
  if (args[0] !== '-Y' || args[1] !== 'sign') return sshKeygen(args);
  const fAt = args.indexOf('-f');
  const file = args[args.length - 1];
  if (fAt < 0 || fAt + 1 >= args.length - 1 || !file) return sshKeygen(args);
  const read = readRegular(file, MAX_BUFFER);
  const buffer = read ? read.bytes.toString('utf8') : '';
  const { tree, agentTrailers } = commitBufferFacts(buffer);
  const record = tree && agentTrailers.length === 1 ? parseAgentTrailer(agentTrailers[0]!, tree) : null;
  const recorded = record?.sealed ? record.name : null;
  // git runs this at the worktree's top; the session facts are the hooks' own.
  const dirs = worktreeDirsSync();
  const root = dirs?.root ?? process.cwd();
  const gitDir = dirs?.gitDir ?? '';
  const config = await loadConfig(root).catch(() => null);
  const markers = config ? markersIn(process.env, config) : [];
  const aliases = config?.aliases ?? {};
  const hook = gitDir ? readCommitting(commonDirOf(gitDir), root, Date.now()) : null;
  if (!hook && markersConflict(markers, aliases)) return fail(signingMessages.signing.programStacked([...new Set(markers.map((m) => m.name))]));
  const choice = keyChoice({ recorded, session: hook?.agent ?? markers[0]?.name ?? null, aliases });
  if (choice.kind === 'refuse') return fail(signingMessages.signing.programContradiction(choice.recorded, choice.session));
  if (choice.kind === 'person') {
    const key = args[fAt + 1]!;
    if (!key.startsWith('/') || existsSync(key)) return sshKeygen(args);
    return fail(signingMessages.signing.programNoPersonKey(key));
  }
  const dir = keysDirOf(process.env);
  const name = agentKeyName(choice.name, aliases);
  const key = dir && name ? join(dir, name) : `<keys>/${choice.name}`;
  if (!dir || !name || !existsSync(key)) return fail(signingMessages.signing.programNoAgentKey(choice.name, key));
  // The agent's own key file: no agent (-U) and no other key.
  const signArgs = args.filter((a, i) => a !== '-U' && i !== fAt && i !== fAt + 1);
  signArgs.splice(signArgs.length - 1, 0, '-f', key);
  return sshKeygen(signArgs);
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`plan-hooks signing program: ${sanitizeLine(String((error as Error)?.message ?? error))}\n`);
    process.exit(1);
  },
);
