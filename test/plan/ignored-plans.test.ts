// Plans outside the configured glob are named (issue 26): a monorepo keeps its plans in
// packages/*/docs/*-plan.json, which the default `plans` pattern (docs/**/*-plan.json) does not
// match. status, doctor and validate each say once which plan-like files are ignored and the
// `plans` setting that includes them, instead of silence; files git ignores (node_modules) are
// never looked at. With the suggested setting, the plans are read and the notice is gone.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { makeRepo } from '../fixtures/repo.js';
import { open, plan } from '../fixtures/plans.js';

const repo = makeRepo({ initialCommit: true });
after(() => repo.remove());

const count = (text: string, re: RegExp) => (text.match(new RegExp(re.source, 'g')) ?? []).length;

test('status, doctor and validate name the plans the glob ignores, once, with the pattern that includes them', () => {
  repo.writeJson('packages/api/docs/api-plan.json', plan('api', [open('endpoints', ['packages/api/src'])]));
  repo.write('packages/api/docs/api-plan.md', '# api\n');
  repo.writeJson('packages/web/docs/web-plan.json', plan('web', [open('pages', ['packages/web/src'])]));
  repo.write('packages/web/docs/web-plan.md', '# web\n');
  // A dependency's plan-like file: git ignores it, and so does plan-hooks.
  repo.write('.gitignore', 'node_modules\n');
  repo.writeJson('node_modules/dep/docs/dep-plan.json', plan('dep', [open('x', ['x'])]));
  repo.git('add', '-A');
  repo.git('commit', '-q', '-m', 'monorepo plans');

  const files = /packages\/api\/docs\/api-plan\.json, packages\/web\/docs\/web-plan\.json/;
  const fix = /To check them as plans, set "plans" in \.plan-hooks\.json to \["docs\/\*\*\/\*-plan\.json","packages\/\*\/docs\/\*-plan\.json"\]/;
  const status = repo.cli(['status']);
  assert.equal(status.code, 0, status.stderr);
  assert.equal(count(status.stdout, /2 files named like plans are ignored/), 1, status.stdout);
  assert.match(status.stdout, files);
  assert.match(status.stdout, fix);
  assert.doesNotMatch(status.stdout + status.stderr, /dep-plan/);
  const json = JSON.parse(repo.cli(['status', '--json']).stdout) as { ignoredPlans: string[] };
  assert.deepEqual(json.ignoredPlans, ['packages/api/docs/api-plan.json', 'packages/web/docs/web-plan.json']);

  const doctor = repo.cli(['doctor', '--no-run']);
  assert.equal(count(doctor.stdout, /2 files named like plans are ignored/), 1, doctor.stdout);
  assert.match(doctor.stdout, files);
  assert.match(doctor.stdout, fix);

  const validate = repo.cli(['validate']);
  assert.equal(validate.code, 0, validate.stderr);
  assert.match(validate.stdout, /No plan files match docs\/\*\*\/\*-plan\.json/);
  assert.equal(count(validate.stdout, /2 files named like plans are ignored/), 1, validate.stdout);
  assert.match(validate.stdout, fix);
  const validateJson = JSON.parse(repo.cli(['validate', '--json']).stdout) as { ignored: string[] };
  assert.deepEqual(validateJson.ignored, ['packages/api/docs/api-plan.json', 'packages/web/docs/web-plan.json']);

  // The suggested setting: both plans are read and nothing is said of ignored files.
  repo.writeJson('.plan-hooks.json', { plans: ['docs/**/*-plan.json', 'packages/*/docs/*-plan.json'] });
  repo.git('add', '-A');
  repo.git('commit', '-q', '-m', 'include the packages’ plans');
  const after = repo.cli(['status']);
  assert.match(after.stdout, /packages\/api\/docs\/api-plan\.json/);
  assert.doesNotMatch(after.stdout, /ignored/);
  const checked = repo.cli(['validate']);
  assert.match(checked.stdout, /2 plans checked: 2 passed/);
  assert.doesNotMatch(checked.stdout, /ignored/);
});
