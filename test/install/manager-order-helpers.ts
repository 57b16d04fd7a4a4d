// What the manager-order tests share (manager-order.test.ts, the pre-commit framework's cases;
// manager-order-node.test.ts, lefthook's and simple-git-hooks'), two files so that they run side
// by side.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import type { Repo } from '../fixtures/repo.js';
import { TRACE, USER_PRE_COMMIT_CONFIG, addClaim, assertClaimRefused, hasPreCommit, hooksRan, hooksSnapshot, read, snapshot } from './helpers.js';

export const PRE_COMMIT_CONFIG = USER_PRE_COMMIT_CONFIG;
export const LEFTHOOK_CONFIG = 'pre-commit:\n  commands:\n    user-lint:\n      run: echo USER-LINT-RAN\n';
export const skipPreCommit = { skip: !hasPreCommit && 'pre-commit is not installed' };

export const tool = (repo: Repo, argv: string[], env: NodeJS.ProcessEnv = {}) => {
  const r = spawnSync(argv[0]!, argv.slice(1), { cwd: repo.dir, env: { ...repo.env, ...env }, encoding: 'utf8' });
  return { code: r.status ?? -1, out: `${r.stdout}${r.stderr}` };
};
export const preCommit = (repo: Repo, ...args: string[]) => tool(repo, ['pre-commit', ...args]);
export const lefthook = (repo: Repo, ...args: string[]) => tool(repo, [process.execPath, join(repo.dir, 'node_modules/lefthook/bin/index.js'), ...args]);
export const commitAll = (repo: Repo, message: string) => {
  repo.git('add', '-A');
  return repo.tryGit(['commit', '-m', message], { ...TRACE, NO_COLOR: '1' });
};

/** plan-hooks installed through husky by init, then the manager's configuration committed. */
export function huskyFirst(repo: Repo, file: string, config: string): void {
  addClaim(repo);
  assert.equal(repo.cli(['init']).code, 0);
  assert.equal(repo.git('config', 'core.hooksPath').trim(), '.husky/_');
  assert.equal(commitAll(repo, 'plan-hooks').code, 0);
  repo.write(file, config);
  repo.git('add', file);
  repo.git('commit', '-q', '--no-verify', '-m', 'manager config');
}

/** init refuses, changing nothing, with the way through: uninstall, the manager's install, init. */
export function assertSwitchRefused(repo: Repo, install: RegExp): void {
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
export function assertInsidePreCommit(repo: Repo): void {
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

/**
 * lefthook installed and plan-hooks inside it: a commit runs both, each hook once, a claimed path
 * is refused, a second init or `lefthook install` changes nothing, doctor names lefthook.
 */
export function assertInsideLefthook(repo: Repo, env: NodeJS.ProcessEnv = {}): void {
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
