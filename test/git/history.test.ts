// The history reads status asks for every plan at once, over a real repository: the window's
// commits, each path's last change, how many commits followed, and handoff.lastCommit resolved
// in two batches whatever the count of plans.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { gitQueries, gitQuery } from '../../src/git/git.js';
import { commitsBetween, commitsOf, firstParentBack, isAncestorOf, lastChanges, lastChangesIn, trackedAt } from '../../src/git/history.js';
import { planHistory, resolveLastCommits } from '../../src/handoff/git-facts.js';
import { makeRepo, type Repo } from '../fixtures/repo.js';

const repos: Repo[] = [];
after(() => repos.forEach((r) => r.remove()));

function history(): { r: Repo; ids: string[] } {
  const r = makeRepo();
  repos.push(r);
  const ids: string[] = [];
  for (const [i, file] of ['docs/a-plan.json', 'docs/b-plan.json', 'src/x.ts', 'docs/a-plan.json'].entries()) {
    r.write(file, `${i}\n`);
    r.git('add', file);
    r.git('commit', '-q', '-m', `c${i}`);
    ids.push(r.git('rev-parse', 'HEAD').trim());
  }
  return { r, ids };
}

test('the history queries read what git says', async () => {
  const { r, ids } = history();
  const head = ids[3]!;
  const answers = await gitQueries(
    {
      back2: firstParentBack(head, 2),
      back9: firstParentBack(head, 9),
      window: commitsOf([head, `^${ids[1]}`]),
      last: lastChangesIn([head], ['docs/a-plan.json', 'docs/b-plan.json', 'docs/none-plan.json']),
      tracked: trackedAt(head, ['docs/a-plan.json', 'docs/none-plan.json']),
      since: commitsBetween(ids[1]!, head),
      ancestor: isAncestorOf(ids[0]!, head),
      notAncestor: isAncestorOf(head, ids[0]!),
    },
    r.dir,
  );
  assert.equal(answers.back2, ids[1]);
  assert.equal(answers.back9, null);
  assert.deepEqual(answers.window, [ids[3], ids[2]]);
  assert.deepEqual([...answers.last], [['docs/a-plan.json', ids[3]], ['docs/b-plan.json', ids[1]]]);
  assert.deepEqual([...answers.tracked], ['docs/a-plan.json']);
  assert.equal(answers.since, 2);
  assert.equal(answers.ancestor, true);
  assert.equal(answers.notAncestor, false);
  assert.deepEqual([...lastChanges(r.git('log', '--format=%x01%H', '--name-only', '-z', head, '--', 'src'))], [['src/x.ts', ids[2]]]);
});

test('planHistory and resolveLastCommits over several plans', async () => {
  const { r, ids } = history();
  const head = ids[3]!;
  const h = await planHistory(['docs/a-plan.json', 'docs/b-plan.json'], head, r.dir);
  assert.deepEqual([...h.counts], [['docs/a-plan.json', 0], ['docs/b-plan.json', 2]]);
  assert.equal(h.bounded, false);
  r.git('checkout', '-q', '-b', 'side', ids[0]!);
  r.write('side.txt', 'side\n');
  r.git('add', 'side.txt');
  r.git('commit', '-q', '-m', 'side');
  const side = r.git('rev-parse', 'HEAD').trim();
  const resolved = await resolveLastCommits([undefined, 'HEAD~1', 'no-such-ref', ids[1]!.slice(0, 12), side, '-x'], head, r.dir);
  assert.deepEqual(resolved, [null, null, null, { full: ids[1], ancestor: true }, { full: side, ancestor: false }, null]);
  assert.deepEqual(await resolveLastCommits([ids[2]!], null, r.dir), [{ full: ids[2], ancestor: false }]);
  assert.equal(await gitQuery(firstParentBack(head, 1), r.dir), ids[2]);
});
