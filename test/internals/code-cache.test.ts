// Each hook's node runs its bundle from V8's code cache under the worktree's git dir
// (src/hooks/loader.ts over src/lib/code-cache.ts): a commit that passed leaves it, the next
// runs from it and decides the same; a refusal leaves none (it compiles other code than most
// commits); a damaged cache is never handed to V8; a linked worktree keeps its own; and a bundle
// that cannot even start fails pre-commit closed, saying how to get past, and post-commit open.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, test } from 'node:test';
import { CLI, type Repo, removeDir, repoWithPlans } from '../fixtures/repo.js';
import { claimed, plan } from '../fixtures/plans.js';
import { messages } from '../../src/messages/index.js';
import { readCheckedCache, stampFile, stampOf } from '../../src/lib/cache-file.js';

const repos: Repo[] = [];
const dirs: string[] = [];
after(() => {
  repos.forEach((r) => r.remove());
  dirs.forEach(removeDir);
});

const HOOKS_DIR = join(CLI, '..', 'hooks');

function claimedRepo(): Repo {
  const r = repoWithPlans({ 'docs/api-plan.json': plan('api', [claimed('endpoints', 'codex', ['src/api'])]) }, ['pre-commit']);
  repos.push(r);
  return r;
}

let n = 0;
/** Stages a change to `path` and commits it with the hooks as installed. */
function commit(r: Repo, path: string, cwd = r.dir) {
  mkdirSync(dirname(join(cwd, path)), { recursive: true });
  writeFileSync(join(cwd, path), `${n++}\n`);
  const add = spawnSync('git', ['add', path], { cwd, env: r.env });
  assert.equal(add.status, 0);
  const res = spawnSync('git', ['commit', '-q', '-m', `touch ${path}`], { cwd, env: r.env, encoding: 'utf8' });
  if (res.status !== 0) spawnSync('git', ['reset', '-q', 'HEAD', '--', path], { cwd, env: r.env });
  return { code: res.status, stderr: res.stderr };
}

const mtime = (file: string) => statSync(file, { bigint: true }).mtimeNs;

test('a passing commit leaves the code cache and the next commits run from it, deciding the same', () => {
  const r = claimedRepo();
  const cache = join(r.dir, '.git/plan-hooks/code-cache/pre-commit');
  const refusedFirst = commit(r, 'src/api/a.ts');
  assert.equal(refusedFirst.code, 1);
  assert.ok(!existsSync(cache), 'a refusal leaves no cache: it compiled the report, not the commit');
  assert.equal(commit(r, 'src/free.ts').code, 0);
  assert.ok(existsSync(cache) && existsSync(`${cache}.stamp`), 'left by the commit that passed, with its stamp');
  const written = mtime(cache);
  assert.equal(commit(r, 'src/free.ts').code, 0);
  const refused = commit(r, 'src/api/a.ts');
  assert.equal(refused.code, 1, 'a claimed path is refused from the cache too');
  assert.equal(refused.stderr, refusedFirst.stderr, 'in the same words');
  assert.equal(mtime(cache), written, 'V8 accepted it: nothing written again');
});

/** Stages `edit` of the plan and commits it as the task's holder, with the hooks as installed. */
function planCommit(r: Repo, edit: (text: string) => string) {
  const file = join(r.dir, 'docs/api-plan.json');
  writeFileSync(file, edit(readFileSync(file, 'utf8')));
  assert.equal(spawnSync('git', ['add', 'docs/api-plan.json'], { cwd: r.dir, env: r.env }).status, 0);
  const res = spawnSync('git', ['commit', '-q', '-m', 'plan'], { cwd: r.dir, env: { ...r.env, PLAN_HOOKS_AGENT: 'codex' }, encoding: 'utf8' });
  if (res.status !== 0) spawnSync('git', ['checkout', '-q', 'HEAD', '--', 'docs/api-plan.json'], { cwd: r.dir, env: r.env });
  return { code: res.status, stderr: res.stderr };
}

test("a plan commit runs the validator's bundle and the sentences from code caches of their own, left by one that passed", () => {
  const r = claimedRepo();
  const caches = ['plan-commit', 'messages'].map((b) => join(r.dir, `.git/plan-hooks/code-cache/pre-commit+${b}`));
  const misspelt = (text: string) => text.replace('"in-progress"', '"in-progres"');
  const refusedFirst = planCommit(r, misspelt);
  assert.equal(refusedFirst.code, 1, 'a task status the schema does not know is refused');
  assert.match(refusedFirst.stderr, /in-progres/);
  for (const cache of caches) assert.ok(!existsSync(cache), `${cache}: a refusal leaves none`);
  let title = 0;
  const retitle = (text: string) => text.replace(/"title": "[^"]*"/, `"title": "Plan ${title++}"`);
  const passedFirst = planCommit(r, retitle);
  assert.equal(passedFirst.code, 0, passedFirst.stderr);
  for (const cache of caches) assert.ok(existsSync(cache) && existsSync(stampFile(cache)), `${cache}: left by the plan commit that passed`);
  const written = caches.map(mtime);
  const passed = planCommit(r, retitle);
  assert.equal(passed.code, 0, passed.stderr);
  assert.equal(passed.stderr, passedFirst.stderr, 'the same handoff staged, in the same words');
  const refused = planCommit(r, misspelt);
  assert.equal(refused.code, 1, 'refused from the caches too');
  assert.equal(refused.stderr, refusedFirst.stderr, 'in the same words');
  assert.deepEqual(caches.map(mtime), written, 'V8 accepted them: nothing written again');
  // One cut short is never handed to V8: the commit decides the same and it is made again.
  writeFileSync(caches[0]!, readFileSync(caches[0]!).subarray(0, 4096));
  const again = planCommit(r, retitle);
  assert.equal(again.code, 0, again.stderr);
  assert.ok(readCheckedCache(caches[0]!, null) !== null, 'made again, checked');
});

test('a damaged or foreign code cache is not used: the commit decides the same and the cache is made again', () => {
  const r = claimedRepo();
  const cache = join(r.dir, '.git/plan-hooks/code-cache/pre-commit');
  assert.equal(commit(r, 'src/free.ts').code, 0);
  const good = readFileSync(cache);
  const header = good.subarray(0, good.indexOf(10)).toString();
  assert.ok(header.includes(JSON.stringify(process.version)), header);
  // Another node's cache for the same bundle: the same length, the version in its key differs.
  const foreign = Buffer.from(good.toString('latin1').replace(JSON.stringify(process.version), JSON.stringify(process.version.replace(/\d/g, '9'))), 'latin1');
  for (const [label, bytes] of [
    ['truncated', good.subarray(0, good.length >> 1)],
    ['overwritten', Buffer.concat([good.subarray(0, 200), Buffer.alloc(good.length - 200, 0xff)])],
    ['another node', foreign],
  ] as const) {
    writeFileSync(cache, bytes);
    const stamp = readFileSync(stampFile(cache), 'utf8');
    // The damaged ones keep the old stamp, so fail their check; the foreign one passes it (stamped
    // as its writer would have): only its key tells it apart.
    if (label === 'another node') writeFileSync(stampFile(cache), stampOf(cache, bytes));
    assert.equal(commit(r, 'src/free.ts').code, 0, label);
    const remade = readCheckedCache(cache, null);
    assert.ok(remade !== null && remade.subarray(0, remade.indexOf(10)).toString() === header, `${label}: made again for this bundle and this node`);
    assert.notEqual(readFileSync(stampFile(cache), 'utf8'), stamp, `${label}: with a new stamp`);
    const written = mtime(cache);
    assert.equal(commit(r, 'src/api/a.ts').code, 1, `${label}: still refused`);
    assert.equal(mtime(cache), written, `${label}: and the new cache used`);
  }
});

test("a linked worktree's commits keep their code cache under that worktree's git dir", () => {
  const r = claimedRepo();
  const wt = mkdtempSync(join(tmpdir(), 'plan-hooks-code-cache-wt-'));
  dirs.push(wt);
  r.git('worktree', 'add', '-q', '-b', 'side', join(wt, 'side'));
  assert.equal(commit(r, 'src/free.ts', join(wt, 'side')).code, 0);
  assert.ok(existsSync(join(r.dir, '.git/worktrees/side/plan-hooks/code-cache/pre-commit')));
  assert.ok(!existsSync(join(r.dir, '.git/plan-hooks/code-cache/pre-commit')), "not the main worktree's");
  assert.equal(commit(r, 'src/api/a.ts', join(wt, 'side')).code, 1);
});

test('a hook bundle that cannot start fails pre-commit closed, with how to get past, and post-commit open', () => {
  // The entries beside a broken bundle, as a damaged install would have them.
  const dir = mkdtempSync(join(tmpdir(), 'plan-hooks-broken-bundle-'));
  dirs.push(dir);
  for (const hook of ['pre-commit', 'post-commit']) {
    copyFileSync(join(HOOKS_DIR, `${hook}.cjs`), join(dir, `${hook}.cjs`));
    writeFileSync(join(dir, `${hook}-main.cjs`), 'this is not javascript (\n');
  }
  copyFileSync(join(HOOKS_DIR, 'messages.cjs'), join(dir, 'messages.cjs'));
  const r = claimedRepo();
  const pre = spawnSync(process.execPath, [join(dir, 'pre-commit.cjs')], { cwd: r.dir, env: r.env, encoding: 'utf8' });
  assert.equal(pre.status, 1, 'the commit is refused');
  assert.match(pre.stderr, /hook pre-commit/);
  assert.ok(pre.stderr.endsWith(messages.hookFailClosed['pre-commit']!), pre.stderr);
  const post = spawnSync(process.execPath, [join(dir, 'post-commit.cjs')], { cwd: r.dir, env: r.env, encoding: 'utf8' });
  assert.equal(post.status, 0, "git's commit is made already: post-commit reports and lets it be");
  assert.match(post.stderr, /hook post-commit/);
  assert.ok(!existsSync(join(r.dir, '.git/plan-hooks/code-cache/pre-commit')), 'and no cache for what did not compile');
});
