// The Plan-Task trailer decision, shared by prepare-commit-msg (which writes the trailer) and
// pre-commit (which already has every fact it needs). When pre-commit finds there is no
// trailer to add, it leaves `<tree> <HEAD>` in the git dir, and the hook runner
// (hooks/plan-hooks.sh) lets prepare-commit-msg exit without starting node for the same
// index and HEAD: a node start is most of a hook's cost. The runner consumes the file; when it
// is missing or does not match (--no-verify, a cherry-pick, a rebase pick, a changed index),
// prepare-commit-msg runs and decides as it always did.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { ClaimHit } from '../claims/claims.js';
import { hasUnsafe } from '../term.js';

/** The one task of the committer's own claims the change falls under, or null (pure). */
export function trailerTask(ownHits: ClaimHit[]): string | null {
  const tasks = new Set(ownHits.map((h) => h.claim.task));
  if (tasks.size !== 1) return null;
  const [task] = tasks;
  // A task id from a plan file becomes a trailer value: one line, nothing a terminal hides.
  return task && !hasUnsafe(task) ? task : null;
}

/** The file hooks/plan-hooks.sh reads: under the per-worktree git dir, beside the verified marker. */
export const noTrailerFile = (gitDir: string) => join(gitDir, 'plan-hooks', 'no-trailer');

/** Records that the commit of `tree` on `head` gets no trailer; `null` clears an earlier record. */
export function recordNoTrailer(gitDir: string, commit: { tree: string; head: string } | null): void {
  const file = noTrailerFile(gitDir);
  if (commit === null) return rmSync(file, { force: true });
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${commit.tree} ${commit.head}\n`);
}

// THE COMMITTER'S IDENTITY TRAVELS WITH THE COMMIT. What the hooks decided at commit time (SPEC
// §4: name and source) is written into the message as `Plan-Agent: <name> (<source>) <seal>`,
// so pre-push in another terminal and CI in a fresh clone judge the commit by its committer,
// not by whoever pushes it. The seal binds the record to the commit's tree: a record copied
// from another commit, typed by hand without the tree, or carried by a rebase or cherry-pick
// that changed the tree does not verify, and then the commit is judged by its author and
// reported as unverified. The seal is not a signature: anyone who reads this code can compute
// one, so a deliberate forger can pass as another agent; what it guarantees is that a commit
// made where no hook ran (a hookless client, --no-verify habits, a copied trailer) never
// passes as someone other than its author. Checks skipped with PLAN_HOOKS_SKIP travel the
// same way: `Plan-Skip: claims`.
export const AGENT_TRAILER = 'Plan-Agent';
export const SKIP_TRAILER = 'Plan-Skip';

/** FNV-1a, 64 bits, hex (pure): cheap to load and to run; see above for what it is not. */
function fnv1a64(text: string): string {
  let h = 0xcbf29ce484222325n;
  for (const byte of new TextEncoder().encode(text)) {
    h ^= BigInt(byte);
    h = (h * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return h.toString(16).padStart(16, '0');
}

export const agentSeal = (name: string, source: string, tree: string) => fnv1a64(`plan-hooks/1\0${name}\0${source}\0${tree}`);

/** The trailer's value for `identity` committing `tree` (pure); null when the name cannot be one. */
export function agentTrailerValue(identity: { name: string; source: string }, tree: string): string | null {
  const name = identity.name.trim();
  if (!name || hasUnsafe(name) || /[()]/.test(name)) return null;
  return `${name} (${identity.source}) ${agentSeal(name, identity.source, tree)}`;
}

/** A recorded identity read back (pure): `sealed` when the seal matches `tree`. */
export function parseAgentTrailer(value: string, tree: string): { name: string; source: string; sealed: boolean } | null {
  const m = /^(.+?) \(([a-z-]+)\)(?: ([0-9a-f]{16}))?$/.exec(value.trim());
  if (!m) return null;
  const [, name, source, seal] = m;
  return { name: name!, source: source!, sealed: seal !== undefined && seal === agentSeal(name!, source!, tree) };
}
