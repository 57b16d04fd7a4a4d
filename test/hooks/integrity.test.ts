// Issue 9's bypasses, each tried as an agent whose commit was just refused would try it: by
// editing what refused it, in the same commit as the edit. Every one is refused at commit time
// by a real `git commit`; the legitimate cases beside them pass.
import assert from 'node:assert/strict';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import type { PlanState, Task } from '../../src/core/plan-types.js';
import { type Repo, type RunResult, makeRepo, repoWithPlans, removeDir } from '../fixtures/repo.js';
import { claimed, hoursAgo, open, plan, today } from '../fixtures/plans.js';
import { CLAIMS_VIEW_FORMAT } from '../../src/core/claims.js';
import { lastCommitEntry } from '../worklog/helpers.js';
import { stampFile, stampOf } from '../../src/lib/cache-file.js';
import { decidedCacheFile } from '../../src/claims/decided-cache.js';
import { commitClaimsFile, planBlobs, taskIndexFile, taskIndexKey, writeCommitIndex } from '../../src/worklog/task-index.js';
import { parseTree } from '../../src/git/tree.js';

const repos: Repo[] = [];
after(() => repos.forEach((r) => r.remove()));
const track = (r: Repo) => (repos.push(r), r);

const PLAN = 'docs/api-plan.json';
/** codex holds api/endpoints over src/api (claimed an hour ago, live); api/free is open. */
const holderPlan = () => plan('api', [claimed('endpoints', 'codex', ['src/api']), open('free', ['src/free'])]);

const refused = (res: RunResult, pattern?: RegExp) => {
  assert.equal(res.code, 1, `expected a refusal:\n${res.stderr}`);
  if (pattern) assert.match(res.stderr, pattern);
};
const passed = (res: RunResult) => assert.equal(res.code, 0, res.stderr);

/**
 * Stages `edit` of the plan (as HEAD has it) together with a change to a claimed path, commits,
 * and puts index and working tree back when the commit was refused.
 */
function tryBypass(r: Repo, edit: (p: PlanState) => void, opts: { env?: NodeJS.ProcessEnv; path?: string; extra?: () => void } = {}): RunResult {
  const p = JSON.parse(r.git('show', `HEAD:${PLAN}`)) as PlanState;
  edit(p);
  r.writeJson(PLAN, p);
  r.write(opts.path ?? 'src/api/users.ts', `${Math.random()}\n`);
  opts.extra?.();
  r.git('add', '-A');
  const res = r.tryGit(['commit', '-m', 'bypass attempt'], opts.env ?? {});
  if (res.code !== 0) {
    r.git('reset', '-q', '--hard');
    r.git('clean', '-qfd');
  }
  return res;
}

const task0 = (p: PlanState): Task => p.workItems[0]!.tasks[0]!;

describe('editing the holder’s task in the same commit is refused', () => {
  const r = track(repoWithPlans({ [PLAN]: holderPlan() }));

  test('narrowing its files, or emptying them', () => {
    refused(tryBypass(r, (p) => (task0(p).files = ['src/elsewhere'])), /api\/endpoints is claimed by codex .*changes it \(files\)/);
    refused(tryBypass(r, (p) => (task0(p).files = [])), /held by codex/);
  });

  test('marking it completed, not-started or blocked', () => {
    for (const status of ['completed', 'not-started', 'blocked'] as const) {
      refused(tryBypass(r, (p) => (task0(p).status = status)), /changes it \([^)]*status/);
    }
  });

  test('backdating claimedAt and moving it into a new work item with an empty log', () => {
    const res = tryBypass(r, (p) => {
      const t = p.workItems[0]!.tasks.shift()!;
      t.claimedAt = '2026-01-01T00:00:00Z';
      p.workItems.push({ id: 'fresh', title: 'Fresh', status: 'in-progress', findings: [], tasks: [t], log: [] });
    });
    refused(res, /changes it \(claimedAt, work item\)/);
    assert.match(res.stderr, /src\/api\/users\.ts/, 'the path is refused by HEAD’s claim too');
  });

  test('binding it to my branch (metadata.branch), which would make me its holder', () => {
    r.git('checkout', '-q', '-b', 'mine');
    const res = tryBypass(r, (p) => (task0(p).metadata = { branch: 'mine' }));
    r.git('checkout', '-q', 'main');
    refused(res, /You are committing as Test Author/);
    assert.match(res.stderr, /changes it \(metadata\)/);
  });

  test('a second plan that reuses the planId and the task with a newer claim', () => {
    const res = tryBypass(r, () => {}, {
      extra: () => {
        const copy = plan('api', [claimed('endpoints', 'Test Author', ['src/api'], 0)]);
        r.writeJson('docs/api-copy-plan.json', copy);
        r.write('docs/api-copy-plan.md', '# copy\n');
      },
    });
    refused(res, /planId 'api' is also the planId of docs\/api-plan\.json/);
    assert.match(res.stderr, /held by codex/);
  });

  test('deleting its plan', () => {
    r.git('rm', '-q', PLAN);
    r.write('src/api/users.ts', 'x\n');
    r.git('add', '-A');
    const res = r.commit('drop the plan');
    r.git('reset', '-q', '--hard');
    refused(res, /deletes the plan that holds api\/endpoints, claimed by codex/);
  });

  test('the holder narrows, completes and releases its own task; anyone edits unclaimed files and tasks', () => {
    passed(tryBypass(r, (p) => (p.workItems[0]!.tasks[1]!.notes = 'picked next'), { path: 'src/free/a.ts' }));
    const asCodex = { env: { PLAN_HOOKS_AGENT: 'codex' } };
    passed(tryBypass(r, (p) => (task0(p).files = ['src/api/users.ts']), asCodex));
    passed(
      tryBypass(r, (p) => {
        task0(p).status = 'completed';
        p.workItems[0]!.log.push({ date: today(), summary: 'endpoints done' });
      }, asCodex),
    );
  });
});

describe('the holder releases its own claim; a stale claim is taken over with the command', () => {
  test('release by the holder, takeover of a stale claim', () => {
    const r = track(repoWithPlans({ [PLAN]: holderPlan() }));
    passed(
      tryBypass(r, (p) => {
        const t = task0(p);
        t.status = 'not-started';
        delete t.claimedBy;
        delete t.claimedAt;
      }, { env: { PLAN_HOOKS_AGENT: 'codex' } }),
    );
    const stale = track(repoWithPlans({ [PLAN]: plan('api', [claimed('endpoints', 'codex', ['src/api'], 72)], { log: [] }) }));
    const takeover = stale.cli(['claim', 'api/endpoints', '--takeover'], { PLAN_HOOKS_AGENT: 'claude' });
    assert.equal(takeover.code, 0, takeover.stderr);
    stale.write('src/api/users.ts', 'mine now\n');
    stale.git('add', '-A');
    passed(stale.tryGit(['commit', '-m', 'take over'], { PLAN_HOOKS_AGENT: 'claude' }));
  });
});

describe('a configuration staged with the commit does not judge it', () => {
  const r = track(repoWithPlans({ [PLAN]: holderPlan() }));
  const withConfig = (config: unknown, env: NodeJS.ProcessEnv = {}) =>
    tryBypass(r, () => {}, { env, extra: () => r.writeJson('.plan-hooks.json', config) });

  test('checks.claims off, an alias, a plans glob elsewhere, markers mapping HOME to the holder', () => {
    const res = withConfig({ checks: { claims: 'off' } });
    refused(res, /held by codex/);
    assert.match(res.stderr, /changes the configuration in \.plan-hooks\.json \(checks\.claims\); it applies from the next commit on/);
    refused(withConfig({ aliases: { claude: ['codex'] } }, { PLAN_HOOKS_AGENT: 'claude' }), /held by codex/);
    refused(withConfig({ plans: ['elsewhere/*-plan.json'] }), /held by codex/);
    refused(withConfig({ agentMarkers: { HOME: 'codex' } }), /You are committing as Test Author/);
  });

  test('the same through package.json’s "plan-hooks" key', () => {
    const res = tryBypass(r, () => {}, { extra: () => r.writeJson('package.json', { name: 'x', 'plan-hooks': { checks: { claims: 'off' } } }) });
    refused(res, /held by codex/);
    assert.match(res.stderr, /changes the configuration in package\.json/);
  });

  test('a configuration change that touches no claimed path commits, and applies from the next commit', () => {
    r.writeJson('.plan-hooks.json', { checks: { claims: 'warn' } });
    r.git('add', '.plan-hooks.json');
    const res = r.commit('claims only warn here');
    passed(res);
    assert.match(res.stderr, /changes the configuration in \.plan-hooks\.json \(checks\.claims\)/);
    r.write('src/api/users.ts', 'now it only warns\n');
    r.git('add', '-A');
    const next = r.commit('judged by the new configuration');
    passed(next);
    assert.match(next.stderr, /warning — this commit touches 1 path claimed/);
  });
});

describe('claims from elsewhere', () => {
  test('another worktree’s uncommitted copy of the plan, with a newer claim of mine, changes nothing', () => {
    const r = track(repoWithPlans({ [PLAN]: holderPlan() }));
    const wt = `${r.dir}-wt`;
    r.git('worktree', 'add', '-q', '-b', 'side', wt);
    repos.push(new (r.constructor as typeof Repo)(wt, r.env));
    writeFileSync(join(wt, PLAN), `${JSON.stringify(plan('api', [claimed('endpoints', 'Test Author', ['src/api'], 0)]), null, 2)}\n`);
    r.write('src/api/users.ts', 'x\n');
    r.git('add', '-A');
    refused(r.commit('mine, says the other worktree'), /held by codex/);
  });

  test('claims only on the base branch hold with local main deleted and origin/HEAD unset', () => {
    const origin = track(makeRepo());
    origin.write('README.md', '# r\n');
    origin.writeJson(PLAN, plan('api', [open('endpoints', ['src/api'])]));
    origin.git('add', '-A');
    origin.git('commit', '-q', '-m', 'plan');
    const before = origin.git('rev-parse', 'HEAD').trim();
    origin.writeJson(PLAN, holderPlan());
    origin.git('commit', '-q', '-am', 'codex claims on main');
    const clone = track(new (origin.constructor as typeof Repo)(`${origin.dir}-clone`, origin.env));
    origin.git('clone', '-q', origin.dir, clone.dir);
    clone.git('checkout', '-q', '-b', 'feature', before);
    clone.git('branch', '-D', 'main');
    clone.git('remote', 'set-head', 'origin', '-d');
    assert.equal(clone.tryGit(['rev-parse', '-q', '--verify', 'refs/remotes/origin/HEAD']).code, 1);
    clone.installRawHooks();
    clone.write('src/api/users.ts', 'x\n');
    clone.git('add', '-A');
    refused(clone.commit('on a branch made before the claim'), /claim read from branch origin\/main/);
  });
});

describe('local state is a cache, never a witness', () => {
  const HOOKS = ['pre-commit', 'prepare-commit-msg', 'post-commit', 'pre-push'];
  const r = track(repoWithPlans({ [PLAN]: holderPlan() }, HOOKS));
  const gitDir = r.git('rev-parse', '--absolute-git-dir').trim();
  const hooksDir = r.git('rev-parse', '--path-format=absolute', '--git-path', 'hooks').trim();
  const cacheFile = join(gitDir, 'plan-hooks', 'claims-cache.json');
  const remote = join(r.dir, '..', `remote-${process.pid}-${Math.random().toString(36).slice(2)}.git`);
  r.git('init', '-q', '--bare', remote);
  r.git('remote', 'add', 'origin', remote);
  r.installRawHooks(HOOKS);
  r.write('src/free/warm.ts', 'x\n');
  r.git('add', '-A');
  passed(r.commit('warm the cache'));
  r.git('push', '-q', 'origin', 'HEAD:refs/heads/main');
  after(() => removeDir(remote));

  /** Back to what the remote has, with every hook installed as plan-hooks installs them. */
  const reset = () => {
    // The last test's detached worklog writers first: they write the caches these tests forge.
    assert.equal(r.cli(['log', '--limit', '0']).code, 0);
    r.git('reset', '-q', '--hard', 'origin/main');
    r.git('clean', '-qfd');
    r.installRawHooks(HOOKS);
  };
  const pushRefused = () => refused(r.tryGit(['push', 'origin', 'HEAD:refs/heads/main']), /src\/api\/users\.ts/);
  const disputedEntry = (subject: string) => {
    const e = lastCommitEntry(r);
    assert.equal(e.subject, subject);
    assert.equal(e.verified, false, 'a pass that does not hold is not verified');
    assert.match(e.disputed ?? '', /disagreed with the commit/);
    assert.ok(e.violations.some((v) => v.path === 'src/api/users.ts' && v.task === 'api/endpoints' && v.holder === 'codex'), JSON.stringify(e.violations));
    return e;
  };

  const forgeCache = () => {
    const blob = r.git('rev-parse', `HEAD:${PLAN}`).trim();
    writeFileSync(cacheFile, JSON.stringify({ format: CLAIMS_VIEW_FORMAT, views: { [blob]: { planId: 'api', workItems: [] } } }));
    // The claims decided from the views, kept beside them, go: pre-commit reads the views again.
    rmSync(decidedCacheFile(gitDir), { force: true });
  };

  test('a hand-edited claims cache is ignored (its stamp no longer matches): the claim refuses', () => {
    reset();
    passed(r.commit('write the cache', '--allow-empty'));
    forgeCache();
    r.write('src/api/users.ts', 'x\n');
    r.git('add', '-A');
    refused(r.commit('after a hand edit'), /held by codex/);
  });

  test('a tampered claims cache can hide a claim from pre-commit; the entry is unverified with the violation, the cache is discarded, status shows it and the push refuses', () => {
    reset();
    // The forger writes the cache in its current format and its stamp too, as anyone reading
    // the source could: nothing local is proof against that.
    forgeCache();
    writeFileSync(stampFile(cacheFile), stampOf(cacheFile, readFileSync(cacheFile)));
    // And the worklog writer's own index of these plans, stamped as the writer stamps it: no claim.
    const blobs = planBlobs(parseTree(r.git('ls-tree', '-r', '-z', 'HEAD')), (p) => p === PLAN)!;
    writeCommitIndex(gitDir, taskIndexKey(blobs, false), { tasks: [], unreadable: [], claims: [] }, false);
    r.write('src/api/users.ts', 'x\n');
    r.git('add', '-A');
    // pre-commit uses the cache for speed, so the commit may pass; the record does not trust it.
    passed(r.commit('after the tampering'));
    disputedEntry('after the tampering');
    assert.ok(!existsSync(cacheFile) || !readFileSync(cacheFile, 'utf8').includes('"workItems":[]'), 'the forged view is gone');
    assert.ok(!existsSync(decidedCacheFile(gitDir)), 'and so are the claims decided from it');
    assert.ok(!existsSync(taskIndexFile(gitDir)) && !existsSync(commitClaimsFile(gitDir)), "and the writer's index: the judge read the blobs, not it");
    const status = r.cli(['status']);
    assert.equal(status.code, 0, status.stderr);
    assert.match(status.stdout, /Commits that passed pre-commit but not the check of the commit itself: 1 /);
    assert.match(status.stdout, /after the tampering.*unverified: pre-commit’s pass did not hold/);
    assert.match(r.cli(['log']).stdout, /after the tampering.*unverified: pre-commit’s pass did not hold.*1 claim violation/);
    pushRefused();
    // The next commit rebuilt the cache from the plan blobs: the claim refuses again.
    r.write('src/api/users.ts', 'y\n');
    r.git('add', '-A');
    refused(r.commit('again'), /held by codex/);
  });

  test('a verified marker forged for this tree with a violation does not make the commit verified', () => {
    reset();
    r.write('src/api/users.ts', 'forged\n');
    r.git('add', '-A');
    const tree = r.git('write-tree').trim();
    mkdirSync(join(gitDir, 'plan-hooks'), { recursive: true });
    writeFileSync(join(gitDir, 'plan-hooks', 'verified.json'), `${JSON.stringify({ tree, skipped: [], identity: { name: 'codex', source: 'env', detail: 'forged' } })}\n`);
    // prepare-commit-msg takes the marker at its word (pre-commit passed for this tree)...
    passed(r.commit('forged marker', '--no-verify'));
    // ...the record does not.
    const e = disputedEntry('forged marker');
    assert.notEqual(e.identity.name, 'codex', 'the forged marker’s identity is not recorded');
    pushRefused();
  });

  test('a verified marker forged for another tree does not make the commit verified', () => {
    reset();
    // A client that runs post-commit only (pre-commit and prepare-commit-msg never run).
    for (const hook of ['pre-commit', 'prepare-commit-msg']) rmSync(join(hooksDir, hook));
    const other = r.git('rev-parse', 'HEAD^{tree}').trim();
    mkdirSync(join(gitDir, 'plan-hooks'), { recursive: true });
    writeFileSync(join(gitDir, 'plan-hooks', 'verified.json'), `${JSON.stringify({ tree: other, skipped: [] })}\n`);
    r.write('src/api/users.ts', 'other tree\n');
    r.git('add', '-A');
    passed(r.commit('marker for another tree'));
    const e = lastCommitEntry(r);
    assert.equal(e.subject, 'marker for another tree');
    assert.equal(e.verified, false);
    assert.ok(e.violations.some((v) => v.path === 'src/api/users.ts'), JSON.stringify(e.violations));
    pushRefused();
  });

  /**
   * A pre-commit step after plan-hooks' (a husky line after ours, as lint-staged is) that stages
   * another's claimed path once plan-hooks has decided: the race, made deterministic.
   */
  const racingPreCommit = () => {
    r.write('src/api/users.ts', 'staged after the check\n');
    renameSync(join(hooksDir, 'pre-commit'), join(hooksDir, 'pre-commit.plan-hooks'));
    writeFileSync(join(hooksDir, 'pre-commit'), `#!/bin/sh\n"$(dirname "$0")/pre-commit.plan-hooks" "$@" || exit $?\ngit add src/api/users.ts\n`);
    chmodSync(join(hooksDir, 'pre-commit'), 0o755);
    r.write('src/free/race.ts', `${Math.random()}\n`);
    r.git('add', 'src/free/race.ts');
  };

  test('a git add after our pre-commit check: prepare-commit-msg checks the tree git commits, and refuses it', () => {
    reset();
    racingPreCommit();
    refused(r.commit('raced'), /src\/api\/users\.ts/);
    assert.notEqual(r.git('log', '-1', '--format=%s').trim(), 'raced');
  });

  test('a git add after our pre-commit check, where prepare-commit-msg does not run: recorded unverified, and the push refuses', () => {
    reset();
    racingPreCommit();
    rmSync(join(hooksDir, 'prepare-commit-msg'));
    passed(r.commit('raced'));
    assert.match(r.git('show', '--stat', 'HEAD'), /src\/api\/users\.ts/);
    const e = lastCommitEntry(r);
    assert.equal(e.subject, 'raced');
    assert.equal(e.verified, false, 'the marker names the tree plan-hooks checked, not the one git committed');
    assert.ok(e.violations.some((v) => v.path === 'src/api/users.ts'), JSON.stringify(e.violations));
    pushRefused();
  });

  test('legitimate commits stay verified: an unclaimed path, and the holder on its own claimed path', () => {
    reset();
    r.write('src/free/honest.ts', 'x\n');
    r.git('add', '-A');
    passed(r.commit('honest'));
    let e = lastCommitEntry(r);
    assert.equal(e.subject, 'honest');
    assert.equal(e.verified, true);
    assert.equal(e.disputed, undefined);
    r.write('src/api/users.ts', 'by the holder\n');
    r.git('add', '-A');
    passed(r.tryGit(['commit', '-m', 'holder'], { PLAN_HOOKS_AGENT: 'codex' }));
    e = lastCommitEntry(r);
    assert.equal(e.subject, 'holder');
    assert.equal(e.verified, true, JSON.stringify(e));
    assert.equal(e.disputed, undefined);
    assert.equal(r.tryGit(['push', 'origin', 'HEAD:refs/heads/main']).code, 0);
    assert.doesNotMatch(r.cli(['status']).stdout, /(honest|holder) \[[^\n]*pass did not hold/);
    r.git('fetch', '-q', 'origin');
  });

  test('a planted worklog lock and a chmod 000 worklog do not hide a claim', () => {
    reset();
    const dir = join(r.git('rev-parse', '--path-format=absolute', '--git-common-dir').trim(), 'plan-hooks');
    mkdirSync(dir, { recursive: true });
    const log = join(dir, 'worklog.jsonl');
    const saved = existsSync(log) ? readFileSync(log) : Buffer.alloc(0);
    writeFileSync(join(dir, 'worklog.jsonl.lock'), `${process.pid}\n`);
    chmodSync(log, 0o000);
    r.write('src/api/users.ts', 'x\n');
    r.git('add', '-A');
    const res = r.commit('worklog unreadable');
    chmodSync(log, 0o644);
    rmSync(join(dir, 'worklog.jsonl.lock'), { force: true });
    writeFileSync(log, saved);
    r.git('reset', '-q', '--hard');
    refused(res, /held by codex/);
  });
});

// Keeps the fixture helpers' imports honest for readers of this file.
void hoursAgo;
