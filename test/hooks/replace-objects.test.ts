// The hooks see git's objects as they are (issue 25 item 6): a `git replace` of HEAD's plan blob
// by a plan that drops the claim changes what `git show` prints, not what pre-commit, pre-push
// and `check --range` judge by.
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { claimed, plan } from '../fixtures/plans.js';
import { repoWithPlans } from '../fixtures/repo.js';
import { TempDirs, withRemote } from '../fixtures/remote.js';

const temp = new TempDirs();
after(() => temp.removeAll());

const PLAN = 'docs/api-plan.json';

test('a replace ref that drops the claim from HEAD’s plan blob refuses the claimed file at pre-commit, pre-push and in check --range', () => {
  const r = repoWithPlans({ [PLAN]: plan('api', [claimed('endpoints', 'codex', ['src/api'])]) });
  temp.dirs.push(r.dir);
  withRemote(r, temp);
  assert.equal(r.tryGit(['push', '-q', 'origin', 'main']).code, 0);
  // The replacement: the same plan with the claim gone (no files, no holder).
  const blob = r.git('rev-parse', `HEAD:${PLAN}`).trim();
  const unclaimed = plan('api', [claimed('endpoints', 'codex', ['src/elsewhere'])]);
  r.writeJson('fake-plan.json', unclaimed);
  const fake = r.git('hash-object', '-w', 'fake-plan.json').trim();
  rmSync(join(r.dir, 'fake-plan.json'));
  r.git('replace', blob, fake);
  assert.match(r.git('show', `HEAD:${PLAN}`), /src\/elsewhere/, 'git itself shows the replacement');

  r.write('src/api/users.ts', 'x\n');
  r.git('add', '-A');
  const commit = r.tryGit(['commit', '-m', 'past a replaced plan'], { PLAN_HOOKS_AGENT: 'claude' });
  assert.equal(commit.code, 1, commit.stderr);
  assert.match(commit.stderr, /api\/endpoints, held by codex[\s\S]*src\/api\/users\.ts/);

  // Made where no hook runs, the commit is refused at push, and by check --range in CI.
  r.git('-c', 'core.hooksPath=/dev/null', 'commit', '-q', '-m', 'hookless past a replaced plan');
  const push = r.tryGit(['push', 'origin', 'main'], { PLAN_HOOKS_AGENT: 'claude' });
  assert.equal(push.code, 1, push.stderr);
  assert.match(push.stderr, /hookless past a replaced plan[\s\S]*src\/api\/users\.ts/);
  const range = r.cli(['check', '--range', 'origin/main..HEAD'], { CI: 'true' });
  assert.equal(range.code, 1, range.stderr);
  assert.match(range.stderr, /src\/api\/users\.ts/);
});
