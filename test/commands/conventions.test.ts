// CLI conventions that a new user meets first: the plan's $schema resolves offline, and the
// Plan State block speaks the repository's package runner and names the whole task cycle.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { test } from 'node:test';
import { PACKAGE_ROOT, makeRepo } from '../fixtures/repo.js';
import { nodeRepo } from '../install/helpers.js';

const SCHEMA = JSON.parse(readFileSync(join(PACKAGE_ROOT, 'schema/plan-state.v1.schema.json'), 'utf8')) as { $id: string };

test("new: $schema is the installed package's schema by a relative path (an editor resolves it offline), else the schema's $id", () => {
  const repo = nodeRepo();
  assert.equal(repo.cli(['new', 'export-retry']).code, 0);
  const ref = JSON.parse(readFileSync(join(repo.dir, 'docs/export-retry-plan.json'), 'utf8')).$schema as string;
  assert.equal(ref, '../node_modules/plan-hooks/schema/plan-state.v1.schema.json');
  assert.ok(existsSync(resolve(dirname(join(repo.dir, 'docs/export-retry-plan.json')), ref)));
  assert.equal(repo.cli(['validate', '--strict']).code, 0);
  repo.remove();
  const plain = makeRepo({ initialCommit: true });
  assert.equal(plain.cli(['new', 'export-retry']).code, 0);
  assert.equal(JSON.parse(readFileSync(join(plain.dir, 'docs/export-retry-plan.json'), 'utf8')).$schema, SCHEMA.$id);
  plain.remove();
});

test('the Plan State block uses the repository\'s package runner and names claim, committing the claim, done and release', () => {
  for (const [lockfile, run] of [['pnpm-lock.yaml', 'pnpm exec plan-hooks'], ['yarn.lock', 'yarn plan-hooks'], ['bun.lock', 'bunx plan-hooks'], ['package-lock.json', 'npx plan-hooks']]) {
    const repo = nodeRepo();
    repo.write(lockfile!, '');
    const r = repo.cli(['init']);
    assert.equal(r.code, 0, r.stderr);
    const block = readFileSync(join(repo.dir, 'AGENTS.md'), 'utf8');
    for (const command of ['status', 'claim <plan>/<task>', 'done <plan>/<task>', 'release <plan>/<task>']) assert.ok(block.includes(`\`${run} ${command}`), `${run} ${command}`);
    assert.match(block, /commit the plan right away/);
    repo.remove();
  }
  const plain = makeRepo({ initialCommit: true });
  assert.equal(plain.cli(['init']).code, 0);
  assert.match(readFileSync(join(plain.dir, 'AGENTS.md'), 'utf8'), /`plan-hooks status`/);
  plain.remove();
});

test('claim keeps the layout new wrote: only the claimed lines change', () => {
  const repo = makeRepo({ initialCommit: true });
  assert.equal(repo.cli(['new', 'demo']).code, 0);
  const before = readFileSync(join(repo.dir, 'docs/demo-plan.json'), 'utf8').split('\n');
  const r = repo.cli(['claim', 'demo/first-task', '--as', 'codex']);
  assert.equal(r.code, 0, r.stderr);
  assert.doesNotMatch(r.stdout + r.stderr, /normalized/);
  const after = readFileSync(join(repo.dir, 'docs/demo-plan.json'), 'utf8').split('\n');
  const gone = before.filter((l) => !after.includes(l));
  assert.ok(gone.every((l) => /"status"|"files"|"lastUpdated"/.test(l)), `only status, files, lastUpdated lines change: ${gone.join('\n')}`);
  repo.remove();
});

test('a commit that gains handoff files says so in one line', () => {
  const repo = makeRepo({ initialCommit: true });
  repo.installRawHooks();
  assert.equal(repo.cli(['new', 'demo']).code, 0);
  repo.write('AGENTS.md', '# Agents\n');
  repo.git('add', '-A');
  const r = repo.commit('plan');
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stderr, /^plan-hooks: updated the handoff in docs\/demo-plan\.md, AGENTS\.md$/m);
  repo.remove();
});
