// A repository that formats its Markdown with prettier: the files plan-hooks writes (the Plan
// State block, the handoff blocks, the paired .md) pass `prettier --check` as written, commit
// after commit, so a formatter in CI or in lint-staged never rewrites them.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { PACKAGE_ROOT } from '../fixtures/repo.js';
import { nodeRepo } from './helpers.js';

test('the generated Markdown passes prettier --check after each plan commit', () => {
  const repo = nodeRepo();
  symlinkSync(join(PACKAGE_ROOT, 'node_modules/prettier'), join(repo.dir, 'node_modules/prettier'));
  repo.write('.prettierrc', '{}\n');
  const prettier = (...args: string[]) =>
    spawnSync(process.execPath, [join(repo.dir, 'node_modules/prettier/bin/prettier.cjs'), ...args], { cwd: repo.dir, env: repo.env, encoding: 'utf8' });
  assert.equal(repo.cli(['init']).code, 0);
  assert.equal(repo.cli(['new', 'demo']).code, 0);
  repo.git('add', '-A');
  assert.equal(repo.commit('plan').code, 0);
  const files = ['AGENTS.md', 'docs/demo-plan.md'];
  let check = prettier('--check', ...files);
  assert.equal(check.status, 0, check.stdout + check.stderr);
  assert.equal(repo.cli(['claim', 'demo/first-task']).code, 0);
  repo.git('add', '-A');
  assert.equal(repo.commit('claim').code, 0);
  check = prettier('--check', ...files);
  assert.equal(check.status, 0, check.stdout + check.stderr);
  prettier('--write', ...files);
  assert.equal(repo.git('status', '--porcelain', '--', ...files), '', 'prettier changes nothing');
  repo.remove();
});
