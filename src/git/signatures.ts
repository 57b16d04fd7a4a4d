// What git itself says of commits' signatures (%G?, %GS, %GK), verified against an allowed-signers
// file the caller names (gpg.ssh.allowedSignersFile): one `git log --no-walk --stdin` for many
// commits. ssh-keygen is named as the program, so a local gpg.ssh.program (plan-hooks' own signing
// program, ../hooks/signing-program.ts) never runs to verify; git starts it once per signed commit.
import { query } from './git.js';

export interface SignatureRead {
  commit: string;
  /** git's %G? letter: G good, B bad, U unknown validity, X/Y expired, R revoked, E cannot check, N none. */
  letter: string;
  principal: string;
  key: string;
  authorEmail: string;
}

/** The signature of each of `commits` (at least one) against the allowed signers in the file `signers`. */
export const signaturesOf = (commits: string[], signers: string) =>
  query(
    {
      args: ['-c', `gpg.ssh.allowedSignersFile=${signers}`, '-c', 'gpg.ssh.program=ssh-keygen', 'log', '--no-walk=unsorted', '--stdin', '--format=%H%x00%G?%x00%GS%x00%GK%x00%ae%x1e'],
      input: commits.map((c) => `${c}\n`).join(''),
    },
    (out): SignatureRead[] =>
      out
        .split('\u001e')
        .map((r) => r.replace(/^\n/, ''))
        .filter(Boolean)
        .map((r) => {
          const [commit = '', letter = 'E', principal = '', key = '', authorEmail = ''] = r.split('\0');
          return { commit, letter, principal, key, authorEmail };
        }),
  );
