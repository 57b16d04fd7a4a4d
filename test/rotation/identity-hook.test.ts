// Identity from the agent's own hook (issue 25 item 1): when claude's pre-tool hook sees its shell
// tool run a committing git command, a commit made in that worktree while the record is fresh is
// claude's, whatever the environment declares; a declaration or markers that contradict it are
// refused with the facts. And the parser that finds those commands, in every form.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { gitOperations } from '../../src/agents/shell-writes.js';
import { removeDir } from '../fixtures/remove-dir.js';
import { TASK, claude, denied, rotationRepo, runHook } from './helpers.js';

describe('gitOperations', () => {
  const subs = (c: string) => gitOperations(c).map((o) => `${o.sub}${o.dir ? `@${o.dir}` : ''}`);
  test('every form of a committing git command, and nothing else', () => {
    assert.deepEqual(subs('git commit -m x'), ['commit']);
    assert.deepEqual(subs('git -C ../other -c user.name=codex commit -qm x'), ['commit@../other']);
    assert.deepEqual(subs('npm test && git add -A && git commit -m ok; git push origin main'), ['commit', 'push']);
    assert.deepEqual(subs('(cd sub && git merge main) || git rebase --abort'), ['merge', 'rebase']);
    assert.deepEqual(subs("bash -lc 'git cherry-pick abc'"), ['cherry-pick']);
    assert.deepEqual(subs('echo $(git commit -m x)'), ['commit']);
    assert.deepEqual(subs('env -u CLAUDECODE CODEX_SANDBOX=1 git am < p.patch'), ['am']);
    assert.deepEqual(subs('git status && git log && echo git commit'), []);
    assert.deepEqual(subs("eval 'git push'"), ['push']);
  });
});

describe("the agent's own hook decides who commits", () => {
  test("claude's shell commits while codex's markers or name are declared: refused with the facts; claude's own commit is claude's without any marker", () => {
    const { repo } = rotationRepo();
    try {
      // codex holds the task over src/export.ts.
      assert.equal(repo.cli(['claim', TASK], { CODEX_SANDBOX: 'seatbelt' }).code, 0);
      repo.git('add', 'docs/export-plan.json');
      assert.equal(repo.tryGit(['commit', '-qm', 'codex claims'], { CODEX_SANDBOX: 'seatbelt' }).code, 0);

      // claude's Bash tool runs a commit dressed as codex.
      const forged = 'env -u CLAUDECODE CODEX_SANDBOX=1 git commit -m "fix export"';
      assert.equal(denied(runHook(repo, repo.dir, 'claude', 'PreToolUse', claude.bash(repo.dir, 'c-1', forged))), null);
      repo.write('src/export.ts', 'export const a = 9;\n');
      repo.git('add', 'src/export.ts');
      const asCodex = repo.tryGit(['commit', '-m', 'fix export'], { CODEX_SANDBOX: '1' });
      assert.equal(asCodex.code, 1, asCodex.stderr);
      assert.match(asCodex.stderr, /commit refused/);
      assert.match(asCodex.stderr, /the claude agent hook, which saw its shell tool run this git command \(session c-1/);

      const declared = repo.tryGit(['commit', '-m', 'fix export'], { CLAUDECODE: '1', PLAN_HOOKS_AGENT: 'codex' });
      assert.equal(declared.code, 1, declared.stderr);
      assert.match(declared.stderr, /PLAN_HOOKS_AGENT says 'codex'.*the claude agent hook/);

      // Claude's own change, committed from a shell that lost every marker: claude's, recorded so.
      repo.git('reset', '-q', 'HEAD', 'src/export.ts');
      repo.git('checkout', '--', 'src/export.ts');
      repo.write('src/other.ts', 'export const b = 1;\n');
      repo.git('add', 'src/other.ts');
      assert.equal(denied(runHook(repo, repo.dir, 'claude', 'PreToolUse', claude.bash(repo.dir, 'c-1', 'git add src/other.ts && git commit -m other'))), null);
      const own = repo.tryGit(['commit', '-m', 'other']);
      assert.equal(own.code, 0, own.stderr);
      assert.match(repo.git('log', '-1', '--format=%B'), /Plan-Agent: claude \(agent-hook\)/);
    } finally {
      repo.remove();
      removeDir(`${repo.dir}-wt`);
    }
  });
});

describe('the record ends with its session', () => {
  test("claude ran a commit, then stopped at its limit: codex's commit in the same worktree minutes later is codex's", () => {
    const { repo } = rotationRepo();
    try {
      assert.equal(runHook(repo, repo.dir, 'claude', 'SessionStart', claude.start(repo.dir, 'c-1')).code, 0);
      assert.equal(denied(runHook(repo, repo.dir, 'claude', 'PreToolUse', claude.bash(repo.dir, 'c-1', 'git commit -am wip'))), null);
      assert.equal(runHook(repo, repo.dir, 'claude', 'StopFailure', claude.stopFailure(repo.dir, 'c-1')).code, 0);
      repo.write('src/new.ts', 'export const c = 1;\n');
      repo.git('add', 'src/new.ts');
      const commit = repo.tryGit(['commit', '-m', 'codex adds new.ts'], { CODEX_SANDBOX: 'seatbelt' });
      assert.equal(commit.code, 0, commit.stderr);
      assert.match(repo.git('log', '-1', '--format=%B'), /Plan-Agent: codex \(agent-marker\)/);
    } finally {
      repo.remove();
      removeDir(`${repo.dir}-wt`);
    }
  });
});
