// pre-push: the backstop for --no-verify. Every commit the push would add to the remote goes
// through pre-commit's check (src/check/range.ts); one that would have been refused at commit
// time refuses the push.
import type { HookRun } from './main.js';
import { formatVerdict } from '../commands/check.js';
import { allowed, skipsFrom } from '../check/check.js';
import { checkCommits } from '../check/range.js';
import { openRepository } from '../git/repository.js';
import { git } from '../git/git.js';
import { messages } from '../messages.js';

const ZERO = /^0+$/;

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** The commits a push adds to the remote, oldest first (pure parse of git's stdin lines aside). */
async function pushedCommits(lines: string[], remote: string, cwd: string): Promise<string[]> {
  const commits: string[] = [];
  for (const line of lines) {
    const [, localSha, , remoteSha] = line.split(' ');
    if (!localSha || ZERO.test(localSha)) continue; // a deletion pushes nothing
    const known = remoteSha && !ZERO.test(remoteSha) ? await git(['cat-file', '-e', `${remoteSha}^{commit}`], { cwd, allowFail: true }) : null;
    const args = known !== null ? [`${remoteSha}..${localSha}`] : [localSha, '--not', `--remotes=${remote}`];
    commits.push(...(await git(['rev-list', '--reverse', ...args, '--'], { cwd })).split('\n').filter(Boolean));
  }
  return [...new Set(commits)];
}

const run: HookRun = async ([remote = 'origin']) => {
  const lines = (await readStdin()).split('\n').filter(Boolean);
  const repo = await openRepository();
  const verdicts = await checkCommits(repo, await pushedCommits(lines, remote, repo.root), skipsFrom(process.env.PLAN_HOOKS_SKIP).skipped);
  for (const v of verdicts) process.stderr.write(await formatVerdict(v, messages.bypassPush()));
  const bad = verdicts.filter((v) => !allowed(v.decision)).length;
  if (bad > 0) process.stderr.write(messages.rangeSummary(bad, verdicts.length));
  return bad > 0 ? 1 : 0;
};
export default run;
