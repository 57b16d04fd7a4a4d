// The repository an agent edits, read from the file system alone: its top, git dirs and
// worktrees, and the plans in every worktree's files. No git process: the pre-tool hook runs on
// every edit, and git costs more than the whole check. What this cannot see without git (a
// claim that exists only on the base branch or a remote-tracking branch, checked out nowhere)
// is the commit's to refuse: edit time fails open.
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { PlanVersion } from '../core/claims.js';
import { type WorktreePlan, readWorktreePlans, worktreePlans } from '../claims/versions.js';
import { type Config, loadConfig, loadConfigUnchecked } from '../config/config.js';
import { readTextFileSync } from '../fs/text.js';
import type { Worktree } from '../git/repository.js';
import { planMatcher } from '../plan/discover.js';
import { withoutBom } from '../plan/plan-text.js';
import { gitDirOf, readIf } from '../git/git-dir.js';
import { LAYOUT } from '../git/layout.js';
// The one sentence every edit needs, from a module of its own: all of ../messages/index.js loads
// the agent hook's second bundle (scripts/build.mjs), which costs an unclaimed edit ~5 ms of CPU,
// and the rest of ../messages/claims.js is a seventh of the hook's bundle to compile and cache.
import { claimSourceMessages } from '../messages/claim-sources.js';

export interface Workspace {
  root: string;
  gitDir: string;
  commonDir: string;
  branch: string | null;
  otherWorktrees: Worktree[];
  /** core.ignorecase, as the repository's own config file sets it. */
  ignoreCase: boolean;
}

/** The branch a git dir's HEAD names, or null when detached or unreadable. */
function branchOf(gitDir: string): string | null {
  const head = readIf(join(gitDir, LAYOUT.head))?.trim() ?? '';
  const branch = LAYOUT.headRefPrefix + LAYOUT.branchPrefix;
  return head.startsWith(branch) ? head.slice(branch.length) : null;
}

/** The top of the worktree holding `start` (the closest ancestor with a `.git`), bounded. */
export function findRoot(start: string): string | null {
  let dir = resolve(start);
  for (let i = 0; i < 64; i++) {
    if (existsSync(join(dir, LAYOUT.dotGit))) return dir;
    const up = dirname(dir);
    if (up === dir) return null;
    dir = up;
  }
  return null;
}

export function openWorkspace(root: string): Workspace | null {
  const gitDir = gitDirOf(root);
  if (!gitDir) return null;
  const common = readIf(join(gitDir, LAYOUT.commonDir))?.trim();
  const commonDir = common ? resolve(gitDir, common) : gitDir;
  const trees: Worktree[] = [];
  // The main worktree: the directory holding the common `.git`.
  if (commonDir.endsWith(`/${LAYOUT.dotGit}`) || commonDir.endsWith(`\\${LAYOUT.dotGit}`)) {
    const main = dirname(commonDir);
    if (resolve(main) !== resolve(root)) trees.push({ path: main, head: null, branch: branchOf(commonDir) });
  }
  let linked: string[] = [];
  try {
    linked = readdirSync(join(commonDir, LAYOUT.worktrees));
  } catch {
    // No linked worktree.
  }
  for (const name of linked.slice(0, 256)) {
    const dir = join(commonDir, LAYOUT.worktrees, name);
    const pointer = readIf(join(dir, LAYOUT.worktreeGitdir))?.trim();
    if (!pointer) continue;
    const top = dirname(pointer);
    // A worktree whose directory is gone is prunable: nothing to read there.
    if (resolve(top) === resolve(root) || !existsSync(pointer)) continue;
    trees.push({ path: top, head: null, branch: branchOf(dir) });
  }
  // core.ignorecase lives in the [core] section git init writes at the top of the config.
  const core = /\[core\]([^[]*)/i.exec(readIf(join(commonDir, 'config')) ?? '')?.[1] ?? '';
  const ignoreCase = /^\s*ignorecase\s*=\s*(true|yes|on|1)\s*$/im.test(core);
  return { root, gitDir, commonDir, branch: branchOf(gitDir), otherWorktrees: trees, ignoreCase };
}

/**
 * A plan file's value for the claims, as readPlanText gives it (../plan/plan-text.ts: the BOM
 * ignored, the last of repeated keys) without its scan for problems, which costs ~3 ms a plan
 * on every edit and changes no claim: validate and the commit report those problems.
 */
export function claimsValue(raw: string): unknown {
  try {
    return JSON.parse(withoutBom(raw));
  } catch {
    return null;
  }
}

/** Every plan file the edit-time check reads, listed: this worktree's first, then the others'. */
export function workspacePlans(ws: Workspace, config: Config): WorktreePlan[] {
  const plans = planMatcher(config);
  return [...worktreePlans({ otherWorktrees: [{ path: ws.root, head: null, branch: ws.branch }] }, plans, () => ({ kind: 'worktree', label: claimSourceMessages.sourceWorkingTree(), here: true })), ...worktreePlans(ws, plans)];
}

/** Every plan version the edit-time check sees (workspacePlans, read). */
export function workspaceVersions(ws: Workspace, config: Config): PlanVersion[] {
  return readWorktreePlans(workspacePlans(ws, config), (path) => claimsValue(readTextFileSync(path)));
}

/** The workspace holding `rootArg` (the shim's), else the payload's cwd, with its configuration. */
export async function openAt(rootArg: string | undefined, cwd: string | null): Promise<{ ws: Workspace; config: Config } | null> {
  const root = findRoot(rootArg ? resolve(rootArg) : (cwd ?? process.cwd()));
  const ws = root ? openWorkspace(root) : null;
  if (!ws) return null;
  return { ws, config: loadConfigUnchecked(ws.root) ?? (await loadConfig(ws.root)) };
}
