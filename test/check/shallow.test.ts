// check --range in a shallow clone (CI's `fetch-depth: 1`): the history is fetched before the
// commits are judged, so the head commit is not taken for one that adds every file; where it
// cannot be fetched, the command says so (exit 2) and refuses nothing. Real `git clone --depth 1`.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { claimed, plan } from '../fixtures/plans.js';
import { type Remote, makeRemote } from '../fixtures/clones.js';
import { Repo, cleanEnv } from '../fixtures/repo.js';
import { TempDirs } from '../fixtures/remote.js';

const dirs = new TempDirs();
const remotes: Remote[] = [];
after(() => {
  dirs.removeAll();
  remotes.forEach((r) => r.remove());
});

/** A remote whose main has codex's claim on src/api (with a file there) and, on top, bob's unrelated commit; and a depth-1 clone of it. */
function shallowClone(): { clone: Repo; before: string } {
  const remote = makeRemote({ 'docs/api-plan.json': plan('api', [claimed('endpoints', 'codex', ['src/api'])]) });
  remotes.push(remote);
  const work = new Repo(dirs.make('plan-hooks-work-'), cleanEnv());
  work.git('clone', '-q', remote.url, '.');
  work.write('src/api/a.ts', 'a\n');
  work.git('add', '-A');
  work.git('commit', '-q', '-m', 'codex on the api', '--author', 'codex <codex@example.com>');
  const before = work.git('rev-parse', 'HEAD').trim();
  work.write('README.md', '# better\n');
  work.git('add', '-A');
  work.git('commit', '-q', '-m', 'bob on the readme', '--author', 'bob <bob@example.com>');
  work.git('push', '-q', 'origin', 'main');
  const clone = new Repo(dirs.make('plan-hooks-shallow-'), cleanEnv());
  clone.git('clone', '-q', '--depth', '1', `file://${remote.url}`, '.');
  // As the CI template does: the push's previous head, fetched (in a shallow clone, as another shallow tip).
  clone.git('fetch', '-q', '--depth', '1', 'origin', before);
  return { clone, before };
}

test('a shallow clone is deepened from its remote: the unrelated head commit passes, judged against its real parent', () => {
  const { clone, before } = shallowClone();
  assert.equal(clone.git('rev-parse', '--is-shallow-repository').trim(), 'true');
  const r = clone.cli(['check', '--range', `${before}..HEAD`]);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stderr, /shallow/);
  assert.doesNotMatch(r.stderr, /src\/api/);
  assert.equal(clone.git('rev-parse', '--is-shallow-repository').trim(), 'false');
});

test('a shallow clone that cannot be deepened: a usage error that names the shallow checkout, never a refusal', () => {
  const { clone, before } = shallowClone();
  clone.git('remote', 'remove', 'origin');
  const r = clone.cli(['check', '--range', `${before}..HEAD`]);
  assert.equal(r.code, 2, r.stderr);
  assert.match(r.stderr, /shallow/);
  assert.match(r.stderr, /fetch-depth: 0/);
  assert.doesNotMatch(r.stderr, /src\/api|refused/);
});
