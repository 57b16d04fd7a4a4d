// A repository that formats its Markdown with prettier: the files plan-hooks writes (the Plan
// State block, the handoff blocks, the paired .md) pass `prettier --check` as written, commit
// after commit, so a formatter in CI or in lint-staged never rewrites them.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, symlinkSync } from 'node:fs';
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

test('a plan in prettier’s JSON layout passes prettier --check after claim, the handoff hook and done (issue 26)', () => {
  const repo = nodeRepo();
  symlinkSync(join(PACKAGE_ROOT, 'node_modules/prettier'), join(repo.dir, 'node_modules/prettier'));
  repo.write('.prettierrc', '{ "tabWidth": 4 }\n');
  const prettier = (...args: string[]) =>
    spawnSync(process.execPath, [join(repo.dir, 'node_modules/prettier/bin/prettier.cjs'), ...args], { cwd: repo.dir, env: repo.env, encoding: 'utf8' });
  assert.equal(repo.cli(['init']).code, 0);
  assert.equal(repo.cli(['new', 'demo']).code, 0);
  const file = 'docs/demo-plan.json';
  // A handoff on one line (prettier keeps it so while it fits), then the whole file as prettier writes it.
  const text = readFileSync(join(repo.dir, file), 'utf8').replace(/\n}\n$/, ',\n"handoff": { "nextAction": "Write the tests" }\n}\n');
  repo.write(file, text);
  assert.equal(prettier('--write', file).status, 0);
  assert.match(readFileSync(join(repo.dir, file), 'utf8'), /^ {4}"relatedDocs": \["docs\/demo-plan\.md"\],$/m, 'prettier collapsed the short array');
  repo.git('add', '-A');
  assert.equal(repo.commit('plan').code, 0);
  const checked = (step: string) => {
    const check = prettier('--check', file);
    assert.equal(check.status, 0, `${step}:\n${check.stdout}${check.stderr}\n${readFileSync(join(repo.dir, file), 'utf8')}`);
  };
  checked('the first commit (the handoff hook wrote updatedBy, updatedAt and branch)');
  assert.match(readFileSync(join(repo.dir, file), 'utf8'), /"updatedBy"/, 'the handoff hook rewrote the handoff');
  const claim = repo.cli(['claim', 'demo/first-task']);
  assert.equal(claim.code, 0, claim.stderr);
  assert.doesNotMatch(claim.stdout, /reformat/i, 'the file’s layout is its own');
  checked('claim');
  repo.git('add', '-A');
  assert.equal(repo.commit('claim').code, 0);
  checked('the claim’s commit');
  const done = repo.cli(['done', 'demo/first-task']);
  assert.equal(done.code, 0, done.stderr);
  checked('done');
  repo.git('add', '-A');
  assert.equal(repo.commit('done').code, 0);
  checked('the last commit');
  repo.remove();
});
