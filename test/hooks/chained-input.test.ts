// A hook chained beside plan-hooks' (the user's own, moved aside by init) that reads git's input
// on stdin (post-rewrite, pre-push) gets it, and so does plan-hooks.
import assert from 'node:assert/strict';
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { type Repo, type RunResult, repoWithPlans } from '../fixtures/repo.js';
import { claimed, plan } from '../fixtures/plans.js';
import { CHAINED_SUFFIX } from '../../src/core/install/names.js';
import { head, readLog } from '../worklog/helpers.js';

const repos: Repo[] = [];
after(() => repos.forEach((r) => r.remove()));
const ok = (r: RunResult) => assert.equal(r.code, 0, r.stderr + r.stdout);
let n = 0;
const hooksDir = (r: Repo) => r.git('rev-parse', '--path-format=absolute', '--git-path', 'hooks').trim();

test('a chained post-rewrite and a chained pre-push get git\u2019s input, and so does plan-hooks', () => {
  const r = repoWithPlans({ 'docs/api-plan.json': plan('api', [claimed('endpoints', 'codex', ['src/api'])]) }, ['post-commit', 'post-rewrite', 'pre-push']);
  repos.push(r);
  const seen = join(r.dir, '..', `chained-${process.pid}-${n++}`);
  for (const hook of ['post-rewrite', 'pre-push']) {
    const file = join(hooksDir(r), `${hook}${CHAINED_SUFFIX}`);
    writeFileSync(file, `#!/bin/sh\n{ echo "${hook} $*"; cat; } >> '${seen}'\n`);
    chmodSync(file, 0o755);
  }
  r.write('x.txt', 'x\n');
  r.git('add', '-A');
  ok(r.commit('x'));
  const old = head(r);
  ok(r.commit('x, amended', '--amend'));
  const rewrite = readLog(r).at(-1)!;
  assert.deepEqual(rewrite.type === 'rewrite' && rewrite.rewrites, [{ old, new: head(r) }], 'plan-hooks recorded the pair');
  assert.match(readFileSync(seen, 'utf8'), new RegExp(`^post-rewrite amend\\n${old} ${head(r)}\\n`), 'the chained hook read it too');

  const remote = join(r.dir, '..', `remote-${process.pid}-${n++}.git`);
  r.git('init', '-q', '--bare', remote);
  r.git('remote', 'add', 'origin', remote);
  r.write('src/api/users.ts', 'x\n');
  r.git('add', '-A');
  ok(r.tryGit(['commit', '-q', '--no-verify', '-m', 'past pre-commit']));
  const push = r.tryGit(['push', 'origin', 'HEAD:refs/heads/main']);
  assert.equal(push.code, 1, 'plan-hooks judged the pushed commits');
  assert.match(push.stderr, /src\/api\/users\.ts/);
  assert.match(readFileSync(seen, 'utf8'), new RegExp(`pre-push origin ${remote.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\nHEAD ${head(r)} refs/heads/main 0{40}\\n`), 'and the chained pre-push read the refs');
});
