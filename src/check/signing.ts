// The facts signed identity needs of commits already made (pre-push, `check --range`): the
// allowed signers and signing.require as the range's BASE commit has them (a person's: never the
// commits checked, which could add a key), and each commit's signature as git verifies it against
// that file, written to a temporary file for the one git log that reads it (../git/signatures.ts).
// Nothing is read or started when the base lists no signer and requires none.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CONFIG_FILE, configFromTexts } from '../config/config.js';
import { readObjects } from '../git/cat-file.js';
import { gitQuery } from '../git/git.js';
import { signaturesOf } from '../git/signatures.js';
import { ALLOWED_SIGNERS_FILE, type SignatureFacts, allowedPrincipals, signatureFacts } from '../core/signing.js';

/** Signing as the base has it. */
export interface RangeSigning {
  /** The commit read (null: none, the defaults). */
  base: string | null;
  require: boolean;
  /** The allowed-signers file's text at the base ('' when it has none). */
  signers: string;
  principals: string[];
}

/** Signing at `commit`, or null when it lists no signer and requires none (nothing to verify, nothing refused). */
export async function signingAt(commit: string | null, root: string): Promise<RangeSigning | null> {
  if (!commit) return null;
  const [signers, planHooksJson, packageJson] = await readObjects([`${commit}:${ALLOWED_SIGNERS_FILE}`, `${commit}:${CONFIG_FILE}`, `${commit}:package.json`], root);
  // A base whose configuration does not load requires nothing of signatures, as it allows no skips.
  const require = await configFromTexts({ planHooksJson: planHooksJson ?? null, packageJson: packageJson ?? null }).then((c) => c.signing.require, () => false);
  const principals = allowedPrincipals(signers ?? '');
  if (!require && principals.length === 0) return null;
  return { base: commit, require, signers: signers ?? '', principals };
}

/** Each commit's signature facts (with its author's email) against the base's allowed signers. */
export async function readSignatures(signing: RangeSigning, commits: string[], root: string): Promise<Map<string, SignatureFacts & { authorEmail: string }>> {
  const out = new Map<string, SignatureFacts & { authorEmail: string }>();
  if (commits.length === 0) return out;
  const dir = mkdtempSync(join(tmpdir(), 'plan-hooks-signers-'));
  try {
    const file = join(dir, 'allowed-signers');
    writeFileSync(file, signing.signers, { mode: 0o600 });
    for (const r of await gitQuery(signaturesOf(commits, file), root)) {
      out.set(r.commit, { ...signatureFacts(r.letter, r.principal, r.key, signing.principals), authorEmail: r.authorEmail });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return out;
}
