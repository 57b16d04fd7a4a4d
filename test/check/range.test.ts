// pre-push and `check --range`: pre-commit's check over commits already made (--no-verify's backstop).
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import type { Repo } from '../fixtures/repo.js';
import { claimed, open, plan } from '../fixtures/plans.js';
import { repoWithPlans, removeDir } from '../fixtures/repo.js';

const repos: Repo[] = [];
const dirs: string[] = [];
after(() => {
  repos.forEach((r) => r.remove());
  dirs.forEach((d) => removeDir(d));
});

function setup(): Repo {
  const r = repoWithPlans({ 'docs/api-plan.json': plan('api', [claimed('endpoints', 'codex', ['src/api']), open('other', ['src/other'])]) });
  repos.push(r);
  return r;
}

test('check --range finds what --no-verify let through, commit by commit, judged by each commit’s author', () => {
  const r = setup();
  const start = r.git('rev-parse', 'HEAD').trim();
  r.write('src/free.ts', 'x\n');
  r.git('add', '-A');
  r.git('commit', '-q', '-m', 'clean');
  r.write('src/api/a.ts', 'x\n');
  r.git('add', '-A');
  r.git('-c', 'core.hooksPath=/dev/null', 'commit', '-q', '-m', 'sneaky');
  r.write('src/api/b.ts', 'x\n');
  r.git('add', '-A');
  r.tryGit(['-c', 'core.hooksPath=/dev/null', 'commit', '-q', '-m', 'by the holder'], { GIT_AUTHOR_NAME: 'codex' });

  const res = r.cli(['check', '--range', `${start}..HEAD`]);
  assert.equal(res.code, 1);
  assert.match(res.stderr, /commit [0-9a-f]{12} sneaky/);
  assert.match(res.stderr, /src\/api\/a\.ts {3}← pattern src\/api/);
  assert.doesNotMatch(res.stderr, /src\/api\/b\.ts|commit [0-9a-f]{12} clean/);
  assert.match(res.stderr, /1 of 3 commits/);

  const json = JSON.parse(r.cli(['check', '--range', `${start}..HEAD`, '--json']).stdout) as { subject: string; allowed: boolean; refusals: unknown[] }[];
  assert.deepEqual(json.map((c) => [c.subject, c.allowed]), [['clean', true], ['sneaky', false], ['by the holder', true]]);
  const [refusal] = json[1]!.refusals as { since: string | null }[];
  assert.deepEqual(json[1]!.refusals, [{ path: 'src/api/a.ts', task: 'api/endpoints', holder: 'codex', since: refusal!.since, stale: false, pattern: 'src/api' }]);
  assert.match(String(refusal!.since), /^\d{4}-\d\d-\d\dT/);
  assert.equal(r.cli(['check', '--range', `${start}..HEAD`], { PLAN_HOOKS_SKIP: 'claims' }).code, 0);
  assert.equal(r.cli(['check']).code, 2);
  assert.equal(r.cli(['check', '--range', 'nope..HEAD']).code, 2, 'a revision git does not know is a usage error');
});

test('the base’s claims where a branch meets it count whether the branch released the claim, kept it, or deleted the plan', () => {
  // The base's plans are read from the merge-base: by the names of the branch's own plan paths
  // (released: another blob there), or on their own (deleted: a path the branch no longer has).
  const hookless = (r: Repo, message: string, author: string) => {
    r.git('add', '-A');
    r.tryGit(['-c', 'core.hooksPath=/dev/null', 'commit', '-q', '-m', message], { GIT_AUTHOR_NAME: author });
  };
  for (const how of ['released', 'kept', 'deleted']) {
    const r = setup();
    r.git('checkout', '-q', '-b', 'feature');
    if (how === 'released') r.writeJson('docs/api-plan.json', plan('api', [open('endpoints', ['src/api']), open('other', ['src/other'])]));
    if (how === 'kept') r.write('README.md', '# kept\n');
    if (how === 'deleted') r.git('rm', '-q', 'docs/api-plan.json', 'docs/api-plan.md');
    hookless(r, `${how} by the holder`, 'codex');
    r.write('src/api/late.ts', 'x\n');
    hookless(r, 'into the claim', 'claude');
    const json = JSON.parse(r.cli(['check', '--range', 'main..feature', '--json']).stdout) as { subject: string; allowed: boolean; refusals: { path: string; holder: string }[] }[];
    assert.deepEqual(json.map((c) => [c.subject, c.allowed]), [[`${how} by the holder`, true], ['into the claim', false]], how);
    assert.deepEqual(json[1]!.refusals.map((f) => [f.path, f.holder]), [['src/api/late.ts', 'codex']], how);
  }
});

test('the base’s plans where a branch meets it are read from the branch’s own where they are the same blobs: each plan blob is read from git once', () => {
  // They were asked again by the merge-base's name (`<merge-base>:<path>`), in case they differ:
  // at 10,000 claims the worklog's writer read every plan's text twice (+17 MB, +70 ms).
  const r = setup();
  r.git('checkout', '-q', '-b', 'feature');
  // Two commits on the branch: the last one's parent is not where the branch left the base.
  for (const file of ['src/one.ts', 'src/two.ts']) {
    r.write(file, 'x\n');
    r.git('add', '-A');
    r.git('-c', 'core.hooksPath=/dev/null', 'commit', '-q', '-m', file);
  }
  r.git('gc', '-q');
  const blob = r.git('rev-parse', 'feature:docs/api-plan.json').trim();
  // Where the blob lies in the one pack: git traces every read of a packed object by its offset.
  const idx = readdirSync(join(r.dir, '.git/objects/pack')).find((f) => f.endsWith('.idx'))!;
  const offset = r.git('verify-pack', '-v', join(r.dir, '.git/objects/pack', idx)).split('\n').find((l) => l.startsWith(blob))!.trim().split(/\s+/).at(-1);
  const dir = mkdtempSync(join(tmpdir(), 'plan-hooks-trace-'));
  dirs.push(dir);
  const trace = join(dir, 'pack-access.txt');
  const res = r.cli(['check', '--range', 'feature^..feature'], { GIT_TRACE_PACK_ACCESS: trace });
  assert.equal(res.code, 0, res.stderr);
  const reads = readFileSync(trace, 'utf8').split('\n').filter((l) => l.endsWith(`.pack ${offset}`));
  assert.equal(reads.length, 1, reads.join('\n'));
});

test('check --range applies the plan and transition rules to each commit', () => {
  const r = setup();
  const start = r.git('rev-parse', 'HEAD').trim();
  const p = plan('api', [claimed('endpoints', 'codex', ['src/api']), open('other', ['src/other'])]);
  p.planId = 'renamed';
  r.writeJson('docs/api-plan.json', p);
  r.git('-c', 'core.hooksPath=/dev/null', 'commit', '-q', '-am', 'rename the plan');
  const res = r.cli(['check', '--range', `${start}..HEAD`]);
  assert.equal(res.code, 1);
  assert.match(res.stderr, /planId/);
});

test('the plan rules of a range take core.ignorecase from the configuration already read, not from one git process per plan commit', () => {
  const r = setup();
  const start = r.git('rev-parse', 'HEAD').trim();
  // The committed plan with only its title changed: a plan built again here would carry a
  // claimedAt one second later whenever the clock ticked over since setup().
  const p = JSON.parse(readFileSync(join(r.dir, 'docs/api-plan.json'), 'utf8'));
  for (const title of ['one', 'two', 'three']) {
    p.title = title;
    r.writeJson('docs/api-plan.json', p);
    r.git('-c', 'core.hooksPath=/dev/null', 'commit', '-q', '-am', `plan: ${title}`);
  }
  const dir = mkdtempSync(join(tmpdir(), 'plan-hooks-trace-'));
  dirs.push(dir);
  const trace = join(dir, 'trace.txt');
  const res = r.cli(['check', '--range', `${start}..HEAD`], { GIT_TRACE2_PERF: trace });
  assert.equal(res.code, 0, res.stderr);
  const starts = readFileSync(trace, 'utf8').split('\n').filter((l) => /\|\s*start\s*\|/.test(l));
  assert.ok(starts.length > 0, 'git traced its processes');
  assert.deepEqual(starts.filter((l) => l.includes('core.ignorecase')), []);
});

test('pre-push refuses to push a commit that pre-commit would have refused; --no-verify pushes', () => {
  const r = setup();
  const remote = mkdtempSync(join(tmpdir(), 'plan-hooks-remote-'));
  dirs.push(remote);
  r.git('init', '-q', '--bare', remote);
  r.git('remote', 'add', 'origin', remote);
  assert.equal(r.tryGit(['push', '-q', 'origin', 'main']).code, 0);
  r.write('src/free.ts', 'x\n');
  r.git('add', '-A');
  r.git('commit', '-q', '-m', 'clean');
  assert.equal(r.tryGit(['push', '-q', 'origin', 'main']).code, 0);
  r.write('src/api/a.ts', 'x\n');
  r.git('add', '-A');
  r.git('-c', 'core.hooksPath=/dev/null', 'commit', '-q', '-m', 'sneaky');
  const refused = r.tryGit(['push', 'origin', 'main']);
  assert.equal(refused.code, 1, refused.stderr);
  assert.match(refused.stderr, /sneaky[\s\S]*src\/api\/a\.ts[\s\S]*git rebase -i/);
  assert.notEqual(r.git('rev-parse', 'HEAD').trim(), r.git('ls-remote', 'origin', 'refs/heads/main').split('\t')[0]);
  // A new branch is checked against what the remote already has.
  const branch = r.tryGit(['push', 'origin', 'HEAD:refs/heads/feature']);
  assert.equal(branch.code, 1);
  assert.equal(r.tryGit(['push', '-q', '--no-verify', 'origin', 'main']).code, 0);
});
