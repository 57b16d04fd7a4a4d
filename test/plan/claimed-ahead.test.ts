// A claimedAt a little ahead of this clock (another machine's): within the 5-minute tolerance it
// is valid and reads as "0 h ago", never "-1 h ago"; past it, validation names it as in the future.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { claimed, plan } from '../fixtures/plans.js';
import { type Repo, repoWithPlans } from '../fixtures/repo.js';
import { hoursSince } from '../../src/core/claim-state.js';

const repos: Repo[] = [];
after(() => repos.forEach((r) => r.remove()));
const MINUTE = 60_000;

test('hoursSince: a time ahead of now is 0 hours ago', () => {
  const now = new Date('2026-03-10T12:00:00Z');
  assert.equal(hoursSince('2026-03-10T12:03:00Z', now), 0);
  assert.equal(hoursSince('2026-03-10T10:59:00Z', now), 1);
  assert.equal(hoursSince('not a time', now), null);
});

test('a claim made 3 minutes ahead: valid, and status says 0 h ago; 10 minutes ahead is in the future', () => {
  const ahead = (ms: number) => new Date(Date.now() + ms).toISOString().replace(/\.\d+Z$/, 'Z');
  const repo = repoWithPlans({ 'docs/api-plan.json': plan('api', [claimed('endpoints', 'codex', ['src/api'], 1, { claimedAt: ahead(3 * MINUTE) })]) });
  repos.push(repo);
  const valid = repo.cli(['validate']);
  assert.equal(valid.code, 0, valid.stderr + valid.stdout);
  const status = repo.cli(['status']);
  assert.equal(status.code, 0, status.stderr);
  assert.doesNotMatch(status.stdout, /-\d+ h/);
  assert.match(status.stdout, /\b0 h\b/);
  const later = repoWithPlans({ 'docs/api-plan.json': plan('api', [claimed('endpoints', 'codex', ['src/api'], 1, { claimedAt: ahead(10 * MINUTE) })]) });
  repos.push(later);
  const refused = later.cli(['validate']);
  assert.equal(refused.code, 1);
  assert.match(refused.stdout + refused.stderr, /which is in the future/);
});
