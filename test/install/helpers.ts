// Repositories for installation tests: a Node repository with husky and plan-hooks already in
// node_modules (real husky, copied from this package's node_modules; plan-hooks linked to this
// build), so init needs no network; and a full snapshot to prove --dry-run writes nothing.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, lstatSync, mkdirSync, readFileSync, readdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { claimed, plan } from '../fixtures/plans.js';
import { PACKAGE_ROOT, type Repo, makeRepo } from '../fixtures/repo.js';

export function nodeRepo(pkg: Record<string, unknown> = {}): Repo {
  const repo = makeRepo({ initialCommit: true });
  repo.writeJson('package.json', {
    name: 'demo',
    version: '1.0.0',
    ...pkg,
    devDependencies: { husky: '9.1.7', 'plan-hooks': `file:${PACKAGE_ROOT}`, ...(pkg.devDependencies as object) },
  });
  repo.write('.gitignore', 'node_modules\n');
  linkModules(repo.dir);
  return repo;
}

export function linkModules(dir: string): void {
  mkdirSync(join(dir, 'node_modules'), { recursive: true });
  cpSync(join(PACKAGE_ROOT, 'node_modules', 'husky'), join(dir, 'node_modules', 'husky'), { recursive: true });
  symlinkSync(PACKAGE_ROOT, join(dir, 'node_modules', 'plan-hooks'));
}

/** Every file (path → mode and content) under dir, node_modules aside, and the git config. */
export function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const path = join(d, name);
      if (name === 'node_modules') continue;
      const st = lstatSync(path);
      if (st.isDirectory()) walk(path);
      else out[path] = `${st.mode} ${st.isSymbolicLink() ? 'link' : readFileSync(path, 'base64')}`;
    }
  };
  walk(dir);
  out['git config'] = execFileSync('git', ['config', '--list', '--show-origin'], { cwd: dir, encoding: 'utf8', env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1' } });
  return out;
}

/** Hooks report each run under PLAN_HOOKS=2 ('plan-hooks: hook <name> ran'). */
export function hooksRan(stderr: string): string[] {
  return [...stderr.matchAll(/plan-hooks: hook (\S+) ran/g)].map((m) => m[1]!);
}

export const TRACE = { PLAN_HOOKS: '2' };
export const read = (repo: Repo, path: string) => readFileSync(join(repo.dir, path), 'utf8');
export const hasPreCommit = spawnSync('pre-commit', ['--version']).status === 0;

/** A plan whose task `alice` holds over src/, committed with every manager's hooks off. */
export function addClaim(repo: Repo): void {
  repo.writeJson('docs/x-plan.json', plan('x', [claimed('t1', 'alice', ['src/**'])]));
  repo.write('docs/x-plan.md', '# x\n');
  repo.git('add', 'docs');
  const r = repo.tryGit(['commit', '-q', '-m', 'plan'], { PLAN_HOOKS: '0', LEFTHOOK: '0', SKIP_SIMPLE_GIT_HOOKS: '1', SKIP: 'plan-hooks' });
  assert.equal(r.code, 0, r.stderr);
}

/** A commit of src/claimed.ts is refused (alice holds it), and one of a free path commits. */
export function assertClaimRefused(repo: Repo): void {
  repo.write('src/claimed.ts', 'x\n');
  repo.git('add', 'src/claimed.ts');
  const refused = repo.tryGit(['commit', '-m', 'touch claimed'], TRACE);
  assert.equal(refused.code, 1, `refused:\n${refused.stdout}${refused.stderr}`);
  assert.match(`${refused.stdout}${refused.stderr}`, /src\/claimed\.ts[\s\S]*alice/);
  repo.git('reset', '-q', 'src/claimed.ts');
  repo.write('free.txt', `${Date.now()}\n`);
  repo.git('add', 'free.txt');
  const free = repo.tryGit(['commit', '-m', 'touch a free path'], TRACE);
  assert.equal(free.code, 0, `free:\n${free.stdout}${free.stderr}`);
}

/** Files under .git/hooks (samples aside), with modes and contents. */
export function hooksSnapshot(repo: Repo): Record<string, string> {
  const all = snapshot(repo.dir);
  return Object.fromEntries(Object.entries(all).filter(([k]) => k.includes('/.git/hooks/') && !k.endsWith('.sample')));
}

/** A tool from this package's node_modules, linked into the repository's. */
export function linkTool(repo: Repo, ...names: string[]): void {
  mkdirSync(join(repo.dir, 'node_modules/.bin'), { recursive: true });
  for (const name of names) symlinkSync(join(PACKAGE_ROOT, 'node_modules', name), join(repo.dir, 'node_modules', name));
}

/** A user's .pre-commit-config.yaml: one local hook that says it ran. */
export const USER_PRE_COMMIT_CONFIG = `repos:
-   repo: local
    hooks:
    -   id: user-check
        name: user check
        entry: sh -c 'echo USER-CHECK-RAN'
        language: system
        pass_filenames: false
        verbose: true
`;

/** A repository without package.json with lefthook linked in, and the PATH that finds its binary. */
export function plainLefthookRepo(): { repo: Repo; path: NodeJS.ProcessEnv } {
  const repo = makeRepo({ initialCommit: true });
  linkTool(repo, 'lefthook', 'lefthook-linux-x64');
  repo.write('.gitignore', 'node_modules\n');
  return { repo, path: { PATH: `${join(repo.dir, 'node_modules/lefthook-linux-x64/bin')}:${process.env.PATH}` } };
}

/**
 * simple-git-hooks with plan-hooks in its configuration: a commit runs both (the user's pre-commit
 * says SGH-USER-RAN), a claimed path is refused, a second init changes nothing, doctor names it.
 */
export function assertInsideSimpleGitHooks(repo: Repo): void {
  repo.git('add', '-A');
  const ok = repo.tryGit(['commit', '-m', 'through simple-git-hooks'], TRACE);
  assert.equal(ok.code, 0, ok.stderr);
  assert.match(ok.stderr, /SGH-USER-RAN/);
  assert.deepEqual(hooksRan(ok.stderr), ['pre-commit', 'prepare-commit-msg', 'post-commit']);
  assertClaimRefused(repo);
  assert.match(repo.cli(['init']).stdout, /nothing to change/);
  const doctor = repo.cli(['doctor']);
  assert.equal(doctor.code, 0, doctor.stdout);
  assert.match(doctor.stdout, /managed by simple-git-hooks/);
}
