// Repositories for installation tests: a Node repository with husky and plan-hooks already in
// node_modules (real husky, copied from this package's node_modules; plan-hooks linked to this
// build), so init needs no network; and a full snapshot to prove --dry-run writes nothing.
import { execFileSync } from 'node:child_process';
import { cpSync, lstatSync, mkdirSync, readFileSync, readdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
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
