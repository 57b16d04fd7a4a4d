// pre-commit's git reads are made by the runner while node starts (src/git/prefetch.ts), and
// the plans' claims views come from the cache (src/claims/cache.ts): the common commit starts
// no process from node at all. Each way the shortcut can be unusable falls back to node's own
// reads and decides the same.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { NodeLog } from '../fixtures/node-log.js';
import { CLI, type Repo, cleanEnv, makeRepo, repoWithPlans } from '../fixtures/repo.js';
import { renderRunner } from '../../src/install/scripts.js';
import { PATHS_READ, prefetchScript } from '../../src/git/prefetch.js';
import { preCommitReads } from '../../src/facts/facts.js';
import { claimed, open, plan } from '../fixtures/plans.js';
import { viewCacheFile } from '../../src/claims/cache.js';
import { decidedCacheFile } from '../../src/claims/decided-cache.js';
import { CLAIMS_VIEW_FORMAT } from '../../src/core/claims.js';

const logs = new NodeLog();
const repos: Repo[] = [];
after(() => {
  repos.forEach((r) => r.remove());
  logs.remove();
});

const HOOK = join(CLI, '..', 'hooks', 'pre-commit.cjs');
let n = 0;
/** Commits `path` with the hooks as installed; returns git's result and what node started. */
function commit(r: Repo, path: string, env: NodeJS.ProcessEnv = {}) {
  const log = join(logs.dir, `spawns-${n++}.log`);
  r.write(path, `${n}\n`);
  r.git('add', path);
  const res = r.tryGit(['commit', '-m', `touch ${path}`], { ...logs.spawns(log), ...env });
  const started = existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n') : [];
  if (res.code !== 0) r.git('reset', '-q', 'HEAD', '--', path);
  return { ...res, started };
}

function claimedRepo(): Repo {
  const r = repoWithPlans({ 'docs/api-plan.json': plan('api', [claimed('endpoints', 'codex', ['src/api'])]) }, ['pre-commit']);
  repos.push(r);
  return r;
}

test('a code-only commit starts no process from node: the runner made the reads and the cache holds the plans', () => {
  const r = claimedRepo();
  const first = commit(r, 'src/a.ts');
  assert.equal(first.code, 0, first.stderr);
  assert.deepEqual(first.started, ['git cat-file --batch'], 'the first commit reads the plan blob once');
  assert.ok(existsSync(viewCacheFile(join(r.dir, '.git'))));

  const second = commit(r, 'src/b.ts');
  assert.equal(second.code, 0, second.stderr);
  assert.deepEqual(second.started, [], 'neither git reads nor plan blobs');

  const refused = commit(r, 'src/api/users.ts');
  assert.equal(refused.code, 1);
  assert.match(refused.stderr, /api\/endpoints[\s\S]*codex/);
  assert.deepEqual(refused.started, []);
});

test('a plan changed since the cache was written is read again: a new claim binds at once', () => {
  const r = claimedRepo();
  assert.equal(commit(r, 'src/a.ts').code, 0);
  const doc = JSON.parse(readFileSync(join(r.dir, 'docs/api-plan.json'), 'utf8'));
  doc.workItems[0].tasks.push(claimed('billing', 'gemini', ['src/billing']));
  r.writeJson('docs/api-plan.json', doc);
  r.git('add', 'docs/api-plan.json');
  assert.equal(r.tryGit(['commit', '-q', '--no-verify', '-m', 'gemini claims billing']).code, 0);

  const refused = commit(r, 'src/billing/pay.ts');
  assert.equal(refused.code, 1, 'the claim made in the last commit is honoured');
  assert.match(refused.stderr, /api\/billing[\s\S]*gemini/);
  assert.deepEqual(refused.started, ['git cat-file --batch'], 'the new blob was read');
  assert.deepEqual(commit(r, 'src/c.ts').started, [], 'and then cached');
});

test('a damaged cache is ignored and rewritten', () => {
  const r = claimedRepo();
  assert.equal(commit(r, 'src/a.ts').code, 0);
  const file = viewCacheFile(join(r.dir, '.git'));
  for (const damage of ['{"format":1,"views":', '[]', '{"format":999,"views":{}}']) {
    writeFileSync(file, damage);
    // The decided claims would spare the views: without them, the views are read.
    rmSync(decidedCacheFile(join(r.dir, '.git')), { force: true });
    const refused = commit(r, 'src/api/x.ts');
    assert.equal(refused.code, 1, `still refused with a cache of ${damage}`);
    assert.deepEqual(refused.started, ['git cat-file --batch']);
    assert.equal(JSON.parse(readFileSync(file, 'utf8')).format, CLAIMS_VIEW_FORMAT);
  }
});

test('the decided claims are read near the paths committed; a truncated or edited file is ignored and rebuilt', () => {
  const r = claimedRepo();
  assert.equal(commit(r, 'src/a.ts').code, 0);
  const file = decidedCacheFile(join(r.dir, '.git'));
  const good = readFileSync(file, 'utf8');
  assert.match(good, /^plan-hooks claims-decided /);
  // The claim's holder hidden by hand (the length kept), and the file cut short.
  const edited = good.replace('"codex"', '"xedoc"');
  assert.notEqual(edited, good);
  for (const damage of [edited, good.slice(0, -10), '', 'plan-hooks claims-decided 1\n']) {
    writeFileSync(file, damage);
    const refused = commit(r, 'src/api/x.ts');
    assert.equal(refused.code, 1, 'still refused with a damaged file');
    assert.match(refused.stderr, /api\/endpoints[\s\S]*codex/);
    assert.deepEqual(refused.started, [], 'decided again from the views, which are intact');
    assert.equal(readFileSync(file, 'utf8'), good, 'and written again as it was');
  }
  assert.equal(commit(r, 'src/b.ts').code, 0, 'a path near no claim passes');
});

test('the runner serves every configuration: with plans elsewhere node still takes its reads, and decides the same', () => {
  const r = repoWithPlans({ 'plans/api-plan.json': plan('api', [claimed('endpoints', 'codex', ['src/api'])]) }, ['pre-commit']);
  repos.push(r);
  // The runner's reads are the same for every configuration (none is baked into it).
  r.writeJson('.plan-hooks.json', { plans: ['plans/*-plan.json'] });
  r.git('add', '.plan-hooks.json');
  r.git('commit', '-q', '--no-verify', '-m', 'plans live in plans/');
  const refused = commit(r, 'src/api/users.ts');
  assert.equal(refused.code, 1, refused.stderr);
  assert.match(refused.stderr, /api\/endpoints/);
  assert.ok(!refused.started.some((s) => s.startsWith('sh -')), `node ran no reads of its own: ${refused.started.join(' | ')}`);
  const doctor = r.cli(['doctor']);
  assert.doesNotMatch(doctor.stdout, /written for another configuration/);
});

test('PLAN_HOOKS_PREFETCH without a stream from the runner: node never waits, and a cut or forged stream is not used', () => {
  const r = claimedRepo();
  r.write('src/api/users.ts', 'x\n');
  r.git('add', '-A');
  const run = (input: string | 'inherit-devnull') => {
    const res = spawnSync(process.execPath, [HOOK], {
      cwd: r.dir,
      env: { ...r.env, PLAN_HOOKS_PREFETCH: '1' },
      input: input === 'inherit-devnull' ? undefined : input,
      stdio: [input === 'inherit-devnull' ? 'ignore' : 'pipe', 'pipe', 'pipe'],
      encoding: 'utf8',
      timeout: 20_000,
    });
    return res;
  };
  // stdin not a pipe (here /dev/null; a terminal alike): not read at all.
  const devnull = run('inherit-devnull');
  assert.equal(devnull.status, 1, devnull.stderr);
  assert.match(devnull.stderr, /api\/endpoints/);
  // A stream that is not the runner's, or is cut short, or holds a forged token.
  const script = readFileSync(join(r.dir, '.git/hooks/plan-hooks.sh'), 'utf8');
  const id = /plan-hooks-prefetch %s %s\\n' (\w+)/.exec(script)![1];
  for (const stream of ['hello\n', `plan-hooks-prefetch ${id} tok\nshort\0tok 0\0`, `plan-hooks-prefetch ${id} tok\n${'x\0tok 0\0'.repeat(12)}`]) {
    const res = run(stream);
    assert.equal(res.status, 1, `refused with stream ${JSON.stringify(stream.slice(0, 40))}: ${res.stderr}`);
    assert.match(res.stderr, /api\/endpoints/);
  }
  rmSync(join(r.dir, 'src/api/users.ts'));
});

test('the prefetched reads see the index git set: -a and git commit <paths> are decided on them', () => {
  const r = claimedRepo();
  assert.equal(commit(r, 'src/a.ts').code, 0, 'warms the cache');
  r.write('src/api/users.ts', 'v1\n');
  r.git('add', 'src/api/users.ts');
  r.git('commit', '-q', '--no-verify', '-m', 'tracked under the claim');
  r.write('src/api/users.ts', 'v2\n');
  for (const args of [['-a'], ['--', 'src/api/users.ts']]) {
    const log = join(logs.dir, `spawns-${n++}.log`);
    const res = r.tryGit(['commit', '-m', 'touch the claim', ...args], logs.spawns(log));
    assert.equal(res.code, 1, `git commit ${args.join(' ')} is refused`);
    assert.match(res.stderr, /api\/endpoints[\s\S]*src\/api\/users\.ts/);
    assert.ok(!existsSync(log), `node started nothing for git commit ${args.join(' ')}`);
  }
  assert.equal(r.git('diff', '--cached', '--name-only'), '', 'nothing was staged along the way');
});

test("on a branch off main the base branch's plans come with the runner's reads; a base found elsewhere is diffed by node", () => {
  const r = claimedRepo();
  // The branch drops the claim; main, the base branch, still holds it.
  r.git('checkout', '-q', '-b', 'feature');
  r.writeJson('docs/api-plan.json', plan('api', [open('endpoints', ['src/api'])]));
  r.git('add', 'docs/api-plan.json');
  r.git('commit', '-q', '--no-verify', '-m', 'the branch has no claim');
  assert.equal(commit(r, 'src/a.ts').code, 0, 'warms the cache');
  const refused = commit(r, 'src/api/users.ts');
  assert.equal(refused.code, 1, refused.stderr);
  assert.match(refused.stderr, /api\/endpoints[\s\S]*codex/);
  assert.deepEqual(refused.started, [], "main's plan diffed by the runner, on the first common base it lists");

  // A remote's HEAD other than origin's ranks first: node diffs against it itself, and decides the same.
  r.git('update-ref', 'refs/remotes/up/main', 'main');
  r.git('symbolic-ref', 'refs/remotes/up/HEAD', 'refs/remotes/up/main');
  const elsewhere = commit(r, 'src/api/users.ts');
  assert.equal(elsewhere.code, 1, elsewhere.stderr);
  assert.match(elsewhere.stderr, /api\/endpoints[\s\S]*codex/);
  assert.ok(elsewhere.started.some((s) => s.startsWith('git diff --cached')), `node made the base diff: ${elsewhere.started.join(' | ')}`);
});

test("the runner answers pre-commit's path read from the files, as git prints it: main and linked worktree, and through a symlinked path", () => {
  const r = makeRepo({ initialCommit: true });
  repos.push(r);
  const linked = `${r.dir}-linked`;
  const link = `${r.dir}-symlink`;
  r.git('worktree', 'add', '-q', '-b', 'side', linked);
  symlinkSync(r.dir, link);
  after(() => [linked, link].forEach((d) => rmSync(d, { recursive: true, force: true })));
  // The runner's own functions, run as a pre-commit hook (in git's environment for a hook) beside git's answer.
  const runner = renderRunner({ node: process.execPath, cli: CLI });
  const fn = (name: string) => runner.slice(runner.indexOf(`${name}() {`), runner.indexOf('\n}\n', runner.indexOf(`${name}() {`)) + 3);
  const out = join(r.dir, '.git', 'paths.out');
  const hook = join(r.dir, '.git', 'hooks', 'pre-commit');
  writeFileSync(hook, `#!/bin/sh\n${fn('local_git_dir')}${fn('toplevel_and_git_dir')}{ toplevel_and_git_dir; echo "answered $?"; git rev-parse --show-toplevel --absolute-git-dir; } > ${JSON.stringify(out)}\n`, { mode: 0o755 });
  assert.ok(PATHS_READ.every((a) => prefetchScript(preCommitReads()).includes(`'${a}'`)) && prefetchScript(preCommitReads()).includes('toplevel_and_git_dir ||'), 'the installed reads take the answer from the runner');
  for (const [where, cwd] of [['main worktree', r.dir], ['linked worktree', linked], ['main worktree through a symlink', link]] as const) {
    writeFileSync(join(cwd, `${where.length}.txt`), where);
    // PWD as a shell that cd'd there would pass it: the symlinked path, not the physical one.
    const env = { ...cleanEnv(), PWD: cwd };
    execFileSync('git', ['add', '-A'], { cwd, env });
    execFileSync('git', ['commit', '-q', '-m', where], { cwd, env });
    const [top, gitDir, answered, gitTop, gitGitDir] = readFileSync(out, 'utf8').split('\n');
    assert.equal(answered, 'answered 0', `${where}: answered from the files`);
    assert.deepEqual([top, gitDir], [gitTop, gitGitDir], `${where}: as git prints them`);
  }
});
