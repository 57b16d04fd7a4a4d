// The live claims near the paths a tool call writes, at edit time. Deciding the claims of every
// plan (core/claims.ts decideClaims) on every edit costs more than node's start with a few
// hundred claims, and between two edits the plans rarely change: so the claims the plan files
// decide are kept under the git dir by those files' stat signatures, in the commit's format
// (../claims/decided-cache.ts, looked up only near the written paths), and a plan that did
// change is read through its own cache (./views-cache.ts). A cache, never a witness: only this
// hook reads it, and the commit decides from the plans themselves.
import { join } from 'node:path';
import { readDecided, writeDecided, DECIDED_FORMAT } from '../claims/decided-cache.js';
import { type WorktreePlan, readWorktreePlans } from '../claims/versions.js';
import type { Config } from '../config/config.js';
import { CLAIMS_VIEW_FORMAT, type LiveClaim, claimAt, couldMatch, decideClaims } from '../core/claims.js';
import { matchForm } from '../lib/pattern.js';
import { type StatSignature, isRacy, statSignature } from '../lib/cache-file.js';
import { agentStateDir } from './seen.js';
import { openViewsCache } from './views-cache.js';
import { type Workspace, claimsValue, workspacePlans } from './workspace.js';

export const decidedAtEditFile = (gitDir: string) => join(agentStateDir(gitDir), 'claims-decided');

/**
 * The live claims at `now` with a pattern that could match one of `paths` (repository-relative)
 * or a directory above it, among all the claims of every worktree's plans (workspacePlans).
 */
export function claimsNear(ws: Workspace, config: Config, paths: string[], now: Date): LiveClaim[] {
  const listed: (WorktreePlan & { sig: StatSignature })[] = [];
  for (const plan of workspacePlans(ws, config)) {
    try {
      listed.push({ ...plan, sig: statSignature(plan.path) });
    } catch {
      // Gone since the listing: that worktree is mid-change; nothing to see.
    }
  }
  // What the claims depend on: each plan file's place and signature, in the order they are decided.
  const key = JSON.stringify([DECIDED_FORMAT, CLAIMS_VIEW_FORMAT, ws.ignoreCase, listed.map((p) => [p.source.label, p.file, p.sig.signature])]);
  const file = decidedAtEditFile(ws.gitDir);
  const set = readDecided(ws.gitDir, key, now, config.staleAfterHours, file);
  if (set) return set.near(paths, ws.ignoreCase);
  const views = openViewsCache(ws.gitDir, claimsValue, now.getTime());
  const sigs = new Map(listed.map((p) => [p.path, p.sig]));
  const decided = decideClaims(readWorktreePlans(listed, (path) => views.view(path, sigs.get(path))));
  views.save();
  // A signature younger than the racy window may stand for two contents: those claims are used, not kept.
  if (!listed.some((p) => isRacy(p.sig, now.getTime()))) writeDecided(ws.gitDir, key, decided, ws.ignoreCase, file);
  const forms = paths.map((p) => matchForm(p, ws.ignoreCase));
  return decided.filter((c) => c.files.some((f) => couldMatch(f, forms, ws.ignoreCase))).map((c) => claimAt(c, now, config.staleAfterHours));
}
