// The one hook table (src/core/hook-table.ts) against every place that derives from it: a hook
// missing from the runner's cases, the build, init, doctor, runHook's treatment or lefthook's
// stdin fails here, by name.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { runHook } from '../../src/hooks/main.js';
import { HOOK_TABLE, HOOKS, hooksWhere, isHook } from '../../src/core/hook-table.js';
import { diagnose } from '../../src/install/doctor.js';
import { gatherFacts } from '../../src/install/facts.js';
import { addLefthookCommand } from '../../src/core/install/managers.js';
import { decideInit } from '../../src/core/install/init-actions.js';
import { renderRunner } from '../../src/install/scripts.js';
import { renderShim } from '../../src/core/install/hook-texts.js';
import { messages } from '../../src/messages/index.js';
import { makeRepo, PACKAGE_ROOT, removeDir } from '../fixtures/repo.js';
import { nodeRepo } from '../install/helpers.js';

const DIST = join(PACKAGE_ROOT, 'dist/src/hooks');

test('every hook in the table has its module, with a hook function as default export, and its bundle', async () => {
  for (const hook of HOOKS) {
    const mod = (await import(join(DIST, `${hook}.js`))) as { default?: unknown };
    assert.equal(typeof mod.default, 'function', `src/hooks/${hook}.ts exports its HookRun as default`);
    assert.ok(existsSync(join(DIST, `${hook}.cjs`)), `the build bundles ${hook} (dist/src/hooks/${hook}.cjs)`);
  }
  assert.ok(!isHook('pre-rebase') && !isHook('__proto__') && isHook('pre-push'));
});

test('the runner template names no hook list of its own: its cases come from the table', () => {
  const template = readFileSync(join(PACKAGE_ROOT, 'hooks/plan-hooks.sh'), 'utf8');
  for (const placeholder of ['@HOOKS@', '@STDIN_HOOKS@', '@SKIPPED_BY_OFF@']) assert.ok(template.includes(placeholder), placeholder);
  const rendered = renderRunner({ node: process.execPath, cli: '/nowhere/cli.js' });
  assert.doesNotMatch(rendered, /@[A-Z_]+@/);
});

/**
 * Runs the rendered runner for `hook` as git would, with a stand-in node that records what it was
 * given and a chained hook that records its stdin; returns both records.
 */
function runRunner(dir: string, hook: string, env: Record<string, string> = {}) {
  const nodeLog = join(dir, 'node.log');
  const chainedLog = join(dir, 'chained.log');
  rmSync(nodeLog, { force: true });
  rmSync(chainedLog, { force: true });
  const fakeNode = join(dir, 'fake-node');
  writeFileSync(fakeNode, `#!/bin/sh\n{ printf '%s\\n' "$*"; cat; } > '${nodeLog}'\n`);
  chmodSync(fakeNode, 0o755);
  const cli = join(dir, 'pkg/cli.js');
  writeFileSync(cli, '');
  const chained = join(dir, 'chained');
  writeFileSync(chained, `#!/bin/sh\ncat > '${chainedLog}'\n`);
  chmodSync(chained, 0o755);
  const runner = join(dir, 'plan-hooks.sh');
  writeFileSync(runner, renderRunner({ node: fakeNode, cli }));
  const r = spawnSync('sh', [runner, hook, chained, 'arg1'], { cwd: dir, input: 'git-input\n', encoding: 'utf8', env: { PATH: process.env.PATH ?? '', HOME: dir, ...env } });
  const read = (f: string) => (existsSync(f) ? readFileSync(f, 'utf8') : null);
  return { code: r.status, node: read(nodeLog), chained: read(chainedLog) };
}

test('the rendered runner starts node for every hook in the table, hands stdin on where the table says so, and runs nothing for others', () => {
  const dir = mkdtempSync(join(tmpdir(), 'plan-hooks-registry-'));
  try {
    spawnSync('git', ['init', '-q', dir]);
    mkdirSync(join(dir, 'pkg'));
    for (const hook of HOOKS) {
      const r = runRunner(dir, hook);
      assert.ok(r.node !== null, `the runner's cases let ${hook} through to node`);
      assert.match(r.node, new RegExp(`hook ${hook} arg1`), `${hook} reaches plan-hooks with git's arguments`);
      const stdin = HOOK_TABLE[hook].stdin;
      // A stdin hook's input is copied to both; any other hook's stdin is left to the chained hook.
      assert.equal(r.chained, 'git-input\n', `${hook}: the chained hook reads git's input`);
      assert.equal(r.node.includes('git-input'), stdin, `${hook}: plan-hooks ${stdin ? 'gets a copy of' : 'is not given'} git's input`);
      const off = runRunner(dir, hook, { PLAN_HOOKS: '0' });
      assert.equal(off.node !== null, !HOOK_TABLE[hook].skippedByOff, `${hook} under PLAN_HOOKS=0`);
    }
    const other = runRunner(dir, 'pre-rebase');
    assert.equal(other.node, null, 'a hook not in the table runs nothing of plan-hooks');
    assert.equal(other.code, 0);
  } finally {
    removeDir(dir);
  }
});

test('runHook: a blocking hook passes its code and fails closed with its own sentence; the others never stop git but prepare-commit-msg', async () => {
  const write = process.stderr.write;
  let err = '';
  process.stderr.write = ((chunk: string) => ((err += chunk), true)) as typeof process.stderr.write;
  try {
    for (const hook of HOOKS) {
      const spec = HOOK_TABLE[hook];
      assert.equal(await runHook(hook, async () => async () => 1, []), spec.blocking || spec.exitCode ? 1 : 0, `${hook}'s exit code`);
      err = '';
      const failed = await runHook(hook, async () => { throw new Error('boom'); }, []);
      assert.equal(failed, spec.blocking ? 1 : 0, `${hook} on an internal error`);
      if (spec.blocking) {
        assert.ok(messages.hookFailClosed[hook], `${hook} has a fail-closed sentence in src/messages/hooks.ts`);
        assert.ok(err.includes(messages.hookFailClosed[hook]!), `${hook} prints it`);
      }
    }
  } finally {
    process.stderr.write = write;
  }
});

test('init installs, and doctor checks, every hook of the table; lefthook passes stdin to exactly the stdin hooks', async () => {
  const plain = makeRepo({ initialCommit: true });
  const node = nodeRepo();
  try {
    const dir = decideInit(await gatherFacts(plain.dir), { force: false });
    const husky = decideInit(await gatherFacts(node.dir), { force: false });
    for (const hook of HOOKS) {
      assert.ok(dir.actions.some((a) => a.kind === 'write' && a.path.endsWith(`/hooks/${hook}`) && a.content === renderShim(hook)), `init (hooks directory) installs ${hook}`);
      assert.ok(husky.actions.some((a) => a.kind === 'write' && a.path.endsWith(`/.husky/${hook}`)), `init (husky) installs ${hook}`);
      assert.equal(addLefthookCommand('', hook).includes('use_stdin: true'), HOOK_TABLE[hook].stdin, `lefthook ${hook}`);
    }
    const findings = diagnose(await gatherFacts(plain.dir), { node: process.execPath, cli: '/x/cli.js', nodeVersion: process.version, runs: {} }, {});
    for (const hook of HOOKS) assert.ok(findings.some((f) => f.level === 'fail' && f.text.includes(`plan-hooks does not run on ${hook}`)), `doctor checks ${hook}`);
    assert.deepEqual(hooksWhere('blocking'), ['pre-commit', 'pre-push']);
    assert.match(messages.hookUsage(HOOKS.join(', ')), new RegExp(HOOKS.join(', ')));
  } finally {
    plain.remove();
    node.remove();
  }
});
