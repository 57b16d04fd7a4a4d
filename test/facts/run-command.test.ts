// The command every printed sentence names for plan-hooks (src/facts/run-command.ts): the
// repository's package manager running its installed copy, the main worktree's program by path
// in a linked worktree without node_modules, and never `npx` of a name not installed here.
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { installedRunCommand } from '../../src/facts/run-command.js';
import { type Repo, makeRepo, removeDir } from '../fixtures/repo.js';

const repos: Repo[] = [];
const dirs: string[] = [];
after(() => {
  repos.forEach((r) => r.remove());
  dirs.forEach(removeDir);
});

function nodeProject(lockfile: string | null, installed: boolean): Repo {
  const repo = makeRepo({ initialCommit: true });
  repos.push(repo);
  repo.writeJson('package.json', { name: 'x', version: '1.0.0' });
  if (lockfile) repo.write(lockfile, '');
  if (installed) mkdirSync(join(repo.dir, 'node_modules/plan-hooks'), { recursive: true });
  return repo;
}

test("each package manager's way to run its installed copy, from the top or a subdirectory", () => {
  for (const [lockfile, expected] of [
    ['package-lock.json', 'npx plan-hooks'],
    ['pnpm-lock.yaml', 'pnpm exec plan-hooks'],
    ['yarn.lock', 'yarn plan-hooks'],
    ['bun.lock', 'bunx plan-hooks'],
  ] as const) {
    const repo = nodeProject(lockfile, true);
    assert.equal(installedRunCommand(repo.dir), expected, lockfile);
    mkdirSync(join(repo.dir, 'src/deep'), { recursive: true });
    assert.equal(installedRunCommand(join(repo.dir, 'src/deep')), expected, `${lockfile} from a subdirectory`);
  }
});

test('not installed here, or no package.json: plan-hooks itself, never an npx lookup on the registry', () => {
  assert.equal(installedRunCommand(nodeProject('package-lock.json', false).dir), 'plan-hooks');
  const plain = makeRepo({ initialCommit: true });
  repos.push(plain);
  assert.equal(installedRunCommand(plain.dir), 'plan-hooks');
});

test("a linked worktree without node_modules names the main worktree's program by path", () => {
  const repo = nodeProject('pnpm-lock.yaml', true);
  repo.write('.gitignore', 'node_modules\n');
  repo.git('add', '-A');
  repo.git('commit', '-qm', 'pkg');
  const wt = `${repo.dir}-wt`;
  repo.git('worktree', 'add', '-q', wt, '-b', 'agent');
  dirs.push(wt);
  assert.equal(installedRunCommand(wt), join(repo.dir, 'node_modules/.bin/plan-hooks'));
  // Once the worktree has its own install, its package manager runs it.
  mkdirSync(join(wt, 'node_modules/plan-hooks'), { recursive: true });
  writeFileSync(join(wt, 'node_modules/plan-hooks/package.json'), '{}');
  assert.equal(installedRunCommand(wt), 'pnpm exec plan-hooks');
});
