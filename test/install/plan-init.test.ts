// init's planning over written-down facts (pure): what it decides without running anything.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { planInit } from '../../src/install/plan-init.js';
import { installFacts } from '../fixtures/install-facts.js';

test('init run through npx in a repository without package.json says the npx cache is no place for the hooks to call', () => {
  const plan = planInit(installFacts({ cli: '/home/u/.npm/_npx/0a1b/node_modules/plan-hooks/dist/src/cli.js' }), { force: false });
  assert.ok(plan.notes.some((n) => /inside npx's cache/.test(n)));
  assert.ok(!planInit(installFacts(), { force: false }).notes.some((n) => /inside npx's cache/.test(n)), 'an installed CLI gets no such note');
});
