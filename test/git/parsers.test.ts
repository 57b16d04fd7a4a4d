// Each parser of git's output in src/git/, over what real git prints: raw diffs (of the index,
// and diff-tree --stdin's blocks), the index's listing, commit facts with trailers, parents,
// remote refs, worktrees, config with its scope and matching entries.
import assert from 'node:assert/strict';
import { symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { INDEX_DIFF, INDEX_JSON_BLOBS, diffTrees, parseRawBlocks, revisionJsonDiff, worktreeDiff } from '../../src/git/changes.js';
import { gitQueries, gitQuery } from '../../src/git/git.js';
import { newCommitsUnder } from '../../src/git/history.js';
import { commitInfos, commitInfoOf, commitRecordOf, withParents } from '../../src/git/log.js';
import { CURRENT_BRANCH, GIT_DIRS, HEAD_COMMIT, HEAD_REF, IS_BARE, blobAt, configValues, configWithScope, existingObjects, localConfigMatching } from '../../src/git/queries.js';
import { REMOTE_REFS, parseRefListing } from '../../src/git/remote.js';
import { BASE_REFS, CONFIG_LIST, WORKTREES, configFilesAt } from '../../src/git/repository.js';
import { makeRepo, type Repo } from '../fixtures/repo.js';

const repos: Repo[] = [];
after(() => repos.forEach((r) => r.remove()));

const blob = (r: Repo, spec: string) => r.git('rev-parse', spec).trim();

test('raw diffs: renames with their source, deletions, symlinks and modes, all-zero ids as null', async () => {
  const r = makeRepo({ initialCommit: true });
  repos.push(r);
  r.write('docs/a-plan.json', '{"a":1}\n');
  r.write('gone.txt', 'gone\n');
  r.write('run.sh', 'echo\n');
  r.git('add', '.');
  r.git('commit', '-q', '-m', 'files');
  const first = blob(r, 'HEAD');
  r.git('mv', 'docs/a-plan.json', 'docs/b-plan.json');
  r.git('rm', '-q', 'gone.txt');
  r.git('update-index', '--chmod=+x', 'run.sh');
  symlinkSync('run.sh', join(r.dir, 'link'));
  r.write('new.json', '[]\n');
  r.git('add', 'link', 'new.json');
  const staged = await gitQuery(INDEX_DIFF, r.dir);
  const byPath = new Map(staged.map((c) => [c.path, c]));
  assert.deepEqual(byPath.get('docs/b-plan.json'), { status: 'R', path: 'docs/b-plan.json', from: 'docs/a-plan.json', oldMode: '100644', newMode: '100644', oldOid: blob(r, 'HEAD:docs/a-plan.json'), newOid: blob(r, ':docs/b-plan.json') });
  assert.deepEqual(byPath.get('gone.txt'), { status: 'D', path: 'gone.txt', oldMode: '100644', newMode: '000000', oldOid: blob(r, 'HEAD:gone.txt'), newOid: null });
  assert.equal(byPath.get('run.sh')!.newMode, '100755');
  assert.equal(byPath.get('link')!.newMode, '120000');
  assert.equal(byPath.get('new.json')!.status, 'A');
  // The JSON files of a revision against the index, and the index's JSON blobs.
  const { json, index } = await gitQueries({ json: revisionJsonDiff(first), index: INDEX_JSON_BLOBS }, r.dir);
  assert.deepEqual(json.map((c) => [c.status, c.path]).sort(), [['A', 'docs/b-plan.json'], ['A', 'new.json'], ['D', 'docs/a-plan.json']]);
  assert.deepEqual([...index].sort(), [['docs/b-plan.json', blob(r, ':docs/b-plan.json')], ['new.json', blob(r, ':new.json')]]);
  assert.deepEqual(await gitQuery(revisionJsonDiff('no-such-rev'), r.dir), [], 'a revision that names nothing: no diff');
  // The working tree against HEAD sees what the index stages, and a working change on top.
  r.write('README.md', 'changed\n');
  assert.ok((await gitQuery(worktreeDiff(true), r.dir)).some((c) => c.path === 'README.md' && c.newOid === null), 'a working change has no blob yet');
  r.git('commit', '-q', '-m', 'second');
  const second = blob(r, 'HEAD');
  // diff-tree --stdin: a block per line, in order, an empty one for a commit that changes nothing.
  r.git('commit', '-q', '--allow-empty', '-m', 'empty');
  const empty = blob(r, 'HEAD');
  const blocks = await diffTrees([second, empty, `${second} ${first}`, blob(r, 'HEAD~3')], r.dir);
  assert.equal(blocks.length, 4);
  assert.deepEqual(blocks[0]!.map((c) => c.path).sort(), ['docs/b-plan.json', 'gone.txt', 'link', 'new.json', 'run.sh']);
  assert.deepEqual(blocks[1], []);
  assert.deepEqual(blocks[2], blocks[0]);
  assert.deepEqual(blocks[3]!.map((c) => [c.status, c.path]), [['A', 'README.md']], 'the root commit against the empty tree');
  assert.deepEqual(parseRawBlocks(r.git('diff', '--cached', '--raw', '-z', 'HEAD')), [], 'nothing staged: no block');
});

test('commit facts with trailers, parents, objects that exist', async () => {
  const r = makeRepo({ initialCommit: true });
  repos.push(r);
  r.write('a.txt', 'a\n');
  r.git('add', 'a.txt');
  r.git('commit', '-q', '-m', 'subject line', '-m', 'body\n\nPlan-Task: one\nplan-task: two\nPlan-Agent: me (config)');
  const head = blob(r, 'HEAD');
  const [info] = await commitInfos([head], ['Plan-Task', 'Plan-Agent', 'Plan-Skip'], r.dir);
  assert.deepEqual(info, {
    commit: head,
    parents: [blob(r, 'HEAD~1')],
    tree: blob(r, 'HEAD^{tree}'),
    author: 'Test Author',
    time: new Date(Number(r.git('log', '-1', '--format=%ct').trim()) * 1000),
    subject: 'subject line',
    trailers: { 'Plan-Task': ['one', 'two'], 'Plan-Agent': ['me (config)'], 'Plan-Skip': [] },
  });
  assert.deepEqual(await gitQuery(commitInfoOf('HEAD', ['Plan-Task', 'Plan-Agent', 'Plan-Skip']), r.dir), info);
  assert.equal(await gitQuery(commitInfoOf('no-such-rev', []), r.dir), null);
  r.git('checkout', '-q', '-b', 'side', 'HEAD~1');
  r.write('b.txt', 'b\n');
  r.git('add', 'b.txt');
  r.git('commit', '-q', '-m', 'side');
  r.git('checkout', '-q', 'main');
  r.git('merge', '-q', '--no-ff', '-m', 'merge', 'side');
  assert.deepEqual(await gitQuery(withParents('HEAD'), r.dir), { commit: blob(r, 'HEAD'), parents: [head, blob(r, 'side')] });
  assert.deepEqual(await existingObjects([head, 'f'.repeat(40), blob(r, 'HEAD^{tree}')], r.dir), new Set([head, blob(r, 'HEAD^{tree}')]));
});

test('remote refs, worktrees, config with its scope and the entries matching a pattern', async () => {
  const origin = makeRepo({ initialCommit: true });
  repos.push(origin);
  const r = makeRepo({ initialCommit: true });
  repos.push(r);
  r.git('remote', 'add', 'origin', origin.dir);
  r.git('fetch', '-q', 'origin');
  r.git('remote', 'set-head', 'origin', 'main');
  const refs = parseRefListing((await gitQuery(REMOTE_REFS, r.dir))!);
  assert.deepEqual(refs.map((x) => [x.ref, x.commit, x.symref]), [
    ['refs/remotes/origin/HEAD', blob(origin, 'HEAD'), 'refs/remotes/origin/main'],
    ['refs/remotes/origin/main', blob(origin, 'HEAD'), ''],
  ]);
  assert.equal(refs[1]!.time, Number(origin.git('log', '-1', '--format=%ct').trim()));
  r.git('worktree', 'add', '-q', '-b', 'other', join(r.dir, '.wt'));
  r.git('config', 'core.hooksPath', '.husky');
  r.git('config', 'notes.rewriteRef', 'refs/notes/plan-hooks');
  r.git('config', 'plan-hooks.notesRewriteMode', 'ignore');
  const read = await gitQueries({ worktrees: WORKTREES, hooksPath: configWithScope('core.hooksPath'), none: configWithScope('core.nothingHere'), notes: localConfigMatching('^(notes\\.rewrite|plan-hooks\\.notesrewritemode)'), bare: IS_BARE, branch: CURRENT_BRANCH }, r.dir);
  assert.deepEqual(read.worktrees.map((w) => [w.path, w.branch]), [[r.dir, 'main'], [join(r.dir, '.wt'), 'other']]);
  assert.equal(read.worktrees[1]!.head, blob(r, 'other'));
  assert.deepEqual(read.hooksPath, { scope: 'local', value: '.husky' });
  assert.equal(read.none, null);
  assert.deepEqual(read.notes, [{ key: 'notes.rewriteref', value: 'refs/notes/plan-hooks' }, { key: 'plan-hooks.notesrewritemode', value: 'ignore' }]);
  assert.equal(read.bare, false);
  assert.equal(read.branch, 'main');
});

test("the worklog's reads: a commit with its changes and trailers, dirs with HEAD and its ref, config, base refs, blobs, commits not yet recorded", async () => {
  const r = makeRepo({ initialCommit: true });
  repos.push(r);
  const root = blob(r, 'HEAD');
  r.write('a.txt', 'a\n');
  r.write('.plan-hooks.json', '{"notes":true}\n');
  r.git('add', '.');
  r.git('commit', '-q', '-m', 'two files', '-m', 'Plan-Task: p/one\nPlan-Task: p/two\nPlan-Agent: me');
  r.git('mv', 'a.txt', 'b.txt');
  r.git('commit', '-q', '-m', 'renamed');
  const head = blob(r, 'HEAD');
  const facts = await gitQuery(commitRecordOf('HEAD~1', ['Plan-Task', 'Plan-Agent', 'Plan-Skip']), r.dir);
  assert.deepEqual({ ...facts, changes: undefined }, {
    commit: blob(r, 'HEAD~1'),
    tree: blob(r, 'HEAD~1^{tree}'),
    parents: [root],
    authorName: 'Test Author',
    authorEmail: 'author@example.com',
    committedAt: r.git('log', '-1', '--format=%cI', 'HEAD~1').trim(),
    subject: 'two files',
    trailers: { 'Plan-Task': ['p/one', 'p/two'], 'Plan-Agent': ['me'], 'Plan-Skip': [] },
    changes: undefined,
  });
  assert.deepEqual(facts.changes, [{ status: 'A', path: '.plan-hooks.json' }, { status: 'A', path: 'a.txt' }]);
  assert.deepEqual((await gitQuery(commitRecordOf(head, []), r.dir)).changes, [{ status: 'R', path: 'b.txt', from: 'a.txt' }]);
  assert.deepEqual((await gitQuery(commitRecordOf(root, []), r.dir)).parents, [], 'a root commit has no parent');
  // Dirs, HEAD and its ref in one shell; detached, the ref is HEAD.
  const read = await gitQueries({ dirs: GIT_DIRS, head: HEAD_COMMIT, ref: HEAD_REF, config: CONFIG_LIST, notes: configValues('notes.rewriteRef'), bases: BASE_REFS }, r.dir, 1);
  assert.deepEqual(read.dirs, { gitDir: join(r.dir, '.git'), commonDir: join(r.dir, '.git') });
  assert.equal(read.head, head);
  assert.equal(read.ref, 'refs/heads/main');
  assert.equal(read.config.get('core.bare'), 'false', 'keys lower case, values as set');
  assert.deepEqual(read.notes, []);
  assert.deepEqual([...read.bases], [['refs/heads/main', { commit: head, symref: '' }]]);
  r.git('config', '--add', 'notes.rewriteRef', 'refs/notes/a');
  r.git('config', '--add', 'notes.rewriteRef', 'refs/notes/b');
  assert.deepEqual(await gitQuery(configValues('notes.rewriteRef'), r.dir), ['refs/notes/a', 'refs/notes/b']);
  r.git('checkout', '-q', '--detach');
  assert.equal(await gitQuery(HEAD_REF, r.dir), 'HEAD');
  // The configuration's files at a revision: null where a file is not there.
  assert.deepEqual(await gitQueries(configFilesAt(head), r.dir), { planHooksJson: '{"notes":true}\n', packageJson: null });
  assert.equal(await gitQuery(blobAt(root, '.plan-hooks.json'), r.dir), null);
  // Commits under a tip not reachable from the recorded ones, newest first, bounded, ignoring ids git lacks.
  assert.deepEqual(await newCommitsUnder([head], [root, '0'.repeat(40)], { limit: 10 }, r.dir), [head, blob(r, 'HEAD~1')]);
  assert.deepEqual(await newCommitsUnder([head], [root], { limit: 1 }, r.dir), [head]);
  assert.deepEqual(await newCommitsUnder([head], [blob(r, 'HEAD~1')], { limit: 10 }, r.dir), [head]);
});
