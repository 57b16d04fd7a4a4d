// The GitHub Actions template (templates/github-actions/plan-hooks.yml): its check step, run as
// a runner would run it (bash, BASE/HEAD from the event, plan-hooks from node_modules/.bin).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { CLI, PACKAGE_ROOT, type Repo } from '../fixtures/repo.js';
import { claimed, plan, repoWithPlans } from '../fixtures/claimed-plans.js';

const repos: Repo[] = [];
after(() => repos.forEach((r) => r.remove()));

/** The `run: |` script of the step named "plan-hooks check --range", unindented. */
function checkStep(): string {
  const yaml = readFileSync(join(PACKAGE_ROOT, 'templates/github-actions/plan-hooks.yml'), 'utf8');
  const step = yaml.slice(yaml.indexOf('- name: plan-hooks check --range'));
  const lines = step.slice(step.indexOf('run: |') + 'run: |'.length).split('\n').slice(1);
  const indent = /^ */.exec(lines[0]!)![0].length;
  return lines.filter((l) => l.startsWith(' '.repeat(indent)) || l === '').map((l) => l.slice(indent)).join('\n');
}

function runStep(r: Repo, base: string, head: string) {
  return spawnSync('bash', ['-e', '-c', checkStep()], { cwd: r.dir, env: { ...r.env, BASE: base, HEAD: head }, encoding: 'utf8' });
}

test('the CI template checks the pushed range: a --no-verify commit to a claimed file fails the job', () => {
  const r = repoWithPlans({ 'docs/api-plan.json': plan('api', [claimed('endpoints', 'codex', ['src/api'])]) });
  repos.push(r);
  r.write('package.json', '{ "name": "app", "private": true }\n');
  mkdirSync(join(r.dir, 'node_modules/.bin'), { recursive: true });
  symlinkSync(CLI, join(r.dir, 'node_modules/.bin/plan-hooks'));
  r.write('.gitignore', 'node_modules\n');
  r.git('add', '-A');
  r.git('-c', 'core.hooksPath=/dev/null', 'commit', '-q', '-m', 'package');
  const before = r.git('rev-parse', 'HEAD').trim();
  r.write('src/free.ts', 'x\n');
  r.git('add', '-A');
  r.git('commit', '-q', '-m', 'clean');
  const clean = r.git('rev-parse', 'HEAD').trim();

  const ok = runStep(r, before, clean);
  assert.equal(ok.status, 0, ok.stderr);

  r.write('src/api/a.ts', 'x\n');
  r.git('add', '-A');
  r.git('-c', 'core.hooksPath=/dev/null', 'commit', '-q', '-m', 'sneaky');
  const bad = runStep(r, before, r.git('rev-parse', 'HEAD').trim());
  assert.equal(bad.status, 1);
  assert.match(bad.stderr, /commit [0-9a-f]{12} sneaky/);
  assert.match(bad.stderr, /src\/api\/a\.ts/);

  // A first push has no "before" (all zeros): the range starts at the root commit.
  const first = runStep(r, '0'.repeat(40), r.git('rev-parse', 'HEAD').trim());
  assert.equal(first.status, 1);
  assert.match(first.stderr, /sneaky/);
});
