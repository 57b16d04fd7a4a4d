// Who is committing: every source of SPEC §4, through `plan-hooks whoami` and through commits.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { branchHolder, pickIdentity } from '../../src/identity/identity.js';
import { DEFAULT_CONFIG } from '../../src/config/config.js';
import type { Repo } from '../fixtures/repo.js';
import { claimed, open, plan, repoWithPlans } from '../fixtures/claimed-plans.js';

const repos: Repo[] = [];
after(() => repos.forEach((r) => r.remove()));

const whoami = (r: Repo, env: NodeJS.ProcessEnv = {}) => {
  const res = r.cli(['whoami', '--json'], env);
  assert.equal(res.code, 0, res.stderr);
  return JSON.parse(res.stdout) as { name: string; source: string; detail: string };
};

test('each source in order: env, git config (per worktree), branch task, agent marker, git author', () => {
  const r = repoWithPlans({ 'docs/api-plan.json': plan('api', [claimed('endpoints', 'gemini', ['src/api'], 1, { metadata: { branch: 'gemini-work' } })]) });
  repos.push(r);
  assert.deepEqual(whoami(r), { name: 'Test Author', source: 'git-author', detail: 'git config user.name' });
  assert.equal(whoami(r, { CLAUDECODE: '1' }).name, 'claude');
  assert.equal(whoami(r, { AI_AGENT: 'aider' }).name, 'aider');
  r.git('checkout', '-q', '-b', 'gemini-work');
  assert.deepEqual(whoami(r, { CLAUDECODE: '1' }), { name: 'gemini', source: 'branch', detail: 'task api/endpoints is bound to this branch' });
  r.git('config', 'extensions.worktreeConfig', 'true');
  r.git('config', '--worktree', 'plan-hooks.agent', 'codex');
  assert.equal(whoami(r).source, 'git-config');
  assert.equal(whoami(r).name, 'codex');
  assert.deepEqual(whoami(r, { PLAN_HOOKS_AGENT: 'copilot' }), { name: 'copilot', source: 'env', detail: 'PLAN_HOOKS_AGENT' });
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

test('pickIdentity and branchHolder (pure)', () => {
  const config = DEFAULT_CONFIG;
  const base = { env: {}, configAgent: null, branchHolder: null, authorName: null, config };
  assert.equal(pickIdentity(base).name, 'unknown');
  assert.equal(pickIdentity({ ...base, env: { CODEX_SANDBOX: 'seatbelt' } }).name, 'codex');
  const claims = [
    { task: 'p/a', holder: 'claude', branch: 'b1' },
    { task: 'p/b', holder: 'claude-code', branch: 'b1' },
    { task: 'p/c', holder: 'codex', branch: 'b2' },
    { task: 'p/d', holder: 'gemini', branch: 'b2' },
  ];
  assert.deepEqual(branchHolder(claims, 'b1', config.aliases), { name: 'claude', task: 'p/a' });
  assert.equal(branchHolder(claims, 'b2', config.aliases), null, 'different holders: ambiguous');
  assert.equal(branchHolder(claims, null, config.aliases), null);
  assert.ok(open('x', []));
});
