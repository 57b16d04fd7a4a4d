// init's and uninstall's decisions as a table: written-down facts in (test/fixtures/install-facts.ts),
// the actions or the refusal out, with no repository and no process. The real installs, one per
// mode and manager, are in plain/husky/managers.test.ts.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { HOOKS } from '../../src/hooks/registry.js';
import type { Action } from '../../src/install/actions.js';
import { CHAINED_SUFFIX, SHIM_MARK } from '../../src/install/facts.js';
import { planInit } from '../../src/install/plan-init.js';
import { planUninstall } from '../../src/install/plan-uninstall.js';
import { renderShim } from '../../src/install/scripts.js';
import { ROOT, installFacts } from '../fixtures/install-facts.js';

const writes = (actions: Action[]) => actions.filter((a) => a.kind === 'write').map((a) => a.path);
const kinds = (actions: Action[]) => actions.map((a) => (a.kind === 'gitConfig' ? `gitConfig ${a.key}=${a.value}` : a.kind));

test('decisions: which mode, which hooks directory, which core.hooksPath change, or which refusal', () => {
  const table: { facts: Parameters<typeof installFacts>[0]; force?: boolean; mode?: string; dir?: string; config?: string[]; refused?: RegExp }[] = [
    // No package.json: shims in the hooks directory git uses.
    { facts: {}, mode: 'dir', dir: `${ROOT}/.git/hooks`, config: [] },
    // A foreign core.hooksPath that is a directory of hooks: installed into, left set.
    { facts: { hooksPath: 'tools/hooks', hooksPathScope: 'local', hooksDir: `${ROOT}/tools/hooks` }, mode: 'dir', dir: `${ROOT}/tools/hooks`, config: [] },
    // …naming no directory: refused, unless --force unsets it (back to the shared hooks).
    { facts: { hooksPath: 'gone', hooksPathScope: 'local', hooksDir: `${ROOT}/gone`, hooksDirExists: false }, refused: /names no directory/ },
    { facts: { hooksPath: 'gone', hooksPathScope: 'local', hooksDir: `${ROOT}/gone`, hooksDirExists: false }, force: true, mode: 'dir', dir: `${ROOT}/.git/hooks`, config: ['gitConfig core.hooksPath=null'] },
    // A global core.hooksPath serves every repository: refused, unless --force overrides it here.
    { facts: { hooksPath: '/home/u/hooks', hooksPathScope: 'global', hooksDir: '/home/u/hooks' }, refused: /global git config/ },
    { facts: { hooksPath: '/home/u/hooks', hooksPathScope: 'global', hooksDir: '/home/u/hooks' }, force: true, mode: 'dir', dir: `${ROOT}/.git/hooks`, config: [`gitConfig core.hooksPath=${ROOT}/.git/hooks`] },
    // yarn Plug'n'Play: refused before anything.
    { facts: { pkg: { text: '{}', data: {}, files: ['yarn.lock'] }, yarnPnp: true }, refused: /Plug'n'Play/ },
    // A hook manager's configuration under a core.hooksPath: refused with the manager's fix.
    { facts: { preCommitConfig: 'repos: []\n', hooksPath: '.husky/_', hooksPathScope: 'local', hooksDir: `${ROOT}/.husky/_` }, refused: /managed by pre-commit/ },
  ];
  for (const row of table) {
    const facts = installFacts(row.facts);
    const label = JSON.stringify(row.facts) + (row.force ? ' --force' : '');
    if (row.refused) {
      assert.throws(() => planInit(facts, { force: row.force ?? false }), row.refused, label);
      continue;
    }
    const plan = planInit(facts, { force: row.force ?? false });
    assert.equal(plan.mode, row.mode, label);
    assert.equal(plan.manifest.hooksDir, row.dir, label);
    assert.deepEqual(kinds(plan.actions).filter((k) => k.startsWith('gitConfig core.hooksPath')), row.config, label);
    for (const hook of HOOKS) assert.ok(writes(plan.actions).includes(`${row.dir}/${hook}`), `${label}: ${hook}`);
    assert.ok(writes(plan.actions).includes(`${row.dir}/plan-hooks.sh`), `${label}: the runner`);
  }
});

test('decisions: a hook of the user\'s is kept and chained, never overwritten; ours is rewritten only when it differs', () => {
  const user = { content: '#!/bin/sh\necho mine\n', executable: true };
  const plan = planInit(installFacts({ hookFiles: { 'pre-commit': user } }), { force: false });
  const renames = plan.actions.filter((a): a is Extract<Action, { kind: 'rename' }> => a.kind === 'rename');
  assert.deepEqual(renames.map((r) => [r.from, r.to]), [[`${ROOT}/.git/hooks/pre-commit`, `${ROOT}/.git/hooks/pre-commit${CHAINED_SUFFIX}`]]);
  // A second run over what the first installed changes no hook file.
  const installed = Object.fromEntries(HOOKS.map((h) => [h, { content: renderShim(h), executable: true }]));
  const again = planInit(installFacts({ hookFiles: installed }), { force: false });
  assert.deepEqual(writes(again.actions).filter((p) => HOOKS.some((h) => p.endsWith(`/${h}`))), []);
  assert.ok(renderShim('pre-commit').includes(SHIM_MARK));
});

test('decisions: uninstall over a plain install removes the shims and the runner and puts a chained hook back', () => {
  const hookFiles = {
    ...Object.fromEntries(HOOKS.map((h) => [h, { content: renderShim(h), executable: true }])),
    [`pre-commit${CHAINED_SUFFIX}`]: { content: '#!/bin/sh\necho mine\n', executable: true },
    'plan-hooks.sh': { content: '#!/bin/sh\n', executable: true },
  };
  const actions = planUninstall(installFacts({ hookFiles, commonHookFiles: hookFiles }));
  const removed = actions.filter((a) => a.kind === 'remove').map((a) => a.path);
  for (const hook of HOOKS.filter((h) => h !== 'pre-commit')) assert.ok(removed.includes(`${ROOT}/.git/hooks/${hook}`), hook);
  assert.ok(removed.includes(`${ROOT}/.git/hooks/plan-hooks.sh`));
  assert.ok(actions.some((a) => a.kind === 'rename' && a.from.endsWith(`pre-commit${CHAINED_SUFFIX}`) && a.to === `${ROOT}/.git/hooks/pre-commit`));
});
