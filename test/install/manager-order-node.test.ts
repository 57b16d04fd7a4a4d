// Each hook manager installed before or after plan-hooks, in Node and non-Node repositories, with
// the real tools (managers.test.ts has the manager-first cases it does not repeat). plan-hooks
// first in a Node repository means husky (there is no manager yet): init then refuses, changing
// nothing, until `plan-hooks uninstall` took that install back, since husky's prepare would set
// core.hooksPath again on the next npm install and the manager's hooks would stop running.
// Every case: the manager's own hooks run, plan-hooks refuses a claimed path and passes a free
// one, a second install of either changes nothing, doctor tells the truth, uninstall restores.
// This file: lefthook's and simple-git-hooks' cases (manager-order.test.ts: the pre-commit
// framework's).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { addClaim, assertInsideSimpleGitHooks, linkTool, nodeRepo, plainLefthookRepo, read } from './helpers.js';
import { LEFTHOOK_CONFIG, assertInsideLefthook, assertSwitchRefused, commitAll, huskyFirst, lefthook } from './manager-order-helpers.js';

test('lefthook in a Node repository, plan-hooks first (husky): init says to uninstall first; then lefthook install and init both run; uninstall restores lefthook.yml', () => {
  const repo = nodeRepo();
  linkTool(repo, 'lefthook', 'lefthook-linux-x64');
  huskyFirst(repo, 'lefthook.yml', LEFTHOOK_CONFIG);
  assert.notEqual(lefthook(repo, 'install').code, 0, 'lefthook refuses beside husky');
  assertSwitchRefused(repo, /lefthook install/);
  assert.equal(lefthook(repo, 'install').code, 0);
  const init = repo.cli(['init']);
  assert.equal(init.code, 0, init.stderr);
  assert.ok(!existsSync(join(repo.dir, '.husky/pre-commit')));
  assertInsideLefthook(repo);
  assert.equal(repo.cli(['uninstall']).code, 0);
  assert.equal(read(repo, 'lefthook.yml'), LEFTHOOK_CONFIG);
  repo.remove();
});

test("lefthook without package.json, plan-hooks first: lefthook install moves plan-hooks' pre-commit aside (and never runs it), doctor says so, init again puts plan-hooks in lefthook.yml; each hook runs once", () => {
  const { repo, path } = plainLefthookRepo();
  addClaim(repo);
  assert.equal(repo.cli(['init']).code, 0);
  repo.write('lefthook.yml', LEFTHOOK_CONFIG);
  assert.equal(commitAll(repo, 'lefthook config').code, 0);
  assert.equal(lefthook(repo, 'install').code, 0);
  assert.match(read(repo, '.git/hooks/pre-commit.old'), /plan-hooks shim/);
  const doctor = repo.cli(['doctor']);
  assert.equal(doctor.code, 1, doctor.stdout);
  assert.match(doctor.stdout, /lefthook runs pre-commit here, but lefthook\.yml does not call plan-hooks/);
  const init = repo.cli(['init'], path);
  assert.equal(init.code, 0, init.stderr);
  assert.match(init.stdout, /remove {2}\.git\/hooks\/pre-commit\.old/);
  assertInsideLefthook(repo, path);
  assert.equal(repo.cli(['uninstall']).code, 0);
  assert.equal(read(repo, 'lefthook.yml'), LEFTHOOK_CONFIG);
  repo.remove();
});

test('simple-git-hooks, plan-hooks first (husky): init says to uninstall first; then simple-git-hooks and init both run, through its postinstall too; uninstall restores its configuration', () => {
  const repo = nodeRepo();
  linkTool(repo, 'simple-git-hooks');
  addClaim(repo);
  assert.equal(repo.cli(['init']).code, 0);
  assert.equal(commitAll(repo, 'plan-hooks').code, 0);
  const user = { 'pre-commit': 'echo SGH-USER-RAN >&2' };
  repo.writeJson('package.json', { ...JSON.parse(read(repo, 'package.json')), 'simple-git-hooks': user });
  repo.git('commit', '-q', '--no-verify', '-am', 'simple-git-hooks');
  assertSwitchRefused(repo, /npx simple-git-hooks/);
  const sgh = () => execFileSync(process.execPath, [join(repo.dir, 'node_modules/simple-git-hooks/cli.js')], { cwd: repo.dir, env: repo.env, encoding: 'utf8' });
  sgh();
  const init = repo.cli(['init']);
  assert.equal(init.code, 0, init.stderr);
  sgh();
  assertInsideSimpleGitHooks(repo);
  assert.equal(repo.cli(['uninstall']).code, 0);
  assert.deepEqual(JSON.parse(read(repo, 'package.json'))['simple-git-hooks'], user);
  repo.remove();
});
