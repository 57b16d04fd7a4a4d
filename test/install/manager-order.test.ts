// Each hook manager installed before or after plan-hooks, in Node and non-Node repositories, with
// the real tools (managers.test.ts has the manager-first cases it does not repeat). plan-hooks
// first in a Node repository means husky (there is no manager yet): init then refuses, changing
// nothing, until `plan-hooks uninstall` took that install back, since husky's prepare would set
// core.hooksPath again on the next npm install and the manager's hooks would stop running.
// Every case: the manager's own hooks run, plan-hooks refuses a claimed path and passes a free
// one, a second install of either changes nothing, doctor tells the truth, uninstall restores.
// This file: the pre-commit framework's cases (manager-order-node.test.ts: lefthook's and
// simple-git-hooks').
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'node:test';
import { addClaim, assertClaimRefused, hooksRan, nodeRepo, read } from './helpers.js';
import { PRE_COMMIT_CONFIG, assertInsidePreCommit, assertSwitchRefused, commitAll, huskyFirst, preCommit, skipPreCommit } from './manager-order-helpers.js';

test('pre-commit framework in a Node repository without husky: pre-commit install → init → pre-commit install; both run; uninstall restores', skipPreCommit, () => {
  const repo = nodeRepo();
  const pkg = JSON.parse(read(repo, 'package.json'));
  delete pkg.devDependencies.husky;
  repo.writeJson('package.json', pkg);
  repo.write('.pre-commit-config.yaml', PRE_COMMIT_CONFIG);
  assert.equal(commitAll(repo, 'pre-commit config').code, 0);
  const pkgBefore = read(repo, 'package.json');
  addClaim(repo);
  assert.equal(preCommit(repo, 'install').code, 0);
  const init = repo.cli(['init']);
  assert.equal(init.code, 0, init.stderr);
  assert.match(init.stdout, /edit {4}\.pre-commit-config\.yaml/);
  assert.doesNotMatch(init.stdout, /husky/, 'no husky beside the pre-commit framework');
  assert.equal(preCommit(repo, 'install').code, 0);
  assertInsidePreCommit(repo);
  assert.equal(repo.cli(['uninstall']).code, 0);
  assert.equal(read(repo, '.pre-commit-config.yaml'), PRE_COMMIT_CONFIG);
  assert.equal(read(repo, 'package.json'), pkgBefore);
  const after = commitAll(repo, 'uninstalled');
  assert.equal(after.code, 0, after.stderr);
  assert.match(after.stdout + after.stderr, /USER-CHECK-RAN/);
  assert.deepEqual(hooksRan(after.stderr), []);
  repo.remove();
});

test('pre-commit framework in a Node repository, plan-hooks first (husky): pre-commit install refuses, doctor and init say why and how; after uninstall, pre-commit install and init both run', skipPreCommit, () => {
  const repo = nodeRepo();
  huskyFirst(repo, '.pre-commit-config.yaml', PRE_COMMIT_CONFIG);
  assert.match(preCommit(repo, 'install').out, /core\.hooksPath/, 'pre-commit refuses beside husky');
  const doctor = repo.cli(['doctor']);
  assert.match(doctor.stdout, /\.pre-commit-config\.yaml says pre-commit runs this repository's hooks, but git runs husky's[\s\S]*plan-hooks uninstall/);
  assertSwitchRefused(repo, /pre-commit install/);

  assert.equal(preCommit(repo, 'install').code, 0);
  const init = repo.cli(['init']);
  assert.equal(init.code, 0, init.stderr);
  assert.match(init.stdout, /edit {4}\.pre-commit-config\.yaml/);
  assertInsidePreCommit(repo);
  assert.equal(repo.cli(['uninstall']).code, 0);
  assert.equal(read(repo, '.pre-commit-config.yaml'), PRE_COMMIT_CONFIG);
  repo.remove();
});

test("pre-commit framework run from the user's own husky hook: init goes into husky's hook (pre-commit cannot install beside it) and says so; both run; uninstall restores the hook", skipPreCommit, () => {
  const repo = nodeRepo({ scripts: { prepare: 'husky' } });
  execFileSync(process.execPath, [join(repo.dir, 'node_modules/husky/bin.js')], { cwd: repo.dir, env: repo.env });
  repo.write('.husky/pre-commit', 'pre-commit run\n');
  repo.write('.pre-commit-config.yaml', PRE_COMMIT_CONFIG);
  assert.equal(commitAll(repo, 'husky runs pre-commit').code, 0);
  addClaim(repo);
  const init = repo.cli(['init']);
  assert.equal(init.code, 0, init.stderr);
  assert.match(init.stdout, /note: \.pre-commit-config\.yaml says pre-commit runs this repository's hooks, but git runs husky's/);
  assert.equal(read(repo, '.pre-commit-config.yaml'), PRE_COMMIT_CONFIG, 'no second plan-hooks entry: husky runs plan-hooks');
  assert.match(read(repo, '.husky/pre-commit'), /^pre-commit run\n\n# plan-hooks:start/);
  const ok = commitAll(repo, 'install plan-hooks');
  assert.equal(ok.code, 0, ok.stdout + ok.stderr);
  assert.match(ok.stdout + ok.stderr, /USER-CHECK-RAN/);
  assert.deepEqual(hooksRan(ok.stderr), ['pre-commit', 'prepare-commit-msg', 'post-commit']);
  assertClaimRefused(repo);
  assert.match(repo.cli(['init']).stdout, /nothing to change/);
  const doctor = repo.cli(['doctor']);
  assert.equal(doctor.code, 0, doctor.stdout);
  assert.match(doctor.stdout, /managed by husky/);
  assert.match(doctor.stdout, /but git runs husky's[\s\S]*git config --unset core\.hooksPath/);
  assert.equal(repo.cli(['uninstall']).code, 0);
  assert.equal(read(repo, '.husky/pre-commit'), 'pre-commit run\n');
  assert.equal(repo.git('config', 'core.hooksPath').trim(), '.husky/_', "the user's husky stays on");
  repo.remove();
});
