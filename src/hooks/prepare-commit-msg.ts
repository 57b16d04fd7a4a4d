// prepare-commit-msg: add `Plan-Task: <plan>/<task>` when every claimed path the commit
// touches belongs to one live task of the committer. Never for merges, squashes, amends or
// sequencer picks (the message is git's or already written), never twice (a Plan-Task trailer
// already there stays the only one), never when config.trailer is false. This hook never
// blocks: the runner turns any failure into a message.
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { HookRun } from './main.js';
import { check } from '../check/check.js';
import { planMatcher } from '../plan/discover.js';
import { readIndexFacts } from '../facts/facts.js';
import { git } from '../git/git.js';
import { trailerTask } from './trailer.js';

/** git's second argument when it has already decided the message. */
const GIT_WROTE_IT = new Set(['merge', 'squash', 'commit']);
/** Under the git dir while a merge, rebase, cherry-pick or revert is in progress. */
const SEQUENCER = ['rebase-merge', 'rebase-apply', 'MERGE_HEAD', 'CHERRY_PICK_HEAD', 'REVERT_HEAD'];

const run: HookRun = async ([messageFile, source]) => {
  if (!messageFile || (source !== undefined && GIT_WROTE_IT.has(source))) return 0;
  const facts = await readIndexFacts(process.cwd(), { tree: false });
  const { repo, config } = facts;
  if (!config.trailer) return 0;
  if (SEQUENCER.some((name) => existsSync(join(repo.gitDir, name)))) return 0;
  // The one check, with every check off: only which of the committer's own claims the paths fall under.
  const { ownHits } = check({
    changes: facts.changes,
    plans: [],
    rules: null,
    identity: facts.identity,
    claims: facts.claims,
    ownClaims: facts.claimsAfter,
    config,
    modes: { plans: 'off', transitions: 'off', claims: 'off' },
    isPlanFile: planMatcher(config).matches,
    ignoreCase: repo.ignoreCase,
  });
  const task = trailerTask(ownHits);
  if (task === null) return 0;
  const file = resolve(repo.root, messageFile);
  await git(['interpret-trailers', '--in-place', '--if-exists', 'doNothing', '--trailer', `Plan-Task: ${task}`, file], { cwd: repo.root });
  // An empty message (the editor's template) gets the trailer on line 2; like `commit -s`, keep
  // line 1 for the subject and a blank line before the trailer, or it would not parse as one.
  const text = await readFile(file, 'utf8');
  if (text.startsWith('\nPlan-Task: ')) await writeFile(file, `\n${text}`);
  return 0;
};
export default run;
