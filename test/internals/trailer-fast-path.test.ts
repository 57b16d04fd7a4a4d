// pre-commit's "no trailer" record lets the runner end prepare-commit-msg without starting
// node; every other case still runs the hook (the trailer tests in prepare-commit-msg.test.ts
// hold for both paths). The index is known to be the one pre-commit checked by the file linked
// beside its record, without a git process; an index changed since, by git or in place, is not.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { after, test } from 'node:test';
import { NodeLog } from '../fixtures/node-log.js';
import type { Repo } from '../fixtures/repo.js';
import { claimed, plan } from '../fixtures/plans.js';
import { makeRepo, repoWithPlans } from '../fixtures/repo.js';

const logs = new NodeLog();
const repos: Repo[] = [];
after(() => {
  repos.forEach((r) => r.remove());
  logs.remove();
});

const message = (r: Repo) => r.git('log', '-1', '--format=%B');
const record = (r: Repo) => join(r.git('rev-parse', '--absolute-git-dir').trim(), 'plan-hooks', 'trailers');
/** Consumed: emptied by the runner (no process), or removed. */
const consumed = (r: Repo) => !existsSync(record(r)) || readFileSync(record(r), 'utf8') === '';

function setup(): Repo {
  const r = repoWithPlans({ 'docs/api-plan.json': plan('api', [claimed('endpoints', 'Test Author', ['src/api'])]) });
  repos.push(r);
  return r;
}

test('a commit that gets no trailer starts node for pre-commit only', () => {
  const r = setup();
  const log = join(logs.dir, 'code.log');
  r.write('README.md', 'unclaimed\n');
  r.git('add', '-A');
  assert.equal(r.tryGit(['commit', '-m', 'code'], logs.starts(log)).code, 0);
  assert.deepEqual(readFileSync(log, 'utf8').trim().split('\n'), ['hook pre-commit']);
  assert.equal(consumed(r), true, 'the record is consumed');
  assert.equal(message(r), 'code\n\n');
});

test('a commit that gets trailers has them written by the runner; one pre-commit did not see runs prepare-commit-msg', () => {
  const r = setup();
  const log = join(logs.dir, 'own.log');
  r.write('src/api/a.ts', 'x\n');
  r.git('add', '-A');
  assert.equal(r.tryGit(['commit', '-m', 'own'], { ...logs.starts(log), PLAN_HOOKS_AGENT: 'Test Author' }).code, 0);
  assert.deepEqual(readFileSync(log, 'utf8').trim().split('\n'), ['hook pre-commit']);
  assert.match(message(r), /^own\n\nPlan-Agent: Test Author \(env\) [0-9a-f]{16}\nPlan-Task: api\/endpoints\n+$/);

  // A record left for another index (a commit that never got this far) does not count.
  const head = r.git('rev-parse', 'HEAD').trim();
  writeFileSync(record(r), `${r.git('rev-parse', 'HEAD^{tree}').trim()} ${head}\n`);
  r.write('src/api/b.ts', 'x\n');
  r.git('add', '-A');
  const log2 = join(logs.dir, 'unverified.log');
  assert.equal(r.tryGit(['commit', '-m', 'unverified', '--no-verify'], logs.starts(log2)).code, 0);
  assert.deepEqual(readFileSync(log2, 'utf8').trim().split('\n'), ['hook prepare-commit-msg']);
  assert.match(message(r), /^Plan-Task: api\/endpoints$/m);
  assert.equal(consumed(r), true, 'the record is consumed');
});

test('a commit staging a plan, whose handoff pre-commit restages, starts node for pre-commit only and is verified', () => {
  const r = setup();
  r.installRawHooks();
  r.write('AGENTS.md', '# Agents\n');
  r.git('add', '-A');
  assert.equal(r.commit('agents').code, 0);
  const log = join(logs.dir, 'plan.log');
  const file = join(r.dir, 'docs/api-plan.json');
  const p = JSON.parse(readFileSync(file, 'utf8'));
  p.handoff = { nextAction: 'Write the endpoints' };
  writeFileSync(file, `${JSON.stringify(p, null, 2)}\n`);
  r.git('add', '-A');
  assert.equal(r.tryGit(['commit', '-m', 'plan'], logs.starts(log)).code, 0);
  assert.deepEqual(readFileSync(log, 'utf8').trim().split('\n').filter((l) => l !== 'hook post-commit'), ['hook pre-commit']);
  assert.match(r.git('show', 'HEAD:AGENTS.md'), /Write the endpoints/, 'the handoff block was staged with the commit');
  const entries = JSON.parse(r.cli(['log', '--json', '--limit', '1']).stdout);
  assert.equal(entries[0].subject, 'plan');
  assert.equal(entries[0].verified, true, "the marker names the tree after the restage");
});

test('the runner applies a record on the first commit (no HEAD yet) and reads a last line that has no newline', () => {
  const r = makeRepo();
  repos.push(r);
  r.installRawHooks(['prepare-commit-msg']);
  r.write('a.txt', 'a\n');
  r.git('add', '-A');
  // The record pre-commit would leave for this index on an unborn HEAD (written here: no pre-commit runs).
  mkdirSync(dirname(record(r)), { recursive: true });
  writeFileSync(record(r), `${r.git('write-tree').trim()} -\nT Plan-Task: api/endpoints`);
  const log = join(logs.dir, 'first.log');
  assert.equal(r.tryGit(['commit', '-q', '-m', 'first'], logs.starts(log)).code, 0);
  assert.equal(existsSync(log), false, 'no node started');
  assert.match(message(r), /^first\n\nPlan-Task: api\/endpoints\n+$/);
  assert.equal(consumed(r), true, 'the record is consumed');
});

/** The git commands started while git ran each hook, from git's event trace (node's too, when it starts). */
function gitsByHook(r: Repo, args: string[], env: NodeJS.ProcessEnv = {}): { code: number; stderr: string; gits: Record<string, string[]> } {
  const trace = join(logs.dir, `trace-${Math.random().toString(16).slice(2)}.json`);
  const res = r.tryGit(args, { ...env, GIT_TRACE2_EVENT: trace });
  const gits: Record<string, string[]> = {};
  let hook: string | null = null;
  for (const line of readFileSync(trace, 'utf8').split('\n').filter(Boolean)) {
    const e = JSON.parse(line) as { event: string; child_class?: string; hook_name?: string; argv?: string[]; sid: string };
    if (e.event === 'child_start' && e.child_class === 'hook') (gits[(hook = e.hook_name!)] = []);
    else if (e.event === 'child_exit') hook = null;
    else if (e.event === 'start' && hook && e.sid.includes('/')) gits[hook]!.push(e.argv!.slice(1).join(' '));
  }
  return { code: res.code, stderr: res.stderr, gits };
}

test('prepare-commit-msg knows the index is the one pre-commit checked without a git process, as git commit, -a and <paths> run it', () => {
  const r = setup();
  const gitDir = r.git('rev-parse', '--absolute-git-dir').trim();
  r.write('README.md', 'unclaimed\n');
  r.git('add', '-A');
  const plain = gitsByHook(r, ['commit', '-q', '-m', 'plain']);
  assert.equal(plain.code, 0, plain.stderr);
  assert.deepEqual(plain.gits['prepare-commit-msg'], [], 'no git, no node');
  assert.ok(plain.gits['pre-commit']!.includes('write-tree'), "pre-commit's reads ran (the trace sees them)");
  assert.equal(statSync(`${record(r)}.index`).ino, statSync(join(gitDir, 'index')).ino, 'the index checked is linked beside the record');
  // The trailers of the committer's own task, in the index git builds for -a and for <paths>.
  for (const [mode, extra] of [['all', ['-a']], ['paths', ['src/api/a.ts']]] as const) {
    r.write('src/api/a.ts', `${mode}\n`);
    if (mode === 'all') r.git('add', 'src/api/a.ts');
    const res = gitsByHook(r, ['commit', '-q', '-m', mode, ...extra], { PLAN_HOOKS_AGENT: 'Test Author' });
    assert.equal(res.code, 0, res.stderr);
    assert.deepEqual(res.gits['prepare-commit-msg'], [], `${mode}: the trailers written by the shell, no git`);
    assert.match(message(r), /^Plan-Task: api\/endpoints$/m);
    assert.equal(consumed(r), true);
  }
});

test('the cache tree is found where it is larger than the end of the index read first (600 directories)', () => {
  const r = setup();
  for (let i = 0; i < 600; i++) r.write(`lib/pkg${i}/index.ts`, `${i}\n`);
  r.git('add', '-A');
  r.git('-c', 'core.hooksPath=/dev/null', 'commit', '-q', '-m', 'many directories');
  r.write('README.md', 'unclaimed\n');
  r.git('add', '-A');
  const res = gitsByHook(r, ['commit', '-q', '-m', 'plain']);
  assert.equal(res.code, 0, res.stderr);
  assert.deepEqual(res.gits['prepare-commit-msg'], []);
});

/** A repository where src/api is codex's, and pre-commit run as git runs it for the index as it is; its commit goes no further. */
function checkedThenStopped(): { r: Repo; gitDir: string } {
  const r = repoWithPlans({ 'docs/api-plan.json': plan('api', [claimed('endpoints', 'codex', ['src/api'])]) });
  repos.push(r);
  const gitDir = r.git('rev-parse', '--absolute-git-dir').trim();
  r.write('notes.txt', 'mine\n');
  r.git('add', '-A');
  const hook = join(r.git('rev-parse', '--path-format=absolute', '--git-path', 'hooks').trim(), 'pre-commit');
  const ran = spawnSync(hook, [], { cwd: r.dir, env: { ...r.env, GIT_INDEX_FILE: join(gitDir, 'index') }, encoding: 'utf8' });
  assert.equal(ran.status, 0, ran.stderr);
  assert.equal(statSync(`${record(r)}.index`).ino, statSync(join(gitDir, 'index')).ino);
  assert.notEqual(readFileSync(record(r), 'utf8'), '', 'its record waits');
  return { r, gitDir };
}

test("--no-verify does not ride a record left for another index: one git staged since, its link notwithstanding", () => {
  const { r } = checkedThenStopped();
  r.write('src/api/a.ts', 'x\n');
  r.git('add', '-A');
  const res = r.tryGit(['commit', '--no-verify', '-m', 'rides']);
  assert.equal(res.code, 1, res.stderr);
  assert.match(res.stderr, /--no-verify is not a way past a claim/);
  assert.equal(consumed(r), true);
});

test('--no-verify does not ride a record whose index a tool rewrote in place, in the same file', () => {
  const { r, gitDir } = checkedThenStopped();
  const index = join(gitDir, 'index');
  const before = statSync(index).ino;
  // What isomorphic-git does: the index file itself written again, after the record.
  r.write('src/api/a.ts', 'x\n');
  const other = join(gitDir, 'other-index');
  const env = { ...r.env, GIT_INDEX_FILE: other };
  // Its cache tree valid, so git commit has no reason to write the index again itself.
  for (const args of [['read-tree', 'HEAD'], ['add', '-A'], ['write-tree']]) assert.equal(spawnSync('git', args, { cwd: r.dir, env }).status, 0);
  writeFileSync(index, readFileSync(other));
  const later = statSync(record(r)).mtimeMs / 1000 + 2;
  utimesSync(index, later, later);
  assert.equal(statSync(index).ino, before, 'the same file');
  const res = r.tryGit(['commit', '--no-verify', '-m', 'rides']);
  assert.equal(res.code, 1, res.stderr);
  assert.match(res.stderr, /--no-verify is not a way past a claim/);
  assert.equal(statSync(index).ino, before, 'git kept the file: the link still named it');
});

test("pre-commit drops the earlier record's index link as it starts (off its thread), a refused commit's too", () => {
  const r = repoWithPlans({ 'docs/api-plan.json': plan('api', [claimed('endpoints', 'Test Author', ['src/api']), claimed('db', 'someone-else', ['src/db'])]) });
  repos.push(r);
  const gitDir = r.git('rev-parse', '--absolute-git-dir').trim();
  r.write('README.md', 'unclaimed\n');
  r.git('add', '-A');
  assert.equal(r.tryGit(['commit', '-q', '-m', 'linked']).code, 0);
  const link = `${record(r)}.index`;
  assert.equal(statSync(link).ino, statSync(join(gitDir, 'index')).ino);
  // git add replaces the index: the link is now the last name of the file it checked.
  r.write('src/db/schema.ts', 'claimed by someone else\n');
  r.git('add', 'src/db/schema.ts');
  const refused = r.tryGit(['commit', '-q', '-m', 'refused']);
  assert.equal(refused.code, 1, refused.stderr);
  assert.ok(!existsSync(link), 'no link of an earlier record outlives a pre-commit');
  r.git('reset', '-q', 'src/db/schema.ts');
  r.write('README.md', 'again\n');
  r.git('add', 'README.md');
  assert.equal(r.tryGit(['commit', '-q', '-m', 'linked again']).code, 0);
  assert.equal(statSync(link).ino, statSync(join(gitDir, 'index')).ino, 'the next commit links its own');
});

test('the runner appends trailers itself exactly where git interpret-trailers would put them, and asks git for any other message', () => {
  const r = setup();
  // [message, whether the shell alone writes the trailers; null: either, by the locale's printable characters]
  const messages: [string, boolean | null][] = [
    ['x\n', true],
    ['feat: a colon in the subject\n', true],
    ['two\nlines\n', true],
    ['x\n\nbody line\n', true],
    ['\n\nleading blank lines\n', true],
    // git commit cleans -F's text (trailing blank lines and spaces, a missing newline) before the hook reads it.
    ['x\n\nbody\n\n', true],
    ['no newline', true],
    ['trailing space  \n', true],
    ['x\n\nSigned-off-by: A <a@example.com>\n', false],
    ['x\n\nsee: a colon in the body\n', false],
    ['x\n\n(cherry picked from commit 0123456)\n', false],
    ['tab\there\n', false],
    ['caf\u00e9\n', null],
    ['x\n\n---\npatch\n', false],
    ['x\r\n', true],
    ['x\n\n\u00a0\n', null],
    ['Plan-Agent: typed\n\nbody\n', false],
    ['x\n\nPlan-Agent: forged (env) 0123456789abcdef\n', false],
  ];
  for (const [i, [text, shellAlone]] of messages.entries()) {
    r.write('src/api/a.ts', `${i}\n`);
    r.git('add', '-A');
    const file = join(logs.dir, `message-${i}.txt`);
    writeFileSync(file, text);
    const res = gitsByHook(r, ['commit', '-q', '-F', file], { PLAN_HOOKS_AGENT: 'Test Author' });
    assert.equal(res.code, 0, res.stderr);
    if (shellAlone !== null) assert.equal(res.gits['prepare-commit-msg']!.some((g) => g.startsWith('interpret-trailers ')), !shellAlone, `${JSON.stringify(text)}: ${shellAlone ? 'no git' : 'git writes them'} (${res.gits['prepare-commit-msg']!.join('; ')})`);
    // What git writes for the same message and trailers (plan-hooks' own trailers typed in go first), cleaned up as git commit does.
    const agent = message(r).match(/^Plan-Agent: .*$/m)![0];
    const typedOut = text.split(/(?<=\n)/).filter((l) => !/^Plan-(Agent|Skip):/.test(l)).join('');
    const stripspace = (input: string) => spawnSync('git', ['stripspace'], { input, encoding: 'utf8', env: r.env }).stdout;
    const byGit = spawnSync('git', ['interpret-trailers', '--if-exists', 'replace', '--trailer', agent, '--if-exists', 'doNothing', '--trailer', 'Plan-Task: api/endpoints'], { input: stripspace(typedOut), encoding: 'utf8', env: r.env }).stdout;
    const cleaned = stripspace(byGit);
    assert.equal(message(r), `${cleaned}\n`, JSON.stringify(text));
  }
});
