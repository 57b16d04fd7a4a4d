// Batching is explicit: gitQueries runs the named queries it is given together and answers by
// name; a failed query answers its `failed` value, or throws git's own error; git() alone never
// waits to be merged with other calls.
import assert from 'node:assert/strict';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { git, gitQueries, gitQuery, output, query } from '../../src/git/git.js';
import { CURRENT_BRANCH, GIT_DIRS, HEAD_COMMIT, LAST_COMMIT, WRITE_TREE, commitNamed } from '../../src/git/queries.js';
import { makeRepo, type Repo } from '../fixtures/repo.js';

const repos: Repo[] = [];
after(() => repos.forEach((r) => r.remove()));

const repo = () => {
  const r = makeRepo({ initialCommit: true });
  repos.push(r);
  return r;
};

test('gitQueries answers each query by its name, parsed, whatever the count', async () => {
  const r = repo();
  const head = r.git('rev-parse', 'HEAD').trim();
  const tree = r.git('rev-parse', 'HEAD^{tree}').trim();
  for (const queries of [
    { head: HEAD_COMMIT },
    { head: HEAD_COMMIT, branch: CURRENT_BRANCH },
    { head: HEAD_COMMIT, branch: CURRENT_BRANCH, tree: WRITE_TREE, last: LAST_COMMIT, dirs: GIT_DIRS, none: commitNamed('no-such-branch') },
  ]) {
    const answers = await gitQueries(queries, r.dir);
    assert.deepEqual(Object.keys(answers).sort(), Object.keys(queries).sort());
    assert.equal(answers.head, head);
    if ('branch' in answers) assert.equal(answers.branch, 'main');
    if ('tree' in answers) {
      assert.equal(answers.tree, tree);
      assert.deepEqual(answers.last, { id: head, subject: r.git('log', '-1', '--format=%s').trim() });
      const dirs = answers.dirs as { gitDir: string; commonDir: string };
      assert.equal(dirs.gitDir, dirs.commonDir);
      assert.equal(answers.none, null, 'a failed query with a `failed` answer gives it');
    }
  }
});

test('a query left undefined is not asked, and a failed query without `failed` throws git\'s own error, in a batch too', async () => {
  const r = repo();
  const answers = await gitQueries({ head: HEAD_COMMIT, tree: undefined, branch: CURRENT_BRANCH, raw: output(['rev-parse', 'HEAD']) }, r.dir);
  assert.equal('tree' in answers, false);
  const strict = query(['rev-parse', '--verify', 'no-such-ref'], (out) => out);
  await assert.rejects(gitQueries({ a: HEAD_COMMIT, b: CURRENT_BRANCH, c: strict }, r.dir), /no-such-ref|Needed a single revision/);
  await assert.rejects(gitQuery(strict, r.dir), /no-such-ref|Needed a single revision/);
});

test('batching is explicit: git() calls in one tick start no shell, gitQueries of three starts the batch\'s shells', async () => {
  const r = repo();
  // A `sh` first on PATH that notes each start: the batch's shells are found by PATH.
  const bin = mkdtempSync(join(tmpdir(), 'plan-hooks-sh-'));
  const log = join(bin, 'starts');
  writeFileSync(join(bin, 'sh'), `#!/bin/sh\necho start >> '${log}'\nexec /bin/sh "$@"\n`);
  chmodSync(join(bin, 'sh'), 0o755);
  const path = process.env.PATH;
  process.env.PATH = `${bin}:${path}`;
  const starts = () => (existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter(Boolean).length : 0);
  try {
    // Three calls in one tick were once merged into one shell script, answered by position.
    const outs = await Promise.all([git(['rev-parse', 'HEAD'], { cwd: r.dir }), git(['rev-parse', '--verify', '-q', 'nope'], { cwd: r.dir, allowFail: true }), git(['symbolic-ref', '--short', 'HEAD'], { cwd: r.dir })]);
    assert.deepEqual(outs, [`${r.git('rev-parse', 'HEAD').trim()}\n`, null, 'main\n']);
    assert.equal(starts(), 0, 'git() started no shell');
    await gitQueries({ head: HEAD_COMMIT, branch: CURRENT_BRANCH }, r.dir);
    assert.equal(starts(), 0, 'two queries run as two processes, no shell');
    const answers = await gitQueries({ head: HEAD_COMMIT, branch: CURRENT_BRANCH, tree: WRITE_TREE }, r.dir);
    assert.equal(answers.branch, 'main');
    assert.equal(starts(), 2, 'three queries: one batch, two shells side by side');
  } finally {
    process.env.PATH = path;
    rmSync(bin, { recursive: true, force: true });
  }
});
