// A forced push that drops a live claim: refused at pre-push (even from a clone that never
// fetched the claim), allowed for the holder and after a rebase that keeps the claim, and
// reported by check --range over the forced update.
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { claimed, hoursAgo, open, plan } from '../fixtures/plans.js';
import { type Remote, cloneOf, makeRemote } from '../fixtures/clones.js';
import type { Repo } from '../fixtures/repo.js';
import type { PlanVersion } from '../../src/core/claims.js';
import { droppedClaims, replacedRefs } from '../../src/check/dropped-claims.js';

const PLAN = 'docs/export-plan.json';
const cleanups: (() => void)[] = [];
after(() => cleanups.forEach((c) => c()));
const track = (repo: Repo) => (cleanups.push(() => repo.remove()), repo);

describe('which claims a forced update drops (pure)', () => {
  const version = (label: string, tasks: Parameters<typeof plan>[1]): PlanVersion[] => [{ source: { kind: 'remote', label }, file: PLAN, plan: plan('export', tasks) }];
  const held = claimed('upload', 'claude', ['src/upload.ts'], 1);
  const free = open('upload', ['src/upload.ts']);
  const run = (over: Partial<Parameters<typeof droppedClaims>[0]>) =>
    droppedClaims({ overwritten: version('origin main', [held]), base: version('base', [free]), pushed: version('pushed', [free]), now: new Date(), staleAfterHours: 24, isPusher: () => false, ...over }).map((c) => c.task);

  test('a live claim made in the discarded commits, absent from what is pushed, is dropped', () => {
    assert.deepEqual(run({}), ['export/upload']);
  });
  test('not when the shared history already had it, the pushed tip has it (or a newer version), the pusher holds it, or it is stale', () => {
    assert.deepEqual(run({ base: version('base', [held]) }), []);
    assert.deepEqual(run({ pushed: version('pushed', [held]) }), []);
    assert.deepEqual(run({ pushed: version('pushed', [{ ...held, status: 'completed' }]) }), []);
    assert.deepEqual(run({ pushed: version('pushed', [{ ...held, claimedBy: 'codex', claimedAt: hoursAgo(0) }]) }), []);
    assert.deepEqual(run({ isPusher: (h) => h === 'claude' }), []);
    assert.deepEqual(run({ overwritten: [{ source: { kind: 'remote', label: 'x' }, file: PLAN, plan: plan('export', [claimed('upload', 'claude', ['src/upload.ts'], 30)], { log: [] }) }] }), []);
  });
  test('pre-push lines: only updates of an existing branch to another commit', () => {
    const a = 'a'.repeat(40);
    const b = 'b'.repeat(40);
    const z = '0'.repeat(40);
    assert.deepEqual(replacedRefs([`refs/heads/main ${a} refs/heads/main ${b}`, `refs/heads/new ${a} refs/heads/new ${z}`, `(delete) ${z} refs/heads/old ${b}`, `refs/heads/same ${a} refs/heads/same ${a}`]), [
      { ref: 'refs/heads/main', old: b, pushed: a },
    ]);
  });
});

function setup(): { remote: Remote; laptop: Repo; cloud: Repo } {
  const remote = makeRemote({ [PLAN]: plan('export', [open('upload', ['src/upload.ts']), open('retry', ['src/retry.ts'])]) });
  cleanups.push(() => remote.remove());
  // The cloud clone is made before the claim and never fetches it.
  const cloud = track(cloneOf(remote, 'init', 'main'));
  cloud.installRawHooks();
  const laptop = track(cloneOf(remote, 'clone'));
  assert.equal(laptop.cli(['claim', 'upload', '--push', '--as', 'claude']).code, 0);
  cloud.write('src/other.ts', 'export {};\n');
  cloud.git('add', 'src/other.ts');
  assert.equal(cloud.commit('other work').code, 0);
  return { remote, laptop, cloud };
}

describe('pre-push refuses a forced push that drops a live claim', () => {
  test('from a clone that never fetched the claim: refused, with the task, the holder and the way forward; the remote keeps the claim', () => {
    const { remote, cloud } = setup();
    const before = remote.git('rev-parse', 'main');
    const r = cloud.tryGit(['push', '--force', 'origin', 'main']);
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stderr, /this update of origin main would drop export\/upload, claimed by claude since \S+ \(docs\/export-plan\.json, not stale\)/);
    assert.match(r.stderr, /git fetch origin' and 'git rebase origin\/main'/);
    assert.equal(remote.git('rev-parse', 'main'), before);
    assert.equal(remote.plan(PLAN).workItems[0]!.tasks[0]!.claimedBy, 'claude');
  });

  test('after fetch and rebase the claim stays and the push goes through; the holder may drop their own claim', () => {
    const { remote, cloud } = setup();
    // --dry-run runs pre-push too: refused for anyone else, allowed for the holder.
    assert.equal(cloud.tryGit(['push', '--force', '--dry-run', 'origin', 'main']).code, 1);
    const holder = cloud.tryGit(['push', '--force', '--dry-run', 'origin', 'main'], { PLAN_HOOKS_AGENT: 'claude' });
    assert.equal(holder.code, 0, holder.stderr);
    cloud.git('fetch', '-q', 'origin');
    cloud.git('rebase', '-q', 'origin/main');
    const r = cloud.tryGit(['push', '--force', 'origin', 'main']);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(remote.plan(PLAN).workItems[0]!.tasks[0]!.claimedBy, 'claude');
  });

  test('check --range over the forced update reports the dropped claim (what CI sees after a push made without hooks)', () => {
    const { remote, laptop, cloud } = setup();
    const old = remote.git('rev-parse', 'main').trim();
    assert.equal(cloud.tryGit(['push', '--force', '--no-verify', 'origin', 'main']).code, 0);
    laptop.git('fetch', '-q', 'origin');
    const r = laptop.cli(['check', '--range', `${old}..origin/main`]);
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stderr, /would drop export\/upload, claimed by claude/);
    const fine = laptop.cli(['check', '--range', `${old}~1..${old}`]);
    assert.equal(fine.code, 0, fine.stderr);
  });
});
