// A person squash-merges the holder's branch (issue 25: never refused): codex's branch, which
// touched codex's claimed files and its task, is squashed onto main (which moved meanwhile) by a
// person, in a clone with no commit hooks as a forge's merge button has none; the push passes
// pre-push and check --range in a fresh clone, which name the branch it squashes. A branch with
// another agent's commit on the claimed path is still refused when squashed.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { type Repo, repoWithPlans } from '../fixtures/repo.js';
import { TempDirs, freshClone, withRemote } from '../fixtures/remote.js';
import { claimed, plan } from '../fixtures/plans.js';

const temp = new TempDirs();
after(() => temp.removeAll());

const commit = (r: Repo, files: Record<string, string>, message: string, env: NodeJS.ProcessEnv = {}, ...extra: string[]) => {
  for (const [path, text] of Object.entries(files)) r.write(path, text);
  r.git('add', '-A');
  const res = r.tryGit([...extra, 'commit', '-q', '-m', message], env);
  assert.equal(res.code, 0, res.stderr);
  return r.git('rev-parse', 'HEAD').trim();
};

/** codex holds src/api on a pushed main; someone else then moves main on; returns the repo, the remote and main before the squash. */
function project() {
  const r = repoWithPlans({ 'docs/api-plan.json': plan('api', [claimed('endpoints', 'codex', ['src/api'])]) });
  temp.dirs.push(r.dir);
  const remote = withRemote(r, temp);
  assert.equal(r.tryGit(['push', '-q', 'origin', 'main']).code, 0);
  return { r, remote };
}

/** A person squash-merges `branch` onto main in a fresh clone (no commit hooks, pre-push installed), and pushes; returns the push and main before it. */
function squashByPerson(remote: string, branch: string) {
  const c = freshClone(remote, temp);
  const before = c.git('rev-parse', 'HEAD').trim();
  c.installRawHooks(['pre-push']);
  const person = { GIT_AUTHOR_NAME: 'Maintainer', GIT_COMMITTER_NAME: 'Maintainer' };
  assert.equal(c.tryGit(['merge', '-q', '--squash', `origin/${branch}`]).code, 0);
  assert.equal(c.tryGit(['commit', '-q', '-m', `${branch} (#1)`], person).code, 0);
  return { c, before, push: c.tryGit(['push', 'origin', 'main']) };
}

test('a person squash-merges codex’s branch that touched codex’s claimed files and its task: accepted at pre-push and in CI, as squashed from the branch', () => {
  const { r, remote } = project();
  r.git('checkout', '-q', '-b', 'codex/api');
  const codex = { PLAN_HOOKS_AGENT: 'codex' };
  commit(r, { 'src/api/a.ts': 'a\n' }, 'codex: endpoint a', codex);
  const p = plan('api', [claimed('endpoints', 'codex', ['src/api'], 1, { notes: 'a done, b next' })]);
  p.workItems[0]!.tasks[0]!.claimedAt = (JSON.parse(r.git('show', 'HEAD:docs/api-plan.json')) as typeof p).workItems[0]!.tasks[0]!.claimedAt;
  commit(r, { 'src/api/b.ts': 'b\n', 'docs/api-plan.json': `${JSON.stringify(p, null, 2)}\n` }, 'codex: endpoint b, notes', codex);
  const tip = r.git('rev-parse', 'HEAD').trim();
  const branch = r.tryGit(['push', 'origin', 'codex/api']);
  assert.equal(branch.code, 0, branch.stderr);
  // main moves on meanwhile (someone else's unrelated work).
  r.git('checkout', '-q', 'main');
  commit(r, { 'README.md': '# test, moved\n' }, 'readme');
  assert.equal(r.tryGit(['push', '-q', 'origin', 'main']).code, 0);

  const { c, before, push } = squashByPerson(remote, 'codex/api');
  assert.equal(push.code, 0, push.stderr);
  assert.match(push.stderr, new RegExp(`squashed from ${tip.slice(0, 12)}: the remote has that branch, whose 2 commits`));
  // CI: a fresh clone (the branch fetched as every remote-tracking branch is).
  const ci = freshClone(remote, temp);
  const res = ci.cli(['check', '--range', `${before}..main`], { CI: 'true' });
  assert.equal(res.code, 0, res.stderr);
  assert.match(res.stderr, new RegExp(`codex/api \\(#1\\)[\\s\\S]*squashed from ${tip.slice(0, 12)}`));
  const json = JSON.parse(ci.cli(['check', '--range', `${before}..main`, '--json'], { CI: 'true' }).stdout) as { squashedFrom: { tip: string; commits: number } | null; allowed: boolean }[];
  assert.deepEqual(json.map((v) => [v.squashedFrom, v.allowed]), [[{ tip, commits: 2 }, true]]);
  // With the branch deleted on the remote, CI knows it only when told (--known, the forge's pull request head).
  c.git('push', '-q', 'origin', '--delete', 'codex/api');
  const gone = freshClone(remote, temp);
  assert.equal(gone.cli(['check', '--range', `${before}..main`], { CI: 'true' }).code, 1);
  gone.git('fetch', '-q', r.dir, tip);
  const told = gone.cli(['check', '--range', `${before}..main`, '--known', tip], { CI: 'true' });
  assert.equal(told.code, 0, told.stderr);
});

test('a squash of a branch with another agent’s hookless commit on the claimed path is refused at pre-push and in CI', () => {
  const { r, remote } = project();
  r.git('checkout', '-q', '-b', 'mixed');
  commit(r, { 'src/api/a.ts': 'a\n' }, 'codex: endpoint a', { PLAN_HOOKS_AGENT: 'codex' });
  commit(r, { 'src/api/b.ts': 'b\n' }, 'claude slips in b', {}, '-c', 'core.hooksPath=/dev/null');
  assert.equal(r.tryGit(['push', '-q', '--no-verify', 'origin', 'mixed']).code, 0);
  const { c, before, push } = squashByPerson(remote, 'mixed');
  assert.equal(push.code, 1, push.stderr);
  assert.doesNotMatch(push.stderr, /squashed from/);
  assert.equal(c.tryGit(['push', '-q', '--no-verify', 'origin', 'main']).code, 0);
  const res = freshClone(remote, temp).cli(['check', '--range', `${before}..main`], { CI: 'true' });
  assert.equal(res.code, 1, res.stderr);
  assert.match(res.stderr, /mixed \(#1\)[\s\S]*src\/api\/b\.ts/);
});
