// Markers of two agents at once are a contradiction (issue 25 item 1, without an agent hook's
// record): CLAUDECODE with CODEX_SANDBOX, or with AI_AGENT=codex, is refused at commit with the
// facts; so is a name (PLAN_HOOKS_AGENT, git config plan-hooks.agent, `git -c user.name`) that
// names another agent than the markers do. One agent's own markers, and a person's name, pass.
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { claimed, plan } from '../fixtures/plans.js';
import { type Repo, repoWithPlans } from '../fixtures/repo.js';

const repos: Repo[] = [];
after(() => repos.forEach((r) => r.remove()));

describe('who commits, when the environment says two things', () => {
  const r = repoWithPlans({ 'docs/api-plan.json': plan('api', [claimed('endpoints', 'codex', ['src/api'])]) });
  repos.push(r);
  let n = 0;
  /** Commits an unclaimed file with `env` (and git's `-c` options first); the commit is undone when made. */
  const attempt = (env: NodeJS.ProcessEnv, options: string[] = []) => {
    r.write(`src/free/${++n}.ts`, 'x\n');
    r.git('add', '-A');
    const res = r.tryGit([...options, 'commit', '-m', `attempt ${n}`], env);
    if (res.code !== 0) r.git('reset', '-q', '--hard');
    return res;
  };
  const refused = (res: { code: number; stderr: string }, pattern: RegExp) => {
    assert.equal(res.code, 1, res.stderr);
    assert.match(res.stderr, pattern);
  };

  test("claude's and codex's markers at once: refused, naming both variables", () => {
    refused(attempt({ CLAUDECODE: '1', CODEX_SANDBOX: '1' }), /commit refused — this environment carries the markers of different agents at once: CLAUDECODE \(claude\), [^\n]*CODEX_SANDBOX \(codex\)/);
    refused(attempt({ CLAUDECODE: '1', AI_AGENT: 'codex' }), /markers of different agents at once: [^\n]*AI_AGENT \(codex\)/);
    // Even with a declaration that names one of them.
    refused(attempt({ CLAUDECODE: '1', CODEX_SANDBOX: '1', PLAN_HOOKS_AGENT: 'codex' }), /markers of different agents at once/);
  });

  test('a declared name or an author name of another agent than the markers say: refused', () => {
    refused(attempt({ CLAUDECODE: '1', PLAN_HOOKS_AGENT: 'codex' }), /PLAN_HOOKS_AGENT says 'codex', but this environment is claude's: CLAUDECODE \(claude\)/);
    // The fixture's GIT_AUTHOR_NAME would override user.name: without it, git's -c decides the author.
    refused(attempt({ CLAUDECODE: '1', GIT_AUTHOR_NAME: undefined }, ['-c', 'user.name=codex']), /git config user.name says 'codex', but this environment is claude's/);
    r.git('config', 'plan-hooks.agent', 'codex');
    const res = attempt({ CLAUDECODE: '1' });
    r.git('config', '--unset', 'plan-hooks.agent');
    refused(res, /git config plan-hooks.agent says 'codex'/);
  });

  test("one agent's own markers, its own name, and a person's name pass", () => {
    assert.equal(attempt({ CLAUDECODE: '1', CLAUDE_CODE_ENTRYPOINT: 'cli' }).code, 0);
    const noAuthor = { GIT_AUTHOR_NAME: undefined };
    assert.equal(attempt({ ...noAuthor, CLAUDECODE: '1' }, ['-c', 'user.name=claude-code']).code, 0);
    assert.equal(attempt({ ...noAuthor, CLAUDECODE: '1' }, ['-c', 'user.name=Alice Example']).code, 0);
    assert.equal(attempt(noAuthor, ['-c', 'user.name=codex']).code, 0, 'no markers: the author decides, as before');
  });
});
