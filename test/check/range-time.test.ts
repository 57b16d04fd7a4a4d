// pre-push and `check --range` judge each commit by the claims of its own time, and only what is
// new: real pushes to local bare remotes, and `check --range` in fresh clones with a clean env.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { PACKAGE_ROOT, type Repo, makeRepo } from '../fixtures/repo.js';
import { TempDirs, freshClone as freshCloneOf, withRemote as withRemoteIn } from '../fixtures/remote.js';
import { claimed, open, plan, repoWithPlans } from '../fixtures/claimed-plans.js';

const temp = new TempDirs();
const dirs = temp.dirs;
after(() => temp.removeAll());
const withRemote = (r: Repo) => withRemoteIn(r, temp);
const freshClone = (remote: string, branch = 'main') => freshCloneOf(remote, temp, branch);

const commitFile = (r: Repo, path: string, message: string, ...extra: string[]) => {
  r.write(path, `${message}\n`);
  r.git('add', '-A');
  const res = r.tryGit(['commit', '-q', '-m', message, ...extra]);
  assert.equal(res.code, 0, res.stderr);
  return r.git('rev-parse', 'HEAD').trim();
};

const hookless = (r: Repo, path: string, message: string, env: NodeJS.ProcessEnv = {}) => {
  r.write(path, `${message}\n`);
  r.git('add', '-A');
  const res = r.tryGit(['-c', 'core.hooksPath=/dev/null', 'commit', '-q', '-m', message], env);
  assert.equal(res.code, 0, res.stderr);
};

test('the first push of a repository: a commit made before any plan existed is not refused by today’s claim', () => {
  const r = makeRepo();
  dirs.push(r.dir);
  r.installRawHooks();
  withRemote(r);
  commitFile(r, 'src/api/a.ts', 'api before any plan');
  r.writeJson('docs/api-plan.json', plan('api', [claimed('endpoints', 'codex', ['src/api'])]));
  r.write('docs/api-plan.md', '# api\n');
  r.git('add', '-A');
  assert.equal(r.tryGit(['commit', '-q', '-m', 'codex claims the api'], { PLAN_HOOKS_AGENT: 'codex' }).code, 0);
  const push = r.tryGit(['push', 'origin', 'main']);
  assert.equal(push.code, 0, push.stderr);
  const c = freshClone(r.git('remote', 'get-url', 'origin').trim());
  const res = c.cli(['check', '--range', 'HEAD']);
  assert.equal(res.code, 0, res.stderr);
});

test('a hookless commit to a claimed path is refused at push and fails in CI, naming the path; a committer date set ahead does not help', () => {
  const r = repoWithPlans({ 'docs/api-plan.json': plan('api', [claimed('endpoints', 'codex', ['src/api'])]) });
  dirs.push(r.dir);
  const remote = withRemote(r);
  assert.equal(r.tryGit(['push', '-q', 'origin', 'main']).code, 0);
  const ahead = new Date(Date.now() + 3 * 86400_000).toISOString();
  hookless(r, 'src/api/a.ts', 'from a hookless client', { GIT_COMMITTER_DATE: ahead });
  const push = r.tryGit(['push', 'origin', 'main']);
  assert.equal(push.code, 1, push.stderr);
  assert.match(push.stderr, /from a hookless client[\s\S]*src\/api\/a\.ts {3}← pattern src\/api/);
  assert.match(push.stderr, /unverified/);
  // CI: a fresh clone that has the commit (pushed past the hook) sees the same.
  assert.equal(r.tryGit(['push', '-q', '--no-verify', 'origin', 'main']).code, 0);
  const c = freshClone(remote);
  const res = c.cli(['check', '--range', 'HEAD~1..HEAD']);
  assert.equal(res.code, 1);
  assert.match(res.stderr, /src\/api\/a\.ts/);
});

test('pre-push checks only what the remote does not have: a new branch does not re-judge main’s history', () => {
  const r = repoWithPlans({ 'docs/api-plan.json': plan('api', [claimed('endpoints', 'codex', ['src/api'])]) });
  dirs.push(r.dir);
  withRemote(r);
  hookless(r, 'src/api/a.ts', 'old violation');
  assert.equal(r.tryGit(['push', '-q', '--no-verify', 'origin', 'main']).code, 0);
  r.git('checkout', '-q', '-b', 'feature');
  commitFile(r, 'src/free.ts', 'clean work');
  const push = r.tryGit(['push', 'origin', 'feature']);
  assert.equal(push.code, 0, push.stderr);
  assert.doesNotMatch(push.stderr, /old violation/);
});

test('a claim made on the base after a commit never refuses it; the holder’s merged-in commits pass; CI agrees', () => {
  const r = repoWithPlans({ 'docs/api-plan.json': plan('api', [open('endpoints', ['src/api'])]) });
  dirs.push(r.dir);
  const remote = withRemote(r);
  assert.equal(r.tryGit(['push', '-q', 'origin', 'main']).code, 0);
  // Earlier work on a feature branch, made before anyone claimed src/api.
  r.git('checkout', '-q', '-b', 'feature');
  commitFile(r, 'src/api/early.ts', 'early api work');
  // Then codex claims src/api on main and works there.
  r.git('checkout', '-q', 'main');
  r.writeJson('docs/api-plan.json', plan('api', [claimed('endpoints', 'codex', ['src/api'], 0)]));
  r.git('add', '-A');
  assert.equal(r.tryGit(['commit', '-q', '-m', 'codex claims'], { PLAN_HOOKS_AGENT: 'codex' }).code, 0);
  r.write('src/api/codex.ts', 'x\n');
  r.git('add', '-A');
  assert.equal(r.tryGit(['commit', '-q', '-m', 'codex works'], { PLAN_HOOKS_AGENT: 'codex', GIT_AUTHOR_NAME: 'codex' }).code, 0);
  assert.equal(r.tryGit(['push', '-q', 'origin', 'main']).code, 0);
  // The feature branch merges main in (carrying codex's commits) and is pushed by someone else.
  r.git('checkout', '-q', 'feature');
  assert.equal(r.tryGit(['merge', '-q', '--no-edit', 'main']).code, 0);
  const push = r.tryGit(['push', 'origin', 'feature']);
  assert.equal(push.code, 0, push.stderr);
  const c = freshClone(remote, 'feature');
  c.git('fetch', '-q', 'origin', 'main:main');
  const res = c.cli(['check', '--range', 'main..feature']);
  assert.equal(res.code, 0, res.stderr);
  // Work on the feature branch after it has the claim in its history is refused.
  c.write('src/api/late.ts', 'x\n');
  c.git('add', '-A');
  c.git('commit', '-q', '-m', 'late api work');
  const late = c.cli(['check', '--range', 'main..feature']);
  assert.equal(late.code, 1);
  assert.match(late.stderr, /late api work[\s\S]*src\/api\/late\.ts/);
  assert.doesNotMatch(late.stderr, /early api work/);
});

test('2,000 and 10,000 commits check without error (revisions go to git through stdin)', async () => {
  const { makeHistory } = (await import(join(PACKAGE_ROOT, 'bench/history.mjs'))) as { makeHistory(dir: string, n: number, env: NodeJS.ProcessEnv): { first: string; last: string } };
  for (const n of [2000, 10_000]) {
    const r = makeRepo();
    dirs.push(r.dir);
    makeHistory(r.dir, n, r.env);
    const res = r.cli(['check', '--range', 'HEAD']);
    assert.equal(res.code, 0, res.stderr.slice(-2000));
    assert.match(res.stderr, new RegExp(`${n + 1 + n / 100} commits checked, all allowed`));
  }
});

test('a rebase of earlier work onto a base that gained a claim meanwhile completes and pushes; later work on it is refused', () => {
  const r = repoWithPlans({ 'docs/api-plan.json': plan('api', [open('endpoints', ['src/api'])]) }, ['pre-commit', 'prepare-commit-msg', 'post-commit', 'pre-push']);
  dirs.push(r.dir);
  withRemote(r);
  assert.equal(r.tryGit(['push', '-q', 'origin', 'main']).code, 0);
  r.git('checkout', '-q', '-b', 'feature');
  const earlier = new Date(Date.now() - 10 * 60_000).toISOString();
  r.write('src/api/early.ts', 'x\n');
  r.git('add', '-A');
  assert.equal(r.tryGit(['commit', '-q', '-m', 'early api work'], { CLAUDECODE: '1', GIT_AUTHOR_DATE: earlier, GIT_COMMITTER_DATE: earlier }).code, 0);
  r.git('checkout', '-q', 'main');
  r.writeJson('docs/api-plan.json', plan('api', [claimed('endpoints', 'codex', ['src/api'], 0)]));
  r.git('add', '-A');
  assert.equal(r.tryGit(['commit', '-q', '-m', 'codex claims'], { PLAN_HOOKS_AGENT: 'codex' }).code, 0);
  assert.equal(r.tryGit(['push', '-q', 'origin', 'main']).code, 0);
  r.git('checkout', '-q', 'feature');
  const rebase = r.tryGit(['rebase', 'main'], { CLAUDECODE: '1' });
  assert.equal(rebase.code, 0, rebase.stderr);
  const push = r.tryGit(['push', 'origin', 'feature'], { CLAUDECODE: '1' });
  assert.equal(push.code, 0, push.stderr);
  assert.match(push.stderr, /early api work[\s\S]*authored before the claim/);
  // Work authored after the claim, on the rebased branch, is refused.
  r.write('src/api/late.ts', 'x\n');
  r.git('add', '-A');
  r.git('-c', 'core.hooksPath=/dev/null', 'commit', '-q', '-m', 'late api work');
  const late = r.tryGit(['push', 'origin', 'feature']);
  assert.equal(late.code, 1);
  assert.match(late.stderr, /late api work[\s\S]*src\/api\/late\.ts/);
});
