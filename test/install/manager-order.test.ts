// Each hook manager installed before or after plan-hooks, in Node and non-Node repositories, with
// the real tools (managers.test.ts has the manager-first cases it does not repeat). plan-hooks
// first in a Node repository means husky (there is no manager yet): init then refuses, changing
// nothing, until `plan-hooks uninstall` took that install back, since husky's prepare would set
// core.hooksPath again on the next npm install and the manager's hooks would stop running.
// Every case: the manager's own hooks run, plan-hooks refuses a claimed path and passes a free
// one, a second install of either changes nothing, doctor tells the truth, uninstall restores.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import type { Repo } from '../fixtures/repo.js';
import { TRACE, USER_PRE_COMMIT_CONFIG, addClaim, assertClaimRefused, assertInsideSimpleGitHooks, hasPreCommit, hooksRan, hooksSnapshot, linkTool, nodeRepo, plainLefthookRepo, read, snapshot } from './helpers.js';

const PRE_COMMIT_CONFIG = USER_PRE_COMMIT_CONFIG;
const LEFTHOOK_CONFIG = 'pre-commit:\n  commands:\n    user-lint:\n      run: echo USER-LINT-RAN\n';
const skipPreCommit = { skip: !hasPreCommit && 'pre-commit is not installed' };

const tool = (repo: Repo, argv: string[], env: NodeJS.ProcessEnv = {}) => {
  const r = spawnSync(argv[0]!, argv.slice(1), { cwd: repo.dir, env: { ...repo.env, ...env }, encoding: 'utf8' });
  return { code: r.status ?? -1, out: `${r.stdout}${r.stderr}` };
};
const preCommit = (repo: Repo, ...args: string[]) => tool(repo, ['pre-commit', ...args]);
const lefthook = (repo: Repo, ...args: string[]) => tool(repo, [process.execPath, join(repo.dir, 'node_modules/lefthook/bin/index.js'), ...args]);
const commitAll = (repo: Repo, message: string) => {
  repo.git('add', '-A');
  return repo.tryGit(['commit', '-m', message], { ...TRACE, NO_COLOR: '1' });
};

/** plan-hooks installed through husky by init, then the manager's configuration committed. */
function huskyFirst(repo: Repo, file: string, config: string): void {
  addClaim(repo);
  assert.equal(repo.cli(['init']).code, 0);
  assert.equal(repo.git('config', 'core.hooksPath').trim(), '.husky/_');
  assert.equal(commitAll(repo, 'plan-hooks').code, 0);
  repo.write(file, config);
  repo.git('add', file);
  repo.git('commit', '-q', '--no-verify', '-m', 'manager config');
}

/** init refuses, changing nothing, with the way through: uninstall, the manager's install, init. */
function assertSwitchRefused(repo: Repo, install: RegExp): void {
  repo.cli(['log']); // drains the worklog queue the last commit left, so nothing moves under the snapshots
  const before = snapshot(repo.dir);
  const refused = repo.cli(['init']);
  assert.equal(refused.code, 1, refused.stdout);
  assert.match(refused.stderr, new RegExp(`installed plan-hooks through husky[\\s\\S]*Nothing was changed[\\s\\S]*plan-hooks uninstall[\\s\\S]*${install.source}[\\s\\S]*plan-hooks init`));
  assert.deepEqual(snapshot(repo.dir), before);
  const un = repo.cli(['uninstall']);
  assert.equal(un.code, 0, un.stderr);
  assert.equal(repo.tryGit(['config', 'core.hooksPath']).code, 1, 'core.hooksPath is unset again');
  assert.equal(JSON.parse(read(repo, 'package.json')).scripts?.prepare, undefined, "init's prepare is gone");
}

/**
 * pre-commit installed and plan-hooks inside it: a commit runs both (pre-commit shows a passing
 * hook's output only as its status line), a claimed path is refused, a second init or
 * `pre-commit install` changes nothing, doctor names pre-commit and answers.
 */
function assertInsidePreCommit(repo: Repo): void {
  assert.equal(repo.tryGit(['config', 'core.hooksPath']).code, 1);
  const hooks = hooksSnapshot(repo);
  const ok = commitAll(repo, 'through pre-commit');
  assert.equal(ok.code, 0, ok.stdout + ok.stderr);
  assert.match(ok.stdout + ok.stderr, /USER-CHECK-RAN/);
  assert.match(ok.stdout + ok.stderr, /plan-hooks \(plans, claims, handoff\)\.+Passed/);
  assert.deepEqual(hooksRan(ok.stderr), ['prepare-commit-msg', 'post-commit']);
  assertClaimRefused(repo);
  assert.match(repo.cli(['init']).stdout, /nothing to change/);
  assert.equal(preCommit(repo, 'install').code, 0);
  assert.deepEqual(hooksSnapshot(repo), hooks);
  const doctor = repo.cli(['doctor']);
  assert.equal(doctor.code, 0, doctor.stdout);
  assert.match(doctor.stdout, /managed by pre-commit/);
  assert.match(doctor.stdout, /pre-commit: \.git\/hooks\/pre-commit → \.pre-commit-config\.yaml → plan-hooks \(ran it: plan-hooks answered\)/);
  assert.doesNotMatch(doctor.stdout, /but git runs/);
}

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

/**
 * lefthook installed and plan-hooks inside it: a commit runs both, each hook once, a claimed path
 * is refused, a second init or `lefthook install` changes nothing, doctor names lefthook.
 */
function assertInsideLefthook(repo: Repo, env: NodeJS.ProcessEnv = {}): void {
  const hooks = hooksSnapshot(repo);
  const ok = commitAll(repo, 'through lefthook');
  assert.equal(ok.code, 0, ok.stdout + ok.stderr);
  assert.match(ok.stdout + ok.stderr, /USER-LINT-RAN/);
  assert.deepEqual(hooksRan(ok.stdout + ok.stderr).filter((h) => h !== 'post-merge'), ['pre-commit', 'prepare-commit-msg', 'post-commit']);
  assertClaimRefused(repo);
  assert.match(repo.cli(['init'], env).stdout, /nothing to change/);
  assert.equal(lefthook(repo, 'install').code, 0);
  assert.deepEqual(hooksSnapshot(repo), hooks);
  const doctor = repo.cli(['doctor']);
  assert.equal(doctor.code, 0, doctor.stdout);
  assert.match(doctor.stdout, /managed by lefthook/);
}

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
