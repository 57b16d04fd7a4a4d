// `git config plan-hooks.agent` declares an agent (issue 25 leftovers): the handover rule and the
// person-only rule both read it as an agent's identity, so a commit made under it can neither
// record a person's handover of a live claim nor change configuration that is a person's. The same
// commits without the key pass: a person's. Real commits through the installed hooks.
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { claimed, plan } from '../fixtures/plans.js';
import { type Repo, repoWithPlans } from '../fixtures/repo.js';

const repos: Repo[] = [];
after(() => repos.forEach((r) => r.remove()));

describe('git config plan-hooks.agent declares an agent', () => {
  /** A repository where codex holds `endpoints`; `change` is made and staged, then committed with the key set (or not). */
  const attempt = (change: (r: Repo) => void, agent: string | null) => {
    const r = repoWithPlans({ 'docs/api-plan.json': plan('api', [claimed('endpoints', 'codex', ['src/api'])]) });
    repos.push(r);
    change(r);
    r.git('add', '-A');
    if (agent) r.git('config', 'plan-hooks.agent', agent);
    return r.tryGit(['commit', '-m', 'change']);
  };
  const handover = (r: Repo, ...as: string[]) => {
    const made = r.cli(['handover', 'endpoints', '--to', 'claude', ...as]);
    assert.equal(made.code, 0, made.stderr);
  };
  const settings = (r: Repo) => r.writeJson('.plan-hooks.json', { agentMarkers: { HOME: 'claude' } });

  test("a handover recorded under it is an agent's: refused by the handover command and at commit; a person's stands", () => {
    const r = repoWithPlans({ 'docs/api-plan.json': plan('api', [claimed('endpoints', 'codex', ['src/api'])]) });
    repos.push(r);
    r.git('config', 'plan-hooks.agent', 'claude');
    const command = r.cli(['handover', 'endpoints', '--to', 'claude']);
    assert.equal(command.code, 1, command.stderr);
    assert.match(command.stderr, /handover is a person's command, and this runs inside an agent session \(git config plan-hooks\.agent\)/);
    // The record written anyway (--as names its maker), then committed under the key.
    const byAgent = attempt((x) => handover(x, '--as', 'claude'), 'claude');
    assert.equal(byAgent.code, 1, byAgent.stderr);
    assert.match(byAgent.stderr, /recorded as handed over by claude, whose identity is an agent's: only a person hands over a live claim/);
    const byPerson = attempt((x) => handover(x), null);
    assert.equal(byPerson.code, 0, byPerson.stderr);
  });

  test("configuration that is a person's, changed under it: refused, as the handover is", () => {
    const byAgent = attempt(settings, 'claude');
    assert.equal(byAgent.code, 1, byAgent.stderr);
    assert.match(byAgent.stderr, /person's to make[\s\S]*agentMarkers\.HOME[\s\S]*identity is an agent's/);
    const byPerson = attempt(settings, null);
    assert.equal(byPerson.code, 0, byPerson.stderr);
  });
});

describe("a handover under an agent's name as author or co-author, with no marker", () => {
  /** codex holds `endpoints`; a handover to claude recorded (as `by`'s with --as), staged. */
  const staged = (...by: string[]) => {
    const r = repoWithPlans({ 'docs/api-plan.json': plan('api', [claimed('endpoints', 'codex', ['src/api'])]) });
    repos.push(r);
    const made = r.cli(['handover', 'endpoints', '--to', 'claude', ...by]);
    assert.equal(made.code, 0, made.stderr);
    r.git('add', '-A');
    return { r, base: r.git('rev-parse', 'HEAD').trim() };
  };
  const BY_AGENT = /recorded as handed over by [^,]+, whose identity is an agent's/;

  test('authored by claude: refused at commit, as the person-only rule reads the author', () => {
    const { r } = staged('--as', 'claude');
    const res = r.tryGit(['commit', '-m', 'handover'], { GIT_AUTHOR_NAME: 'claude' });
    assert.equal(res.code, 1, res.stderr);
    assert.match(res.stderr, BY_AGENT);
  });

  test('made hookless, authored by claude or co-authored by Claude Code: refused by check --range', () => {
    for (const [env, message, by] of [[{ GIT_AUTHOR_NAME: 'claude' }, 'handover', ['--as', 'claude']], [{}, 'handover\n\nCo-authored-by: Claude Code <noreply@anthropic.com>', []]] as const) {
      const { r, base } = staged(...by);
      assert.equal(r.tryGit(['-c', 'core.hooksPath=/dev/null', 'commit', '-q', '-m', message], env).code, 0);
      const ci = r.cli(['check', '--range', `${base}..HEAD`]);
      assert.equal(ci.code, 1, ci.stderr);
      assert.match(ci.stderr, BY_AGENT);
    }
  });
});
