// The edit-time decision (pure): the paths a tool call writes against the live claims, with the
// rules the commit applies (src/core/claims.ts): a path under another holder's live claim is
// refused, a stale claim or the claims check in warn mode only warns, plan files are exempt,
// and paths outside the repository are not ours to judge.
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { type ClaimHit, type Committer, type LiveClaim, claimIndex, exemptPath, matchClaims } from '../core/claims.js';
import type { Config } from '../config/config.js';
import type { ShellWrite } from './shell-writes.js';

export interface EditDecision {
  /** Claimed paths that are refused. */
  refusals: ClaimHit[];
  /** Claimed paths that are only reported (stale claims, warn mode). */
  warnings: ClaimHit[];
  /** How each refused or reported path is written ("sed -i", "Edit"). */
  how: Map<string, string>;
}

/** A written path as a repository-relative path, or null when it is outside the repository. */
export function repoPath(path: string, cwd: string, root: string): string | null {
  const rel = relative(root, resolve(cwd, path));
  if (rel === '' || rel.startsWith(`..${sep}`) || rel === '..' || isAbsolute(rel)) return null;
  return sep === '/' ? rel : rel.split(sep).join('/');
}

/** The repository-relative paths of `writes`, those outside the repository left out. */
export function writtenPaths(writes: ShellWrite[], cwd: string, root: string): string[] {
  return writes.map((w) => repoPath(w.path, cwd, root)).filter((p): p is string => p !== null);
}

/** `claims` need only hold those near the written paths (claimIndex's filter): the others match none. */
export function decideEdit(input: {
  writes: ShellWrite[];
  cwd: string;
  root: string;
  claims: LiveClaim[];
  identity: Committer;
  config: Pick<Config, 'aliases' | 'checks'>;
  isPlanFile(path: string): boolean;
  ignoreCase: boolean;
}): EditDecision {
  const decision: EditDecision = { refusals: [], warnings: [], how: new Map() };
  const mode = input.config.checks.claims;
  if (mode === 'off' || input.claims.length === 0) return decision;
  const paths: string[] = [];
  for (const w of input.writes) {
    const p = repoPath(w.path, input.cwd, input.root);
    if (p === null) continue;
    paths.push(p);
    if (!decision.how.has(p)) decision.how.set(p, w.how);
  }
  if (paths.length === 0) return decision;
  // Only the patterns that could match one of the paths: an edit writes a path or two.
  const index = claimIndex(input.claims, input.ignoreCase, paths);
  const { others } = matchClaims(paths, index, (p) => exemptPath(p, input.isPlanFile), input.identity, input.config.aliases, Date.now);
  for (const hit of others) (hit.claim.stale || mode === 'warn' ? decision.warnings : decision.refusals).push(hit);
  return decision;
}
