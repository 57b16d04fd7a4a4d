// The pusher's environment does not decide: PLAN_HOOKS_SKIP or PLAN_HOOKS=0 on `git push` let
// a refused commit through only as an override the worklog records (who, what, past which check).
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { claimed, plan } from '../fixtures/plans.js';
import { repoWithPlans } from '../fixtures/repo.js';
import { TempDirs, withRemote } from '../fixtures/remote.js';
import { readLog } from '../worklog/helpers.js';

const temp = new TempDirs();
after(() => temp.removeAll());

test('PLAN_HOOKS_SKIP=claims and PLAN_HOOKS=0 on git push go through as recorded overrides; without them the push is refused', () => {
  const r = repoWithPlans({ 'docs/api-plan.json': plan('api', [claimed('endpoints', 'codex', ['src/api'])]) });
  temp.dirs.push(r.dir);
  withRemote(r, temp);
  assert.equal(r.tryGit(['push', '-q', 'origin', 'main']).code, 0);
  for (const [i, env] of [{ PLAN_HOOKS_SKIP: 'claims' }, { PLAN_HOOKS: '0' }].entries()) {
    r.write(`src/api/a${i}.ts`, 'x\n');
    r.git('add', '-A');
    r.git('-c', 'core.hooksPath=/dev/null', 'commit', '-q', '-m', `hookless ${i}`);
    assert.equal(r.tryGit(['push', 'origin', 'main']).code, 1);
    const push = r.tryGit(['push', 'origin', 'main'], { ...env, PLAN_HOOKS_AGENT: 'pusher' });
    assert.equal(push.code, 0, push.stderr);
    assert.match(push.stderr, new RegExp(`hookless ${i}[\\s\\S]*src/api/a${i}\\.ts[\\s\\S]*pushed past [a-z, ]*claims.*recorded in the worklog`));
    const entry = readLog(r).at(-1) as unknown as { type: string; identity: { name: string }; remote: string; skipped: string[]; commits: { subject: string; paths: string[] }[] };
    assert.equal(entry.type, 'override');
    assert.equal(entry.identity.name, 'pusher');
    assert.equal(entry.remote, 'origin');
    assert.ok(entry.skipped.includes('claims'));
    assert.deepEqual(entry.commits.map((c) => [c.subject, c.paths]), [[`hookless ${i}`, [`src/api/a${i}.ts`]]]);
  }
  assert.match(r.cli(['log']).stdout, /pushed past claims to origin/);
});
