// What the identity tests share: a repository whose person committed the files under test and
// pushed them to a bare remote, CI as check --range in a fresh clone, and main put back between cases.
import assert from 'node:assert/strict';
import { type Repo, type RunResult, repoWithPlans } from '../fixtures/repo.js';
import { type TempDirs, freshClone, withRemote } from '../fixtures/remote.js';
import { claimed, plan } from '../fixtures/plans.js';

export const CLAUDE = { CLAUDECODE: '1' };
export const HOOKLESS = ['-c', 'core.hooksPath=/dev/null'];

export const refused = (res: RunResult, pattern: RegExp) => {
  assert.equal(res.code, 1, `expected a refusal:\n${res.stdout}${res.stderr}`);
  assert.match(res.stderr, pattern);
};
export const passed = (res: RunResult) => assert.equal(res.code, 0, res.stdout + res.stderr);

/** Published repositories whose temporary directories `temp` removes. */
export function publishing(temp: TempDirs) {
  return {
    /** codex claims src/api; `write` lays down a person's files, committed as `message` and pushed to a bare remote. */
    publish(message: string, write: (r: Repo) => void): { r: Repo; remote: string; base: string } {
      const r = repoWithPlans({ 'docs/api-plan.json': plan('api', [claimed('endpoints', 'codex', ['src/api'])]) });
      temp.dirs.push(r.dir);
      write(r);
      r.git('add', '-A');
      passed(r.commit(message));
      const remote = withRemote(r, temp);
      passed(r.tryGit(['push', '-q', 'origin', 'main']));
      return { r, remote, base: r.git('rev-parse', 'HEAD').trim() };
    },
    /** check --range base..main in a fresh clone of what main now is on the remote (pushed past pre-push). */
    ci(r: Repo, remote: string, base: string): RunResult {
      passed(r.tryGit(['push', '-q', '--no-verify', '--force', 'origin', 'main']));
      return freshClone(remote, temp).cli(['check', '--range', `${base}..main`]);
    },
    /** main back at `base`, here and on the remote, for the next case. */
    restore(r: Repo, base: string): void {
      r.git('reset', '-q', '--hard', base);
      passed(r.tryGit(['push', '-q', '--no-verify', '--force', 'origin', 'main']));
    },
  };
}
