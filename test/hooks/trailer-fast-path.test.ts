// pre-commit's "no trailer" record lets the runner end prepare-commit-msg without starting
// node; every other case still runs the hook (the trailer tests in prepare-commit-msg.test.ts
// hold for both paths).
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { NodeLog } from '../fixtures/node-log.js';
import type { Repo } from '../fixtures/repo.js';
import { claimed, plan, repoWithPlans } from '../fixtures/claimed-plans.js';

const logs = new NodeLog();
const repos: Repo[] = [];
after(() => {
  repos.forEach((r) => r.remove());
  logs.remove();
});

const message = (r: Repo) => r.git('log', '-1', '--format=%B');
const record = (r: Repo) => join(r.git('rev-parse', '--absolute-git-dir').trim(), 'plan-hooks', 'no-trailer');

function setup(): Repo {
  const r = repoWithPlans({ 'docs/api-plan.json': plan('api', [claimed('endpoints', 'Test Author', ['src/api'])]) });
  repos.push(r);
  return r;
}

test('a commit that gets no trailer starts node for pre-commit only', () => {
  const r = setup();
  const log = join(logs.dir, 'code.log');
  r.write('README.md', 'unclaimed\n');
  r.git('add', '-A');
  assert.equal(r.tryGit(['commit', '-m', 'code'], logs.starts(log)).code, 0);
  assert.deepEqual(readFileSync(log, 'utf8').trim().split('\n'), ['hook pre-commit']);
  assert.equal(existsSync(record(r)), false, 'the record is consumed');
  assert.equal(message(r), 'code\n\n');
});

test('a commit that gets a trailer, or that pre-commit did not see, runs prepare-commit-msg', () => {
  const r = setup();
  const log = join(logs.dir, 'own.log');
  r.write('src/api/a.ts', 'x\n');
  r.git('add', '-A');
  assert.equal(r.tryGit(['commit', '-m', 'own'], logs.starts(log)).code, 0);
  assert.deepEqual(readFileSync(log, 'utf8').trim().split('\n'), ['hook pre-commit', 'hook prepare-commit-msg']);
  assert.match(message(r), /^Plan-Task: api\/endpoints$/m);

  // A record left for another index (a commit that never got this far) does not count.
  const head = r.git('rev-parse', 'HEAD').trim();
  writeFileSync(record(r), `${r.git('rev-parse', 'HEAD^{tree}').trim()} ${head}\n`);
  r.write('src/api/b.ts', 'x\n');
  r.git('add', '-A');
  assert.equal(r.commit('unverified', '--no-verify').code, 0);
  assert.match(message(r), /^Plan-Task: api\/endpoints$/m);
  assert.equal(existsSync(record(r)), false, 'the record is consumed');
});
