// Staged plans through real commits: the schema and rules, then each transition rule of src/core/transitions.ts.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import type { PlanState } from '../../src/core/plan-types.js';
import type { Repo } from '../fixtures/repo.js';
import { claimed, open, plan } from '../fixtures/plans.js';
import { repoWithPlans } from '../fixtures/repo.js';

const repos: Repo[] = [];
after(() => repos.forEach((r) => r.remove()));
const FILE = 'docs/api-plan.json';

function setup(): Repo {
  const r = repoWithPlans({ [FILE]: plan('api', [claimed('endpoints', 'codex', ['src/api']), open('docs', ['guide'])]) });
  repos.push(r);
  return r;
}

/** Edits the plan, stages it, commits as `as`; returns git's result. */
function commitEdit(r: Repo, edit: (p: PlanState) => void, as = 'claude', env: NodeJS.ProcessEnv = {}) {
  const p = JSON.parse(readFileSync(join(r.dir, FILE), 'utf8')) as PlanState;
  edit(p);
  r.writeJson(FILE, p);
  r.git('add', FILE);
  return r.tryGit(['commit', '-m', 'plan edit'], { PLAN_HOOKS_AGENT: as, ...env });
}

const expectRefused = (res: { code: number; stderr: string }, rule: RegExp) => {
  assert.equal(res.code, 1, res.stderr);
  assert.match(res.stderr, rule);
  assert.match(res.stderr, /docs\/api-plan\.json:\d+:\d+/);
};

test('a staged plan is read from the index: a schema error there refuses, whatever the working file says', () => {
  const r = setup();
  const res = commitEdit(r, (p) => ((p.workItems[0]!.tasks[1] as { status: string }).status = 'done'));
  expectRefused(res, /status/);
  r.git('checkout', 'HEAD', '--', FILE);
  assert.deepEqual(r.git('diff', '--cached', '--name-only').trim(), '');
  // A valid staged version commits even while the working file is broken.
  const p = JSON.parse(readFileSync(join(r.dir, FILE), 'utf8')) as PlanState;
  p.lastUpdated = '2026-02-02';
  r.writeJson(FILE, p);
  r.git('add', FILE);
  r.write(FILE, '{ broken');
  const ok = r.tryGit(['commit', '-m', 'valid in the index'], { PLAN_HOOKS_AGENT: 'claude' });
  assert.equal(ok.code, 0, ok.stderr);
});

test('planId changed', () => expectRefused(commitEdit(setup(), (p) => (p.planId = 'renamed')), /planId/));

test('createdDate changed', () => expectRefused(commitEdit(setup(), (p) => (p.createdDate = '2025-12-31')), /createdDate/));

test('a log or changelog entry removed or changed', () => {
  expectRefused(commitEdit(setup(), (p) => (p.changelog[0]!.summary = 'rewritten')), /append-only/);
  expectRefused(commitEdit(setup(), (p) => (p.workItems[0]!.log = [])), /append-only/);
});

test('a live claim moved to another holder, or dropped by someone else', () => {
  expectRefused(commitEdit(setup(), (p) => (p.workItems[0]!.tasks[0]!.claimedBy = 'claude')), /codex/);
  expectRefused(
    commitEdit(setup(), (p) => {
      const t = p.workItems[0]!.tasks[0]!;
      t.status = 'not-started';
      delete t.claimedBy;
      delete t.claimedAt;
    }),
    /changes it \(claimedAt, claimedBy, status\); only the holder changes a task while its claim is live/,
  );
});

test('completed by someone other than the live claimant: an error; the claimant completes it', () => {
  const complete = (p: PlanState) => {
    p.workItems[0]!.tasks[0]!.status = 'completed';
    p.workItems[0]!.log.push({ date: p.lastUpdated, summary: 'done' });
  };
  expectRefused(commitEdit(setup(), complete), /this commit by claude changes it \(status\)/);
  const own = commitEdit(setup(), complete, 'codex');
  assert.equal(own.code, 0, own.stderr);
});

test('the holder’s own edits pass; modes and PLAN_HOOKS_SKIP apply to plans and transitions', () => {
  const own = commitEdit(setup(), (p) => p.workItems[0]!.log.push({ date: p.lastUpdated, summary: 'progress' }), 'codex');
  assert.equal(own.code, 0, own.stderr);
  const skipped = commitEdit(setup(), (p) => (p.planId = 'renamed'), 'claude', { PLAN_HOOKS_SKIP: 'plans,transitions' });
  assert.equal(skipped.code, 0, skipped.stderr);
  const r = setup();
  r.writeJson('.plan-hooks.json', { checks: { transitions: 'warn' } });
  r.git('add', '.plan-hooks.json');
  r.git('commit', '-q', '--no-verify', '-m', 'warn');
  const warned = commitEdit(r, (p) => (p.createdDate = '2025-12-31'));
  assert.equal(warned.code, 0, warned.stderr);
  assert.match(warned.stderr, /createdDate/);
});
