// `plan-hooks sign --setup` (docs/signing.md): one ed25519 key per agent (and the person's own)
// outside every repository, the allowed signers committed in it, and the local git settings that
// make git sign each commit with the key of whoever commits, through plan-hooks' signing program
// (../hooks/signing-program.ts). What it sets is recorded in the local config (SIGNING_RECORD_KEY)
// so that uninstall takes back exactly that; the keys stay (other repositories may use them).
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { UserError } from '../errors.js';
import { ALLOWED_SIGNERS_FILE, SIGNING_RECORD_KEY, agentKeyName, allowedSignersLine, listsKey, personKeyName, signingProgramFile } from '../core/signing.js';
import type { Action } from '../core/install/action.js';
import { addLocalConfigSync, configSync, localConfigAllSync, localConfigSync, setLocalConfigSync } from '../git/sync.js';
import { shQuote } from '../lib/sh-quote.js';
import { messages } from '../messages/index.js';

/** The program file's text: node and the built program, found when setup runs (as the hooks' runner of a repository without package.json). */
export function renderSigningProgram(node: string, program: string): string {
  return `#!/bin/sh\n# ${messages.signing.programComment()}\nexec ${shQuote(node)} ${shQuote(program)} "$@"\n`;
}

// The bundle (scripts/build.mjs), as the hooks run theirs: a node start and one file.
const PROGRAM = fileURLToPath(new URL('../hooks/signing-program.cjs', import.meta.url));

/** Makes the key at `path` unless it exists (never overwritten); its public half, and whether it was made. */
export function ensureKey(path: string, comment: string): { publicKey: string; made: boolean } {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  let made = false;
  if (!existsSync(path)) {
    // stdin closed: should the file appear meanwhile, ssh-keygen's "Overwrite?" reads no yes.
    const r = spawnSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', comment, '-f', path], { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
    if (r.status !== 0) throw new UserError(messages.commandFailed(`ssh-keygen -t ed25519 -f ${path}`, r.error?.message ?? r.stderr));
    chmodSync(path, 0o600);
    made = true;
  }
  return { publicKey: publicKeyOf(path), made };
}

/** The public key of a key file or of user.signingKey's value (`key::…`, a literal `ssh-…`, a path to either half). */
export function publicKeyOf(key: string): string {
  if (key.startsWith('key::')) return key.slice(5).trim();
  if (key.startsWith('ssh-')) return key.trim();
  const pub = key.endsWith('.pub') ? key : `${key}.pub`;
  if (existsSync(pub)) return readFileSync(pub, 'utf8').trim().split('\n')[0]!;
  const r = spawnSync('ssh-keygen', ['-y', '-f', key], { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  if (r.status !== 0) throw new UserError(messages.commandFailed(`ssh-keygen -y -f ${key}`, r.error?.message ?? r.stderr));
  return r.stdout.trim();
}

export interface SetupFacts {
  root: string;
  commonDir: string;
  keysDir: string;
  agents: string[];
  aliases: Record<string, string[]>;
}

/** Does the setup (see the top), saying each step on stdout. */
export function setupSigning(f: SetupFacts): void {
  const say = (t: string) => process.stdout.write(t);
  const signersPath = join(f.root, ALLOWED_SIGNERS_FILE);
  let signers = existsSync(signersPath) ? readFileSync(signersPath, 'utf8') : '';
  const list = (principal: string, publicKey: string) => {
    if (listsKey(signers, principal, publicKey)) {
      say(messages.signing.signerListed(principal, ALLOWED_SIGNERS_FILE));
      return;
    }
    signers += `${signers === '' || signers.endsWith('\n') ? '' : '\n'}${allowedSignersLine(principal, publicKey)}\n`;
    mkdirSync(dirname(signersPath), { recursive: true });
    writeFileSync(signersPath, signers);
    say(messages.signing.signerAdded(principal, ALLOWED_SIGNERS_FILE));
  };
  const email = configSync('user.email', f.root);
  const personKey = email && personKeyName(email) ? join(f.keysDir, personKeyName(email)!) : null;
  if (f.agents.length === 0) {
    if (!email || !personKey) throw new UserError(messages.signing.noEmail());
    const own = configSync('user.signingkey', f.root);
    if (own && own !== personKey) {
      say(messages.signing.keyUsed(own));
      list(email.trim(), publicKeyOf(own));
    } else {
      const { publicKey, made } = ensureKey(personKey, email.trim());
      say(made ? messages.signing.keyMade(personKey) : messages.signing.keyKept(personKey));
      list(email.trim(), publicKey);
    }
  }
  for (const agent of f.agents) {
    const name = agentKeyName(agent, f.aliases);
    if (!name || agent.includes('@')) throw new UserError(messages.signing.badAgent(agent));
    const path = join(f.keysDir, name);
    const { publicKey, made } = ensureKey(path, `plan-hooks agent ${name}`);
    say(made ? messages.signing.keyMade(path) : messages.signing.keyKept(path));
    list(name, publicKey);
  }
  // The program: node and the built program as found now (setup again after moving either).
  const program = signingProgramFile(f.commonDir);
  mkdirSync(dirname(program), { recursive: true });
  writeFileSync(program, renderSigningProgram(process.execPath, PROGRAM));
  chmodSync(program, 0o755);
  say(messages.signing.programWritten(program));
  const recorded = new Set(localConfigAllSync(SIGNING_RECORD_KEY, f.root));
  const set = (key: string, value: string) => {
    if (localConfigSync(key, f.root) === value) {
      say(messages.signing.configKept(key, value));
      return;
    }
    setLocalConfigSync(key, value, f.root);
    say(messages.signing.configSet(key, value));
    if (!recorded.has(key)) {
      addLocalConfigSync(SIGNING_RECORD_KEY, key, f.root);
      recorded.add(key);
    }
  };
  set('gpg.format', 'ssh');
  set('commit.gpgsign', 'true');
  set('gpg.ssh.program', program);
  // git signs only with a key named: the person's, made above or to be made (the program says so).
  const own = configSync('user.signingkey', f.root);
  if (!own && personKey) set('user.signingkey', personKey);
  say(messages.signing.setupNext(ALLOWED_SIGNERS_FILE));
}

/** What uninstall takes back of the setup: the settings it recorded, the program, the allowed signers file (commit its removal). */
export function signingUninstallActions(root: string, commonDir: string): Action[] {
  const actions: Action[] = [];
  for (const key of localConfigAllSync(SIGNING_RECORD_KEY, root)) actions.push({ kind: 'gitConfig', key, value: null, what: messages.signing.actUnset(key) });
  if (actions.length > 0) actions.push({ kind: 'gitConfig', key: SIGNING_RECORD_KEY, value: null, what: messages.signing.actUnset(SIGNING_RECORD_KEY) });
  const program = signingProgramFile(commonDir);
  if (existsSync(program)) actions.push({ kind: 'remove', path: program, what: messages.signing.actRemoveProgram(program) });
  const signers = join(root, ALLOWED_SIGNERS_FILE);
  if (existsSync(signers)) actions.push({ kind: 'remove', path: signers, what: messages.signing.actRemoveSigners(ALLOWED_SIGNERS_FILE) });
  return actions;
}
