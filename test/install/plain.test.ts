// A repository without package.json: hook scripts in the hooks directory git uses, calling this
// plan-hooks by absolute path; real commits prove what runs.
import assert from 'node:assert/strict';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { CLI, makeRepo, removeDir } from '../fixtures/repo.js';
import { claimed, plan } from '../fixtures/plans.js';
import { hooksRan, snapshot } from './helpers.js';

const TRACE = { PLAN_HOOKS: '2' };

function handWrittenHook(dir: string, hook: string, text: string): void {
  const file = join(dir, '.git', 'hooks', hook);
  writeFileSync(file, `#!/bin/sh\necho "${text} $*" >&2\n`);
  chmodSync(file, 0o755);
}

test('--dry-run prints every change and writes nothing (files and git config compared)', () => {
  const repo = makeRepo({ initialCommit: true });
  handWrittenHook(repo.dir, 'pre-commit', 'HAND');
  const before = snapshot(repo.dir);
  const r = repo.cli(['init', '--dry-run']);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /nothing was changed/);
  assert.match(r.stdout, /rename {2}\.git\/hooks\/pre-commit → \.git\/hooks\/pre-commit\.plan-hooks-chained/);
  assert.match(r.stdout, /write {3}\.git\/hooks\/pre-push \(plan-hooks shim\)/);
  assert.match(r.stdout, /create {2}AGENTS\.md \(Plan State block\)/);
  assert.deepEqual(snapshot(repo.dir), before);
  repo.remove();
});

test('init from a subfolder: hand-written hook kept and run first, plan-hooks runs, second run changes nothing, uninstall restores', () => {
  const repo = makeRepo({ initialCommit: true });
  handWrittenHook(repo.dir, 'pre-commit', 'HAND');
  mkdirSync(join(repo.dir, 'src/deep'), { recursive: true });
  const first = repo.cli(['init'], {}, join(repo.dir, 'src/deep'));
  assert.equal(first.code, 0, first.stderr);
  assert.match(first.stdout, /plan-hooks installed/);
  assert.match(first.stdout, /Next:/);
  const runner = readFileSync(join(repo.dir, '.git/hooks/plan-hooks.sh'), 'utf8');
  assert.ok(runner.includes(`cli='${CLI}'`), 'the runner calls this CLI by absolute path');
  const code = runner.split('\n').filter((l) => !l.trimStart().startsWith('#'));
  assert.ok(code.every((l) => !/\bnpx\b/.test(l)), 'the runner never calls npx');
  assert.ok(!existsSync(join(repo.dir, '.plan-hooks.json')), 'defaults need no config file');
  assert.match(readFileSync(join(repo.dir, 'AGENTS.md'), 'utf8'), /<!-- plan-hooks:plan-state:start -->[\s\S]*plan-hooks claim[\s\S]*<!-- plan-hooks:plan-state:end -->/);

  const before = snapshot(repo.dir);
  const second = repo.cli(['init']);
  assert.equal(second.code, 0);
  assert.match(second.stdout, /already installed here: nothing to change/);
  assert.deepEqual(snapshot(repo.dir), before);

  repo.write('a.txt', 'a\n');
  repo.git('add', 'a.txt');
  const commit = repo.tryGit(['commit', '-m', 'a'], TRACE);
  assert.equal(commit.code, 0, commit.stderr);
  assert.match(commit.stderr, /HAND/);
  assert.deepEqual(hooksRan(commit.stderr), ['pre-commit', 'prepare-commit-msg', 'post-commit']);
  assert.ok(commit.stderr.indexOf('HAND') < commit.stderr.indexOf('hook pre-commit ran'), 'the chained hook runs first');

  const skipped = repo.tryGit(['commit', '--allow-empty', '-m', 'skip'], { PLAN_HOOKS: '0' });
  assert.equal(skipped.code, 0);
  assert.match(skipped.stderr, /HAND/, 'PLAN_HOOKS=0 skips plan-hooks, not the user hook');

  const doctor = repo.cli(['doctor']);
  assert.equal(doctor.code, 0, doctor.stdout);
  assert.match(doctor.stdout, /Every plan-hooks hook will run here/);

  const beforeDry = snapshot(repo.dir);
  const dry = repo.cli(['uninstall', '--dry-run']);
  assert.equal(dry.code, 0, dry.stderr);
  assert.match(dry.stdout, /nothing was changed[\s\S]*remove {2}\.git\/hooks\/pre-commit \(plan-hooks shim\)/);
  assert.deepEqual(snapshot(repo.dir), beforeDry, 'uninstall --dry-run changed nothing');

  const un = repo.cli(['uninstall']);
  assert.equal(un.code, 0, un.stderr);
  assert.match(un.stdout, /restored/);
  assert.match(repo.cli(['uninstall']).stdout, /not installed here: nothing to remove/);
  assert.ok(!existsSync(join(repo.dir, '.git/hooks/plan-hooks.sh')));
  assert.ok(!existsSync(join(repo.dir, 'AGENTS.md')), 'AGENTS.md was created by init and held only the block');
  const after = repo.tryGit(['commit', '--allow-empty', '-m', 'after'], TRACE);
  assert.equal(after.code, 0);
  assert.deepEqual(hooksRan(after.stderr), []);
  assert.match(after.stderr, /HAND/, 'the chained hook is back in place and runs');
  assert.equal(repo.cli(['doctor']).code, 1, 'doctor fails when no hook would run');
  repo.remove();
});

test('the Plan State block goes into the entry files that exist; text outside the markers is untouched', () => {
  const repo = makeRepo({ initialCommit: true });
  repo.write('CLAUDE.md', '# Rules\n\nBe careful.\n');
  repo.write('.github/copilot-instructions.md', 'Copilot text\n');
  assert.equal(repo.cli(['init']).code, 0);
  assert.ok(!existsSync(join(repo.dir, 'AGENTS.md')), 'no AGENTS.md when another entry file exists');
  const claude = readFileSync(join(repo.dir, 'CLAUDE.md'), 'utf8');
  assert.ok(claude.startsWith('# Rules\n\nBe careful.\n\n<!-- plan-hooks:plan-state:start -->'));
  assert.match(readFileSync(join(repo.dir, '.github/copilot-instructions.md'), 'utf8'), /Plan State/);
  assert.equal(repo.cli(['uninstall']).code, 0);
  assert.equal(readFileSync(join(repo.dir, 'CLAUDE.md'), 'utf8'), '# Rules\n\nBe careful.\n');
  assert.equal(readFileSync(join(repo.dir, '.github/copilot-instructions.md'), 'utf8'), 'Copilot text\n');
  repo.remove();
});

test('configured entry files get the Plan State block; one that leaves the repository is never read or written', () => {
  const repo = makeRepo({ initialCommit: true });
  const outside = join(repo.dir, '..', `${repo.dir.split('/').pop()}-outside.md`);
  writeFileSync(outside, 'not yours\n');
  try {
    repo.writeJson('.plan-hooks.json', { entryFiles: ['NOTES.md', `../${outside.split('/').pop()}`] });
    repo.write('NOTES.md', '# Notes\n');
    assert.equal(repo.cli(['init']).code, 0);
    assert.match(readFileSync(join(repo.dir, 'NOTES.md'), 'utf8'), /plan-hooks:plan-state:start/);
    assert.equal(readFileSync(outside, 'utf8'), 'not yours\n');
  } finally {
    rmSync(outside, { force: true });
    repo.remove();
  }
});

test('hooks run in a linked worktree (the shared hooks directory)', () => {
  const repo = makeRepo({ initialCommit: true });
  assert.equal(repo.cli(['init']).code, 0);
  const wt = `${repo.dir}-wt`;
  repo.git('worktree', 'add', '-q', wt, '-b', 'side');
  writeFileSync(join(wt, 'w.txt'), 'w\n');
  repo.git('-C', wt, 'add', 'w.txt');
  const r = repo.tryGit(['-C', wt, 'commit', '-m', 'in worktree'], TRACE);
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual(hooksRan(r.stderr), ['pre-commit', 'prepare-commit-msg', 'post-commit']);
  repo.git('worktree', 'remove', '--force', wt);
  repo.remove();
});

test('a foreign core.hooksPath: installed into when it is a directory of hooks, refused when it names none, replaced with --force', () => {
  const repo = makeRepo({ initialCommit: true });
  repo.write('.githooks/pre-commit', '#!/bin/sh\necho TEAM-HOOK >&2\n');
  chmodSync(join(repo.dir, '.githooks/pre-commit'), 0o755);
  repo.git('config', 'core.hooksPath', '.githooks');
  assert.equal(repo.cli(['init']).code, 0);
  assert.equal(repo.git('config', 'core.hooksPath').trim(), '.githooks', 'never silently replaced');
  const r = repo.tryGit(['commit', '--allow-empty', '-m', 'x'], TRACE);
  assert.match(r.stderr, /TEAM-HOOK/);
  assert.ok(hooksRan(r.stderr).includes('pre-commit'));
  repo.remove();

  const stale = makeRepo({ initialCommit: true });
  stale.git('config', 'core.hooksPath', '/nonexistent/hooks');
  const refused = stale.cli(['init']);
  assert.equal(refused.code, 1);
  assert.match(refused.stderr, /core\.hooksPath is set to '\/nonexistent\/hooks'[\s\S]*--force/);
  assert.equal(stale.git('config', 'core.hooksPath').trim(), '/nonexistent/hooks');
  const forced = stale.cli(['init', '--force']);
  assert.equal(forced.code, 0, forced.stderr);
  assert.equal(stale.tryGit(['config', 'core.hooksPath']).code, 1, 'unset by --force');
  assert.ok(hooksRan(stale.tryGit(['commit', '--allow-empty', '-m', 'x'], TRACE).stderr).includes('pre-commit'));
  assert.equal(stale.cli(['uninstall']).code, 0);
  assert.equal(stale.git('config', 'core.hooksPath').trim(), '/nonexistent/hooks', 'uninstall puts it back');
  stale.remove();
});

test('--plans and --strict are the only reason to write .plan-hooks.json', () => {
  const repo = makeRepo({ initialCommit: true });
  assert.equal(repo.cli(['init', '--plans', 'plans/*-plan.json', '--strict']).code, 0);
  assert.deepEqual(JSON.parse(readFileSync(join(repo.dir, '.plan-hooks.json'), 'utf8')), { plans: ['plans/*-plan.json'], strict: true });
  const doctor = repo.cli(['doctor']);
  assert.doesNotMatch(doctor.stdout, /written for another configuration/, "the runner's reads are for the configuration init wrote");
  assert.match(repo.cli(['init']).stdout, /nothing to change/);
  assert.equal(repo.cli(['init', '--bogus']).code, 2);
  repo.remove();
});

test('a chained pre-push hook (like git-lfs) and plan-hooks both get git\'s stdin on push', () => {
  const remote = makeRepo();
  remote.git('config', 'receive.denyCurrentBranch', 'ignore');
  const repo = makeRepo({ initialCommit: true });
  repo.writeJson('docs/p-plan.json', plan('p', [claimed('t', 'other-agent', ['src/**'])]));
  repo.write('docs/p-plan.md', '# p\n');
  repo.git('add', 'docs');
  repo.git('commit', '-q', '-m', 'plan');
  const hook = join(repo.dir, '.git/hooks/pre-push');
  writeFileSync(hook, '#!/bin/sh\necho "CHAINED-STDIN: $(cat)" >&2\n');
  chmodSync(hook, 0o755);
  assert.equal(repo.cli(['init']).code, 0);
  repo.git('remote', 'add', 'origin', remote.dir);
  const r = repo.tryGit(['push', '-q', 'origin', 'main'], TRACE);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stderr, /CHAINED-STDIN: refs\/heads\/main [0-9a-f]{40} refs\/heads\/main 0{40}/, r.stderr);
  assert.ok(hooksRan(r.stderr).includes('pre-push'), r.stderr);
  // plan-hooks read the pushed refs too: a commit made without hooks into the claim is refused.
  repo.write('src/app.ts', 'export {};\n');
  repo.git('add', 'src/app.ts');
  assert.equal(repo.tryGit(['commit', '-q', '-m', 'into the claim'], { PLAN_HOOKS: '0' }).code, 0);
  const refused = repo.tryGit(['push', '-q', 'origin', 'main']);
  assert.equal(refused.code, 1, refused.stderr);
  assert.match(refused.stderr, /CHAINED-STDIN: refs\/heads\/main [0-9a-f]{40} refs\/heads\/main [0-9a-f]{40}/);
  assert.match(refused.stderr, /claimed by another agent's task/);
  repo.remove();
  remote.remove();
});

test('a core.hooksPath from the global config is never written into; --force overrides it here only, uninstall hands it back', () => {
  const repo = makeRepo({ initialCommit: true });
  const globalHooks = `${repo.dir}-global-hooks`;
  mkdirSync(globalHooks);
  writeFileSync(join(globalHooks, 'pre-commit'), '#!/bin/sh\necho GLOBAL-HOOK >&2\n');
  chmodSync(join(globalHooks, 'pre-commit'), 0o755);
  const globalConfig = `${repo.dir}-gitconfig`;
  writeFileSync(globalConfig, `[core]\n\thooksPath = ${globalHooks}\n`);
  repo.env = { ...repo.env, GIT_CONFIG_GLOBAL: globalConfig };

  const refused = repo.cli(['init']);
  assert.equal(refused.code, 1);
  assert.match(refused.stderr, /in your global git config, so it serves every repository[\s\S]*--force/);
  assert.equal(existsSync(join(globalHooks, 'plan-hooks.sh')), false);

  assert.equal(repo.cli(['init', '--force']).code, 0);
  assert.equal(repo.git('config', '--local', 'core.hooksPath').trim(), join(repo.dir, '.git/hooks'));
  assert.deepEqual(readFileSync(join(globalHooks, 'pre-commit'), 'utf8'), '#!/bin/sh\necho GLOBAL-HOOK >&2\n');
  assert.ok(hooksRan(repo.tryGit(['commit', '--allow-empty', '-m', 'x'], TRACE).stderr).includes('pre-commit'));
  assert.match(repo.cli(['doctor']).stdout, /warn {2}core\.hooksPath is an absolute path/);

  assert.equal(repo.cli(['uninstall']).code, 0);
  assert.equal(repo.tryGit(['config', '--local', 'core.hooksPath']).code, 1);
  assert.match(repo.tryGit(['commit', '--allow-empty', '-m', 'y']).stderr, /GLOBAL-HOOK/, 'the global hooks run here again');
  repo.remove();
  for (const p of [globalHooks, globalConfig]) removeDir(p);
});

test("uninstall removes the hooks' caches and markers in every worktree and keeps the worklog, saying where", () => {
  const repo = makeRepo({ initialCommit: true });
  assert.equal(repo.cli(['init']).code, 0);
  const wt = `${repo.dir}-wt`;
  repo.git('worktree', 'add', '-q', wt, '-b', 'side');
  for (const dir of [repo.dir, wt]) {
    mkdirSync(join(dir, 'docs'), { recursive: true });
    writeFileSync(join(dir, 'docs/a-plan.json'), '{}\n');
    repo.git('-C', dir, 'add', '-A');
    assert.equal(repo.tryGit(['-C', dir, 'commit', '-q', '--no-verify', '-m', 'a plan'], { PLAN_HOOKS_SKIP: 'plans' }).code, 0);
    writeFileSync(join(dir, 'code.ts'), 'x\n');
    repo.git('-C', dir, 'add', 'code.ts');
    assert.equal(repo.tryGit(['-C', dir, 'commit', '-q', '-m', 'code']).code, 0);
  }
  // The claims caches and the hooks' code caches (code-cache/<hook> and its stamp, in a directory of their own).
  const caches = [repo.dir + '/.git', join(repo.dir, '.git/worktrees', wt.split('/').pop()!)].flatMap((gitDir) => ['claims-cache.json', 'claims-decided', 'code-cache/pre-commit'].flatMap((name) => [name, `${name}.stamp`]).map((name) => join(gitDir, 'plan-hooks', name)));
  for (const file of caches) assert.ok(existsSync(file), `${file} written by pre-commit`);
  const worklog = join(repo.dir, '.git/plan-hooks/worklog.jsonl');
  assert.ok(existsSync(worklog));

  const un = repo.cli(['uninstall']);
  assert.equal(un.code, 0, un.stderr);
  for (const file of caches) assert.ok(!existsSync(file), `${file} removed`);
  assert.ok(!existsSync(join(repo.dir, '.git/plan-hooks/code-cache')), 'and the directory of the code caches');
  assert.ok(existsSync(worklog), 'the worklog is the user’s record');
  assert.ok(un.stdout.includes(`The worklog is kept, as your record of the commits made: ${worklog}`), un.stdout);
  repo.git('worktree', 'remove', '--force', wt);
  repo.remove();
});
