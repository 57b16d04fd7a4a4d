// What the parallel-work tests share: a repository whose plan has one open task per file, and a
// Claude session's commits made through its Bash tool, so the pre-tool hook sees each first.
import assert from 'node:assert/strict';
import type { TempDirs } from '../fixtures/remote.js';
import type { Repo } from '../fixtures/repo.js';
import { open, plan } from '../fixtures/plans.js';
import { nodeRepo } from '../install/helpers.js';
import { claude, denied, runHook } from '../rotation/helpers.js';

export const CLAUDE = { CLAUDECODE: '1' };

/** main: plan `par` with one open task per id over src/<id>.ts, plan-hooks initialised, committed by a person. */
export function parallelRepo(dirs: TempDirs, ids = ['a', 'b', 'c', 'd']): Repo {
  const repo = nodeRepo();
  dirs.dirs.push(repo.dir);
  repo.writeJson('docs/par-plan.json', plan('par', ids.map((id) => open(id, [`src/${id}.ts`]))));
  repo.write('docs/par-plan.md', '# Par\n');
  for (const id of ids) repo.write(`src/${id}.ts`, `export const ${id} = 1;\n`);
  const init = repo.cli(['init']);
  assert.equal(init.code, 0, init.stderr);
  repo.git('add', '-A');
  repo.git('commit', '-qm', 'plan and hooks');
  return repo;
}

/** A command through Claude's Bash tool: its pre-tool hook sees it first (not denied), then the caller runs it. */
export function claudeBash(repo: Repo, session: string, command: string): void {
  assert.equal(denied(runHook(repo, repo.dir, 'claude', 'PreToolUse', claude.bash(repo.dir, session, command))), null, command);
}

/** A commit of `paths` by Claude's session `session`, through its Bash tool. */
export function commitAsClaude(repo: Repo, session: string, paths: string[], message: string, env: NodeJS.ProcessEnv = {}) {
  claudeBash(repo, session, `git commit -qm '${message}'`);
  repo.git('add', ...paths);
  return repo.tryGit(['commit', '-qm', message], { ...CLAUDE, ...env });
}
