// doctor's findings over real facts, with the runner's probe given: each problem is reported
// with its fix, and only problems that stop a hook fail.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { HOOKS } from '../../src/core/hook-table.js';
import { diagnose } from '../../src/install/doctor.js';
import { gatherFacts } from '../../src/install/facts.js';
import { makeRepo } from '../fixtures/repo.js';
import { nodeRepo } from './helpers.js';

test('an old node, a missing plan-hooks and an absolute core.hooksPath are reported with their fixes', async () => {
  const repo = makeRepo({ initialCommit: true });
  assert.equal(repo.cli(['init']).code, 0);
  repo.git('config', 'core.hooksPath', `${repo.dir}/.git/hooks`);
  const facts = await gatherFacts(repo.dir);
  const findings = diagnose(facts, { node: '/opt/node18/bin/node', cli: '', nodeVersion: 'v18.19.0', runs: {} }, { PLAN_HOOKS: '0' });
  const fails = findings.filter((f) => f.level === 'fail').map((f) => f.text);
  const warns = findings.filter((f) => f.level === 'warn').map((f) => f.text);
  assert.ok(fails.some((t) => /node v18\.19\.0 .* is older than 20\.17/.test(t)));
  assert.ok(fails.some((t) => /cannot find plan-hooks/.test(t)));
  assert.ok(warns.some((t) => /absolute path/.test(t)));
  assert.ok(warns.some((t) => /PLAN_HOOKS=0/.test(t)));
  assert.ok(findings.filter((f) => f.level !== 'ok').every((f) => f.fix && f.fix.length > 0), 'every problem has a fix');
  repo.remove();
});

test('doctor on a repository without plan-hooks fails, naming each hook that will not run', () => {
  const repo = makeRepo({ initialCommit: true });
  const r = repo.cli(['doctor']);
  assert.equal(r.code, 1);
  for (const hook of HOOKS) {
    assert.match(r.stdout, new RegExp(`FAIL .*plan-hooks does not run on ${hook}`));
  }
  assert.match(r.stdout, /the hook runner .* is missing/);
  repo.remove();
});

test("doctor fails when a user's exit comes before plan-hooks' section in .husky/<hook>", () => {
  const repo = nodeRepo();
  assert.equal(repo.cli(['init']).code, 0);
  assert.equal(repo.cli(['doctor']).code, 0);
  const file = join(repo.dir, '.husky/pre-commit');
  writeFileSync(file, `exit 0\n${readFileSync(file, 'utf8')}`);
  const r = repo.cli(['doctor']);
  assert.equal(r.code, 1);
  assert.match(r.stdout, /FAIL {2}\.husky\/pre-commit exits before plan-hooks' section[\s\S]*fix: move the lines/);
  repo.remove();
});
