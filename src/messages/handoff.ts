// The handoff: its command, staging it in pre-commit, and its checks against git (src/handoff).
import { plural } from './plural.js';

export const handoffMessages = {
  handoffWarning: (file: string, text: string) => `plan-hooks: ${file}: handoff: ${text}\n`,
  handoffStaged: (files: string[]) => `plan-hooks: updated the handoff in ${files.join(', ')}\n`,
  handoffLastCommitMissing: (rev: string) =>
    `lastCommit '${rev}' is not a commit git knows here. Set it to the commit the work builds on (git rev-parse HEAD) or remove it.`,
  handoffLastCommitNotAncestor: (rev: string) =>
    `lastCommit '${rev}' is not in this branch's history. Set it to a commit of this branch (git rev-parse HEAD).`,
  handoffOld: (count: number, atLeast = false) =>
    `${atLeast ? `${count} or more commits` : plural(count, 'commit')} since this plan was last committed: update its handoff when you hand over.`,
  handoffBranchDiffers: (given: string, actual: string | null) =>
    `branch '${given}' but the work is on ${actual ? `'${actual}'` : 'a detached HEAD'}. Update handoff.branch or switch branches.`,
  handoffUncommittedNone: (count: number, sample: string) =>
    `uncommitted says nothing is left, but ${plural(count, 'path')} ${count === 1 ? 'is' : 'are'} uncommitted (${sample}). Describe them, or commit or discard them.`,
  handoffUncommittedStale: (path: string) =>
    `uncommitted names '${path}', which has no uncommitted change. Update handoff.uncommitted.`,
  handoffUsage: `Usage: plan-hooks handoff [--write] [--json]

Prints the handoff blocks as they would be generated now from the plans in the working tree:
one in each plan's paired .md, and an aggregate one in the entry files (AGENTS.md, CLAUDE.md, …).
--write puts them into those files (text outside the markers is never touched). A commit that
stages a plan regenerates and stages them by itself.
`,
  handoffWritten: (files: string[]) => (files.length ? `Wrote the handoff block into ${files.join(', ')}.\n` : 'Every handoff block is already up to date.\n'),
};
