// The whole flow as a user runs it: the packed package installed from its tarball into a fresh
// Node repository, `npx plan-hooks init` (which installs husky from the registry with npm), real
// commits in the main worktree and in a linked worktree that never ran npm install, doctor, and
// uninstall. Packed once per build (test/fixtures/pack.ts); slow (npm), so this is the only test
// that installs.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { Repo, cleanEnv, makeRepo, removeDir } from '../fixtures/repo.js';
import { packedTarball } from '../fixtures/pack.js';
import { hooksRan } from './helpers.js';

let tarball = '';
let repo: Repo;

function run(cmd: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}) {
  const r = spawnSync(cmd, args, { cwd, env: { ...cleanEnv(), ...env }, encoding: 'utf8' });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

before(() => {
  tarball = packedTarball();
  repo = makeRepo({ initialCommit: true });
  repo.writeJson('package.json', { name: 'user-project', version: '1.0.0', scripts: { test: 'echo ok' } });
  repo.write('.gitignore', 'node_modules\n');
  const installed = run('npm', ['install', '-D', tarball, '--prefer-offline', '--no-audit', '--no-fund'], repo.dir);
  assert.equal(installed.code, 0, installed.stderr);
});

after(() => {
  repo?.remove();
});

test('npx plan-hooks init from the packed tarball: husky installed, hooks run in the main and a linked worktree, uninstall undoes it', () => {
  const init = run('npx', ['plan-hooks', 'init'], repo.dir);
  assert.equal(init.code, 0, init.stderr + init.stdout);
  assert.match(init.stdout, /npm install --save-dev --no-audit --no-fund husky@9\.1\.7/);
  // The install's own output, as it runs (on stderr: init's stdout is its list of changes).
  assert.match(init.stderr, /added \d+ package/);
  const pkg = JSON.parse(readFileSync(join(repo.dir, 'package.json'), 'utf8'));
  assert.equal(pkg.devDependencies.husky, '^9.1.7');
  assert.match(pkg.devDependencies['plan-hooks'], /^file:.*plan-hooks-0\.1\.0\.tgz$/, 'the tarball dependency is kept exactly');
  assert.equal(pkg.scripts.prepare, 'husky');

  const again = run('npx', ['plan-hooks', 'init'], repo.dir);
  assert.match(again.stdout, /nothing to change/);

  repo.git('add', '-A');
  const commit = repo.tryGit(['commit', '-m', 'install plan-hooks'], { PLAN_HOOKS: '2' });
  assert.equal(commit.code, 0, commit.stderr);
  assert.deepEqual(hooksRan(commit.stderr), ['pre-commit', 'prepare-commit-msg', 'post-commit']);

  const wt = `${repo.dir}-agent`;
  repo.git('worktree', 'add', '-q', wt, '-b', 'agent');
  assert.ok(!existsSync(join(wt, 'node_modules')));
  writeFileSync(join(wt, 'agent.txt'), 'work\n');
  repo.git('-C', wt, 'add', 'agent.txt');
  const inWorktree = repo.tryGit(['-C', wt, 'commit', '-m', 'agent work'], { PLAN_HOOKS: '2' });
  assert.equal(inWorktree.code, 0, inWorktree.stderr);
  assert.deepEqual(hooksRan(inWorktree.stderr), ['pre-commit', 'prepare-commit-msg', 'post-commit']);

  const doctor = run('npx', ['plan-hooks', 'doctor'], repo.dir);
  assert.equal(doctor.code, 0, doctor.stdout);
  repo.git('worktree', 'remove', '--force', wt);

  const un = run('npx', ['plan-hooks', 'uninstall'], repo.dir);
  assert.equal(un.code, 0, un.stderr + un.stdout);
  const after = JSON.parse(readFileSync(join(repo.dir, 'package.json'), 'utf8'));
  assert.equal(after.devDependencies.husky, undefined, 'husky was added by init, so it goes');
  assert.ok(after.devDependencies['plan-hooks'], 'plan-hooks was there before init, so it stays');
  assert.equal(after.scripts.prepare, undefined);
  assert.equal(repo.tryGit(['config', 'core.hooksPath']).code, 1);
  const last = repo.tryGit(['commit', '--allow-empty', '-m', 'after'], { PLAN_HOOKS: '2' });
  assert.deepEqual(hooksRan(last.stderr), []);
});

test('npx --package <tarball> plan-hooks init in a repository without plan-hooks adds it from that same tarball', () => {
  const fresh = makeRepo({ initialCommit: true });
  fresh.writeJson('package.json', { name: 'fresh-project', version: '1.0.0' });
  fresh.write('.gitignore', 'node_modules\n');
  const init = run('npx', ['--yes', '--package', tarball, 'plan-hooks', 'init'], fresh.dir);
  assert.equal(init.code, 0, init.stderr + init.stdout);
  assert.ok(init.stdout.includes(tarball), init.stdout);
  const pkg = JSON.parse(readFileSync(join(fresh.dir, 'package.json'), 'utf8'));
  assert.match(pkg.devDependencies['plan-hooks'], /^file:.*plan-hooks-0\.1\.0\.tgz$/);
  const commit = fresh.tryGit(['commit', '--allow-empty', '-m', 'x'], { PLAN_HOOKS: '2' });
  assert.equal(commit.code, 0, commit.stderr);
  assert.deepEqual(hooksRan(commit.stderr), ['pre-commit', 'prepare-commit-msg', 'post-commit']);
  fresh.remove();
});

test('a repository without package.json, with plan-hooks installed globally: the hooks call that install by absolute path', () => {
  const prefix = mkdtempSync(join(tmpdir(), 'plan-hooks-global-'));
  const installed = run('npm', ['install', '-g', '--prefix', prefix, tarball, '--prefer-offline', '--no-audit', '--no-fund'], prefix);
  assert.equal(installed.code, 0, installed.stderr);
  const plain = makeRepo({ initialCommit: true });
  const init = run(join(prefix, 'bin', 'plan-hooks'), ['init'], plain.dir);
  assert.equal(init.code, 0, init.stderr + init.stdout);
  const runner = readFileSync(join(plain.dir, '.git/hooks/plan-hooks.sh'), 'utf8');
  assert.ok(runner.includes(`cli='${join(prefix, 'lib/node_modules/plan-hooks/dist/src/cli.js')}'`), runner);
  const commit = plain.tryGit(['commit', '--allow-empty', '-m', 'x'], { PLAN_HOOKS: '2' });
  assert.equal(commit.code, 0, commit.stderr);
  assert.deepEqual(hooksRan(commit.stderr), ['pre-commit', 'prepare-commit-msg', 'post-commit']);
  plain.remove();
  removeDir(prefix);
});
