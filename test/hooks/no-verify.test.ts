// `--no-verify` is not a way past a claim, and the committer's identity travels with the commit
// (the sealed Plan-Agent trailer): pushes from another terminal and CI in a fresh clone judge a
// commit by who made it, never by who pushes it; a hookless commit never passes as another.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import type { Repo } from '../fixtures/repo.js';
import { TempDirs, freshClone as freshCloneOf, withRemote } from '../fixtures/remote.js';
import { claimed, plan } from '../fixtures/plans.js';
import { repoWithPlans } from '../fixtures/repo.js';

const temp = new TempDirs();
const dirs = temp.dirs;
after(() => temp.removeAll());

function setup(): { r: Repo; remote: string } {
  const r = repoWithPlans({ 'docs/api-plan.json': plan('api', [claimed('endpoints', 'codex', ['src/api'])]) }, ['pre-commit', 'prepare-commit-msg', 'post-commit', 'pre-push']);
  dirs.push(r.dir);
  const remote = withRemote(r, temp);
  assert.equal(r.tryGit(['push', '-q', 'origin', 'main']).code, 0);
  return { r, remote };
}
const freshClone = (remote: string) => freshCloneOf(remote, temp);

const message = (r: Repo) => r.git('log', '-1', '--format=%B');
const agents = (r: Repo) => message(r).split('\n').filter((l) => l.startsWith('Plan-Agent:'));
const CLAUDE = { CLAUDECODE: '1' };

test('git commit --no-verify touching another’s claim is refused, in plain, -a and <paths> modes; nothing is lost', () => {
  const { r } = setup();
  const head = r.git('rev-parse', 'HEAD');
  r.write('src/api/a.ts', 'x\n');
  r.git('add', '-A');
  const plain = r.tryGit(['commit', '--no-verify', '-m', 'plain'], CLAUDE);
  assert.equal(plain.code, 1, plain.stderr);
  assert.match(plain.stderr, /src\/api\/a\.ts {3}← pattern src\/api/);
  assert.match(plain.stderr, /--no-verify is not a way past a claim/);
  // The ways forward are real commands, never an override (docs/overrides.md).
  assert.match(plain.stderr, /ask api\/endpoints "\.\.\."/);
  assert.doesNotMatch(plain.stderr, /PLAN_HOOKS_SKIP/);
  assert.equal(r.git('rev-parse', 'HEAD'), head);
  assert.equal(r.git('diff', '--cached', '--name-only').trim(), 'src/api/a.ts', 'the staged work is untouched');
  r.git('-c', 'core.hooksPath=/dev/null', 'commit', '-q', '-m', 'tracked (hookless)');
  r.write('src/api/a.ts', 'changed\n');
  assert.equal(r.tryGit(['commit', '-a', '--no-verify', '-m', 'all'], CLAUDE).code, 1);
  assert.equal(r.tryGit(['commit', '--no-verify', '-m', 'paths', 'src/api/a.ts'], CLAUDE).code, 1);
  assert.equal(r.git('status', '--porcelain').trim(), 'M src/api/a.ts');
  // Unclaimed work still commits with --no-verify.
  r.write('src/free.ts', 'x\n');
  r.git('add', 'src/free.ts');
  assert.equal(r.tryGit(['commit', '--no-verify', '-m', 'free', 'src/free.ts'], CLAUDE).code, 0);
});

test("a person's PLAN_HOOKS_SKIP=claims gets through and is recorded with the commit: push and CI (where the base allows skips) see it; a typed Plan-Skip is not honoured", () => {
  const { r, remote } = setup();
  r.writeJson('.plan-hooks.json', { allowSkips: true });
  r.git('add', '.plan-hooks.json');
  assert.equal(r.tryGit(['commit', '-q', '-m', 'allow skips']).code, 0);
  r.write('src/api/a.ts', 'x\n');
  r.git('add', '-A');
  const res = r.tryGit(['commit', '--no-verify', '-m', 'skipped'], { PLAN_HOOKS_SKIP: 'claims' });
  assert.equal(res.code, 0, res.stderr);
  assert.match(message(r), /^Plan-Skip: claims [0-9a-f]{16}$/m);
  // A person's commit records no Plan-Agent: its author says who.
  assert.doesNotMatch(message(r), /^Plan-Agent:/m);
  const push = r.tryGit(['push', 'origin', 'main']);
  assert.equal(push.code, 0, push.stderr);
  const c = freshClone(remote);
  const ci = c.cli(['check', '--range', 'HEAD~1..HEAD']);
  assert.equal(ci.code, 0, ci.stderr);
  // The same words typed into a hookless commit's message are not a recorded skip.
  c.write('src/api/b.ts', 'x\n');
  c.git('add', '-A');
  c.git('commit', '-q', '-m', 'typed\n\nPlan-Skip: claims 0123456789abcdef');
  const typed = c.cli(['check', '--range', 'HEAD~1..HEAD']);
  assert.equal(typed.code, 1);
  assert.match(typed.stderr, /src\/api\/b\.ts/);
});

test('"noVerify": "allow" keeps the old behaviour: the commit is made, pre-push judges it', () => {
  const { r } = setup();
  r.writeJson('.plan-hooks.json', { noVerify: 'allow' });
  r.git('add', '-A');
  r.git('commit', '-q', '-m', 'allow --no-verify');
  r.write('src/api/a.ts', 'x\n');
  r.git('add', '-A');
  assert.equal(r.tryGit(['commit', '-q', '--no-verify', '-m', 'allowed'], CLAUDE).code, 0);
  const push = r.tryGit(['push', 'origin', 'main']);
  assert.equal(push.code, 1);
  assert.match(push.stderr, /allowed[\s\S]*src\/api\/a\.ts/);
});

test('the holder’s own commit is accepted when pushed from another terminal and in CI; a hookless commit with a typed or copied record is not', () => {
  const { r, remote } = setup();
  r.write('src/api/a.ts', 'x\n');
  r.git('add', '-A');
  assert.equal(r.tryGit(['commit', '-q', '-m', 'codex works'], { PLAN_HOOKS_AGENT: 'codex' }).code, 0);
  const [record] = agents(r);
  assert.match(record!, /^Plan-Agent: codex \(env\) [0-9a-f]{16}$/);
  assert.equal(r.git('log', '-1', '--format=%an').trim(), 'Test Author', 'the author is the human’s git identity');
  // Another terminal: no PLAN_HOOKS_AGENT, an agent marker of someone else.
  const push = r.tryGit(['push', 'origin', 'main'], CLAUDE);
  assert.equal(push.code, 0, push.stderr);
  const c = freshClone(remote);
  const ci = c.cli(['check', '--range', 'HEAD~1..HEAD'], { CI: 'true' });
  assert.equal(ci.code, 0, ci.stderr);
  // A hookless commit that copies codex's record, or types one without a seal.
  for (const [i, typed] of [record!, 'Plan-Agent: codex (env)'].entries()) {
    c.write(`src/api/forged${i}.ts`, 'x\n');
    c.git('add', '-A');
    c.git('commit', '-q', '-m', `forged ${i}\n\n${typed}`);
    const res = c.cli(['check', '--range', 'HEAD~1..HEAD']);
    assert.equal(res.code, 1, `forged ${i}`);
    assert.match(res.stderr, new RegExp(`src/api/forged${i}\\.ts[\\s\\S]*committing as Test Author \\(from git-author: the commit’s author: no identity recorded with the commit \\(unverified\\)\\)`));
  }
});

test('the record is the hooks’ own: a typed Plan-Agent is replaced, never duplicated, with -m, -F, the editor and --amend', () => {
  const { r } = setup();
  r.write('src/free.ts', 'x\n');
  r.git('add', '-A');
  assert.equal(r.tryGit(['commit', '-q', '-m', 'typed\n\nPlan-Agent: codex (env) 0123456789abcdef'], CLAUDE).code, 0);
  assert.deepEqual(agents(r).map((a) => a.replace(/ [0-9a-f]{16}$/, '')), ['Plan-Agent: claude (agent-marker)']);
  const file = join(r.dir, '..', `msg-${Date.now()}.txt`);
  dirs.push(file);
  writeFileSync(file, 'from a file\n\nPlan-Agent: codex (env)\n');
  r.write('src/free.ts', 'y\n');
  r.git('add', '-A');
  assert.equal(r.tryGit(['commit', '-q', '-F', file], CLAUDE).code, 0);
  assert.deepEqual(agents(r).map((a) => a.replace(/ [0-9a-f]{16}$/, '')), ['Plan-Agent: claude (agent-marker)']);
  r.write('src/free.ts', 'z\n');
  r.git('add', '-A');
  assert.equal(r.tryGit(['commit', '-q'], { ...CLAUDE, GIT_EDITOR: 'sed -i "1s/^/edited subject/"' }).code, 0);
  assert.match(message(r), /^edited subject\n\nPlan-Agent: claude \(agent-marker\) [0-9a-f]{16}\n/);
  const before = agents(r)[0];
  r.write('src/free.ts', 'amended\n');
  r.git('add', '-A');
  assert.equal(r.tryGit(['commit', '-q', '--amend', '--no-edit'], CLAUDE).code, 0);
  assert.equal(agents(r).length, 1);
  assert.notEqual(agents(r)[0], before, 'sealed again for the amended tree');
  // An empty -m stays empty: git still aborts it.
  r.write('src/free.ts', 'again\n');
  r.git('add', '-A');
  assert.equal(r.tryGit(['commit', '-q', '-m', ''], CLAUDE).code, 1);
});

test('a rebase keeps the holder’s identity (sealed again per pick): the rebased commits push', () => {
  const { r } = setup();
  r.git('checkout', '-q', '-b', 'codex-work');
  r.write('src/api/a.ts', 'x\n');
  r.git('add', '-A');
  assert.equal(r.tryGit(['commit', '-q', '-m', 'codex api'], { PLAN_HOOKS_AGENT: 'codex' }).code, 0);
  r.git('checkout', '-q', 'main');
  r.write('src/free.ts', 'x\n');
  r.git('add', '-A');
  r.git('commit', '-q', '-m', 'main moves on');
  r.git('checkout', '-q', 'codex-work');
  const rebase = r.tryGit(['rebase', '-q', 'main'], CLAUDE);
  assert.equal(rebase.code, 0, rebase.stderr);
  assert.match(message(r), /^Plan-Agent: codex \(env\) [0-9a-f]{16}$/m);
  const push = r.tryGit(['push', 'origin', 'codex-work'], CLAUDE);
  assert.equal(push.code, 0, push.stderr);
});
