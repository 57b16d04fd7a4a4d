// claim/release/done --push against a local bare remote, from clones made both ways: the
// remote decides, exactly one of several racing clones wins, and the user's own work is never
// touched.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { claimed, open, plan } from '../fixtures/plans.js';
import { type Remote, cloneOf, makeRemote, runTogether } from '../fixtures/clones.js';
import type { Repo } from '../fixtures/repo.js';
import type { PlanState } from '../../src/core/plan-types.js';
import { agentRecord, agentSeal, parseAgentTrailer } from '../../src/check/trailer.js';
import { classifyPush, editCommitMessage, localUpdate, pushTarget, retryWait } from '../../src/remote/push-claim.js';

const PLAN = 'docs/export-plan.json';
const cleanups: (() => void)[] = [];
after(() => cleanups.forEach((c) => c()));

function remoteWith(tasks = [open('upload', ['src/upload.ts']), open('retry', ['src/retry.ts'])]): Remote {
  const remote = makeRemote({ [PLAN]: plan('export', tasks) });
  cleanups.push(() => remote.remove());
  return remote;
}

function track(repo: Repo): Repo {
  cleanups.push(() => repo.remove());
  return repo;
}

const task = (p: PlanState, id: string) => p.workItems[0]!.tasks.find((t) => t.id === id)!;
const localPlan = (repo: Repo) => readFileSync(join(repo.dir, PLAN), 'utf8');

describe('the push protocol (pure)', () => {
  test('a rejection because the branch moved, or a ref locked by another push, is a lost race; other failures are not', () => {
    assert.equal(classifyPush({ code: 0, stdout: '', stderr: '' }), 'pushed');
    assert.equal(classifyPush({ code: 1, stdout: 'To x\n!\tabc:refs/heads/main\t[rejected] (fetch first)\nDone\n', stderr: '' }), 'race');
    assert.equal(classifyPush({ code: 1, stdout: '!\tabc:refs/heads/main\t[rejected] (non-fast-forward)\n', stderr: '' }), 'race');
    assert.equal(classifyPush({ code: 1, stdout: '!\tabc:refs/heads/main\t[remote rejected] (failed to update ref)\n', stderr: '' }), 'race');
    assert.equal(classifyPush({ code: 1, stdout: '', stderr: "remote: error: cannot lock ref 'refs/heads/main': is at 1a but expected 2b\n" }), 'race');
    assert.equal(classifyPush({ code: 1, stdout: '!\tabc:refs/heads/main\t[remote rejected] (pre-receive hook declined)\n', stderr: '' }), 'failed');
    assert.equal(classifyPush({ code: 128, stdout: '', stderr: "fatal: Could not read from remote repository.\n" }), 'failed');
  });

  test('waits grow with the try and are jittered', () => {
    assert.equal(retryWait(1, () => 0.5), 0);
    assert.equal(retryWait(2, () => 0), 40);
    assert.equal(retryWait(3, () => 1), 320);
    assert.ok(retryWait(5, () => 0.5) > retryWait(2, () => 0.5));
  });

  test('the target: the remote the base names, else the branch upstream, origin, or the only remote', () => {
    const none = () => null;
    assert.deepEqual(pushTarget({ remotes: ['origin'], base: 'origin/main', upstreamRemote: none, defaultBranch: null }), { remote: 'origin', branch: 'main' });
    assert.deepEqual(pushTarget({ remotes: ['up', 'up/stream'], base: 'up/stream/dev', upstreamRemote: none, defaultBranch: null }), { remote: 'up/stream', branch: 'dev' });
    assert.deepEqual(pushTarget({ remotes: ['origin', 'fork'], base: 'main', upstreamRemote: () => 'fork', defaultBranch: null }), { remote: 'fork', branch: 'main' });
    assert.deepEqual(pushTarget({ remotes: ['origin', 'fork'], base: 'main', upstreamRemote: none, defaultBranch: null }), { remote: 'origin', branch: 'main' });
    assert.deepEqual(pushTarget({ remotes: ['gh'], base: null, upstreamRemote: none, defaultBranch: 'trunk' }), { remote: 'gh', branch: 'trunk' });
    assert.equal(pushTarget({ remotes: ['a', 'b'], base: 'main', upstreamRemote: none, defaultBranch: null }), null);
    assert.equal(pushTarget({ remotes: [], base: 'main', upstreamRemote: none, defaultBranch: null }), null);
  });

  test('only the base branch itself follows, and only when it is behind', () => {
    const t = { remote: 'origin', branch: 'main' };
    assert.deepEqual(localUpdate('main', t, true), { kind: 'fast-forward' });
    assert.deepEqual(localUpdate('main', t, false), { kind: 'ahead', branch: 'main' });
    assert.deepEqual(localUpdate('feature/x', t, true), { kind: 'other-branch', branch: 'feature/x' });
    const tree = 'a'.repeat(40);
    assert.equal(
      editCommitMessage('claim', 'export/upload', 'codex', agentRecord({ name: 'codex', source: 'option' }, tree)),
      `plan-hooks claim export/upload (codex)\n\nPlan-Task: export/upload\nPlan-Agent: codex (option) ${agentSeal('codex', 'option', tree)}\n`,
    );
    // The git author needs no record: a commit without one is judged by its author.
    assert.equal(editCommitMessage('release', 'export/upload', 'Dana', agentRecord({ name: 'Dana', source: 'git-author' }, tree)), 'plan-hooks release export/upload (Dana)\n\nPlan-Task: export/upload\n');
  });
});

describe('claim --push: six clones race for one task', () => {
  test('exactly one wins each round, the remote names it, every other clone is told who won (2 rounds: fresh clones, then the same clones after a race)', async () => {
    const remote = remoteWith([open('r1', ['src/r1.ts']), open('r2', ['src/r2.ts'])]);
    // Made both ways, on the base branch and on feature branches, one init clone left unborn.
    const clones = [
      cloneOf(remote, 'clone'),
      cloneOf(remote, 'clone', 'feature/a'),
      cloneOf(remote, 'clone'),
      cloneOf(remote, 'init', 'main'),
      cloneOf(remote, 'init', 'feature/b'),
      cloneOf(remote, 'init', null),
    ].map(track);
    for (const round of ['r1', 'r2']) {
      const results = await runTogether(clones.map((repo, i) => ({ repo, args: ['claim', `export/${round}`, '--push', '--as', `agent${i}`] })));
      const winners = results.map((r, i) => (r.code === 0 ? i : -1)).filter((i) => i >= 0);
      assert.equal(winners.length, 1, `round ${round}: ${results.map((r, i) => `agent${i}: ${r.code} ${r.stdout}${r.stderr}`).join('\n')}`);
      const winner = `agent${winners[0]}`;
      assert.equal(task(remote.plan(PLAN), round).claimedBy, winner);
      assert.equal(task(remote.plan(PLAN), round).status, 'in-progress');
      results.forEach((r, i) => {
        if (i === winners[0]) return;
        assert.equal(r.code, 1, `agent${i}: ${r.stderr}`);
        assert.match(r.stderr, new RegExp(`export/${round} is claimed by ${winner} since `));
        assert.match(r.stderr, /Nothing was changed/);
      });
    }
    // One claim commit per round reached the remote, each changing only the plan.
    const log = remote.git('log', '--format=%s', 'main').trim().split('\n');
    assert.equal(log.length, 3);
    for (const sha of remote.git('rev-list', 'main', '--max-count=2').trim().split('\n')) {
      assert.equal(remote.git('diff-tree', '--no-commit-id', '--name-only', '-r', sha).trim(), PLAN);
    }
  });

  test('two clones claiming different tasks at once both get theirs: the loser builds its commit again on the new tip', async () => {
    const remote = remoteWith();
    const a = track(cloneOf(remote, 'clone'));
    const b = track(cloneOf(remote, 'init', 'main'));
    const [ra, rb] = await runTogether([
      { repo: a, args: ['claim', 'export/upload', '--push', '--as', 'claude'] },
      { repo: b, args: ['claim', 'export/retry', '--push', '--as', 'codex'] },
    ]);
    assert.equal(ra!.code, 0, ra!.stderr);
    assert.equal(rb!.code, 0, rb!.stderr);
    const p = remote.plan(PLAN);
    assert.deepEqual([task(p, 'upload').claimedBy, task(p, 'retry').claimedBy], ['claude', 'codex']);
  });
});

describe('claim --push: what the user keeps', () => {
  test('on the base branch: only the plan is committed; staged and unstaged work stays as it was; main fast-forwards', () => {
    const remote = remoteWith();
    const repo = track(cloneOf(remote, 'clone'));
    repo.write('src/app.ts', 'export const staged = 1;\n');
    repo.git('add', 'src/app.ts');
    repo.write('src/app.ts', 'export const staged = 1;\nexport const unstaged = 2;\n');
    repo.write('notes.txt', 'untracked\n');
    const r = repo.cli(['claim', 'upload', '--push', '--as', 'codex']);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /origin\/main:docs\/export-plan\.json: claimed export\/upload for codex\. Pushed as commit [0-9a-f]{12}\./);
    assert.match(r.stdout, /Your branch main was fast-forwarded to origin\/main/);
    assert.equal(repo.git('rev-parse', 'HEAD'), repo.git('rev-parse', 'origin/main'));
    assert.equal(remote.git('rev-parse', 'main'), repo.git('rev-parse', 'HEAD'));
    assert.equal(repo.git('show', ':src/app.ts'), 'export const staged = 1;\n');
    assert.equal(readFileSync(join(repo.dir, 'src/app.ts'), 'utf8'), 'export const staged = 1;\nexport const unstaged = 2;\n');
    assert.equal(repo.git('status', '--porcelain'), 'MM src/app.ts\n?? notes.txt\n');
    assert.equal(task(JSON.parse(localPlan(repo)) as PlanState, 'upload').claimedBy, 'codex');
    // commit-tree runs no hook, so the claim commit carries the sealed record itself: push and CI see codex and where the name came from.
    const [author, ...body] = repo.git('log', '-1', '--format=%an%n%B', 'HEAD').trim().split('\n');
    assert.equal(author, 'codex');
    assert.deepEqual(body.slice(0, 3), ['plan-hooks claim export/upload (codex)', '', 'Plan-Task: export/upload']);
    const trailer = parseAgentTrailer(body[3]!.replace(/^Plan-Agent: /, ''), repo.git('rev-parse', 'HEAD^{tree}').trim());
    assert.deepEqual(trailer, { name: 'codex', source: 'option', sealed: true });
  });

  test('on a feature branch: the claim is on origin/main, the branch and its files do not move', () => {
    const remote = remoteWith();
    const repo = track(cloneOf(remote, 'init', 'feature/x'));
    const before = repo.git('rev-parse', 'HEAD');
    const text = localPlan(repo);
    const r = repo.cli(['claim', 'upload', '--push', '--as', 'codex']);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /You are on branch feature\/x: the change lives on origin\/main/);
    assert.equal(repo.git('rev-parse', 'HEAD'), before);
    assert.equal(localPlan(repo), text);
    assert.equal(task(remote.plan(PLAN), 'upload').claimedBy, 'codex');
    assert.equal(repo.git('rev-parse', 'origin/main'), remote.git('rev-parse', 'main'));
  });

  test('a base branch with commits of its own is left where it is, and the output says how to bring the claim in', () => {
    const remote = remoteWith();
    const repo = track(cloneOf(remote, 'clone'));
    repo.write('src/app.ts', 'export const mine = 1;\n');
    repo.git('commit', '-qam', 'local work');
    const before = repo.git('rev-parse', 'HEAD');
    const r = repo.cli(['claim', 'upload', '--push', '--as', 'codex']);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /Your branch main was left where it was \(it has commits origin\/main does not\).*git pull --rebase/);
    assert.equal(repo.git('rev-parse', 'HEAD'), before);
  });

  test('a plan file edited in the working tree blocks the fast-forward, and nothing of it is lost', () => {
    const remote = remoteWith();
    const repo = track(cloneOf(remote, 'clone'));
    const edited = localPlan(repo).replace('"title": "Plan export"', '"title": "Plan export, edited"');
    repo.write(PLAN, edited);
    const r = repo.cli(['claim', 'upload', '--push', '--as', 'codex']);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /Your branch main was left where it was \(git: /);
    assert.equal(localPlan(repo), edited);
    assert.equal(task(remote.plan(PLAN), 'upload').claimedBy, 'codex');
  });

  test('a task held on the remote is refused with who and since when; the local plan is left as it was', () => {
    const remote = remoteWith([claimed('upload', 'claude', ['src/upload.ts'], 2), open('retry', ['src/retry.ts'])]);
    const repo = track(cloneOf(remote, 'init', 'main'));
    const text = localPlan(repo);
    const head = remote.git('rev-parse', 'main');
    const r = repo.cli(['claim', 'upload', '--push', '--as', 'codex']);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /origin\/main:docs\/export-plan\.json: export\/upload is claimed by claude since \S+ \(2 h ago\)/);
    assert.equal(localPlan(repo), text);
    assert.equal(remote.git('rev-parse', 'main'), head);
  });
});

describe('release --push and done --push', () => {
  test('the holder releases and completes through the remote', () => {
    const remote = remoteWith();
    const repo = track(cloneOf(remote, 'clone'));
    assert.equal(repo.cli(['claim', 'upload', '--push', '--as', 'codex']).code, 0);
    const rel = repo.cli(['release', 'upload', '--push', '--as', 'codex']);
    assert.equal(rel.code, 0, rel.stderr);
    assert.equal(task(remote.plan(PLAN), 'upload').status, 'not-started');
    assert.equal(repo.cli(['claim', 'upload', '--push', '--as', 'codex']).code, 0);
    const done = repo.cli(['done', 'upload', '--push', '--as', 'codex', '--summary', 'Uploads retry']);
    assert.equal(done.code, 0, done.stderr);
    const p = remote.plan(PLAN);
    assert.equal(task(p, 'upload').status, 'completed');
    // Its work item has another open task: the entry is the task's own (metadata.done, docs/parallel.md).
    assert.equal((task(p, 'upload').metadata as { done?: { summary?: string } } | undefined)?.done?.summary, 'Uploads retry');
  });

  test('someone else cannot release a live claim through the remote', () => {
    const remote = remoteWith([claimed('upload', 'claude', ['src/upload.ts'], 1)]);
    const repo = track(cloneOf(remote, 'clone'));
    const r = repo.cli(['release', 'upload', '--push', '--as', 'codex']);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /only the holder may release it/);
  });
});

describe('without a remote, or without the network', () => {
  test('no remote: a clear message, nothing changed; --local claims in this clone only', () => {
    const remote = remoteWith();
    const repo = track(cloneOf(remote, 'clone'));
    repo.git('remote', 'remove', 'origin');
    const text = localPlan(repo);
    const r = repo.cli(['claim', 'upload', '--push', '--as', 'codex']);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /this repository has no remote[^]*'--local'/);
    assert.equal(localPlan(repo), text);
    const local = repo.cli(['claim', 'upload', '--local', '--as', 'codex']);
    assert.equal(local.code, 0, local.stderr);
    assert.equal(task(JSON.parse(localPlan(repo)) as PlanState, 'upload').claimedBy, 'codex');
  });

  test('an unreachable remote: a clear message naming it, nothing changed', () => {
    const remote = remoteWith();
    const repo = track(cloneOf(remote, 'clone'));
    repo.git('remote', 'set-url', 'origin', join(remote.url, 'gone.git'));
    const text = localPlan(repo);
    const r = repo.cli(['claim', 'upload', '--push', '--as', 'codex']);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /cannot reach origin to read origin\/main: [^]*'--local'/);
    assert.equal(localPlan(repo), text);
  });

  test('"claimPush": true makes --push the default; --local overrides it; both flags are a usage error', () => {
    const remote = remoteWith();
    const seed = track(cloneOf(remote, 'clone'));
    seed.writeJson('.plan-hooks.json', { claimPush: true });
    seed.git('add', '.plan-hooks.json');
    seed.git('commit', '-qm', 'config');
    seed.git('push', '-q', 'origin', 'main');
    const repo = track(cloneOf(remote, 'init', 'feature/y'));
    const r = repo.cli(['claim', 'upload', '--as', 'codex']);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(task(remote.plan(PLAN), 'upload').claimedBy, 'codex');
    const local = repo.cli(['claim', 'retry', '--local', '--as', 'codex']);
    assert.equal(local.code, 0, local.stderr);
    assert.equal(task(remote.plan(PLAN), 'retry').status, 'not-started');
    assert.equal(task(JSON.parse(localPlan(repo)) as PlanState, 'retry').claimedBy, 'codex');
    assert.equal(repo.cli(['claim', 'retry', '--push', '--local']).code, 2);
  });
});
