// The fast tier (scripts/test.mjs) holds the pure units and nothing that starts a process: the
// core's tests are in it, a test whose fixtures run git is not, and under the tier's guard a git
// started by the code under test fails instead of running.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { test } from 'node:test';
import { PACKAGE_ROOT } from './fixtures/paths.js';
import { removeDir } from './fixtures/remove-dir.js';

interface Tiers {
  testFiles(dir?: string): string[];
  tier(name: 'fast' | 'all', files?: string[]): string[];
}
const tiers = (await import(join(PACKAGE_ROOT, 'scripts', 'test.mjs'))) as Tiers;
const testDir = join(PACKAGE_ROOT, 'dist', 'test');
const names = (files: string[]) => files.map((f) => relative(testDir, f));

test('the fast tier: every core test but the one through whoami, none whose fixtures run git; all is every file', () => {
  const all = names(tiers.testFiles());
  const fast = names(tiers.tier('fast'));
  assert.deepEqual(names(tiers.tier('all')), all);
  for (const core of all.filter((f) => f.startsWith('core/') && f !== 'core/identity.test.js')) assert.ok(fast.includes(core), core);
  for (const slow of ['core/identity.test.js', 'install/tarball.test.js', 'hooks/pre-commit.test.js', 'git/batch.test.js', 'tiers.test.js']) assert.ok(!fast.includes(slow), slow);
});

test('a test file is in the fast tier unless it, or a test module it imports, imports node:child_process', () => {
  const dir = mkdtempSync(join(tmpdir(), 'plan-hooks-tiers-'));
  try {
    writeFileSync(join(dir, 'spawns.js'), "import { spawnSync } from 'node:child_process';\nexport const run = () => spawnSync('git');\n");
    writeFileSync(join(dir, 'text.js'), "export const text = \"import { spawnSync } from 'node:child_process';\";\n");
    writeFileSync(join(dir, 'a.test.js'), "import { run } from './spawns.js';\nrun();\n");
    writeFileSync(join(dir, 'b.test.js'), "import { text } from './text.js';\nexport default text;\n");
    writeFileSync(join(dir, 'c.test.js'), "const m = await import('./spawns.js');\nm.run();\n");
    assert.deepEqual(tiers.tier('fast', tiers.testFiles(dir)).map((f) => relative(dir, f)), ['b.test.js']);
  } finally {
    removeDir(dir);
  }
});

test('under the fast tier, a git the code under test starts fails and says why', () => {
  const dir = mkdtempSync(join(tmpdir(), 'plan-hooks-tiers-'));
  try {
    const file = join(dir, 'calls-git.test.js');
    writeFileSync(file, "import { test } from 'node:test';\nimport { execFileSync } from 'node:child_process';\ntest('git', () => { execFileSync('git', ['--version'], { stdio: 'pipe' }); });\n");
    // Outside this run's own test runner, which would take the nested run's reports for its own.
    const { NODE_TEST_CONTEXT: _, ...env } = process.env;
    const guarded = spawnSync(process.execPath, [join(PACKAGE_ROOT, 'scripts', 'test.mjs'), 'fast', file], { encoding: 'utf8', env });
    assert.notEqual(guarded.status, 0, guarded.stdout);
    assert.match(guarded.stdout + guarded.stderr, /the fast tier starts no git process/);
    const all = spawnSync(process.execPath, [join(PACKAGE_ROOT, 'scripts', 'test.mjs'), 'all', file], { encoding: 'utf8', env });
    assert.equal(all.status, 0, all.stdout + all.stderr);
  } finally {
    removeDir(dir);
  }
});
