// init's planning over real facts (pure): what it decides without running anything.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { gatherFacts } from '../../src/install/facts.js';
import { planInit } from '../../src/install/plan-init.js';
import { makeRepo } from '../fixtures/repo.js';

test('init run through npx in a repository without package.json says the npx cache is no place for the hooks to call', async () => {
  const repo = makeRepo({ initialCommit: true });
  const facts = { ...(await gatherFacts(repo.dir)), cli: '/home/u/.npm/_npx/0a1b/node_modules/plan-hooks/dist/src/cli.js' };
  const plan = planInit(facts, { force: false });
  assert.ok(plan.notes.some((n) => /inside npx's cache/.test(n)));
  repo.remove();
});
