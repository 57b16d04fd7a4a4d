// `claim`, `release` and `done` with --push: the shell around src/remote/push-claim.ts. Each try
// fetches the base branch, finds the task in its plans as the remote has them, applies the same
// edit the local command would, and pushes a commit of that one plan file on that tip. A lost
// race reads again; a task someone else now holds is refused with who and since when; the
// user's plan file, index and other work are left alone unless their branch is the base branch
// and can simply fast-forward to the pushed commit.
import type { LiveClaim } from '../../core/claims.js';
import { agentRecord } from '../../check/trailer.js';
import { EXIT } from '../../errors.js';
import {
  commitOneFile,
  fastForward,
  fetchBranch,
  filesAt,
  isAncestor,
  listRemotes,
  pushCommit,
  remoteDefaultBranch,
  updateRef,
} from '../../git/remote.js';
import type { Repository } from '../../git/repository.js';
import { messages } from '../../messages/index.js';
import { planMatcher } from '../../plan/discover.js';
import type { EditContext } from '../../plan/edit.js';
import { detectJsonFormat, formatJson } from '../../lib/json-format.js';
import { taskKey } from '../../core/task-key.js';
import { MAX_TRIES, type Target, classifyPush, editCommitMessage, localUpdate, pushTarget, retryWait } from '../../remote/push-claim.js';
import { sanitize } from '../../term.js';
import { type PlanEdit, type Values, decideEdit, editJson, findTask, refusedJson } from './plan-edit.js';
import { branchRemotes } from '../../git/queries.js';

export interface PushEdit {
  repo: Repository;
  spec: PlanEdit;
  values: Values;
  address: string;
  actor: string;
  /** Where the actor's name came from (as pre-commit would record it). */
  actorSource: string;
  claims: LiveClaim[];
  /** What the edit's prepare read (PlanEdit.prepare). */
  extra?: unknown;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const failText = (text: string) => {
  process.stderr.write(sanitize(text));
  return EXIT.failed;
};

async function resolveTarget(repo: Repository): Promise<Target | 'no-remote' | { ambiguous: string[] }> {
  const remotes = await listRemotes(repo.root);
  if (remotes.length === 0) return 'no-remote';
  const base = repo.config.baseBranch ?? repo.base?.name ?? null;
  const upstreams = await branchRemotes(repo.root);
  // Only when nothing local names the base branch: ask the remote (one more round trip).
  const asked = base === null ? await remoteDefaultBranch(repo.root, remotes.includes('origin') ? 'origin' : remotes[0]!) : null;
  return pushTarget({ remotes, base, upstreamRemote: (b) => upstreams.get(b) ?? null, defaultBranch: asked }) ?? { ambiguous: remotes };
}

export async function pushPlanEdit(p: PushEdit): Promise<number> {
  const { repo, spec } = p;
  const command = spec.command;
  // Under --json each refusal is one JSON error on stderr (./plan-edit.ts).
  const fail = (text: string) => (p.values.json === true ? refusedJson(command, null, text, '') : failText(text));
  const target = await resolveTarget(repo);
  if (target === 'no-remote') return fail(messages.pushNoRemote(command));
  if ('ambiguous' in target) return fail(messages.pushNoTarget(command, target.ambiguous));
  const where = `${target.remote}/${target.branch}`;
  const plans = planMatcher(repo.config);
  // The remote decides what the base branch's plan says; of the local facts, other worktrees'
  // claims and other remote branches' still count. The local copy of the base branch may be stale.
  const worktreeClaims = p.claims.filter((c) => c.source.kind === 'worktree' || (c.source.kind === 'remote' && c.source.ref !== `refs/remotes/${where}`));
  for (let attempt = 1; attempt <= MAX_TRIES; attempt++) {
    if (attempt > 1) await sleep(retryWait(attempt));
    const fetched = await fetchBranch(repo.root, target.remote, target.branch);
    if ('error' in fetched) return fail(messages.pushUnreachable(command, target.remote, target.branch, fetched.error));
    if ('missing' in fetched) return fail(messages.pushNoBranch(command, target.remote, target.branch));
    const files = (await filesAt(repo.root, fetched.tip, plans.roots, plans.matches)).filter((f) => f.text !== null);
    const located = findTask(files.map((f) => ({ file: f.path, text: f.text! })), p.address);
    const ctx: EditContext = { actor: p.actor, aliases: repo.config.aliases, now: new Date(), staleAfterHours: repo.config.staleAfterHours };
    const outcome = decideEdit(spec, located, ctx, p.values, worktreeClaims, p.extra);
    if (!outcome.ok) return fail(messages.pushRefused(command, where, located.file, outcome.message, outcome.fix, attempt));
    const task = taskKey(located.plan.planId, located.taskId);
    const commit = await commitOneFile(repo.root, repo.gitDir, {
      parent: fetched.tip,
      path: located.file,
      mode: files.find((f) => f.path === located.file)!.mode,
      text: formatJson(outcome.plan, detectJsonFormat(located.text)),
      message: (tree) => editCommitMessage(command, task, p.actor, agentRecord({ name: p.actor, source: p.actorSource }, tree)),
      authorName: p.actor,
    });
    const pushed = await pushCommit(repo.root, target.remote, commit, target.branch);
    const verdict = classifyPush(pushed);
    if (verdict === 'race') continue;
    if (verdict === 'failed') return fail(messages.pushFailed(command, target.remote, target.branch, pushed.stderr.trim() || pushed.stdout.trim()));
    await updateRef(repo.root, `refs/remotes/${where}`, commit);
    const local = await bringLocal(repo, target, where, commit);
    if (p.values.json === true) {
      process.stdout.write(editJson(command, located.file, outcome.plan, located.taskId, outcome.summary, { pushed: { to: where, commit, tries: attempt }, local: sanitize(local.trim()) }));
      return EXIT.ok;
    }
    process.stdout.write(sanitize(messages.pushDone(where, located.file, outcome.summary, commit, attempt)));
    process.stdout.write(sanitize(local));
    return EXIT.ok;
  }
  return fail(messages.pushGaveUp(command, where, MAX_TRIES));
}

/** Moves the current branch to the pushed commit when it is the base branch and nothing is lost; says what became of it. */
async function bringLocal(repo: Repository, target: Target, where: string, commit: string): Promise<string> {
  const behind = repo.head === null || (await isAncestor(repo.root, repo.head, commit));
  const update = localUpdate(repo.branch, target, behind);
  if (update.kind === 'other-branch') return messages.pushOtherBranch(update.branch, where);
  if (update.kind === 'ahead') return messages.pushNotForwarded(update.branch, where, messages.pushAhead(where));
  const merged = await fastForward(repo.root, commit);
  if (merged.code === 0) return messages.pushFastForwarded(target.branch, where);
  return messages.pushNotForwarded(target.branch, where, `git: ${merged.stderr.trim().split('\n').slice(0, 4).join(' ') || 'merge --ff-only failed'}`);
}
