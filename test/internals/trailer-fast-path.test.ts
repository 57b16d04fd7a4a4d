// pre-commit's "no trailer" record lets the runner end prepare-commit-msg without starting
// node; every other case still runs the hook (the trailer tests in prepare-commit-msg.test.ts
// hold for both paths).
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { after, test } from 'node:test';
import { NodeLog } from '../fixtures/node-log.js';
import type { Repo } from '../fixtures/repo.js';
import { claimed, plan } from '../fixtures/plans.js';
import { makeRepo, repoWithPlans } from '../fixtures/repo.js';

const logs = new NodeLog();
const repos: Repo[] = [];
after(() => {
  repos.forEach((r) => r.remove());
  logs.remove();
});

const message = (r: Repo) => r.git('log', '-1', '--format=%B');
const record = (r: Repo) => join(r.git('rev-parse', '--absolute-git-dir').trim(), 'plan-hooks', 'trailers');
/** Consumed: emptied by the runner (no process), or removed. */
const consumed = (r: Repo) => !existsSync(record(r)) || readFileSync(record(r), 'utf8') === '';

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
  assert.equal(consumed(r), true, 'the record is consumed');
  assert.equal(message(r), 'code\n\n');
});

test('a commit that gets trailers has them written by the runner; one pre-commit did not see runs prepare-commit-msg', () => {
  const r = setup();
  const log = join(logs.dir, 'own.log');
  r.write('src/api/a.ts', 'x\n');
  r.git('add', '-A');
  assert.equal(r.tryGit(['commit', '-m', 'own'], { ...logs.starts(log), PLAN_HOOKS_AGENT: 'Test Author' }).code, 0);
  assert.deepEqual(readFileSync(log, 'utf8').trim().split('\n'), ['hook pre-commit']);
  assert.match(message(r), /^own\n\nPlan-Agent: Test Author \(env\) [0-9a-f]{16}\nPlan-Task: api\/endpoints\n+$/);

  // A record left for another index (a commit that never got this far) does not count.
  const head = r.git('rev-parse', 'HEAD').trim();
  writeFileSync(record(r), `${r.git('rev-parse', 'HEAD^{tree}').trim()} ${head}\n`);
  r.write('src/api/b.ts', 'x\n');
  r.git('add', '-A');
  const log2 = join(logs.dir, 'unverified.log');
  assert.equal(r.tryGit(['commit', '-m', 'unverified', '--no-verify'], logs.starts(log2)).code, 0);
  assert.deepEqual(readFileSync(log2, 'utf8').trim().split('\n'), ['hook prepare-commit-msg']);
  assert.match(message(r), /^Plan-Task: api\/endpoints$/m);
  assert.equal(consumed(r), true, 'the record is consumed');
});

test('a commit staging a plan, whose handoff pre-commit restages, starts node for pre-commit only and is verified', () => {
  const r = setup();
  r.installRawHooks();
  r.write('AGENTS.md', '# Agents\n');
  r.git('add', '-A');
  assert.equal(r.commit('agents').code, 0);
  const log = join(logs.dir, 'plan.log');
  const file = join(r.dir, 'docs/api-plan.json');
  const p = JSON.parse(readFileSync(file, 'utf8'));
  p.handoff = { nextAction: 'Write the endpoints' };
  writeFileSync(file, `${JSON.stringify(p, null, 2)}\n`);
  r.git('add', '-A');
  assert.equal(r.tryGit(['commit', '-m', 'plan'], logs.starts(log)).code, 0);
  assert.deepEqual(readFileSync(log, 'utf8').trim().split('\n').filter((l) => l !== 'hook post-commit'), ['hook pre-commit']);
  assert.match(r.git('show', 'HEAD:AGENTS.md'), /Write the endpoints/, 'the handoff block was staged with the commit');
  const entries = JSON.parse(r.cli(['log', '--json', '--limit', '1']).stdout);
  assert.equal(entries[0].subject, 'plan');
  assert.equal(entries[0].verified, true, "the marker names the tree after the restage");
});

test('the runner applies a record on the first commit (no HEAD yet) and reads a last line that has no newline', () => {
  const r = makeRepo();
  repos.push(r);
  r.installRawHooks(['prepare-commit-msg']);
  r.write('a.txt', 'a\n');
  r.git('add', '-A');
  // The record pre-commit would leave for this index on an unborn HEAD (written here: no pre-commit runs).
  mkdirSync(dirname(record(r)), { recursive: true });
  writeFileSync(record(r), `${r.git('write-tree').trim()} -\nT Plan-Task: api/endpoints`);
  const log = join(logs.dir, 'first.log');
  assert.equal(r.tryGit(['commit', '-q', '-m', 'first'], logs.starts(log)).code, 0);
  assert.equal(existsSync(log), false, 'no node started');
  assert.match(message(r), /^first\n\nPlan-Task: api\/endpoints\n+$/);
  assert.equal(consumed(r), true, 'the record is consumed');
});
