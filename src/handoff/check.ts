// The handoff checked against git: a handoff states facts (branch, last commit, what is left
// uncommitted) and git can confirm or refute each. Pure; the shell gathers the git facts.
import { messages } from '../messages.js';
import type { Handoff } from '../plan/types.js';
import { git } from '../git/git.js';

export interface HandoffGitFacts {
  branch: string | null;
  /** handoff.lastCommit resolved: null when git does not know it. */
  lastCommit: { full: string; ancestor: boolean } | null;
  uncommitted: string[];
}

const NOTHING = /^\s*(none|nothing|no|clean|n\/a|-)?\.?\s*$/i;

/** Words in handoff.uncommitted that look like repository paths (contain a slash or a dot-extension). */
function mentionedPaths(text: string): string[] {
  return [...text.matchAll(/[`'"]?([\w.@-]+(?:\/[\w.@-]+)+|[\w@-]+\.[A-Za-z0-9]{1,8})[`'"]?/g)].map((m) => m[1]!);
}

export function handoffMismatches(handoff: Handoff, facts: HandoffGitFacts): string[] {
  const out: string[] = [];
  if (typeof handoff.lastCommit === 'string' && handoff.lastCommit !== '') {
    if (!facts.lastCommit) out.push(messages.handoffLastCommitMissing(handoff.lastCommit));
    else if (!facts.lastCommit.ancestor) out.push(messages.handoffLastCommitNotAncestor(handoff.lastCommit));
  }
  if (typeof handoff.branch === 'string' && handoff.branch !== '' && handoff.branch !== facts.branch) {
    out.push(messages.handoffBranchDiffers(handoff.branch, facts.branch));
  }
  if (typeof handoff.uncommitted === 'string') {
    if (NOTHING.test(handoff.uncommitted)) {
      if (facts.uncommitted.length > 0) {
        out.push(messages.handoffUncommittedNone(facts.uncommitted.length, facts.uncommitted.slice(0, 3).join(', ')));
      }
    } else {
      const actual = new Set(facts.uncommitted);
      for (const path of mentionedPaths(handoff.uncommitted)) {
        const covered = actual.has(path) || facts.uncommitted.some((p) => p.startsWith(`${path.replace(/\/$/, '')}/`));
        if (!covered) out.push(messages.handoffUncommittedStale(path));
      }
    }
  }
  return out;
}

/** Paths whose working copy differs from the index, and untracked files (not ignored). */
export async function uncommittedPaths(root: string): Promise<string[]> {
  const [changed, untracked] = await Promise.all([
    git(['diff', '--name-only', '-z', '--no-ext-diff'], { cwd: root }),
    git(['ls-files', '-z', '--others', '--exclude-standard'], { cwd: root }),
  ]);
  return [...new Set([...changed.split('\0'), ...untracked.split('\0')].filter(Boolean))].sort();
}

export async function resolveLastCommit(rev: string | undefined, head: string | null, root: string): Promise<HandoffGitFacts['lastCommit']> {
  if (!rev || !/^[0-9A-Za-z._/-]{1,200}$/.test(rev) || rev.startsWith('-')) return null;
  const full = (await git(['rev-parse', '--verify', '-q', `${rev}^{commit}`], { cwd: root, allowFail: true }))?.trim();
  if (!full) return null;
  if (!head) return { full, ancestor: false };
  const ancestor = (await git(['merge-base', '--is-ancestor', full, head], { cwd: root, allowFail: true })) !== null;
  return { full, ancestor };
}

/** Commits on HEAD since the last one that changed `path` (how old its handoff is), or null if none did. */
export async function commitsSince(path: string, root: string): Promise<number | null> {
  const last = (await git(['log', '-1', '--format=%H', '--', path], { cwd: root, allowFail: true }))?.trim();
  if (!last) return null;
  return Number((await git(['rev-list', '--count', `${last}..HEAD`], { cwd: root })).trim());
}
