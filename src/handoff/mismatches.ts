// The handoff checked against git: a handoff states facts (branch, last commit, what is left
// uncommitted) and git can confirm or refute each. Pure; git-facts.ts gathers the facts.
import { messages } from '../messages/index.js';
import type { Handoff } from '../core/plan-types.js';

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

/**
 * `unknownCommit: false` leaves out a lastCommit git does not know: at commit time the plan's
 * own rule (handoff-commit-unknown) has already said so, with the line to fix.
 */
export function handoffMismatches(handoff: Handoff, facts: HandoffGitFacts, opts: { unknownCommit: boolean } = { unknownCommit: true }): string[] {
  const out: string[] = [];
  if (typeof handoff.lastCommit === 'string' && handoff.lastCommit !== '') {
    if (!facts.lastCommit) {
      if (opts.unknownCommit) out.push(messages.handoffLastCommitMissing(handoff.lastCommit));
    } else if (!facts.lastCommit.ancestor) out.push(messages.handoffLastCommitNotAncestor(handoff.lastCommit));
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
