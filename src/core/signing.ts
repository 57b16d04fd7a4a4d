// Signed identity (issue 25 item 2, docs/signing.md): git's own SSH signing with one key per agent
// (and the person's own), checked against the allowed signers committed in the repository as the
// range's BASE has them, never the commits checked (an agent could add its key in the same push).
// Pure: the signature facts come from git (../git/signatures.ts), the verdict is decided here.
//
// A GOOD SIGNATURE'S PRINCIPAL IS THE COMMIT'S IDENTITY. A principal with an '@' is a person's
// email; any other is an agent's name. A sealed Plan-Agent trailer or an author that contradicts
// the principal is a contradiction (an agent signing with its own key while recording another's
// name; a person's key on a commit that records an agent). Whatever the configuration says, a
// good signature decides whose claims the commit touches.
//
// signing.require (the base's configuration): a commit that touches a path an in-progress task
// claims (anyone's: an unverified identity may be the holder's name, forged) and bears no good
// signature is refused, as is a contradiction. Without it, nothing is refused for a signature:
// the verdict is reported. Commits that touch no claimed path pass unsigned either way (merges
// of other commits, a hosting service's merge button, unclaimed work).
import type { Config } from '../config/config.js';
import { sameAgent } from './identity.js';
import { joinPath } from '../lib/posix-path.js';

/** Where the keys live, outside every repository (pure): $XDG_CONFIG_HOME/plan-hooks/keys, else ~/.config/plan-hooks/keys; null without either. */
export function keysDirOf(env: { XDG_CONFIG_HOME?: string; HOME?: string }): string | null {
  const base = env.XDG_CONFIG_HOME?.startsWith('/') ? env.XDG_CONFIG_HOME : env.HOME?.startsWith('/') ? joinPath(env.HOME, '.config') : null;
  return base ? joinPath(base, 'plan-hooks', 'keys') : null;
}

/** The signing program's file under the git common dir (pure): gpg.ssh.program names it. */
export const signingProgramFile = (commonDir: string) => joinPath(commonDir, 'plan-hooks', 'ssh-sign.sh');

/** The local git config key that records which settings `sign --setup` made, for uninstall to take back exactly those. */
export const SIGNING_RECORD_KEY = 'plan-hooks.signingset';

/** The agent's sealed Plan-Agent value in a commit buffer as git hands it to be signed (pure): its tree and the trailer lines of its message. */
export function commitBufferFacts(buffer: string): { tree: string | null; agentTrailers: string[] } {
  const split = buffer.indexOf('\n\n');
  const header = split < 0 ? buffer : buffer.slice(0, split);
  const message = split < 0 ? '' : buffer.slice(split + 2);
  const tree = /^tree ([0-9a-f]{40,64})$/m.exec(header)?.[1] ?? null;
  // The trailer block is the message's last paragraph.
  const paragraphs = message.replace(/\n+$/, '').split(/\n\s*\n/);
  const last = paragraphs.length > 1 ? paragraphs[paragraphs.length - 1]! : '';
  const agentTrailers = last.split('\n').flatMap((l) => (/^Plan-Agent:\s*(.+)$/i.exec(l) ? [/^Plan-Agent:\s*(.+)$/i.exec(l)![1]!.trim()] : []));
  return { tree, agentTrailers };
}

/** Where the allowed signers are committed, in `ssh-keygen -Y verify`'s format (ALLOWED SIGNERS in ssh-keygen(1)). */
export const ALLOWED_SIGNERS_FILE = '.plan-hooks/allowed-signers';

/** What git says of a commit's signature (%G?), narrowed to what the verdict needs. */
export type SignatureStatus = 'good' | 'bad' | 'unknown-key' | 'none' | 'unverifiable';

export interface SignatureFacts {
  status: SignatureStatus;
  /** The principal of the allowed signers that signed (%GS), for a good signature. */
  principal: string | null;
  /** The key's fingerprint (%GK), when git names one. */
  key: string | null;
}

/**
 * git's %G? letter with %GS and %GK, read against the allowed signers `listed` (pure): only a
 * good signature whose principal the file lists counts as good (a GPG signature's user id, good
 * by a keyring, is no principal of ours). B bad; U a valid signature by a key not listed (or
 * untrusted); X, Y, R expired or revoked; E git could not check; N none.
 */
export function signatureFacts(letter: string, principal: string, key: string, listed: readonly string[]): SignatureFacts {
  const k = key.trim() || null;
  if (letter === 'G') return principal.trim() !== '' && listed.includes(principal.trim()) ? { status: 'good', principal: principal.trim(), key: k } : { status: 'unknown-key', principal: null, key: k };
  if (letter === 'N') return { status: 'none', principal: null, key: null };
  if (letter === 'B') return { status: 'bad', principal: null, key: k };
  if (letter === 'U' || letter === 'X' || letter === 'Y' || letter === 'R') return { status: 'unknown-key', principal: null, key: k };
  return { status: 'unverifiable', principal: null, key: k };
}

/** The principals an allowed-signers text lists (pure): the first field of each line, comma-separated, no wildcards. */
export function allowedPrincipals(text: string): string[] {
  const out = new Set<string>();
  for (const line of text.split(/\r?\n/)) {
    const t = line.trim();
    if (t === '' || t.startsWith('#')) continue;
    const first = t.split(/\s+/)[0]!.replace(/^"|"$/g, '');
    // A pattern (*, ?) stands for many names: it proves none of them.
    for (const p of first.split(',')) if (p !== '' && !/[*?!]/.test(p)) out.add(p);
  }
  return [...out];
}

/** One allowed-signers line for `principal`'s public key `publicKey` (`ssh-ed25519 AAAA… comment`), git's namespace only (pure). */
export const allowedSignersLine = (principal: string, publicKey: string) => `${principal} namespaces="git" ${publicKey.trim()}`;

/** Whether `text` already lists `publicKey` (type and base64, whatever the comment) for `principal` (pure). */
export function listsKey(text: string, principal: string, publicKey: string): boolean {
  const [type, blob] = publicKey.trim().split(/\s+/);
  return text.split(/\r?\n/).some((l) => {
    const f = l.trim().split(/\s+/);
    return f[0] !== undefined && f[0].split(',').includes(principal) && f.includes(type ?? '') && f.includes(blob ?? '');
  });
}

/** A person's principal is an email; an agent's a name without '@' (pure). */
export const isPersonPrincipal = (principal: string) => principal.includes('@');

/** The file name of an agent's key under the keys directory (pure): its canonical name, or null when it cannot be one. */
export function agentKeyName(name: string, aliases: Config['aliases']): string | null {
  const lower = name.trim().toLowerCase();
  const canonical = Object.entries(aliases).find(([c, others]) => c.toLowerCase() === lower || others.some((o) => o.toLowerCase() === lower))?.[0].toLowerCase() ?? lower;
  return /^[a-z0-9][a-z0-9._-]{0,63}$/.test(canonical) ? canonical : null;
}

/** The file name of a person's key (pure): their email, when it can be one. */
export const personKeyName = (email: string) => (/^[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9.-]{1,190}$/.test(email.trim()) ? email.trim().toLowerCase() : null);

export type SigningOutcome =
  | { kind: 'verified'; principal: string; person: boolean }
  /** A good signature whose principal the commit's record or author contradicts. */
  | { kind: 'contradicted'; principal: string; person: boolean; recorded: string; by: 'trailer' | 'author' }
  | { kind: 'unverified'; status: Exclude<SignatureStatus, 'good'>; key: string | null };

export interface SigningVerdict {
  outcome: SigningOutcome;
  /** The name the commit is judged as when a signature decides it (an agent's principal); null: as before. */
  name: string | null;
}

/**
 * What one commit's signature proves (pure). `recorded`: the sealed Plan-Agent name, or null;
 * `isAgentName`: whether an author name is an agent's (../core/identity.ts isAgentName).
 */
export function judgeSignature(facts: {
  signature: SignatureFacts;
  recorded: string | null;
  author: { name: string; email: string };
  aliases: Config['aliases'];
  isAgentName: (name: string) => boolean;
}): SigningVerdict {
  const { signature: s, recorded, author, aliases } = facts;
  if (s.status === 'good' && s.principal) {
    const principal = s.principal;
    const person = isPersonPrincipal(principal);
    let contradiction: { recorded: string; by: 'trailer' | 'author' } | null = null;
    if (person) {
      if (recorded) contradiction = { recorded, by: 'trailer' };
      else if (author.email.trim().toLowerCase() !== principal.toLowerCase()) contradiction = { recorded: `${author.name} <${author.email}>`, by: 'author' };
    } else if (recorded && !sameAgent(recorded, principal, aliases)) contradiction = { recorded, by: 'trailer' };
    else if (!recorded && facts.isAgentName(author.name) && !sameAgent(author.name, principal, aliases)) contradiction = { recorded: author.name, by: 'author' };
    const name = person ? null : principal;
    return { outcome: contradiction ? { kind: 'contradicted', principal, person, ...contradiction } : { kind: 'verified', principal, person }, name };
  }
  const status = s.status === 'good' ? 'unknown-key' : s.status;
  return { outcome: { kind: 'unverified', status, key: s.key }, name: null };
}

/**
 * Whether the signature refuses the commit (pure): only where the base's configuration sets
 * signing.require, for a contradiction, or for a commit with no good signature that touches
 * `claimed` paths (those in-progress tasks claim, anyone's).
 */
export const signingRefused = (outcome: SigningOutcome, require: boolean, claimed: readonly string[]) =>
  require && (outcome.kind === 'contradicted' || (outcome.kind === 'unverified' && claimed.length > 0));

export type KeyChoice = { kind: 'agent'; name: string } | { kind: 'person' } | { kind: 'refuse'; recorded: string; session: string };

/**
 * Whose key signs a commit being made (pure), for the signing program git runs (gpg.ssh.program):
 * the commit's sealed Plan-Agent record (what the hooks decided, with every fact) unless the
 * session here (the agent hook's fresh record, else the markers) names another agent; without a
 * record, the session's agent; without either, the person, whose own key git named.
 */
export function keyChoice(facts: { recorded: string | null; session: string | null; aliases: Config['aliases'] }): KeyChoice {
  if (facts.recorded) {
    if (facts.session && !sameAgent(facts.session, facts.recorded, facts.aliases)) return { kind: 'refuse', recorded: facts.recorded, session: facts.session };
    return { kind: 'agent', name: facts.recorded };
  }
  return facts.session ? { kind: 'agent', name: facts.session } : { kind: 'person' };
}
