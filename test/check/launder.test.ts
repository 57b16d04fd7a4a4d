// A known patch launders nothing (issue 25, item 5): the change published first on a branch whose
// history has no plan (a root snapshot made with commit-tree), then cherry-picked onto main where
// codex holds the path, is refused at pre-push and in check --range; the honest rebases and
// cherry-picks stay accepted (test/check/range-time.test.ts). Real commits, real pushes to a bare
// remote, check --range in a fresh clone.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { type Repo, repoWithPlans } from '../fixtures/repo.js';
import { TempDirs, freshClone, withRemote } from '../fixtures/remote.js';
import { claimed, plan } from '../fixtures/plans.js';

const temp = new TempDirs();
after(() => temp.removeAll());

/** A root commit holding HEAD's tree without docs/ (no plan in its history), made with commit-tree. */
function rootSnapshotWithoutPlans(r: Repo): string {
  const index = `${r.dir}/.git/snapshot-index`;
  const env = { GIT_INDEX_FILE: index };
  assert.equal(r.tryGit(['read-tree', 'HEAD'], env).code, 0);
  assert.equal(r.tryGit(['rm', '-r', '-q', '--cached', 'docs'], env).code, 0);
  const tree = r.tryGit(['write-tree'], env).stdout.trim();
  const root = r.tryGit(['commit-tree', tree, '-m', 'snapshot'], env);
  assert.equal(root.code, 0, root.stderr);
  return root.stdout.trim();
}

test('a change published on a plan-less root snapshot and cherry-picked onto the claim is refused at pre-push and in CI, naming the known patch', () => {
  const r = repoWithPlans({ 'docs/api-plan.json': plan('api', [claimed('endpoints', 'codex', ['src/api'])]) });
  temp.dirs.push(r.dir);
  const remote = withRemote(r, temp);
  assert.equal(r.tryGit(['push', '-q', 'origin', 'main']).code, 0);
  const before = r.git('rev-parse', 'HEAD').trim();
  // The side branch: a root snapshot with no plan, and the change on it (hookless), pushed: its own
  // ancestry holds no claim, so pre-push lets it through.
  r.git('checkout', '-q', '-b', 'side', rootSnapshotWithoutPlans(r));
  r.write('src/api/a.ts', 'laundered\n');
  r.git('add', '-A');
  assert.equal(r.tryGit(['-c', 'core.hooksPath=/dev/null', 'commit', '-q', '-m', 'api change on a snapshot']).code, 0);
  const published = r.git('rev-parse', 'HEAD').trim();
  const side = r.tryGit(['push', 'origin', 'side']);
  assert.equal(side.code, 0, side.stderr);
  // Then the same change, cherry-picked onto main, where codex holds src/api.
  r.git('checkout', '-q', 'main');
  const pick = r.tryGit(['cherry-pick', published]);
  assert.equal(pick.code, 0, pick.stderr);
  const push = r.tryGit(['push', 'origin', 'main']);
  assert.equal(push.code, 1, push.stderr);
  assert.match(push.stderr, /api change on a snapshot[\s\S]*src\/api\/a\.ts {3}← pattern src\/api/);
  assert.doesNotMatch(push.stderr, /rebased from/);
  assert.match(push.stderr, new RegExp(`same change as ${published.slice(0, 12)}[^\\n]*no history in common`));
  // CI: a fresh clone that has both branches (main pushed past the hook).
  assert.equal(r.tryGit(['push', '-q', '--no-verify', 'origin', 'main']).code, 0);
  const c = freshClone(remote, temp);
  const res = c.cli(['check', '--range', `${before}..main`]);
  assert.equal(res.code, 1, res.stderr);
  assert.match(res.stderr, /api change on a snapshot[\s\S]*src\/api\/a\.ts/);
  assert.doesNotMatch(res.stderr, /rebased from/);
  const json = JSON.parse(c.cli(['check', '--range', `${before}..main`, '--json']).stdout) as { rebasedFrom: string | null; allowed: boolean }[];
  assert.deepEqual(json.map((v) => [v.rebasedFrom, v.allowed]), [[null, false]]);
});
