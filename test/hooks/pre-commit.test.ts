// pre-commit through real `git commit`s, in every commit mode the issue names.
import assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { type Repo, makeRepo, repoWithPlans } from '../fixtures/repo.js';
import { claimed, open, plan } from '../fixtures/plans.js';

const repos: Repo[] = [];
after(() => repos.forEach((r) => r.remove()));
const track = (r: Repo) => (repos.push(r), r);

/** A repository where codex holds `api/endpoints` over src/api (claimed an hour ago). */
function claimedRepo(files = ['src/api'], hours = 1, extra: Parameters<typeof plan>[2] = {}): Repo {
  return track(repoWithPlans({ 'docs/api-plan.json': plan('api', [claimed('endpoints', 'codex', files, hours), open('other', ['src/other'])], extra) }));
}

const staged = (r: Repo) => r.git('diff', '--cached', '--name-only').trim().split('\n').filter(Boolean).sort();
const head = (r: Repo) => r.git('rev-parse', 'HEAD').trim();
const marker = (r: Repo) => {
  const file = r.git('rev-parse', '--path-format=absolute', '--git-path', 'plan-hooks/verified.json').trim();
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { tree: string; skipped: string[] }) : null;
};

describe('a commit touching another agent’s claim', () => {
  test('is refused with each path, the task, holder, since when, the pattern and the ways forward; nothing changes', () => {
    const r = claimedRepo();
    r.write('src/api/users.ts', 'staged\n');
    r.write('src/free.ts', 'free\n');
    r.git('add', '-A');
    r.write('src/api/users.ts', 'staged\nunstaged\n');
    const before = head(r);
    const res = r.commit('touch the api');
    assert.equal(res.code, 1);
    const claim = JSON.parse(r.git('show', 'HEAD:docs/api-plan.json')).workItems[0].tasks[0];
    for (const text of ['src/api/users.ts', 'api/endpoints', 'codex', claim.claimedAt, 'pattern src/api', 'coordinate with codex', 'ask the human', "ask api/endpoints", 'handover api/endpoints --to NAME']) {
      assert.ok(res.stderr.includes(text), `refusal mentions ${text}:\n${res.stderr}`);
    }
    assert.ok(!res.stderr.includes('PLAN_HOOKS_AGENT=codex'), 'never suggests declaring the holder’s name');
    assert.ok(!res.stderr.includes('PLAN_HOOKS_SKIP'), 'never suggests an override (docs/overrides.md)');
    assert.ok(!res.stderr.includes('src/free.ts'), 'an unclaimed path is not listed');
    assert.ok(!/\n\s+at /.test(res.stderr), 'no stack trace');
    assert.equal(head(r), before);
    assert.deepEqual(staged(r), ['src/api/users.ts', 'src/free.ts']);
    assert.equal(r.git('show', ':src/api/users.ts'), 'staged\n');
    assert.equal(readFileSync(join(r.dir, 'src/api/users.ts'), 'utf8'), 'staged\nunstaged\n');
    assert.equal(marker(r), null, 'no verified marker for a refused commit');
  });

  test('passes for the holder, under any alias or case, and leaves the verified marker', () => {
    const r = claimedRepo();
    r.write('src/api/users.ts', 'x\n');
    r.git('add', '-A');
    const res = r.tryGit(['commit', '-m', 'mine'], { PLAN_HOOKS_AGENT: 'CODEX' });
    assert.equal(res.code, 0, res.stderr);
    const m = marker(r);
    assert.equal(m?.tree, r.git('rev-parse', 'HEAD^{tree}').trim());
    assert.deepEqual(m?.skipped, []);
  });

  test('a stale claim only warns, and says how to take it over', () => {
    const r = claimedRepo(['src/api'], 72, { log: [] });
    r.write('src/api/users.ts', 'x\n');
    r.git('add', '-A');
    const res = r.commit('over a stale claim');
    assert.equal(res.code, 0, res.stderr);
    assert.match(res.stderr, /STALE/);
    assert.match(res.stderr, /plan-hooks claim api\/endpoints --takeover/);
  });

  test('plan files and their Markdown are exempt even when a claim covers docs/', () => {
    const r = track(repoWithPlans({ 'docs/api-plan.json': plan('api', [claimed('docs', 'codex', ['docs'])]) }));
    const p = JSON.parse(readFileSync(join(r.dir, 'docs/api-plan.json'), 'utf8'));
    p.workItems[0].tasks.push(open('new', ['src/new']));
    r.writeJson('docs/api-plan.json', p);
    r.write('docs/api-plan.md', '# changed\n');
    r.git('add', '-A');
    assert.equal(r.commit('plan edit').code, 0);
    r.write('docs/guide.md', 'x\n');
    r.git('add', '-A');
    assert.equal(r.commit('claimed doc').code, 1);
  });
});

describe('modes and skips', () => {
  test('checks.claims warn lets the commit through with the report; off says nothing', () => {
    for (const [mode, code, says] of [['warn', 0, true], ['off', 0, false], ['enforce', 1, true]] as const) {
      const r = claimedRepo();
      r.writeJson('.plan-hooks.json', { checks: { claims: mode } });
      r.git('add', '.plan-hooks.json');
      r.git('commit', '-q', '--no-verify', '-m', 'config');
      r.write('src/api/a.ts', 'x\n');
      r.git('add', '-A');
      const res = r.commit(`mode ${mode}`);
      assert.equal(res.code, code, `${mode}: ${res.stderr}`);
      assert.equal(res.stderr.includes('src/api/a.ts'), says, mode);
    }
  });

  test('PLAN_HOOKS_SKIP=claims passes once and is recorded in the marker', () => {
    const r = claimedRepo();
    r.write('src/api/a.ts', 'x\n');
    r.git('add', '-A');
    const res = r.tryGit(['commit', '-m', 'skip'], { PLAN_HOOKS_SKIP: 'claims,bogus' });
    assert.equal(res.code, 0, res.stderr);
    assert.match(res.stderr, /skipping claims/);
    assert.match(res.stderr, /unknown check bogus/);
    assert.deepEqual(marker(r)?.skipped, ['claims']);
  });

  test('an internal error (its state directory is a file) fails closed, naming doctor and no bypass', () => {
    const r = claimedRepo();
    r.write('src/free.ts', 'x\n');
    r.git('add', 'src/free.ts');
    const gitDir = r.git('rev-parse', '--absolute-git-dir').trim();
    writeFileSync(join(gitDir, 'plan-hooks'), 'not a directory\n');
    const res = r.commit('broken state');
    rmSync(join(gitDir, 'plan-hooks'));
    assert.equal(res.code, 1);
    assert.match(res.stderr, /refused the commit because its own check failed[\s\S]*plan-hooks doctor/);
    assert.doesNotMatch(res.stderr, /--no-verify|PLAN_HOOKS=0/);
  });

  test('a broken configuration at HEAD: the defaults judge (claims hold), and a commit can fix it', () => {
    const r = claimedRepo();
    r.write('.plan-hooks.json', '{ nope');
    r.git('add', '-A');
    r.git('commit', '-q', '--no-verify', '-m', 'broken config');
    r.write('src/api/a.ts', 'x\n');
    r.git('add', '-A');
    const refused = r.commit('claimed');
    assert.equal(refused.code, 1);
    assert.match(refused.stderr, /configuration at HEAD does not load/);
    r.git('reset', '-q');
    r.writeJson('.plan-hooks.json', {});
    r.git('add', '.plan-hooks.json');
    assert.equal(r.commit('fix the config').code, 0);
  });
});

describe('every commit mode', () => {
  test('-a commits (the hook sees git’s temporary index)', () => {
    const r = claimedRepo();
    r.write('src/api/users.ts', 'x\n');
    r.git('add', '-A');
    r.git('-c', 'core.hooksPath=/dev/null', 'commit', '-q', '-m', 'tracked');
    r.write('src/api/users.ts', 'y\n');
    assert.equal(r.tryGit(['commit', '-a', '-m', 'all']).code, 1);
    r.write('src/api/users.ts', 'x\n');
    r.write('src/app.ts', 'changed\n');
    assert.equal(r.tryGit(['commit', '-a', '-m', 'all']).code, 0);
  });

  test('git commit <paths>: only the named paths count, and the rest stays staged', () => {
    const r = claimedRepo();
    r.write('src/api/users.ts', 'x\n');
    r.write('src/app.ts', 'changed\n');
    r.git('add', '-A');
    const ok = r.tryGit(['commit', '-m', 'only app', 'src/app.ts']);
    assert.equal(ok.code, 0, ok.stderr);
    assert.deepEqual(r.git('show', '--name-only', '--format=', 'HEAD').trim(), 'src/app.ts');
    assert.deepEqual(staged(r), ['src/api/users.ts']);
    const refused = r.tryGit(['commit', '-m', 'only api', 'src/api/users.ts']);
    assert.equal(refused.code, 1);
    assert.deepEqual(staged(r), ['src/api/users.ts']);
  });

  test('--amend is checked against the commit it amends; --no-verify does not bypass, a recorded skip does', () => {
    const r = claimedRepo();
    r.write('src/app.ts', 'changed\n');
    r.git('add', '-A');
    assert.equal(r.commit('first').code, 0);
    r.write('src/api/users.ts', 'x\n');
    r.git('add', '-A');
    assert.equal(r.tryGit(['commit', '--amend', '-m', 'amended']).code, 1);
    assert.equal(r.tryGit(['commit', '--no-verify', '--amend', '-m', 'amended']).code, 1);
    const bypass = r.tryGit(['commit', '--no-verify', '--amend', '-m', 'amended'], { PLAN_HOOKS_SKIP: 'claims' });
    assert.equal(bypass.code, 0, bypass.stderr);
    assert.match(r.git('log', '-1', '--format=%B'), /^Plan-Skip: claims [0-9a-f]{16}$/m);
  });

  test('partially staged files: only the staged content is judged', () => {
    const r = claimedRepo();
    r.write('src/api/users.ts', 'x\n');
    r.git('add', '-A');
    r.git('-c', 'core.hooksPath=/dev/null', 'commit', '-q', '-m', 'base');
    r.write('src/app.ts', 'staged\n');
    r.git('add', 'src/app.ts');
    r.write('src/app.ts', 'staged\nnot staged\n');
    r.write('src/api/users.ts', 'changed but not staged\n');
    const res = r.commit('partial');
    assert.equal(res.code, 0, res.stderr);
    assert.equal(r.git('show', 'HEAD:src/app.ts'), 'staged\n');
    assert.equal(r.git('status', '--porcelain').trimEnd().split('\n').sort().join('|'), ' M src/api/users.ts| M src/app.ts');
  });

  test('the first commit of a repository: claims in the staged plan already hold', () => {
    const r = track(makeRepo());
    r.installRawHooks(['pre-commit']);
    r.writeJson('docs/api-plan.json', plan('api', [claimed('endpoints', 'codex', ['src/api'])]));
    r.write('docs/api-plan.md', '# api\n');
    r.write('src/api/a.ts', 'x\n');
    r.git('add', '-A');
    assert.equal(r.commit('first').code, 1);
    r.git('rm', '-q', '--cached', 'src/api/a.ts');
    const res = r.commit('first');
    assert.equal(res.code, 0, res.stderr);
  });

  test('detached HEAD', () => {
    const r = claimedRepo();
    r.git('checkout', '-q', '--detach');
    r.write('src/api/a.ts', 'x\n');
    r.git('add', '-A');
    assert.equal(r.commit('detached').code, 1);
    r.git('reset', '-q');
    r.write('src/free.ts', 'x\n');
    r.git('add', 'src/free.ts');
    assert.equal(r.commit('detached').code, 0);
  });

  test('a merge commit is judged on what it changes itself, not on what it carries in', () => {
    const r = claimedRepo();
    r.git('checkout', '-q', '-b', 'side');
    r.write('src/api/users.ts', 'from side\n');
    r.git('add', '-A');
    r.git('-c', 'core.hooksPath=/dev/null', 'commit', '-q', '-m', 'side work (before the claim was known)');
    r.git('checkout', '-q', 'main');
    r.write('src/app.ts', 'main work\n');
    r.git('commit', '-q', '-am', 'main work');
    r.git('merge', '-q', '--no-ff', '--no-commit', 'side');
    const carried = r.commit('merge side');
    assert.equal(carried.code, 0, carried.stderr);
    assert.equal(r.git('rev-list', '--parents', '-n1', 'HEAD').trim().split(' ').length, 3);
    // A resolution that edits the claimed file itself is the merge's own change.
    r.git('checkout', '-q', '-b', 'side2', 'HEAD~1');
    r.write('src/other.ts', 'x\n');
    r.git('add', '-A');
    r.git('-c', 'core.hooksPath=/dev/null', 'commit', '-q', '-m', 'side2');
    r.git('checkout', '-q', 'main');
    r.git('merge', '-q', '--no-ff', '--no-commit', 'side2');
    r.write('src/api/users.ts', 'edited during the merge\n');
    r.git('add', '-A');
    assert.equal(r.commit('merge side2').code, 1);
  });

  test('a linked worktree: hooks run there and see the claims', () => {
    const r = claimedRepo();
    const wt = `${r.dir}-wt`;
    r.git('worktree', 'add', '-q', '-b', 'feature', wt);
    const linked = track(new (r.constructor as typeof Repo)(wt, r.env));
    linked.write('src/api/a.ts', 'x\n');
    linked.git('add', '-A');
    assert.equal(linked.commit('in linked').code, 1);
    linked.git('reset', '-q');
    linked.write('src/free.ts', 'x\n');
    linked.git('add', 'src/free.ts');
    assert.equal(linked.commit('free').code, 0);
  });

  test('paths with spaces and non-ASCII names are matched and printed as they are', () => {
    const r = track(repoWithPlans({ 'docs/n-plan.json': plan('n', [claimed('ü', 'codex', ['docs and notes/über'])]) }));
    r.write('docs and notes/über/straße 1.txt', 'x\n');
    r.git('add', '-A');
    const res = r.commit('unicode');
    assert.equal(res.code, 1);
    assert.ok(res.stderr.includes('docs and notes/über/straße 1.txt'), res.stderr);
  });

  test('a submodule path (gitlink) is checked like a file', () => {
    const r = track(repoWithPlans({ 'docs/v-plan.json': plan('v', [claimed('vendor', 'codex', ['vendor/lib'])]) }));
    const commit = r.git('rev-parse', 'HEAD').trim();
    r.git('update-index', '--add', '--cacheinfo', `160000,${commit},vendor/lib`);
    assert.equal(r.commit('submodule').code, 1);
    r.git('rm', '-q', '--cached', 'vendor/lib');
    r.git('update-index', '--add', '--cacheinfo', `160000,${commit},vendor/free`);
    assert.equal(r.commit('other submodule').code, 0);
  });

  test('core.ignorecase makes claims case-insensitive', () => {
    const r = claimedRepo(['SRC/Api']);
    r.write('src/api/a.ts', 'x\n');
    r.git('add', '-A');
    assert.equal(r.commit('case differs').code, 0);
    r.git('config', 'core.ignorecase', 'true');
    r.write('src/api/b.ts', 'x\n');
    r.git('add', '-A');
    assert.equal(r.commit('case differs, ignorecase').code, 1);
  });

  test('hostile patterns cannot hang the hook', () => {
    const files = Array.from({ length: 50 }, (_, i) => `${'*a'.repeat(500)}${i}`);
    const r = track(repoWithPlans({ 'docs/h-plan.json': plan('h', [claimed('h', 'codex', files)]) }));
    r.write(`${'a'.repeat(200)}/${'a'.repeat(200)}.txt`, 'x\n');
    r.git('add', '-A');
    // The matching is linear (test/lib/pattern.test.ts); the commit finishing at all is the point here.
    assert.equal(r.commit('hostile').code, 0);
  });
});

describe('where claims come from', () => {
  test('the index: a claim staged in this very commit binds its files from the next commit on', () => {
    const r = track(repoWithPlans({ 'docs/api-plan.json': plan('api', [open('endpoints', ['src/api'])]) }));
    r.writeJson('docs/api-plan.json', plan('api', [claimed('endpoints', 'Test Author', ['src/api'])]));
    r.git('add', '-A');
    assert.equal(r.commit('claim it').code, 0);
    // Another agent's claim, staged together with the code.
    const r2 = track(repoWithPlans({ 'docs/x-plan.json': plan('x', [open('t', ['src/x'])]) }));
    r2.writeJson('docs/y-plan.json', plan('y', [claimed('t', 'codex', ['src/x'])]));
    r2.write('docs/y-plan.md', '# y\n');
    r2.write('src/x/a.ts', 'x\n');
    r2.git('add', '-A');
    assert.equal(r2.commit('with code').code, 0, 'the claim did not stand before this commit');
    r2.write('src/x/b.ts', 'x\n');
    r2.git('add', '-A');
    assert.equal(r2.commit('after the claim').code, 1);
  });

  test('HEAD, the base branch, and another worktree', () => {
    // HEAD: covered by every refusal above. Base: main claims after the branch was made.
    const r = track(repoWithPlans({ 'docs/api-plan.json': plan('api', [open('endpoints', ['src/api'])]) }));
    r.git('branch', 'feature');
    r.writeJson('docs/api-plan.json', plan('api', [claimed('endpoints', 'codex', ['src/api'])]));
    r.git('commit', '-q', '--no-verify', '-am', 'codex claims on main');
    r.git('checkout', '-q', 'feature');
    r.write('src/api/a.ts', 'x\n');
    r.git('add', '-A');
    const base = r.commit('on an old branch');
    assert.equal(base.code, 1);
    assert.match(base.stderr, /branch main/);
    r.git('reset', '-q');

    const r2 = track(repoWithPlans({ 'docs/api-plan.json': plan('api', [open('endpoints', ['src/api'])]) }));
    const wt = `${r2.dir}-wt`;
    r2.git('worktree', 'add', '-q', '-b', 'codex-work', wt);
    repos.push(new (r2.constructor as typeof Repo)(wt, r2.env));
    // Claimed in the other worktree's working file, not committed anywhere: not a claim yet.
    const other = new (r2.constructor as typeof Repo)(wt, r2.env);
    other.writeJson('docs/api-plan.json', plan('api', [claimed('endpoints', 'codex', ['src/api'])]));
    r2.write('src/api/a.ts', 'x\n');
    r2.git('add', '-A');
    assert.equal(r2.commit('in main worktree, before codex commits its claim').code, 0);
    // Committed there (its HEAD): now it holds here too.
    other.git('commit', '-q', '--no-verify', '-am', 'codex claims');
    r2.write('src/api/b.ts', 'x\n');
    r2.git('add', '-A');
    const res = r2.commit('in main worktree');
    assert.equal(res.code, 1);
    assert.ok(res.stderr.includes(`worktree ${wt}`), res.stderr);
  });
});
