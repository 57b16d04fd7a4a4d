// Node repositories: installation through husky, with husky and plan-hooks already in
// node_modules (real husky 9.1.7), so these tests need no network. The packed-tarball test
// covers the package manager path.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { PACKAGE_ROOT, makeRepo, removeDir } from '../fixtures/repo.js';
import { hooksRan, nodeRepo, snapshot } from './helpers.js';

const TRACE = { PLAN_HOOKS: '2' };
const read = (dir: string, path: string) => readFileSync(join(dir, path), 'utf8');

test('an existing husky setup: the user lines and prepare script are kept and extended, the lint-staged config is left alone', () => {
  const repo = nodeRepo({
    scripts: { prepare: 'npm run build' },
    'lint-staged': { '*.js': 'eslint --fix' },
  });
  // The user's husky setup: husky ran, and .husky/pre-commit holds their own line.
  execFileSync(process.execPath, [join(repo.dir, 'node_modules/husky/bin.js')], { cwd: repo.dir, env: repo.env });
  repo.write('.husky/pre-commit', 'echo USER-LINE >&2\n');
  repo.write('.husky/prepare-commit-msg', 'echo USER-PCM >&2\nexit 0\n');
  assert.equal(repo.cli(['init']).code, 0);
  assert.match(read(repo.dir, '.husky/prepare-commit-msg'), /^echo USER-PCM >&2\n# plan-hooks:start[^\n]*\n.*\n# plan-hooks:end\nexit 0\n$/, 'put just before the exit');
  const pkg = JSON.parse(read(repo.dir, 'package.json'));
  assert.equal(pkg.scripts.prepare, 'npm run build && husky', 'appended, never overwritten');
  assert.deepEqual(pkg['lint-staged'], { '*.js': 'eslint --fix' }, 'pre-commit validates staged plans itself: no lint-staged task');
  assert.equal(pkg.devDependencies['plan-hooks'], `file:${PACKAGE_ROOT}`, 'an existing plan-hooks dependency is kept as it is');

  const second = repo.cli(['init']);
  assert.match(second.stdout, /nothing to change/);
  assert.match(read(repo.dir, '.husky/pre-commit'), /^echo USER-LINE >&2\n\n# plan-hooks:start/);

  repo.git('add', '-A');
  const r = repo.tryGit(['commit', '-m', 'install'], TRACE);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stderr, /USER-LINE/);
  assert.match(r.stderr, /USER-PCM/);
  assert.deepEqual(hooksRan(r.stderr), ['pre-commit', 'prepare-commit-msg', 'post-commit']);

  const un = repo.cli(['uninstall']);
  assert.equal(un.code, 0, un.stderr);
  assert.equal(read(repo.dir, '.husky/pre-commit'), 'echo USER-LINE >&2\n', 'the user line stays, the section goes');
  assert.equal(read(repo.dir, '.husky/prepare-commit-msg'), 'echo USER-PCM >&2\nexit 0\n');
  assert.ok(!existsSync(join(repo.dir, '.husky/post-commit')), 'files init created and only it used are removed');
  const after = JSON.parse(read(repo.dir, 'package.json'));
  assert.equal(after.scripts.prepare, 'npm run build');
  assert.deepEqual(after['lint-staged'], { '*.js': 'eslint --fix' });
  const commit = repo.tryGit(['commit', '--allow-empty', '-m', 'after'], TRACE);
  assert.match(commit.stderr, /USER-LINE/);
  assert.deepEqual(hooksRan(commit.stderr), []);
  repo.remove();
});

test('a hand-written .git/hooks/pre-commit survives husky taking over core.hooksPath, and comes back on uninstall', () => {
  const repo = nodeRepo();
  const hook = join(repo.dir, '.git/hooks/pre-commit');
  writeFileSync(hook, '#!/bin/sh\necho HAND >&2\n');
  chmodSync(hook, 0o755);
  const before = snapshot(repo.dir);
  const dry = repo.cli(['init', '--dry-run']);
  assert.equal(dry.code, 0, dry.stderr);
  assert.match(dry.stdout, /run {5}husky/);
  assert.match(dry.stdout, /edit {4}package\.json scripts\.prepare = "husky"/);
  assert.deepEqual(snapshot(repo.dir), before, '--dry-run changed nothing');

  assert.equal(repo.cli(['init']).code, 0);
  assert.equal(repo.git('config', 'core.hooksPath').trim(), '.husky/_');
  const r = repo.tryGit(['commit', '--allow-empty', '-m', 'x'], TRACE);
  assert.match(r.stderr, /HAND/);
  assert.ok(hooksRan(r.stderr).includes('pre-commit'));

  assert.equal(repo.cli(['uninstall']).code, 0);
  assert.equal(repo.tryGit(['config', 'core.hooksPath']).code, 1, 'init set core.hooksPath (through husky); uninstall unsets it');
  assert.equal(read(repo.dir, '.git/hooks/pre-commit'), '#!/bin/sh\necho HAND >&2\n');
  const after = repo.tryGit(['commit', '--allow-empty', '-m', 'y'], TRACE);
  assert.match(after.stderr, /HAND/);
  assert.deepEqual(hooksRan(after.stderr), []);
  repo.remove();
});

test('linked worktrees without node_modules run the hooks: new ones through post-checkout, existing ones copied by init', () => {
  const repo = nodeRepo();
  const early = `${repo.dir}-early`;
  repo.git('worktree', 'add', '-q', early, '-b', 'early');
  assert.equal(repo.cli(['init']).code, 0);
  repo.git('add', '-A');
  assert.equal(repo.tryGit(['commit', '-m', 'install plan-hooks']).code, 0);

  const wt = `${repo.dir}-wt`;
  repo.git('worktree', 'add', '-q', wt, '-b', 'side');
  assert.ok(!existsSync(join(wt, 'node_modules')), 'npm install never ran there');
  assert.ok(existsSync(join(wt, '.husky/_/h')), 'post-checkout copied .husky/_ into the new worktree');
  writeFileSync(join(wt, 'w.txt'), 'w\n');
  repo.git('-C', wt, 'add', 'w.txt');
  const r = repo.tryGit(['-C', wt, 'commit', '-m', 'in worktree'], TRACE);
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual(hooksRan(r.stderr), ['pre-commit', 'prepare-commit-msg', 'post-commit']);
  assert.match(r.stderr, /node_modules\/plan-hooks\/dist\/src\/hooks\/pre-commit\.cjs/, "found through the main worktree's node_modules");
  assert.equal(repo.cli(['doctor'], {}, wt).code, 0);

  // A worktree made before init (on a branch without .husky) has nothing to bootstrap; one made
  // with --no-checkout misses post-checkout: doctor says so there, and init copies .husky/_ in.
  const bare = `${repo.dir}-nocheckout`;
  repo.git('worktree', 'add', '-q', '--no-checkout', bare, '-b', 'nocheckout');
  repo.git('-C', bare, 'checkout', '-q', 'nocheckout', '--', '.');
  const doctor = repo.cli(['doctor'], {}, bare);
  assert.equal(doctor.code, 1);
  assert.match(doctor.stdout, /FAIL {2}\.husky\/_ does not exist in this worktree/);
  const init = repo.cli(['init']);
  assert.match(init.stdout, /copy {4}\.husky\/_ → .*nocheckout/);
  assert.equal(repo.cli(['doctor'], {}, bare).code, 0);
  for (const dir of [early, wt, bare]) repo.git('worktree', 'remove', '--force', dir);
  repo.remove();
});

test('when plan-hooks or node cannot be found, pre-commit fails with how to fix or bypass; other hooks only print', () => {
  const repo = nodeRepo();
  assert.equal(repo.cli(['init']).code, 0);
  rmSync(join(repo.dir, 'node_modules/plan-hooks'));
  const r = repo.tryGit(['commit', '--allow-empty', '-m', 'x']);
  assert.equal(r.code, 1);
  assert.match(r.stderr, /plan-hooks package was not found[\s\S]*PLAN_HOOKS=0/);
  assert.equal(repo.tryGit(['commit', '--allow-empty', '-m', 'x'], { PLAN_HOOKS: '0' }).code, 0, 'the bypass works');

  // A PATH where git and the shell exist but node does not (a GUI client without nvm's setup).
  const bin = join(repo.dir, '..', `${repo.dir.split('/').pop()}-bin`);
  mkdirSync(bin);
  for (const tool of ['git', 'sh', 'dirname', 'basename', 'cat']) {
    writeFileSync(join(bin, tool), `#!/bin/sh\nexec /usr/bin/${tool} "$@"\n`);
    chmodSync(join(bin, tool), 0o755);
  }
  const noNode = repo.tryGit(['commit', '--allow-empty', '-m', 'x'], { PATH: bin });
  assert.equal(noNode.code, 1);
  assert.match(noNode.stderr, /node was not found[\s\S]*~\/\.config\/plan-hooks\/init\.sh/);
  // ~/.config/plan-hooks/init.sh is where such a PATH gets fixed.
  const home = join(bin, 'home');
  mkdirSync(join(home, '.config/plan-hooks'), { recursive: true });
  writeFileSync(join(home, '.config/plan-hooks/init.sh'), 'export PATH="$PATH:/usr/bin:/bin"\n');
  const fixed = repo.tryGit(['commit', '--allow-empty', '-m', 'x'], { PATH: bin, HOME: home, PLAN_HOOKS: '2' });
  assert.match(fixed.stderr, /package was not found/, 'node is found now; plan-hooks is still missing (removed above)');
  removeDir(bin);
  repo.remove();
});

test('the package manager is taken from the lockfile (pnpm, yarn) for what is missing', () => {
  for (const [lockfile, expected] of [
    ['pnpm-lock.yaml', /pnpm add --save-dev husky@9\.1\.7 plan-hooks@/],
    ['yarn.lock', /yarn add --dev husky@9\.1\.7 plan-hooks@/],
  ] as const) {
    const repo = makeRepo({ initialCommit: true });
    repo.writeJson('package.json', { name: 'demo', version: '1.0.0' });
    repo.write(lockfile, '');
    const r = repo.cli(['init', '--dry-run']);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, expected);
    repo.remove();
  }
});

test("the runner starts each hook's bundled file: beside a global install's linked bin too, and through the CLI when there is none", () => {
  const repo = nodeRepo();
  assert.equal(repo.cli(['init']).code, 0);
  rmSync(join(repo.dir, 'node_modules/plan-hooks'));
  // A global install: the bin on PATH is a link to dist/src/cli.js.
  const bin = `${repo.dir}-bin`;
  mkdirSync(bin);
  symlinkSync(join(PACKAGE_ROOT, 'dist/src/cli.js'), join(bin, 'plan-hooks'));
  const global = repo.tryGit(['commit', '--allow-empty', '-m', 'x'], { ...TRACE, PATH: `${bin}:${process.env.PATH}` });
  assert.equal(global.code, 0, global.stderr);
  assert.match(global.stderr, /\/dist\/src\/hooks\/pre-commit\.cjs/);
  assert.deepEqual(hooksRan(global.stderr), ['pre-commit', 'prepare-commit-msg', 'post-commit']);

  // A package without the bundled files (as an older plan-hooks was): `cli.js hook <name>`.
  const old = join(repo.dir, 'node_modules/plan-hooks/dist/src');
  mkdirSync(old, { recursive: true });
  symlinkSync(join(PACKAGE_ROOT, 'dist/src/cli.js'), join(old, 'cli.js'));
  const viaCli = repo.tryGit(['commit', '--allow-empty', '-m', 'y'], TRACE);
  assert.equal(viaCli.code, 0, viaCli.stderr);
  assert.match(viaCli.stderr, /node_modules\/plan-hooks\/dist\/src\/cli\.js hook pre-commit/);
  assert.deepEqual(hooksRan(viaCli.stderr), ['pre-commit', 'prepare-commit-msg', 'post-commit']);
  removeDir(bin);
  repo.remove();
});

test("the section sources the runner in a subshell: the shell state of the hook's lines before it is undone, and its lines after it still run", () => {
  const repo = nodeRepo();
  execFileSync(process.execPath, [join(repo.dir, 'node_modules/husky/bin.js')], { cwd: repo.dir, env: repo.env });
  assert.equal(repo.cli(['init']).code, 0);
  const section = read(repo.dir, '.husky/post-commit');
  assert.match(section, /^# plan-hooks:start[^\n]*\n\(set -- post-commit '' "\$@"; \. "\$\{0%\/\*\}\/plan-hooks\.sh"\)\n# plan-hooks:end\n$/);
  // Lines a user could write above the section, each of which would break the runner if it
  // inherited them: options, IFS, an alias and functions named as commands it runs, its own
  // variables. Below it, a line of theirs that must still run.
  const before = [
    'set -uf',
    'IFS=,',
    'alias git=false',
    'git() { echo USER-GIT-FUNCTION >&2; return 1; }',
    'cat() { return 1; }',
    'read() { return 1; }',
    'have_input=1 input=junk node=/nonexistent hook=pre-push',
  ].join('\n');
  for (const hook of ['pre-commit', 'prepare-commit-msg', 'post-commit']) {
    repo.write(`.husky/${hook}`, `${before}\n${read(repo.dir, `.husky/${hook}`)}echo USER-AFTER-${hook} >&2\n`);
  }
  repo.git('add', '-A');
  const r = repo.tryGit(['commit', '-m', 'hostile hook lines']);
  assert.equal(r.code, 0, r.stderr);
  for (const hook of ['pre-commit', 'prepare-commit-msg', 'post-commit']) assert.match(r.stderr, new RegExp(`USER-AFTER-${hook}`));
  assert.doesNotMatch(r.stderr, /USER-GIT-FUNCTION/, "the runner's git is git");
  const head = repo.git('rev-parse', 'HEAD').trim();
  const last = (JSON.parse(repo.cli(['log', '--json']).stdout) as { commit?: string; verified?: boolean }[]).at(-1)!;
  assert.equal(last.commit, head, 'post-commit recorded the commit');
  assert.equal(last.verified, true, "pre-commit's marker reached post-commit");
  // pre-commit still refuses through the subshell: its exit code is the hook's.
  const plan = { planId: 'x', title: 'x', tasks: 'not a list' };
  repo.write('docs/x-plan.json', `${JSON.stringify(plan)}\n`);
  repo.git('add', 'docs/x-plan.json');
  const refused = repo.tryGit(['commit', '-m', 'invalid plan']);
  assert.equal(refused.code, 1, refused.stderr);
  assert.doesNotMatch(refused.stderr, /USER-AFTER-pre-commit/, 'a refusal ends the hook (sh -e), as a failing `sh` did');
  assert.equal(repo.git('rev-parse', 'HEAD').trim(), head);
  repo.remove();
});
