// pre-commit proves to post-commit that it checked this exact commit: it records the staged
// tree (git write-tree) under the per-worktree git dir; post-commit compares it with HEAD^{tree}.
// A --no-verify commit, a cherry-pick or a rebase pick then reads as unverified by itself.
// The marker also carries the checks skipped with PLAN_HOOKS_SKIP, so the worklog records them.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { UserError } from '../errors.js';
import { gitQueries } from '../git/git.js';
import { ABSOLUTE_GIT_DIR, WRITE_TREE } from '../git/queries.js';
import { messages } from '../messages/index.js';
import type { ConfigChange } from '../facts/facts.js';
import type { Identity } from '../core/identity.js';
import { removeFile } from '../lib/remove-file.js';

interface Marker {
  tree: string;
  skipped: string[];
  /** Who pre-commit decided is committing: the worklog records this, not a second guess. */
  identity?: Identity;
  /** The configuration change the commit carries (it applies from the next commit on). */
  configChange?: ConfigChange | null;
}

export interface Verification {
  verified: boolean;
  skipped: string[];
  /** pre-commit's identity for this tree, when it verified it. */
  identity: Identity | null;
  /** The configuration change pre-commit saw staged (src/facts/facts.ts), for the worklog to record. */
  configChange: ConfigChange | null;
}

/** The marker under a worktree's git dir (`--git-path` maps no plan-hooks/ elsewhere). */
export const verifiedMarkerFile = (gitDir: string) => join(gitDir, 'plan-hooks', 'verified.json');

/**
 * Called by pre-commit once every check passed: the tree this index would commit, what was
 * skipped and who is committing. `known` saves git calls when the caller already has the tree
 * (git write-tree) or the absolute per-worktree git dir.
 */
export async function writeVerifiedMarker(
  skipped: string[] = [],
  cwd?: string,
  known: { tree?: string; gitDir?: string; identity?: Identity; configChange?: ConfigChange | null } = {},
): Promise<string> {
  const asked = await gitQueries({ tree: known.tree === undefined ? WRITE_TREE : undefined, gitDir: known.gitDir === undefined ? ABSOLUTE_GIT_DIR : undefined }, cwd ?? process.cwd());
  const tree = known.tree ?? asked.tree;
  if (!tree) throw new UserError(messages.gitFailed('git write-tree', messages.markerNoTree()));
  const file = verifiedMarkerFile(known.gitDir ?? asked.gitDir);
  mkdirSync(dirname(file), { recursive: true });
  const marker: Marker = { tree, skipped, ...(known.identity ? { identity: known.identity } : {}), ...(known.configChange ? { configChange: known.configChange } : {}) };
  writeFileSync(file, `${JSON.stringify(marker)}\n`);
  return tree;
}

/**
 * Pure: whether the marker's text (null: none) says pre-commit checked exactly `tree`, what it
 * skipped and whom it saw committing.
 */
export function verificationOf(text: string | null, tree: string | null): Verification {
  let marker: Marker | null = null;
  try {
    marker = text ? (JSON.parse(text) as Marker) : null;
  } catch {
    marker = null;
  }
  const verified = marker !== null && typeof marker === 'object' && tree !== null && marker.tree === tree;
  if (!verified) return { verified: false, skipped: [], identity: null, configChange: null };
  const id = marker!.identity;
  const identity = id && typeof id.name === 'string' && typeof id.source === 'string' && typeof id.detail === 'string' ? { name: id.name, source: id.source, detail: id.detail } : null;
  const change = marker!.configChange;
  const configChange = change && typeof change.file === 'string' && Array.isArray(change.keys) ? { file: change.file, keys: change.keys.filter((k) => typeof k === 'string'), problem: typeof change.problem === 'string' ? change.problem : null } : null;
  return { verified, skipped: Array.isArray(marker!.skipped) ? marker!.skipped.filter((s) => typeof s === 'string') : [], identity, configChange };
}

/** Reads and removes the marker of the worktree whose git dir is `gitDir` (what the runner does). */
export function takeMarker(gitDir: string): string | null {
  const file = verifiedMarkerFile(gitDir);
  let text: string | null = null;
  try {
    text = readFileSync(file, 'utf8').trim() || null;
  } catch {
    // No marker: pre-commit did not run (or did not pass) for this commit.
  }
  // Consumed, so a later commit of the same tree made with --no-verify does not inherit it.
  removeFile(file);
  return text;
}

/** The checks pre-commit skipped when it passed for exactly `tree`, else null (read, not consumed). */
export function verifiedFor(gitDir: string, tree: string): string[] | null {
  try {
    const marker = JSON.parse(readFileSync(verifiedMarkerFile(gitDir), 'utf8')) as Marker;
    return marker.tree === tree ? (Array.isArray(marker.skipped) ? marker.skipped.filter((s) => typeof s === 'string') : []) : null;
  } catch {
    return null;
  }
}
