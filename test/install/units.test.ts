import assert from 'node:assert/strict';
import { test } from 'node:test';
import { addDevCommand, detectPackageManager } from '../../src/core/install/package-manager.js';
import { renderShim } from '../../src/core/install/hook-texts.js';
import { shQuote } from '../../src/lib/sh-quote.js';
import { removeSection, upsertSection } from '../../src/lib/marked-sections.js';
import { PLAN_STATE_MARKERS, SHELL_MARKERS, hasTopLevelExit, isEmptyScript } from '../../src/core/install/sections.js';
import { addPreCommitRepo, preCommitHookStage, shippedHooks } from '../../src/core/install/managers.js';

test('a section is appended after the user lines and removed back to the exact original', () => {
  const user = '#!/bin/sh\nnpx lint-staged\n';
  const withSection = upsertSection(user, SHELL_MARKERS, 'sh run.sh');
  assert.ok(withSection.startsWith(user));
  assert.match(withSection, /# plan-hooks:start[^\n]*\nsh run\.sh\n# plan-hooks:end\n$/);
  assert.equal(removeSection(withSection, SHELL_MARKERS), user);
});

test('a section is replaced in place, lines after it kept, and an unchanged body changes nothing', () => {
  const text = `a\n${PLAN_STATE_MARKERS.start}\nold\n${PLAN_STATE_MARKERS.end}\nb\n`;
  const next = upsertSection(text, PLAN_STATE_MARKERS, 'new\n');
  assert.equal(next, `a\n${PLAN_STATE_MARKERS.start}\nnew\n${PLAN_STATE_MARKERS.end}\nb\n`);
  assert.equal(upsertSection(next, PLAN_STATE_MARKERS, 'new\n'), next);
  assert.equal(removeSection(next, PLAN_STATE_MARKERS), 'a\nb\n');
  assert.equal(removeSection('no markers\n', PLAN_STATE_MARKERS), null);
});

test('a file holding only plan-hooks becomes empty when the section goes', () => {
  const only = upsertSection('', SHELL_MARKERS, 'x');
  assert.equal(removeSection(only, SHELL_MARKERS), '');
  assert.ok(isEmptyScript('#!/bin/sh\n\n'));
  assert.ok(!isEmptyScript('#!/bin/sh\necho hi\n'));
});

test('the package manager comes from the lockfile, then the packageManager field, else npm', () => {
  assert.equal(detectPackageManager(['package.json', 'pnpm-lock.yaml']), 'pnpm');
  assert.equal(detectPackageManager(['yarn.lock']), 'yarn');
  assert.equal(detectPackageManager(['bun.lockb']), 'bun');
  assert.equal(detectPackageManager(['package-lock.json']), 'npm');
  assert.equal(detectPackageManager([], 'yarn@4.1.0'), 'yarn');
  assert.equal(detectPackageManager([]), 'npm');
  assert.deepEqual(addDevCommand('pnpm', ['husky@9.1.7']), ['pnpm', 'add', '--save-dev', 'husky@9.1.7']);
  assert.deepEqual(addDevCommand('yarn', ['husky@9.1.7']), ['yarn', 'add', '--dev', 'husky@9.1.7']);
});

test('shell quoting survives quotes and spaces; a shim hands over to the runner next to it', () => {
  assert.equal(shQuote(`it's a "path"`), `'it'\\''s a "path"'`);
  const shim = renderShim('pre-push');
  assert.match(shim, /^#!\/bin\/sh\n# plan-hooks shim/);
  assert.match(shim, /exec sh "\$\{0%\/\*\}\/plan-hooks\.sh" pre-push "\$\{0%\/\*\}\/pre-push\.plan-hooks-chained" "\$@"/);
  assert.doesNotMatch(shim, /dirname/, 'finding the runner starts no process');
  assert.doesNotMatch(shim, /npx/);
});

test('a section put first goes after the shebang, and its removal restores the file exactly', () => {
  const user = '#!/bin/sh\necho user\nexit 0\n';
  assert.ok(hasTopLevelExit(user));
  assert.ok(!hasTopLevelExit('if x; then\n  exit 1\nfi\n'), 'an indented exit is conditional');
  const withSection = upsertSection(user, SHELL_MARKERS, 'sh run.sh', true);
  assert.match(withSection, /^#!\/bin\/sh\n# plan-hooks:start[^\n]*\nsh run\.sh\n# plan-hooks:end\necho user\nexit 0\n$/);
  assert.equal(removeSection(withSection, SHELL_MARKERS), user);
});

test("the package's shipped pre-commit hooks are found by id, block or flow style, never in plan-hooks' own local entry", () => {
  const remote = 'repos:\n  - repo: https://example.com/plan-hooks\n    rev: v1\n    hooks:\n      - id: plan-hooks\n      - id: plan-hooks-post-commit # worklog\n';
  assert.deepEqual(shippedHooks(remote), ['pre-commit', 'post-commit']);
  assert.deepEqual(shippedHooks("repos:\n- repo: x\n  rev: v1\n  hooks: [{ id: plan-hooks-pre-push }, {id: 'plan-hooks-prepare-commit-msg'}]\n"), ['prepare-commit-msg', 'pre-push']);
  assert.deepEqual(shippedHooks(addPreCommitRepo('repos:\n', 'commit')), [], "init's own entry is not the shipped hooks");
  assert.deepEqual(shippedHooks('repos:\n  - repo: local\n    hooks:\n      - id: plan-hooks-extra\n'), []);
  assert.deepEqual(shippedHooks(null), []);
  assert.deepEqual(['pre-commit', 'pre-push', 'post-commit'].map((h) => preCommitHookStage(h, 'pre-commit 3.0.4')), ['commit', 'push', 'post-commit']);
  assert.deepEqual(['pre-commit', 'pre-push'].map((h) => preCommitHookStage(h, 'pre-commit 4.0.1')), ['pre-commit', 'pre-push']);
});
