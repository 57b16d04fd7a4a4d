// Signed identity: `plan-hooks sign`, the signing program git runs, and what push and CI say of signatures (docs/signing.md).
import { run } from './run.js';

const statusText = (status: string, key: string | null) =>
  status === 'none'
    ? 'it is not signed'
    : status === 'bad'
      ? 'its signature does not verify (altered after signing, or not made for git)'
      : status === 'unknown-key'
        ? `it is signed by a key the base's allowed signers do not list${key ? ` (${key})` : ''}`
        : 'git could not check its signature here';

export const signingMessages = {
  signing: {
    purpose: 'Set up signed identity: a key per agent, the allowed signers, git signing',
    usage: `Usage: plan-hooks sign --setup [--agent NAME]...
       plan-hooks sign --status

Signed identity (docs/signing.md): git's own SSH signing, one ed25519 key per agent, so push and
CI can verify who made a commit ('check --range' reads .plan-hooks/allowed-signers as the
range's base has it).

--setup               make this repository sign every commit with the key of whoever commits:
                      gpg.format ssh, commit.gpgsign true, gpg.ssh.program (plan-hooks' signing
                      program, which picks the committing agent's key as the hooks pick the
                      identity; a person's commit is signed with user.signingKey, unchanged)
--agent NAME          with --setup: make NAME's key ($XDG_CONFIG_HOME/plan-hooks/keys/NAME, mode
                      0600, never overwritten) and list it as NAME in the allowed signers.
                      Without --agent: your own key (user.signingKey if set, else one made as
                      keys/<your email>), listed as your email
--status              what is set up here: keys, allowed signers, git settings

The allowed signers file is a person's to change: commit it yourself. 'plan-hooks uninstall'
takes back the git settings and the signing program; the keys stay, outside the repository.
`,
    programComment: () => "plan-hooks signing program (gpg.ssh.program), written by 'plan-hooks sign --setup'; 'plan-hooks uninstall' removes it.",
    noKeysDir: () => 'neither XDG_CONFIG_HOME nor HOME is an absolute path here: the keys have nowhere to live outside the repository',
    setupNeedsWhat: () => `say what to do: --setup (with --agent NAME for an agent's key) or --status`,
    badAgent: (name: string) => `'${name}' cannot name a key: an agent's name is letters, digits, '.', '_' or '-', at most 64, not an email`,
    noEmail: () => `your key is listed by your email, and git has none: set it first ('git config user.email you@example.com')`,
    keyMade: (path: string) => `made key ${path} (ed25519, no passphrase, mode 0600)\n`,
    keyKept: (path: string) => `key ${path} exists: kept, never overwritten\n`,
    keyUsed: (path: string) => `your key: ${path} (user.signingKey)\n`,
    signerAdded: (principal: string, file: string) => `listed ${principal}'s key in ${file}\n`,
    signerListed: (principal: string, file: string) => `${principal}'s key is already listed in ${file}\n`,
    configSet: (key: string, value: string) => `git config --local ${key} ${value}\n`,
    configKept: (key: string, value: string) => `${key} is already ${value}: kept\n`,
    programWritten: (path: string) => `wrote the signing program ${path} (gpg.ssh.program)\n`,
    setupNext: (file: string) =>
      `\nNext, as a person (not from an agent's shell): commit ${file} ('git add ${file} && git commit -m "allowed signers"'); it counts from the commit after it on the base branch.\n` +
      `To refuse unsigned commits that touch claimed paths in push and CI, set "signing": {"require": true} in .plan-hooks.json in a commit of your own.\n`,
    dryRunHeader: () => 'plan-hooks sign --setup --dry-run: would do\n',
    statusKey: (name: string, path: string, present: boolean) => `  ${name}: ${path}${present ? '' : ' (missing)'}\n`,
    statusHeader: (dir: string) => `Keys (${dir}):\n`,
    statusSigners: (file: string, principals: string[]) => `Allowed signers (${file}): ${principals.length > 0 ? principals.join(', ') : 'none'}\n`,
    statusConfig: (key: string, value: string | null) => `  ${key}: ${value ?? '(not set)'}\n`,
    statusConfigHeader: () => 'git settings:\n',
    /** The signing program's own refusals: git prints them and fails the commit. */
    programNoAgentKey: (agent: string, path: string) =>
      `plan-hooks: cannot sign this commit as ${agent}: there is no key ${path}. This repository signs every commit (commit.gpgsign, set by '${run()} sign --setup'). A person makes the key: '${run()} sign --setup --agent ${agent}', and commits the allowed signers file.\n`,
    programContradiction: (recorded: string, session: string) =>
      `plan-hooks: refusing to sign — the commit records ${recorded} (Plan-Agent), but this is ${session}'s session. Run git from your own shell without another agent's name or variables.\n`,
    programNoPersonKey: (path: string) =>
      `plan-hooks: cannot sign this commit: your signing key ${path} does not exist. This repository signs every commit (commit.gpgsign, set by '${run()} sign --setup'): make yours with '${run()} sign --setup' (listed by your email), or set user.signingKey to your own SSH key.\n`,
    programStacked: (names: string[]) => `plan-hooks: refusing to sign — this environment carries the markers of different agents at once (${names.join(', ')}); nothing says whose key signs.\n`,
    /** What a signature decides of a commit's identity (check --range, pre-push). */
    identitySigned: (principal: string) => `signed with ${principal}'s key (allowed signers at the base)`,
    refusedHeader: () => "plan-hooks: refused — the base's configuration requires signed identity (\"signing\": {\"require\": true}, docs/signing.md):\n",
    contradicted: (principal: string, recorded: string, by: 'trailer' | 'author', person: boolean) => ({
      message:
        by === 'trailer'
          ? `this commit is signed with ${principal}'s key${person ? ' (a person\'s)' : ''}, but records ${recorded} (Plan-Agent): a signature's principal is the commit's identity`
          : `this commit is signed with ${principal}'s key, but its author is ${recorded}: a signature's principal is the commit's identity`,
      fix: `make the commit again with the key of whoever makes it and nothing that names another (the hooks record the identity; the signing program signs as it): 'git commit --amend' (with '--reset-author' for the author) from your own shell, then push`,
    }),
    required: (status: string, key: string | null, paths: readonly string[]) => ({
      message: `this commit touches ${paths.slice(0, 5).join(', ')}${paths.length > 5 ? ` and ${paths.length - 5} more` : ''}, claimed by in-progress tasks, and ${statusText(status, key)}: with signing required, only a good signature by a key of the base's allowed signers says who made it`,
      fix: `sign it: set up signing here ('${run()} sign --setup --agent <name>' for an agent, '${run()} sign --setup' for a person, who signs with their own key), commit the allowed signers file as a person, then 'git commit --amend --no-edit' (or 'git rebase --exec "git commit --amend --no-edit" <base>' for several) and push`,
    }),
    /** One line of the report under a commit whose signature was read (not when nothing is refused or it is verified). */
    rangeContradiction: (principal: string, recorded: string) => `  (signed with ${principal}'s key, but it records ${recorded}: judged as ${principal}, the signer)\n`,
    uninstallKeysKept: (dir: string) => `The signing keys stay in ${dir} (outside the repository; other repositories may use them).\n`,
    actUnset: (key: string) => `unset git config ${key} (set by plan-hooks sign --setup)`,
    actRemoveProgram: (path: string) => `remove the signing program ${path}`,
    actRemoveSigners: (file: string) => `remove ${file} (the allowed signers: commit the removal)`,
  },
};
