// The repository's reads merged into fewer git processes give what the separate reads gave:
// one ref listing for the base candidates and the remote-tracking refs, the base diff run on
// the first common base the listing holds (no git for a candidate that is not there), HEAD's
// two configuration files in one cat-file. Each in a real repository, by a shell (the runner,
// gitBatch) and alone (gitBatch without a shell), against the reads they replace.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { type BatchCommand, PICKED, gitBatch, parsePicked, runAlone } from '../../src/git/batch.js';
import { PICKED_JSON_DIFF, revisionJsonDiff } from '../../src/git/changes.js';
import { gitQueries, gitQuery, output } from '../../src/git/git.js';
import { blobsAt } from '../../src/git/queries.js';
import { REF_FORMAT, REMOTE_REFS, parseRefListing } from '../../src/git/remote.js';
import { BASE_REFS, configFilesAt, isBaseCandidate, openRepository, openRepositoryWith } from '../../src/git/repository.js';
import { parseStream, prefetchScript, prefetchedOutputs } from '../../src/git/prefetch.js';
import { preCommitReads } from '../../src/facts/facts.js';
import { makeRepo, type Repo } from '../fixtures/repo.js';

const repos: Repo[] = [];
after(() => repos.forEach((r) => r.remove()));
const track = (r: Repo) => (repos.push(r), r);

const INDEX_REFS = { remotes: true, onBase: PICKED_JSON_DIFF };

/** What the merged reads give, against the separate reads they replace, from `r` (or a directory in it). */
async function mergedAgainstSeparate(dir: string) {
  const plain = await openRepository(dir);
  const merged = await openRepositoryWith(dir, {}, INDEX_REFS);
  assert.deepEqual(merged.repo, plain, 'the same repository facts (base, configuration, worktrees)');
  const remotes = (await gitQuery(REMOTE_REFS, dir)) ?? '';
  assert.deepEqual(parseRefListing(merged.refListing ?? '').filter((r) => r.ref.startsWith('refs/remotes/')), parseRefListing(remotes), 'every remote-tracking ref, as REMOTE_REFS lists them');
  const bases = await gitQuery(BASE_REFS, dir);
  assert.deepEqual(parseRefListing(merged.refListing ?? '').map((r) => r.ref).filter(isBaseCandidate), [...bases.keys()], 'narrowed, the base candidates for-each-ref gives for BASE_PATTERNS');
  if (merged.onBase) assert.equal(merged.onBase.out, await gitQuery(output(revisionJsonDiff(merged.onBase.ref).command), dir), 'the base diff, as made alone');
  // The runner's stream holds what node's own batch gives, here too.
  const commands = preCommitReads();
  const stream = parseStream(execFileSync('sh', ['-c', prefetchScript(commands)], { cwd: dir, env: process.env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }));
  assert.deepEqual(prefetchedOutputs(stream, commands), await gitBatch(commands, dir));
  return merged;
}

test('one ref listing, the base diff on the first common base it holds: origin/HEAD, then main, master, origin/main, origin/master', async () => {
  const r = track(makeRepo({ initialCommit: true }));
  r.writeJson('docs/a-plan.json', { on: 'main' });
  r.git('add', '-A');
  r.git('commit', '-q', '-m', 'plan');
  r.git('checkout', '-q', '-b', 'feature');
  r.writeJson('docs/a-plan.json', { on: 'feature' });
  r.git('add', '-A');

  // No remote: the local main, its plan differing from the index's.
  let read = await mergedAgainstSeparate(r.dir);
  assert.equal(read.repo.base?.ref, 'refs/heads/main');
  assert.equal(read.onBase?.ref, 'refs/heads/main');
  assert.match(read.onBase!.out, /docs\/a-plan\.json/);

  // A remote without a HEAD: the local main still comes first; then origin/HEAD does.
  const origin = track(makeRepo({ initialCommit: true }));
  r.git('remote', 'add', 'origin', origin.dir);
  r.git('fetch', '-q', 'origin');
  read = await mergedAgainstSeparate(r.dir);
  assert.equal(read.onBase?.ref, 'refs/heads/main');
  r.git('remote', 'set-head', 'origin', 'main');
  read = await mergedAgainstSeparate(r.dir);
  assert.equal(read.repo.base?.ref, 'refs/remotes/origin/HEAD');
  assert.equal(read.onBase?.ref, 'refs/remotes/origin/HEAD');
  assert.match(read.onBase!.out, /docs\/a-plan\.json/, "origin's main has no plan: the index adds it");

  // Another remote's HEAD ranks before origin's main: the base is found as a ref the diff was
  // not made on, and the reader makes it itself (src/facts/facts.ts).
  r.git('remote', 'set-head', 'origin', '-d');
  r.git('update-ref', 'refs/remotes/up/HEAD', 'HEAD');
  r.git('branch', '-q', '-m', 'main', 'trunk');
  read = await mergedAgainstSeparate(r.dir);
  assert.equal(read.repo.base?.ref, 'refs/remotes/up/HEAD');
  assert.equal(read.onBase?.ref, 'refs/remotes/origin/main');

  // No candidate at all: no diff runs.
  r.git('update-ref', '-d', 'refs/remotes/up/HEAD');
  r.git('remote', 'remove', 'origin');
  read = await mergedAgainstSeparate(r.dir);
  assert.equal(read.repo.base, null);
  assert.equal(read.onBase, null);
});

test('the listing narrowed to the base candidates is what for-each-ref gives for their patterns: * within one level, a name and the refs under it', async () => {
  const r = track(makeRepo({ initialCommit: true }));
  for (const ref of ['refs/remotes/a/b/HEAD', 'refs/remotes/up/HEAD', 'refs/remotes/up/main', 'refs/remotes/x/y/master', 'refs/heads/mainline', 'refs/heads/master/x', 'refs/heads/main-2', 'refs/remotes/origin/masterful']) {
    r.git('update-ref', ref, 'HEAD');
  }
  const read = await mergedAgainstSeparate(r.dir);
  assert.deepEqual(parseRefListing(read.refListing!).map((x) => x.ref).filter(isBaseCandidate), ['refs/heads/main', 'refs/heads/master/x', 'refs/remotes/up/HEAD', 'refs/remotes/up/main']);
  assert.equal(read.repo.base?.ref, 'refs/remotes/up/HEAD');
});

test('before the first commit, and from a linked worktree: the same facts', async () => {
  const r = track(makeRepo());
  r.writeJson('docs/a-plan.json', { first: true });
  r.git('add', '-A');
  let read = await mergedAgainstSeparate(r.dir);
  assert.equal(read.repo.head, null);
  assert.equal(read.onBase, null, 'no main yet');

  r.git('commit', '-q', '-m', 'first');
  read = await mergedAgainstSeparate(r.dir);
  assert.equal(read.repo.base?.commit, read.repo.head);
  assert.equal(read.onBase, null, 'on main itself: no base diff (the base is HEAD)');
  r.git('worktree', 'add', '-q', '-b', 'other', join(r.dir, '.wt'));
  const wt = join(r.dir, '.wt');
  read = await mergedAgainstSeparate(wt);
  assert.equal(read.repo.root, wt);
  assert.deepEqual(read.repo.otherWorktrees.map((w) => w.branch), ['main']);
  assert.equal(read.onBase?.ref, 'refs/heads/main');
  assert.equal(read.onBase?.out, '', 'the worktree branched from main: nothing differs');
});

test('a PickCommand alone (no shell) gives what the shell gives', async () => {
  const r = track(makeRepo({ initialCommit: true }));
  r.writeJson('docs/a-plan.json', { a: 1 });
  r.git('add', '-A');
  // A symbolic ref naming main, listed before it: HEAD's mark is read on main's own line.
  r.git('symbolic-ref', 'refs/heads/alias', 'refs/heads/main');
  const pick = (prefer: string[], then: string[], notOnHead = false): BatchCommand => ({ list: ['for-each-ref', `--format=${REF_FORMAT}`, 'refs/heads/'], prefer, then, notOnHead });
  const both = async (command: BatchCommand) => {
    const [shell] = await gitBatch([command], r.dir, 1);
    const alone = await runAlone(command, r.dir);
    assert.deepEqual(parsePicked(alone!), parsePicked(shell!));
    return parsePicked(shell!);
  };
  for (const command of [
    pick(['refs/heads/nope', 'refs/heads/main'], PICKED_JSON_DIFF),
    pick(['refs/heads/nope'], PICKED_JSON_DIFF),
    pick(['refs/heads/main'], ['rev-parse', '--verify', '-q', `${PICKED}:no-such-file`]),
  ]) {
    await both(command);
  }
  // HEAD on the ref picked: with notOnHead the command does not run; on another branch it does.
  assert.deepEqual(await both(pick(['refs/heads/main'], PICKED_JSON_DIFF, true)), { listing: r.git('for-each-ref', `--format=${REF_FORMAT}`, 'refs/heads/'), picked: 'refs/heads/main', then: null });
  assert.match((await both(pick(['refs/heads/main'], PICKED_JSON_DIFF))).then!, /a-plan\.json/);
  r.git('checkout', '-q', '-b', 'feature');
  assert.match((await both(pick(['refs/heads/main'], PICKED_JSON_DIFF, true))).then!, /a-plan\.json/);
  assert.match((await both(pick(['refs/heads/alias', 'refs/heads/main'], PICKED_JSON_DIFF, true))).then!, /a-plan\.json/, 'the alias is not the branch HEAD is on');
  r.git('checkout', '-q', 'main');
  const [ok] = await gitBatch([pick(['refs/heads/main'], PICKED_JSON_DIFF)], r.dir, 1);
  assert.equal(parsePicked(ok!).picked, 'refs/heads/main');
  const [failed] = await gitBatch([pick(['refs/heads/main'], ['rev-parse', '--verify', '-q', `${PICKED}:no-such-file`])], r.dir, 1);
  assert.equal(parsePicked(failed!).then, null, 'a failing command: no output');
  assert.deepEqual(await gitBatch([{ list: ['for-each-ref', '--no-such-option'], prefer: [], then: [] }], r.dir, 1), [null], 'a failing listing fails the command');
});

test("HEAD's configuration files in one cat-file: as blobAt reads each, and read alone when the answer cannot be split", async () => {
  const r = track(makeRepo());
  const files = ['.plan-hooks.json', 'package.json'];
  const both = async () => {
    const separate = await gitQueries(configFilesAt('HEAD'), r.dir);
    return { merged: await gitQuery(blobsAt('HEAD', files), r.dir), separate: [separate.planHooksJson, separate.packageJson] };
  };
  let read = await both();
  assert.deepEqual(read.merged, [null, null], 'no HEAD yet');
  assert.deepEqual(read.merged, read.separate);

  // A header-like line inside the first file, multi-byte text, and no second file.
  r.write('.plan-hooks.json', `{"x": "ü €"}\n${'0'.repeat(40)} blob 3\nabc\n`);
  r.git('add', '-A');
  r.git('commit', '-q', '-m', 'config');
  read = await both();
  assert.deepEqual(read.merged, read.separate);
  assert.equal(read.merged![1], null);

  r.write('package.json', '{"name": "ü"}\n');
  r.git('add', '-A');
  r.git('commit', '-q', '-m', 'package');
  read = await both();
  assert.deepEqual(read.merged, read.separate);
  assert.deepEqual(read.merged, [`{"x": "ü €"}\n${'0'.repeat(40)} blob 3\nabc\n`, '{"name": "ü"}\n']);

  // Bytes that are not UTF-8: the sizes no longer split the text; openRepository reads the two alone.
  writeFileSync(join(r.dir, '.plan-hooks.json'), Buffer.from([...Buffer.from('{"staleAfterHours": 5, "aliases": {"a": ["'), 0xff, ...Buffer.from('"]}}\n')]));
  r.git('add', '-A');
  r.git('commit', '-q', '-m', 'not utf-8');
  read = await both();
  assert.equal(read.merged, undefined);
  const opened = await mergedAgainstSeparate(r.dir);
  assert.equal(opened.repo.configSource, 'HEAD');
  assert.equal(opened.repo.config.staleAfterHours, 5, 'loaded from the files read alone');

  // A directory where a file was: not a blob, as blobAt says.
  r.git('rm', '-q', 'package.json', '.plan-hooks.json');
  r.write('package.json/x', 'y\n');
  r.git('add', '-A');
  r.git('commit', '-q', '-m', 'a directory');
  read = await both();
  assert.deepEqual(read.separate, [null, null]);
  assert.deepEqual(read.merged ?? read.separate, read.separate);
  await mergedAgainstSeparate(r.dir);
});
