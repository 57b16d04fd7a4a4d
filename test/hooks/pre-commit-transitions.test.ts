// The transition rules and the edit commands end to end: real `git commit`s through the
// installed pre-commit hook.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { claimed, open, plan } from '../fixtures/plans.js';
import { repoWithPlans } from '../fixtures/repo.js';
import type { Repo } from '../fixtures/repo.js';
import type { PlanState } from '../../src/core/plan-types.js';

const FILE = 'docs/export-retry-plan.json';
const repos: Repo[] = [];
after(() => repos.forEach((r) => r.remove()));

function setup(p: PlanState): Repo {
  const repo = repoWithPlans({ [FILE]: p }, ['pre-commit']);
  repos.push(repo);
  return repo;
}

const as = (name: string) => ({ PLAN_HOOKS_AGENT: name });
const read = (repo: Repo) => JSON.parse(readFileSync(join(repo.dir, FILE), 'utf8')) as PlanState;

function editPlan(repo: Repo, edit: (p: PlanState) => void): void {
  const p = read(repo);
  edit(p);
  repo.writeJson(FILE, p);
  repo.git('add', FILE);
}

function commitAs(repo: Repo, name: string, message: string) {
  return repo.tryGit(['commit', '-q', '-m', message], as(name));
}

test('claim, then done, each commit passes pre-commit', () => {
  const repo = setup(plan('export-retry', [open('upload', ['src/app.ts'])]));
  assert.equal(repo.cli(['claim', 'upload'], as('codex')).code, 0);
  repo.git('add', FILE);
  const c1 = commitAs(repo, 'codex', 'claim upload');
  assert.equal(c1.code, 0, c1.stderr);
  repo.write('src/app.ts', 'export const retry = 1;\n');
  assert.equal(repo.cli(['done', 'upload', '--summary', 'Retry added'], as('codex')).code, 0);
  repo.git('add', '-A');
  const c2 = commitAs(repo, 'codex', 'retry');
  assert.equal(c2.code, 0, c2.stderr);
  assert.equal(repo.git('status', '--porcelain'), '');
});

test('moving a live claim by hand is refused with the file, JSON path, line and column; the index stays staged', () => {
  const repo = setup(plan('export-retry', [claimed('upload', 'claude', ['src/app.ts'], 2)]));
  editPlan(repo, (p) => (p.workItems[0].tasks[0].claimedBy = 'codex'));
  const r = commitAs(repo, 'codex', 'steal');
  assert.notEqual(r.code, 0);
  const line = readFileSync(join(repo.dir, FILE), 'utf8').split('\n').findIndex((l) => l.includes('"claimedBy": "codex"')) + 1;
  assert.match(r.stderr, new RegExp(`docs/export-retry-plan\\.json:${line}:\\d+: error: export-retry/upload is claimed by claude .* changes claimedBy to codex \\(workItems\\[0\\]\\.tasks\\[0\\]\\.claimedBy\\)`));
  assert.match(r.stderr, /plan-hooks claim export-retry\/upload --takeover/);
  assert.equal(repo.git('diff', '--cached', '--name-only'), `${FILE}\n`);
  // The holder may hand it over.
  assert.equal(commitAs(repo, 'claude', 'hand over').code, 0);
});

test('claim --takeover of a stale claim commits; the handoff is in the log', () => {
  const repo = setup(plan('export-retry', [claimed('upload', 'claude', ['src/app.ts'], 72)], { log: [{ date: '2026-01-01', summary: 'Started' }] }));
  const refused = repo.cli(['claim', 'upload'], as('codex'));
  assert.equal(refused.code, 1);
  assert.equal(repo.cli(['claim', 'upload', '--takeover'], as('codex')).code, 0);
  repo.git('add', FILE);
  const r = commitAs(repo, 'codex', 'take over upload');
  assert.equal(r.code, 0, r.stderr);
  assert.match(read(repo).workItems[0].log[1].summary, /codex took over export-retry\/upload from claude/);
});

test('editing an existing log entry is refused; appending one passes', () => {
  const repo = setup(plan('export-retry', [open('upload', ['src/app.ts'])]));
  editPlan(repo, (p) => (p.workItems[0].log[0].summary = 'Rewritten history'));
  const r = commitAs(repo, 'codex', 'rewrite');
  assert.notEqual(r.code, 0);
  assert.match(r.stderr, /error: entry 0 of the log of work item 'work' differs from the one at HEAD; logs are append-only \(workItems\[0\]\.log\[0\]\)/);
  assert.match(r.stderr, /append a new log entry instead of editing/);
  editPlan(repo, (p) => {
    p.workItems[0].log[0].summary = 'Started';
    p.workItems[0].log.push({ date: p.lastUpdated, summary: 'More' });
  });
  assert.equal(commitAs(repo, 'codex', 'append').code, 0);
});

test('a changed planId is refused', () => {
  const repo = setup(plan('export-retry', [open('upload', ['src/app.ts'])]));
  editPlan(repo, (p) => (p.planId = 'renamed'));
  const r = commitAs(repo, 'codex', 'rename');
  assert.notEqual(r.code, 0);
  assert.match(r.stderr, /docs\/export-retry-plan\.json:\d+:\d+: error: planId changed from 'export-retry' to 'renamed'/);
});

test('completing someone else’s live claim by hand is refused; the holder completes it', () => {
  const repo = setup(plan('export-retry', [claimed('upload', 'claude', ['src/app.ts'], 2), open('other', ['src/other.ts'])]));
  editPlan(repo, (p) => {
    p.workItems[0].tasks[0].status = 'completed';
    p.workItems[0].log.push({ date: p.lastUpdated, summary: 'Done' });
  });
  const r = commitAs(repo, 'codex', 'complete');
  assert.equal(r.code, 1, r.stderr);
  assert.match(r.stderr, /error: export-retry\/upload is claimed by claude .*this commit by codex changes it \(status\)/);
  assert.equal(commitAs(repo, 'claude', 'complete').code, 0);
});
