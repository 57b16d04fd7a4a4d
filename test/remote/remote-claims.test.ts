// Claims from remote-tracking branches: after a fetch, a claim pushed to origin/main or to an
// unmerged feature branch counts at commit, in `claim` and in `status`, in clones made both
// ways (a `git init` + `remote add` + `fetch` clone has no origin/HEAD and no local main).
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { open, plan } from '../fixtures/plans.js';
import { type Remote, cloneOf, makeRemote } from '../fixtures/clones.js';
import type { Repo } from '../fixtures/repo.js';
import { ago, distinctPlans, globMatcher, selectRemoteBranches } from '../../src/remote/remote-claims.js';

const PLAN = 'docs/export-plan.json';
const cleanups: (() => void)[] = [];
after(() => cleanups.forEach((c) => c()));
const track = (repo: Repo) => (cleanups.push(() => repo.remove()), repo);

function remoteWith(): Remote {
  const remote = makeRemote({ [PLAN]: plan('export', [open('upload', ['src/upload.ts']), open('retry', ['src/retry/**'])]) });
  cleanups.push(() => remote.remove());
  return remote;
}

const NOW = new Date('2026-06-30T12:00:00Z');
const sec = (days: number) => String(Math.round(NOW.getTime() / 1000 - days * 86400));
const ref = (name: string, days: number, symref = '') => `refs/remotes/${name} ${'a'.repeat(40)} ${sec(days)} ${symref}`;

describe('which remote branches count (pure)', () => {
  const cfg = { days: 30, remotes: ['*'], branches: ['*'] };
  test('recent tips of every remote, newest first; not symbolic refs, not the base branch, not older than the window', () => {
    const out = [ref('origin/HEAD', 0, 'refs/remotes/origin/main'), ref('origin/main', 1), ref('origin/feature/export', 0.5), ref('fork/old', 31), ref('fork/new', 2)].join('\n');
    assert.deepEqual(selectRemoteBranches(out, cfg, NOW).map((b) => b.name), ['origin/feature/export', 'origin/main', 'fork/new']);
    assert.deepEqual(selectRemoteBranches(out, cfg, NOW, 'origin/main').map((b) => b.name), ['origin/feature/export', 'fork/new']);
    assert.deepEqual(selectRemoteBranches(out, { ...cfg, days: 60 }, NOW).map((b) => b.name), ['origin/feature/export', 'origin/main', 'fork/new', 'fork/old']);
    assert.deepEqual(selectRemoteBranches(out, false, NOW), []);
  });

  test('remotes and branches are globs: * spans slashes, ? is one character, the rest is literal', () => {
    const out = [ref('origin/main', 1), ref('origin/feature/export', 1), ref('origin/fix.1', 1), ref('fork/feature/x', 1)].join('\n');
    assert.deepEqual(selectRemoteBranches(out, { ...cfg, remotes: ['origin'] }, NOW).map((b) => b.name).sort(), ['origin/feature/export', 'origin/fix.1', 'origin/main']);
    assert.deepEqual(selectRemoteBranches(out, { ...cfg, branches: ['feature/*'] }, NOW).map((b) => b.name).sort(), ['fork/feature/x', 'origin/feature/export']);
    assert.equal(globMatcher(['fix.?'])('fix.1'), true);
    assert.equal(globMatcher(['fix.?'])('fixx1'), false);
  });

  test('one version per distinct blob, named by the newest branch; blobs the index already has are left out', () => {
    const b = (name: string) => ({ name, ref: `refs/remotes/${name}`, commit: 'c', time: 0 });
    const plans = [
      { branch: b('origin/a'), file: PLAN, oid: '1' },
      { branch: b('origin/b'), file: PLAN, oid: '1' },
      { branch: b('origin/c'), file: PLAN, oid: '1' },
      { branch: b('origin/d'), file: PLAN, oid: '2' },
      { branch: b('origin/e'), file: PLAN, oid: 'index' },
    ];
    assert.deepEqual(distinctPlans(plans, (_f, oid) => oid === 'index'), [
      { file: PLAN, oid: '1', label: 'origin/a (and 2 other branches)', ref: 'refs/remotes/origin/a' },
      { file: PLAN, oid: '2', label: 'origin/d', ref: 'refs/remotes/origin/d' },
    ]);
    assert.equal(ago(new Date(NOW.getTime() - 12 * 60000), NOW), '12 min ago');
    assert.equal(ago(new Date(NOW.getTime() - 5 * 3600000), NOW), '5 h ago');
  });
});

describe('after a fetch, claims on the remote count', () => {
  test('a claim pushed to origin/main refuses a commit in a git init + remote add + fetch clone (no origin/HEAD, no local main)', () => {
    const remote = remoteWith();
    const laptop = track(cloneOf(remote, 'clone'));
    const cloud = track(cloneOf(remote, 'init', 'feature/b'));
    cloud.installRawHooks();
    assert.equal(cloud.tryGit(['rev-parse', '--verify', '-q', 'refs/remotes/origin/HEAD']).code, 1);
    assert.equal(cloud.tryGit(['rev-parse', '--verify', '-q', 'refs/heads/main']).code, 1);
    assert.equal(laptop.cli(['claim', 'upload', '--push', '--as', 'claude']).code, 0);
    cloud.git('fetch', '-q', 'origin');
    cloud.write('src/upload.ts', 'export const retry = true;\n');
    cloud.git('add', 'src/upload.ts');
    const r = cloud.commit('touch upload');
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stderr, /src\/upload\.ts/);
    assert.match(r.stderr, /claude/);
    assert.match(r.stderr, /origin\/main/);
  });

  test('a claim on a pushed, unmerged feature branch refuses a commit, the claim command and shows in status with its source and fetch time', () => {
    const remote = remoteWith();
    const laptop = track(cloneOf(remote, 'clone', 'feature/retry'));
    assert.equal(laptop.cli(['claim', 'retry', '--as', 'claude']).code, 0);
    laptop.git('commit', '-qam', 'claim retry');
    laptop.git('push', '-q', 'origin', 'feature/retry');
    for (const kind of ['clone', 'init'] as const) {
      const other = track(cloneOf(remote, kind, kind === 'clone' ? 'main' : 'feature/c'));
      other.installRawHooks();
      other.git('fetch', '-q', 'origin');
      other.write('src/retry/policy.ts', 'export {};\n');
      other.git('add', 'src/retry/policy.ts');
      const r = other.commit('retry policy');
      assert.equal(r.code, 1, `${kind}: ${r.stderr}`);
      assert.match(r.stderr, /src\/retry\/policy\.ts/);
      assert.match(r.stderr, /origin\/feature\/retry/);
      const claim = other.cli(['claim', 'retry', '--as', 'codex']);
      assert.equal(claim.code, 1, claim.stdout);
      assert.match(claim.stderr, /export\/retry is claimed by claude since \S+ in origin\/feature\/retry/);
      const status = other.cli(['status']);
      assert.match(status.stdout, /export\/retry — claude since \S+ \(.*live, in origin\/feature\/retry, fetched \d+ min ago\) src\/retry\/\*\*/);
      const json = JSON.parse(other.cli(['status', '--json']).stdout) as { claims: { task: string; source: string }[] };
      assert.match(json.claims.find((c) => c.task === 'export/retry')!.source, /^origin\/feature\/retry, fetched \d+ min ago$/);
    }
  });

  test('the holder commits on its own branch; a branch older than the window, or "remoteClaims": false, adds nothing', () => {
    const remote = remoteWith();
    const laptop = track(cloneOf(remote, 'clone', 'feature/retry'));
    laptop.installRawHooks();
    assert.equal(laptop.cli(['claim', 'retry', '--as', 'claude']).code, 0);
    laptop.git('commit', '-qam', 'claim retry');
    laptop.git('push', '-q', 'origin', 'feature/retry');
    laptop.write('src/retry/policy.ts', 'export {};\n');
    laptop.git('add', 'src/retry/policy.ts');
    const own = laptop.tryGit(['commit', '-qm', 'retry policy'], { PLAN_HOOKS_AGENT: 'claude' });
    assert.equal(own.code, 0, own.stderr);
    // An old tip: a branch whose last commit is 40 days old no longer counts.
    const old = track(cloneOf(remote, 'clone', 'feature/old'));
    old.writeJson(PLAN, plan('export', [open('upload', ['src/upload.ts']), { ...open('retry', ['src/retry/**']), status: 'in-progress', claimedBy: 'gemini', claimedAt: new Date(Date.now() - 3600_000).toISOString().replace(/\.\d+Z$/, 'Z') }]));
    const date = new Date(Date.now() - 40 * 86400_000).toISOString();
    old.tryGit(['commit', '-qam', 'old claim'], { GIT_COMMITTER_DATE: date, GIT_AUTHOR_DATE: date });
    old.git('push', '-q', 'origin', 'feature/old');
    const other = track(cloneOf(remote, 'init', 'main'));
    other.installRawHooks();
    other.write('src/retry/x.ts', 'export {};\n');
    other.git('add', 'src/retry/x.ts');
    const refused = other.commit('x');
    assert.equal(refused.code, 1);
    assert.doesNotMatch(refused.stderr, /gemini/);
    // The configuration that turns remote claims off applies from the commit after its own.
    other.git('reset', '-q');
    other.writeJson('.plan-hooks.json', { remoteClaims: false });
    other.git('add', '.plan-hooks.json');
    const config = other.commit('remote claims off');
    assert.equal(config.code, 0, config.stderr);
    other.git('add', 'src/retry/x.ts');
    const r = other.commit('x');
    assert.equal(r.code, 0, r.stderr);
  });
});
