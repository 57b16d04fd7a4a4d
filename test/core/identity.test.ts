// Who is committing: every source of src/core/identity.ts, through `plan-hooks whoami` and through
// commits (its pure rules: test/core/identity-rules.test.ts).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, describe, test } from 'node:test';
import type { Repo } from '../fixtures/repo.js';
import { claimed, open, plan } from '../fixtures/plans.js';
import { repoWithPlans } from '../fixtures/repo.js';

const repos: Repo[] = [];
after(() => repos.forEach((r) => r.remove()));

const whoami = (r: Repo, env: NodeJS.ProcessEnv = {}) => {
  const res = r.cli(['whoami', '--json'], env);
  assert.equal(res.code, 0, res.stderr);
  const { name, source, detail } = JSON.parse(res.stdout) as { name: string; source: string; detail: string };
  return { name, source, detail };
};

test('each source in order: env, git config (per worktree), branch task, agent marker, git author', () => {
  const r = repoWithPlans({ 'docs/api-plan.json': plan('api', [claimed('endpoints', 'gemini', ['src/api'], 1, { metadata: { branch: 'gemini-work' } })]) });
  repos.push(r);
  assert.deepEqual(whoami(r), { name: 'Test Author', source: 'git-author', detail: 'git config user.name' });
  assert.equal(whoami(r, { CLAUDECODE: '1' }).name, 'claude');
  assert.equal(whoami(r, { AI_AGENT: 'aider' }).name, 'aider');
  r.git('checkout', '-q', '-b', 'gemini-work');
  assert.deepEqual(whoami(r), { name: 'gemini', source: 'branch', detail: 'task api/endpoints is bound to this branch' });
  // A binding the agent markers contradict is not this committer's: the markers decide.
  assert.deepEqual(whoami(r, { CLAUDECODE: '1' }), { name: 'claude', source: 'agent-marker', detail: 'environment variable CLAUDECODE' });
  // Markers of two agents at once are a contradiction: whoami says so and fails (issue 25 item 1).
  const stacked = r.cli(['whoami'], { GEMINI_CLI: '1', CLAUDECODE: '1' });
  assert.equal(stacked.code, 1);
  assert.match(stacked.stderr, /markers of different agents at once: CLAUDECODE \(claude\), GEMINI_CLI \(gemini\)/);
  r.git('config', 'extensions.worktreeConfig', 'true');
  r.git('config', '--worktree', 'plan-hooks.agent', 'codex');
  assert.equal(whoami(r).source, 'git-config');
  assert.equal(whoami(r).name, 'codex');
  assert.deepEqual(whoami(r, { PLAN_HOOKS_AGENT: 'copilot' }), { name: 'copilot', source: 'env', detail: 'PLAN_HOOKS_AGENT' });
  // A declared name the markers contradict: whoami says so and fails.
  const contradicted = r.cli(['whoami'], { PLAN_HOOKS_AGENT: 'codex', CLAUDECODE: '1' });
  assert.equal(contradicted.code, 1);
  assert.match(contradicted.stderr, /PLAN_HOOKS_AGENT says 'codex', but this environment is claude's: CLAUDECODE \(claude\)/);
  // Each way forward on a line of its own.
  assert.match(contradicted.stderr, /\n {2}- remove the declaration[^\n]*\n {2}- if the work you need/);
  const text = r.cli(['whoami']);
  assert.match(text.stdout, /^codex\n {2}source: git-config/);
  assert.equal(r.cli(['whoami', '--bogus']).code, 2);
});

test('the branch source makes the bound task’s holder the committer, so its own commit passes', () => {
  const r = repoWithPlans({ 'docs/api-plan.json': plan('api', [claimed('endpoints', 'gemini', ['src/api'], 1, { metadata: { branch: 'gemini-work' } })]) });
  repos.push(r);
  r.write('src/api/a.ts', 'x\n');
  r.git('add', '-A');
  assert.equal(r.commit('on main').code, 1);
  r.git('checkout', '-q', '-b', 'gemini-work');
  const res = r.commit('on the bound branch');
  assert.equal(res.code, 0, res.stderr);
});

test('regression: with a task bound to the branch, whoami, pre-commit and the handoff’s updatedBy all name the claimant', () => {
  const bound = claimed('endpoints', 'codex', ['src/api'], 1, { metadata: { branch: 'codex-work' } });
  const p = { ...plan('api', [bound, open('other', ['src/other'])]), lifecycle: 'multi-session' as const, handoff: { nextAction: 'Start' } };
  const r = repoWithPlans({ 'docs/api-plan.json': p });
  repos.push(r);
  r.git('checkout', '-q', '-b', 'codex-work');
  assert.equal(whoami(r).name, 'codex');
  // pre-commit judges the commit as codex: the holder's own claimed path passes.
  r.write('src/api/a.ts', 'x\n');
  r.writeJson('docs/api-plan.json', { ...p, handoff: { nextAction: 'Review the endpoints' } });
  r.git('add', '-A');
  const res = r.commit('codex works on its branch');
  assert.equal(res.code, 0, res.stderr);
  assert.equal(JSON.parse(r.git('show', 'HEAD:docs/api-plan.json')).handoff.updatedBy, 'codex');
  // The worklog's side: the verified marker carries the identity pre-commit decided.
  const markerFile = r.git('rev-parse', '--path-format=absolute', '--git-path', 'plan-hooks/verified.json').trim();
  assert.equal(JSON.parse(readFileSync(markerFile, 'utf8')).identity.name, 'codex');
});

describe('a declared identity must agree with the agent markers present', () => {
  const r = repoWithPlans({ 'docs/api-plan.json': plan('api', [claimed('endpoints', 'codex', ['src/api']), open('free', ['src/free'])]) });
  repos.push(r);
  const attempt = (env: NodeJS.ProcessEnv, path = 'src/api/a.ts') => {
    r.write(path, `${Math.random()}\n`);
    r.git('add', '-A');
    const res = r.tryGit(['commit', '-m', 'try'], env);
    if (res.code !== 0) r.git('reset', '-q', '--hard');
    return res;
  };

  test('PLAN_HOOKS_AGENT=codex with CLAUDECODE=1 is refused, and the message suggests no name', () => {
    const res = attempt({ PLAN_HOOKS_AGENT: 'codex', CLAUDECODE: '1' });
    assert.equal(res.code, 1);
    assert.match(res.stderr, /commit refused — PLAN_HOOKS_AGENT says 'codex', but this environment is claude's/);
    assert.match(res.stderr, /coordinate with the holder/);
    assert.doesNotMatch(res.stderr, /PLAN_HOOKS_AGENT=/);
    // Even for an unclaimed path: the declaration itself is what is wrong.
    assert.equal(attempt({ PLAN_HOOKS_AGENT: 'codex', CLAUDECODE: '1' }, 'src/free/a.ts').code, 1);
  });

  test('git config plan-hooks.agent codex with CLAUDECODE=1 is refused', () => {
    r.git('config', 'plan-hooks.agent', 'codex');
    const res = attempt({ CLAUDECODE: '1' });
    r.git('config', '--unset', 'plan-hooks.agent');
    assert.equal(res.code, 1);
    assert.match(res.stderr, /git config plan-hooks.agent says 'codex'/);
  });

  test('markers of two agents at once are refused whatever is declared; an alias agrees; no markers, anything goes', () => {
    const stacked = attempt({ PLAN_HOOKS_AGENT: 'codex', CLAUDECODE: '1', CODEX_THREAD_ID: 't1' });
    assert.equal(stacked.code, 1, stacked.stderr);
    assert.match(stacked.stderr, /markers of different agents at once/);
    assert.equal(attempt({ PLAN_HOOKS_AGENT: 'claude-code', CLAUDECODE: '1' }, 'src/free/b.ts').code, 0);
    assert.equal(attempt({ PLAN_HOOKS_AGENT: 'codex' }).code, 0);
  });

  test('claim --as another agent than the markers say is refused', () => {
    const res = r.cli(['claim', 'api/free', '--as', 'codex'], { CLAUDECODE: '1' });
    assert.equal(res.code, 1, res.stdout + res.stderr);
    assert.match(res.stderr, /--as says 'codex', but this environment is claude's/);
  });

  test('a markers mapping staged in .plan-hooks.json (HOME → codex) has no effect on this commit', () => {
    r.writeJson('.plan-hooks.json', { agentMarkers: { HOME: 'codex' } });
    r.git('add', '.plan-hooks.json');
    const res = attempt({});
    assert.equal(res.code, 1, 'the commit is judged as the git author: codex’s claim holds');
    assert.match(res.stderr, /changes the configuration in \.plan-hooks\.json \(agentMarkers\.HOME\)/);
  });
});
