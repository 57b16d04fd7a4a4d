// Merges, reverts, cherry-picks and the hosting service's merge commits, recorded as what they are:
// a merge of main into a branch is no claim violation and is verified when its own change passes;
// a revert or a pick is judged as pre-push and CI judge it; a merge the service made, once
// pulled, is not the local user's. Real git, real merges, a real bare remote.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { exportPlan } from '../fixtures/plans.js';
import { HOOKS } from '../../src/core/hook-table.js';
import type { CommitEntry } from '../../src/worklog/entry.js';
import { type Repo, type RunResult } from '../fixtures/repo.js';
import { TempDirs, freshClone, withRemote } from '../fixtures/remote.js';
import { head, planRepo, readLog } from './helpers.js';

const repos: Repo[] = [];
const dirs = new TempDirs();
after(() => {
  repos.forEach((r) => r.remove());
  dirs.removeAll();
});
const ok = (r: RunResult) => (assert.equal(r.code, 0, r.stderr + r.stdout), r);
const ALICE = { PLAN_HOOKS_AGENT: 'alice' };
const BOB = { PLAN_HOOKS_AGENT: 'bob' };

/** The export plan committed on main (alice holds src/retry/**), every hook installed, bob's branch `feature` with one commit. */
function branched(): Repo {
  const repo = planRepo();
  repos.push(repo);
  repo.installRawHooks(HOOKS);
  repo.git('checkout', '-q', '-b', 'feature');
  repo.write('src/cli/x.ts', 'x\n');
  repo.git('add', '-A');
  ok(repo.tryGit(['commit', '-q', '-m', 'cli work'], BOB));
  repo.git('checkout', '-q', 'main');
  return repo;
}

const entryOf = (repo: Repo, commit: string) => readLog(repo).find((e): e is CommitEntry => e.type === 'commit' && e.commit === commit);
const logLine = (repo: Repo, subject: string) => ok(repo.cli(['log', '--limit', '0'])).stdout.split('\n').find((l) => l.includes(subject)) ?? '';

test('a clean merge of main into a branch: no claim violation, verified, the merger’s', () => {
  const repo = branched();
  repo.write('src/retry/loop.ts', 'loop\n');
  repo.git('add', '-A');
  ok(repo.tryGit(['commit', '-q', '-m', 'alice loops'], ALICE));
  repo.git('checkout', '-q', 'feature');
  ok(repo.tryGit(['merge', '-q', '--no-edit', '-m', 'merge main into feature', 'main'], BOB));
  const e = entryOf(repo, head(repo));
  assert.ok(e, 'the merge is recorded');
  assert.equal(e.operation, 'merge');
  assert.equal(e.identity.name, 'bob');
  assert.deepEqual(e.violations, [], 'what main brings in is alice’s own work, judged when she committed it');
  assert.equal(e.verified, true, 'judged by what it changes against every parent: nothing');
  assert.doesNotMatch(logLine(repo, 'merge main into feature'), /unverified|claim violation/);
});

test('a conflicted merge of main into a branch, resolved and committed: no claim violation, verified', () => {
  const repo = branched();
  repo.write('README.md', '# main side\n');
  repo.write('src/retry/loop.ts', 'loop\n');
  repo.git('add', '-A');
  ok(repo.tryGit(['commit', '-q', '-m', 'alice loops'], ALICE));
  repo.git('checkout', '-q', 'feature');
  repo.write('README.md', '# feature side\n');
  repo.git('add', '-A');
  ok(repo.tryGit(['commit', '-q', '-m', 'bob readme'], BOB));
  assert.notEqual(repo.tryGit(['merge', '-q', 'main'], BOB).code, 0, 'the README conflicts');
  repo.write('README.md', '# both sides\n');
  repo.git('add', 'README.md');
  ok(repo.tryGit(['commit', '-q', '--no-edit'], BOB));
  const e = entryOf(repo, head(repo));
  assert.ok(e);
  assert.equal(e.operation, 'merge');
  assert.equal(e.identity.name, 'bob');
  assert.deepEqual(e.violations, []);
  assert.equal(e.verified, true);
  assert.doesNotMatch(logLine(repo, 'Merge branch'), /unverified|claim violation/);
});

test('a merge that brings in a task completed on main: no transition of its own, no "completed by" warning, not refused', () => {
  const repo = branched();
  // alice completes her task on main.
  const accepted = exportPlan();
  accepted.workItems[0]!.tasks[0]!.acceptance = 'it works';
  repo.writeJson('docs/export-plan.json', accepted);
  ok(repo.cli(['done', 'export/loop'], ALICE));
  repo.git('add', '-A');
  ok(repo.tryGit(['commit', '-q', '-m', 'loop done'], ALICE));
  // bob, on his branch, claims the cli task (another part of the same plan).
  repo.git('checkout', '-q', 'feature');
  ok(repo.cli(['claim', 'export/cli'], BOB));
  repo.git('add', '-A');
  ok(repo.tryGit(['commit', '-q', '-m', 'bob claims cli'], BOB));
  const before = head(repo);
  const merged = repo.tryGit(['merge', '-q', '--no-edit', 'main'], BOB);
  if (merged.code !== 0) {
    // The generated handoff blocks conflict (each side wrote its own): take the plan as git
    // merged it, the rest from main, as a person would, and commit the merge.
    const conflicted = repo.git('diff', '--name-only', '--diff-filter=U').split('\n').filter(Boolean);
    assert.ok(!conflicted.includes('docs/export-plan.json'), `the plan merges: ${conflicted.join(', ')}`);
    for (const f of conflicted) repo.git('checkout', '--theirs', '--', f);
    repo.git('add', '-A');
    ok(repo.tryGit(['commit', '-q', '--no-edit'], BOB));
  }
  const merge = head(repo);
  assert.notEqual(merge, before);
  const plan = JSON.parse(repo.git('show', 'HEAD:docs/export-plan.json'));
  assert.deepEqual(plan.workItems[0].tasks.map((t: { status: string }) => t.status), ['completed', 'not-started', 'in-progress', 'completed'], 'both sides’ changes are in');
  const e = entryOf(repo, merge);
  assert.ok(e);
  assert.deepEqual(e.transitions, [], 'the merge made no transition itself: both were recorded with their commits');
  assert.deepEqual(e.violations, []);
  assert.equal(e.verified, true);
  // CI's view of the branch: the merge is judged by what it changes against every parent.
  const range = ok(repo.cli(['check', '--range', `${before}..${merge}`]));
  assert.doesNotMatch(range.stdout + range.stderr, /completed by|claimant/);
});

test('a revert and a cherry-pick are judged as pre-push judges them: verified when they pass', () => {
  const repo = branched();
  repo.write('notes.txt', 'n\n');
  repo.git('add', '-A');
  ok(repo.tryGit(['commit', '-q', '-m', 'notes'], BOB));
  ok(repo.tryGit(['revert', '--no-edit', 'HEAD'], BOB));
  const revert = entryOf(repo, head(repo));
  assert.ok(revert);
  assert.equal(revert.verified, true, 'a revert that touches no claim of another passes');
  assert.doesNotMatch(logLine(repo, 'Revert "notes"'), /unverified/);
  ok(repo.tryGit(['cherry-pick', 'feature'], BOB));
  const pick = entryOf(repo, head(repo));
  assert.ok(pick);
  assert.equal(pick.operation, 'cherry-pick');
  assert.equal(pick.verified, true);
  // A pick that crosses alice's live claim stays unverified, with the violation.
  repo.git('checkout', '-q', '-b', 'side');
  repo.write('src/retry/steal.ts', 's\n');
  repo.git('add', '-A');
  ok(repo.tryGit(['-c', 'core.hooksPath=/dev/null', 'commit', '-q', '-m', 'steal'], BOB));
  const steal = head(repo);
  repo.git('checkout', '-q', 'main');
  ok(repo.tryGit(['cherry-pick', steal], BOB));
  const bad = entryOf(repo, head(repo));
  assert.ok(bad);
  assert.equal(bad.verified, false);
  assert.deepEqual(bad.violations.map((v) => v.path), ['src/retry/steal.ts']);
});

test('a merge commit the hosting service made, pulled: not attributed to the local user, not listed unverified', () => {
  const repo = branched();
  const remote = withRemote(repo, dirs);
  repo.git('push', '-q', 'origin', 'main', 'feature');
  // The service's merge button: a merge of feature into main committed as GitHub, no hooks.
  const service = freshClone(remote, dirs);
  service.env = { ...service.env, GIT_AUTHOR_NAME: 'Carol Reviewer', GIT_AUTHOR_EMAIL: 'carol@example.com', GIT_COMMITTER_NAME: 'GitHub', GIT_COMMITTER_EMAIL: 'noreply@github.com' };
  service.git('fetch', '-q', 'origin', 'feature:feature');
  service.git('merge', '-q', '--no-ff', '-m', 'Merge pull request #1 from feature', 'feature');
  service.git('push', '-q', 'origin', 'main');
  const merge = head(service);
  ok(repo.tryGit(['pull', '-q', '--ff-only', 'origin', 'main'], ALICE));
  assert.equal(head(repo), merge, 'a fast-forward to the service’s merge');
  repo.write('after.txt', 'a\n');
  repo.git('add', '-A');
  ok(repo.tryGit(['commit', '-q', '-m', 'after the merge'], ALICE));
  const entries = readLog(repo).filter((e): e is CommitEntry => e.type === 'commit');
  const recorded = entries.filter((e) => e.commit === merge);
  assert.deepEqual(recorded.map((e) => [e.identity.name, e.verified]), [], 'the pulled merge is no commit made here');
  assert.equal(entries.at(-1)?.subject, 'after the merge');
  assert.doesNotMatch(ok(repo.cli(['log', '--limit', '0'])).stdout, /Merge pull request/);
});
