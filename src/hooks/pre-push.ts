// pre-push: the backstop for commits the hooks did not see. Every commit the remote does not
// have yet goes through pre-commit's check as of its own time (src/check/range.ts); one that
// would have been refused at commit time refuses the push.
import type { HookRun } from './main.js';
import { formatRangeAdvice, formatVerdict } from '../check/report.js';
import { CHECKS, allowed, skipsFrom } from '../core/check.js';
import type { CheckName } from '../config/config.js';
import type { Repository } from '../git/repository.js';
import { IDENTITY_READS, identityFrom } from '../identity/resolve.js';
import type { OverrideEntry } from '../worklog/entry.js';
import { append, worklogFile } from '../worklog/store.js';
import { type CommitVerdict, type KnownToRemote, checkCommits } from '../check/range.js';
import { openRepository } from '../git/repository.js';
import { commitsNotOn } from '../git/history.js';
import { GIT_DIRS, existingObjects } from '../git/queries.js';
import { gitQueries, gitQuery } from '../git/git.js';
import { mergeBase } from '../git/history.js';
import { messages } from '../messages/index.js';
import { refuseDroppedClaims } from '../check/dropped-claims.js';
import { decideOverride, overrideIn } from '../core/overrides.js';
import { sessionFactsOf } from '../facts/facts.js';
import { sanitize } from '../term.js';

const ZERO = /^0+$/;
const OID = /^[0-9a-f]{40,64}$/;

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * What `rev-list --stdin` reads for a push (pure): each pushed tip, and each remote tip the push
 * replaces as a commit the remote already has. Deletions push nothing.
 */
export function pushRevisions(lines: string[]): string[] {
  const revs: string[] = [];
  for (const line of lines) {
    const [, localSha, , remoteSha] = line.trim().split(' ');
    if (!localSha || !OID.test(localSha) || ZERO.test(localSha)) continue;
    revs.push(localSha);
    if (remoteSha && OID.test(remoteSha) && !ZERO.test(remoteSha)) revs.push(`^${remoteSha}`);
  }
  return revs;
}

/**
 * The commits the push adds, parents first: reachable from the pushed tips and from none of the
 * remote's branches as this clone last saw them (a new branch brings only its own commits, not
 * the history the remote has). A push to a URL has no remote-tracking branches of its own:
 * every remote's count. Revisions go through stdin, so no push is too large for argv. Also what
 * the remote already has, for the rebase rule (src/check/range.ts): those branches and the tips
 * the push replaces.
 */
export async function pushedCommits(lines: string[], remote: string, cwd: string): Promise<{ commits: string[]; known: KnownToRemote }> {
  const revs = pushRevisions(lines);
  const refs = [/[/:]/.test(remote) ? '--remotes' : `--remotes=${remote}`];
  if (revs.length === 0) return { commits: [], known: { refs, commits: [] } };
  // A replaced remote tip this clone has never fetched is not an object here: leave it out.
  const have = await existingObjects(revs.map((r) => r.replace(/^\^/, '')), cwd);
  const usable = revs.filter((r) => have.has(r.replace(/^\^/, '')));
  const commits = await commitsNotOn(usable, refs, cwd);
  return { commits, known: { refs, commits: usable.filter((r) => r.startsWith('^')).map((r) => r.slice(1)) } };
}

/**
 * The pusher's environment does not decide: with PLAN_HOOKS_SKIP (or PLAN_HOOKS=0, every
 * check) the commits are judged as they are; when the skip is what lets the push through, it
 * goes through as a recorded override — a worklog entry says who pushed which commits past
 * which check — and CI, which ignores both variables, judges the same commits again.
 */
async function recordOverride(repo: Repository, remote: string, skipped: string[], verdicts: CommitVerdict[]): Promise<void> {
  const { dirs, ...read } = await gitQueries({ dirs: GIT_DIRS, ...IDENTITY_READS }, repo.root);
  const [file, identity] = [worklogFile(dirs.commonDir), identityFrom(repo.config, null, read)];
  const commits = verdicts.map((v) => ({ commit: v.commit, subject: v.subject, paths: [...new Set(v.decision.refusals.map((h) => h.path))] }));
  await append(file, (seq): OverrideEntry => ({ v: 1, type: 'override', seq, time: new Date().toISOString(), branch: repo.branch, worktree: repo.root, identity, hook: 'pre-push', remote, skipped, commits }));
}

const run: HookRun = async ([remote = 'origin']) => {
  const lines = (await readStdin()).split('\n').filter(Boolean);
  const repo = await openRepository();
  // An override is a person's: asked in an agent session, the push is refused (../core/overrides.ts).
  const override = decideOverride(overrideIn(process.env), sessionFactsOf(repo));
  if (override.kind === 'refused') {
    process.stderr.write(sanitize(messages.overrideRefused('push', override.override.skipped, override.override.off, override.evidence)));
    return 1;
  }
  const skip: CheckName[] = process.env.PLAN_HOOKS === '0' ? [...CHECKS] : skipsFrom(process.env.PLAN_HOOKS_SKIP).skipped;
  const { commits, known } = await pushedCommits(lines, remote, repo.root);
  // Signed identity as a person left it on the remote (docs/signing.md): the base branch where the
  // tip the push replaces meets it (that tip, a branch's own, need not be a person's), else the base.
  const { signingAt } = await import('../check/signing.js');
  const replaced = known.commits[0] ?? null;
  const baseTip = repo.base?.commit ?? null;
  const at = replaced && baseTip && replaced !== baseTip ? ((await gitQuery(mergeBase(replaced, baseTip), repo.root)) ?? replaced) : (replaced ?? baseTip);
  const signing = commits.length > 0 ? await signingAt(at, repo.root) : null;
  const verdicts = await checkCommits(repo, commits, { known, signing });
  const refused = verdicts.filter((v) => !allowed(v.decision));
  if (refused.length > 0 && skip.length > 0 && (await checkCommits(repo, refused.map((v) => v.commit), { skip, known, signing })).every((v) => allowed(v.decision))) {
    for (const v of refused) process.stderr.write(await formatVerdict(v, messages.bypassPush()));
    await recordOverride(repo, remote, skip, refused);
    process.stderr.write(messages.pushOverridden(skip, refused.length));
    return 0;
  }
  // pre-push runs where the sessions are: a handover made on a stop the session contradicted is disputed.
  const { readSessions, commonDirOf } = await import('../sessions/store.js');
  const rotation = { sessions: readSessions(commonDirOf(repo.gitDir)), idleAfterMinutes: repo.config.idleAfterMinutes, aliases: repo.config.aliases };
  for (const v of verdicts) process.stderr.write(await formatVerdict(v, messages.bypassPush(), rotation));
  const bad = refused.length;
  if (bad > 0) process.stderr.write(formatRangeAdvice(verdicts) + messages.rangeSummary(bad, verdicts.length));
  // What the push could not verify, named (src/check/summary.ts).
  const { summarize, summaryText } = await import('../check/summary.js');
  process.stderr.write(summaryText(summarize(verdicts, skip)));
  // A forced update can drop a claim no pushed commit touches (src/check/dropped-claims.ts).
  const dropped = skip.includes('claims') ? 0 : await refuseDroppedClaims(repo, lines, remote, messages.bypassPush());
  return bad > 0 || dropped > 0 ? 1 : 0;
};
export default run;
