// What a commit staging a plan asks git from node, beside the runner's reads: what is left
// uncommitted (one git status, the handoff's longest read, started first, as soon as the staged
// changes are known and before any plan is read), the plan blobs (one cat-file), the handoff's
// other reads (one shell: HEAD, the modes, the texts, each staged plan's handoff.lastCommit) and
// the staging (one shell). The handoff's check of a lastCommit costs no process of its own (it
// was two, one after the other, after validation), and says the same about it as when it was
// asked alone.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { NodeLog } from '../fixtures/node-log.js';
import { type Repo, repoWithPlans } from '../fixtures/repo.js';
import { open, plan } from '../fixtures/plans.js';

const logs = new NodeLog();
const repos: Repo[] = [];
after(() => {
  repos.forEach((r) => r.remove());
  logs.remove();
});

let n = 0;
/** Stages the plan with `handoff`, commits it with pre-commit installed; git's result and what node started. */
function planCommit(r: Repo, handoff: Record<string, unknown>) {
  const log = join(logs.dir, `spawns-${n++}.log`);
  r.writeJson('docs/api-plan.json', plan('api', [open('endpoints', ['src/api'])], { handoff: { nextAction: `step ${n}`, ...handoff } }));
  r.git('add', 'docs/api-plan.json');
  const res = r.tryGit(['commit', '-q', '-m', `plan ${n}`], logs.spawns(log));
  const started = existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n') : [];
  return { ...res, started };
}

/** Each process by its first two words; the status by its own name. */
const kinds = (started: string[]) => started.map((s) => (/^git -c core\.preloadIndex=false --no-optional-locks status /.test(s) ? 'git status' : s.split(' ').slice(0, 2).join(' ')));

test('a plan commit naming a lastCommit starts no process for the handoff to resolve it, and warns the same', () => {
  const r = repoWithPlans({ 'docs/api-plan.json': plan('api', [open('endpoints', ['src/api'])]) }, ['pre-commit']);
  repos.push(r);
  const none = planCommit(r, {});
  assert.equal(none.code, 0, none.stderr);
  // The status first: before the plan blobs are read.
  assert.deepEqual(kinds(none.started), ['git status', 'git cat-file', 'sh -s', 'sh -c'], none.started.join(' | '));

  const head = r.git('rev-parse', 'HEAD').trim();
  const onBranch = planCommit(r, { lastCommit: head });
  assert.equal(onBranch.code, 0, onBranch.stderr);
  // The plan rule's own read (does git know the commit: cat-file --batch-check) is the one more,
  // started first, before the validator's bundle loads.
  assert.deepEqual(kinds(onBranch.started), ['git status', 'git cat-file', 'git cat-file', 'sh -s', 'sh -c'], onBranch.started.join(' | '));
  assert.match(onBranch.started[2]!, /^git cat-file --batch-check/);
  assert.doesNotMatch(onBranch.stderr, /lastCommit/, 'HEAD is in its own history: nothing to say');

  // A commit of another branch: not in this one's history, said once; and a short id too.
  r.git('checkout', '-q', '-b', 'side');
  r.write('side.txt', 'side\n');
  r.git('add', 'side.txt');
  r.git('commit', '-q', '--no-verify', '-m', 'side');
  const side = r.git('rev-parse', 'HEAD').trim();
  r.git('checkout', '-q', 'main');
  for (const rev of [side, side.slice(0, 10)]) {
    const elsewhere = planCommit(r, { lastCommit: rev });
    assert.equal(elsewhere.code, 0, elsewhere.stderr);
    assert.equal(elsewhere.stderr.match(/is not in this branch's history/g)?.length, 1, elsewhere.stderr);
    assert.ok(elsewhere.stderr.includes(`lastCommit '${rev}'`), elsewhere.stderr);
    assert.ok(!elsewhere.started.some((s) => /merge-base|rev-parse --verify/.test(s)), elsewhere.started.join(' | '));
  }

  // Unknown to git: the plan's own rule says so (with its line), the handoff's check does not repeat it.
  const unknown = planCommit(r, { lastCommit: 'feedface' });
  assert.equal(unknown.code, 0, unknown.stderr);
  assert.equal(unknown.stderr.match(/feedface/g)?.length, 1, unknown.stderr);
  assert.deepEqual(kinds(unknown.started), ['git status', 'git cat-file', 'git cat-file', 'sh -s', 'sh -c'], unknown.started.join(' | '));
});

test('the plan rules\' git facts (the branch and the commit a handoff names) are one shell, started before the validator loads; the warnings are the same', () => {
  const r = repoWithPlans({ 'docs/api-plan.json': plan('api', [open('endpoints', ['src/api'])]) }, ['pre-commit']);
  repos.push(r);
  const head = r.git('rev-parse', 'HEAD').trim();
  const known = planCommit(r, { branch: 'main', lastCommit: head });
  assert.equal(known.code, 0, known.stderr);
  // It was a for-each-ref and a cat-file --batch-check, each a fork of the hook.
  assert.deepEqual(kinds(known.started), ['git status', 'git cat-file', 'sh -s', 'sh -s', 'sh -c'], known.started.join(' | '));
  assert.doesNotMatch(known.stderr, /handoff\.(branch|lastCommit)/, known.stderr);

  r.git('branch', 'elsewhere');
  r.git('update-ref', 'refs/remotes/origin/far', head);
  for (const branch of ['elsewhere', 'origin/far', 'far']) {
    const found = planCommit(r, { branch, lastCommit: head.slice(0, 8) });
    assert.equal(found.code, 0, found.stderr);
    assert.doesNotMatch(found.stderr, /is not a local or remote-tracking branch|does not name a commit/, `${branch}: ${found.stderr}`);
  }
  const missing = planCommit(r, { branch: 'nowhere', lastCommit: 'cafebabe' });
  assert.equal(missing.code, 0, missing.stderr);
  assert.equal(missing.stderr.match(/handoff\.branch "nowhere" is not a local or remote-tracking branch here/g)?.length, 1, missing.stderr);
  assert.equal(missing.stderr.match(/handoff\.lastCommit "cafebabe" does not name a commit git can find here/g)?.length, 1, missing.stderr);
  assert.deepEqual(kinds(missing.started), ['git status', 'git cat-file', 'sh -s', 'sh -s', 'sh -c'], missing.started.join(' | '));
});
