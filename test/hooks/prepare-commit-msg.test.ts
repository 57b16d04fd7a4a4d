// The Plan-Task trailer: added when the staged paths belong to one live task of the committer.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import type { Repo } from '../fixtures/repo.js';
import { claimed, plan } from '../fixtures/plans.js';
import { repoWithPlans } from '../fixtures/repo.js';

const repos: Repo[] = [];
after(() => repos.forEach((r) => r.remove()));

function setup(): Repo {
  const r = repoWithPlans({ 'docs/api-plan.json': plan('api', [claimed('endpoints', 'Test Author', ['src/api']), claimed('docs', 'Test Author', ['guide'])]) });
  repos.push(r);
  return r;
}
const message = (r: Repo, rev = 'HEAD') => r.git('log', '-1', '--format=%B', rev);
const trailers = (r: Repo) => message(r).split('\n').filter((l) => l.startsWith('Plan-Task:'));

test('git commit -m gets Plan-Task when every claimed path is one task of the committer', () => {
  const r = setup();
  r.write('src/api/a.ts', 'x\n');
  r.write('README.md', 'unclaimed paths do not matter\n');
  r.git('add', '-A');
  assert.equal(r.commit('work').code, 0);
  assert.deepEqual(trailers(r), ['Plan-Task: api/endpoints']);
});

test('never twice, never for two tasks, none for unclaimed work', () => {
  const r = setup();
  r.write('src/api/a.ts', 'x\n');
  r.git('add', '-A');
  assert.equal(r.commit('work\n\nPlan-Task: api/endpoints').code, 0);
  assert.deepEqual(trailers(r), ['Plan-Task: api/endpoints']);
  r.write('src/api/b.ts', 'x\n');
  r.write('guide/x.md', 'x\n');
  r.git('add', '-A');
  assert.equal(r.commit('two tasks').code, 0);
  assert.deepEqual(trailers(r), []);
  r.write('README.md', 'y\n');
  r.git('add', '-A');
  assert.equal(r.commit('nothing claimed').code, 0);
  assert.deepEqual(trailers(r), []);
});

test('not for merges, amends, cherry-picks; not when config.trailer is false', () => {
  const r = setup();
  r.git('checkout', '-q', '-b', 'side');
  r.write('src/api/a.ts', 'x\n');
  r.git('add', '-A');
  r.git('commit', '-q', '-m', 'side');
  assert.equal(trailers(r).length, 1);
  const picked = r.git('rev-parse', 'HEAD').trim();
  r.git('checkout', '-q', 'main');
  r.git('merge', '-q', '--no-ff', '-m', 'merge side', 'side');
  assert.deepEqual(trailers(r), []);
  r.git('reset', '-q', '--hard', 'HEAD~1');
  r.git('commit', '-q', '--amend', '-m', 'amended message');
  assert.deepEqual(trailers(r), []);
  r.git('cherry-pick', picked);
  assert.deepEqual(trailers(r), ['Plan-Task: api/endpoints'], 'a cherry-pick keeps the original message as it was');
  r.git('reset', '-q', '--hard', 'HEAD~1');
  r.writeJson('.plan-hooks.json', { trailer: false });
  r.git('add', '.plan-hooks.json');
  r.git('commit', '-q', '-m', 'config');
  r.write('src/api/c.ts', 'x\n');
  r.git('add', '-A');
  assert.equal(r.commit('no trailer').code, 0);
  assert.deepEqual(trailers(r), []);
});

test('with the editor’s template: the trailer goes above git’s comment lines', () => {
  const r = setup();
  r.write('src/api/a.ts', 'x\n');
  r.git('add', '-A');
  const res = r.tryGit(['commit'], { GIT_EDITOR: 'sed -i "1s/^/edited subject/"' });
  assert.equal(res.code, 0, res.stderr);
  assert.equal(message(r).trim(), 'edited subject\n\nPlan-Task: api/endpoints');
});
