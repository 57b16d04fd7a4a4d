// status, handoff and log on a real repository with real commits.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { Repo, type RunResult, removeDir } from '../fixtures/repo.js';
import type { StatusReport } from '../../src/status/report.js';
import type { WorklogEntry } from '../../src/worklog/entry.js';
import { exportPlan } from '../fixtures/plans.js';
import { assertClean, head, planRepo } from './helpers.js';

let repo: Repo;
let planCommit: string;
const ok = (r: RunResult) => (assert.equal(r.code, 0, r.stderr + r.stdout), r);

before(() => {
  repo = planRepo();
  planCommit = head(repo);
  repo.write('src/retry/loop.ts', '1\n');
  repo.git('add', '-A');
  ok(repo.tryGit(['commit', '-q', '-m', 'loop work'], { PLAN_HOOKS_AGENT: 'alice' }));
  repo.write('unrelated.txt', '1\n');
  repo.git('add', '-A');
  ok(repo.tryGit(['commit', '-q', '--no-verify', '-m', 'drive-by \u001b[31mfix'], { PLAN_HOOKS_AGENT: 'bob' }));
});
after(() => repo.remove());

test('status --json: tasks, claims, ready, blocked, recent, unverified and drift', () => {
  const r: StatusReport & { worklog: string } = JSON.parse(ok(repo.cli(['status', '--json'])).stdout);
  assert.equal(r.branch, 'main');
  const p = r.plans[0]!;
  assert.deepEqual(p.tasks['in-progress'], ['export/loop']);
  assert.deepEqual(p.ready, ['export/cli']);
  assert.deepEqual(p.blocked, [{ task: 'export/docs', waitingOn: ['loop'] }]);
  assert.equal(p.handoff!.commitsSince, 2, 'two commits since the plan was last committed');
  assert.equal(r.claims.length, 1);
  assert.equal(r.claims[0]!.holder, 'alice');
  assert.equal(r.claims[0]!.stale, false);
  assert.equal(r.claims[0]!.ageHours, 1);
  assert.deepEqual(r.recent.map((e) => e.seq), [3, 2, 1]);
  assert.deepEqual(r.unverified.map((e) => e.subject), ['drive-by \u001b[31mfix']);
  assert.deepEqual(r.drift.commits.map((e) => e.subject), ['drive-by \u001b[31mfix'], 'the commit touching no task since the handoff');
  assert.match(r.worklog, /plan-hooks\/worklog\.jsonl$/);
});

test('status text: sanitized, with the handoff checked against git', () => {
  const p = exportPlan({ handoff: { nextAction: 'Go', lastCommit: 'deadbeef', uncommitted: 'none' } });
  repo.writeJson('docs/export-plan.json', p);
  repo.write('scratch.txt', 'wip\n');
  const out = ok(repo.cli(['status'])).stdout;
  assert.doesNotMatch(out, /\u001b/);
  assert.match(out, /drive-by \\x1b\[31mfix/);
  assert.match(out, /lastCommit 'deadbeef' is not a commit/);
  assert.match(out, /uncommitted says nothing is left, but 2 paths are uncommitted/);
  assert.match(out, /export\/loop — alice since .* \(1 h, live, in [^)]+\)/);
  assert.match(out, /ready: export\/cli/);
  assert.match(out, /2 commits since this plan was last committed/);
  repo.git('checkout', '--', 'docs/export-plan.json');
  repo.git('clean', '-fq');
});

test('log filters by task, agent, unverified and since (commit or date)', () => {
  const log = (...args: string[]) => (JSON.parse(ok(repo.cli(['log', '--json', ...args])).stdout) as WorklogEntry[]).map((e) => e.seq);
  assert.deepEqual(log(), [3, 2, 1]);
  assert.deepEqual(log('--task', 'export/loop'), [2, 1]);
  assert.deepEqual(log('--task', 'loop'), [2, 1]);
  assert.deepEqual(log('--agent', 'BOB'), [3]);
  assert.deepEqual(log('--unverified'), [3]);
  assert.deepEqual(log('--since', planCommit), [3, 2]);
  assert.deepEqual(log('--since', '2000-01-01'), [3, 2, 1]);
  assert.deepEqual(log('--since', '2999-01-01'), []);
  assert.deepEqual(log('--limit', '1'), [3]);
  assert.match(ok(repo.cli(['log'])).stdout, /#3 .* bob: drive-by \\x1b\[31mfix \(unverified\)/);
  const bad = repo.cli(['log', '--since', 'no-such-rev']);
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /neither a date .* nor a commit/);
  assert.equal(repo.cli(['log', '--bogus']).code, 2);
});

test('handoff prints the blocks; --write puts them in the working files and is then a no-op', () => {
  const printed = ok(repo.cli(['handoff'])).stdout;
  assert.match(printed, /==> docs\/export-plan.md <==\n<!-- plan-hooks:handoff:start -->/);
  assert.match(printed, /==> AGENTS.md <==/);
  const json = JSON.parse(ok(repo.cli(['handoff', '--json'])).stdout);
  assert.deepEqual(json.blocks.map((b: { file: string }) => b.file), ['docs/export-plan.md', 'AGENTS.md']);
  repo.writeJson('docs/export-plan.json', exportPlan({ handoff: { nextAction: 'Written by handoff --write' } }));
  assert.match(ok(repo.cli(['handoff', '--write'])).stdout, /Wrote the handoff block into docs\/export-plan.md, AGENTS.md/);
  assert.match(readFileSync(join(repo.dir, 'docs/export-plan.md'), 'utf8'), /Written by handoff --write/);
  assert.match(ok(repo.cli(['handoff', '--write'])).stdout, /already up to date/);
  // The block names nothing a branch or the working tree decides (it merges cleanly): no uncommitted paths.
  const md = readFileSync(join(repo.dir, 'docs/export-plan.md'), 'utf8');
  assert.doesNotMatch(md, /Left uncommitted|- `(docs\/export-plan\.md|AGENTS\.md)`/);
  repo.git('checkout', '--', '.');
  assertClean(repo);
});

test('status shows claims made in another worktree', () => {
  const dir = join(mkdtempSync(join(tmpdir(), 'plan-hooks-wt-')), 'wt');
  repo.git('worktree', 'add', '-q', '-b', 'side', dir);
  const side = new Repo(dir, repo.env);
  const p = exportPlan();
  const cli = p.workItems[0]!.tasks[2]!;
  Object.assign(cli, { status: 'in-progress', claimedBy: 'bob', claimedAt: new Date().toISOString() });
  side.writeJson('docs/export-plan.json', p);
  side.git('add', '-A');
  ok(side.tryGit(['commit', '-q', '-m', 'bob claims cli'], { PLAN_HOOKS_AGENT: 'bob' }));
  const r: StatusReport = JSON.parse(ok(repo.cli(['status', '--json'])).stdout);
  const bob = r.claims.find((c) => c.task === 'export/cli');
  assert.ok(bob, `claims: ${JSON.stringify(r.claims)}`);
  assert.equal(bob.holder, 'bob');
  assert.match(bob.source, /side|wt/);
  removeDir(join(dir, '..'));
  repo.git('worktree', 'prune');
});
