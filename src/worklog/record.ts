// The shell around the worklog: gathers the facts of a commit (or a rewrite) from git and the
// plans, and appends the entry. Called by post-commit and post-rewrite, which never fail git.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig, type Config } from '../config/config.js';
import { commitChanges, touchedPaths } from '../git/changes.js';
import { git } from '../git/git.js';
import { currentBranch, ignoreCase, repoRoot } from '../git/worktree.js';
import { branchHolder, resolveIdentity, type Identity } from '../identity/identity.js';
import { tasksOf } from '../plan/tasks.js';
import { matchTasks, planTransitions } from './analyze.js';
import { claimsIn, claimViolations } from './claims.js';
import { commitEntry, type CommitEntry, type Operation, type RewriteEntry } from './entry.js';
import { planMatcher } from '../plan/discover.js';
import { readSnapshot, type Snapshot } from '../plan/snapshot.js';
import { append, worklogPath } from './store.js';
import { takeVerification } from './verified.js';
import { mirrorToNotes } from './notes.js';

function operation(gitDir: string, parents: number): Operation {
  if (parents > 1) return 'merge';
  if (existsSync(join(gitDir, 'rebase-merge')) || existsSync(join(gitDir, 'rebase-apply'))) return 'rebase';
  if (existsSync(join(gitDir, 'CHERRY_PICK_HEAD')) || existsSync(join(gitDir, 'sequencer'))) return 'cherry-pick';
  if (existsSync(join(gitDir, 'REVERT_HEAD'))) return 'revert';
  return 'commit';
}

export interface Context {
  root: string;
  config: Config;
  file: string;
  branch: string | null;
}

export async function context(cwd?: string): Promise<Context> {
  // One round of git: the reads run side by side. Outside a repository, repoRoot's message is
  // the one reported (the others fail too, and are not left unhandled).
  const file = worklogPath(cwd);
  const branch = currentBranch(cwd);
  file.catch(() => {});
  const root = await repoRoot(cwd);
  return { root, config: await loadConfig(root), file: await file, branch: await branch };
}

const META = ['%H', '%P', '%an', '%ae', '%cI', '%s', '%(trailers:key=Plan-Task,valueonly,separator=%x01)'].join('%x00');

/** Records `rev` (HEAD by default) as a commit entry. */
export async function recordCommit(rev = 'HEAD', cwd?: string, now = new Date()): Promise<CommitEntry> {
  const ctx = await context(cwd);
  const { root, config } = ctx;
  // The commit's plans are read as soon as git has named the commit, beside the other reads.
  const fields = git(['log', '-1', '--no-show-signature', `--format=${META}`, rev], { cwd: root }).then((meta) => meta.replace(/\n$/, '').split('\0'));
  const [[commit, parentList, authorName, authorEmail, committedAt, subject, trailers], after, changes, ignore, verification, gitDir] = await Promise.all([
    fields,
    fields.then(([commit]) => readSnapshot({ rev: commit! }, config, root)),
    commitChanges(rev, root),
    ignoreCase(root),
    takeVerification(rev, root),
    git(['rev-parse', '--path-format=absolute', '--git-dir'], { cwd: root }).then((out) => out.trim()),
  ]);
  const parents = parentList ? parentList.split(' ') : [];
  const paths = touchedPaths(changes);
  const plans = planMatcher(config);
  const planChanged = paths.some(plans.matches);
  const before: Snapshot =
    parents.length === 0
      ? { plans: [], skipped: [] }
      : planChanged
        ? await readSnapshot({ rev: parents[0]! }, config, root)
        : after;
  const afterTasks = tasksOf(after.plans);
  const bound = claimsIn(after.plans, 'head', 'the commit', now, config.staleAfterHours);
  const identity = await resolveIdentity(config, branchHolder(bound, ctx.branch, config.aliases), root);
  const facts = {
    commit: commit!,
    parents,
    author: { name: authorName ?? '', email: authorEmail ?? '' },
    committedAt: committedAt ?? '',
    subject: subject ?? '',
    operation: operation(gitDir, parents.length),
    changes,
    branch: ctx.branch,
    worktree: root,
    identity,
    tasks: matchTasks(afterTasks, paths, trailers ? trailers.split('\x01') : [], ignore),
    transitions: planChanged ? planTransitions(before.plans, after.plans) : [],
    verification,
    violations: claimViolations(
      claimsIn(before.plans, 'head', 'the parent commit', now, config.staleAfterHours),
      paths,
      identity.name,
      plans.matches,
      config,
      ignore,
    ),
    unreadablePlans: after.skipped.map((s) => s.path),
  };
  const entry = await append(ctx.file, (seq) => commitEntry(facts, seq, now));
  if (config.notes) await mirrorToNotes(entry.commit, entry, root);
  return entry;
}

/** Records what post-rewrite reports (amend or rebase: old → new) as an entry of its own. */
export async function recordRewrite(
  kind: 'amend' | 'rebase',
  rewrites: { old: string; new: string }[],
  cwd?: string,
  now = new Date(),
): Promise<RewriteEntry> {
  const ctx = await context(cwd);
  const identity: Identity = await resolveIdentity(ctx.config, null, ctx.root);
  return append(ctx.file, (seq) => ({
    v: 1 as const,
    type: 'rewrite' as const,
    seq,
    time: now.toISOString(),
    branch: ctx.branch,
    worktree: ctx.root,
    identity,
    kind,
    rewrites,
  }));
}
