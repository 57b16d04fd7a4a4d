// The board's repository: the rotation's (plan-hooks initialised, a linked worktree `feature`)
// with a second plan of dependent tasks, a hostile plan, a second worktree `api-work` bound to a
// task, and real work in each: claude claims in `feature`, leaves an edit uncommitted and stops
// at its usage limit; codex claims in `api-work` and stays live; a stale claim, a claim whose
// holder has no session here, a commit made without hooks, one made with --no-verify, and a
// request with hostile text.
import assert from 'node:assert/strict';
import { Repo } from '../fixtures/repo.js';
import { claimed, open, plan } from '../fixtures/plans.js';
import { TASK, claude, claudeClaims, codex, rotationRepo, runHook } from '../rotation/helpers.js';

export const HOSTILE_TITLE = '<img src=x onerror=alert(1)></script><script>alert(2)</script>\u001b[31mred\u0000\u202e';
export const HOSTILE_HOLDER = '<svg onload=alert(3)>';
export const HOSTILE_REQUEST = '</td><script>alert(4)</script>';
export { TASK };

export interface BoardRepo {
  repo: Repo;
  /** Linked worktree on `feature`, where claude works. */
  wt: Repo;
  /** Linked worktree on `api-work`, bound to graph/api, where codex works. */
  api: Repo;
}

const ok = (r: { code: number; stderr: string }, what: string) => assert.equal(r.code, 0, `${what}: ${r.stderr}`);

export function boardRepo(): BoardRepo {
  const { repo, wt } = rotationRepo();
  repo.writeJson(
    'docs/graph-plan.json',
    plan('graph', [
      { id: 'design', status: 'completed', acceptance: 'reviewed', files: ['docs/design.md'] },
      open('api', ['src/api.ts'], { dependsOn: ['design'], metadata: { branch: 'api-work' } }),
      open('ui', ['src/ui.ts'], { dependsOn: ['design'] }),
      open('docs', ['docs/guide.md'], { dependsOn: ['api', 'ui'] }),
      { id: 'ops', status: 'blocked', acceptance: 'deployed', files: ['ops/deploy.sh'] },
      claimed('review', 'dana', ['docs/review.md'], 2),
    ]),
  );
  // Its work item's log is old too: the claim is stale.
  repo.writeJson('docs/old-plan.json', plan('old', [claimed('legacy', 'cursor', ['src/legacy.ts'], 30)], { log: [{ date: '2026-01-02', summary: 'Started' }] }));
  repo.write('docs/old-plan.md', '# Old\n');
  repo.write('docs/graph-plan.md', '# Graph\n');
  repo.writeJson('docs/hostile-plan.json', {
    ...plan('hostile', [claimed('bait', HOSTILE_HOLDER, ['bait/**'], 1), open('after', ['after.txt'], { dependsOn: ['bait'] })]),
    title: HOSTILE_TITLE,
  });
  repo.write('docs/hostile-plan.md', '# Hostile\n');
  repo.git('add', '-A');
  // Claims for others, written by a person without hooks: the commit the worklog finds was made without them.
  ok(repo.tryGit(['-c', 'core.hooksPath=/dev/null', 'commit', '-qm', 'plans for the board']), 'hookless commit');
  repo.write('NOTES.md', 'notes\n');
  repo.git('add', 'NOTES.md');
  ok(repo.tryGit(['commit', '-q', '--no-verify', '-m', 'notes, unchecked']), '--no-verify commit');

  const apiDir = `${repo.dir}-api`;
  repo.git('worktree', 'add', '-q', '-b', 'api-work', apiDir);
  const api = new Repo(apiDir, repo.env);

  // claude: claims in feature, edits, stops at its limit.
  claudeClaims(wt, 'claim first-task');
  wt.write('src/export.ts', 'export const a = 1;\nexport const b = 2;\n');
  ok(runHook(wt, wt.dir, 'claude', 'StopFailure', claude.stopFailure(wt.dir, 'c-1')) as { code: number; stderr: string }, 'claude StopFailure');

  // codex: claims graph/api in api-work (bound to it), leaves src/api.ts uncommitted, stays live.
  const CODEX = { CODEX_SANDBOX: 'seatbelt' };
  ok(runHook(api, api.dir, 'codex', 'SessionStart', codex.start(api.dir, 'x-1')) as { code: number; stderr: string }, 'codex SessionStart');
  ok(api.cli(['claim', 'graph/api'], CODEX), 'codex claims graph/api');
  api.git('add', 'docs/graph-plan.json');
  ok(api.tryGit(['commit', '-qm', 'claim graph/api'], CODEX), 'codex commits its claim');
  api.write('src/api.ts', 'export const api = 1;\n');
  ok(runHook(api, api.dir, 'codex', 'Stop', codex.stop(api.dir, 'x-1')) as { code: number; stderr: string }, 'codex Stop');

  // A person's request to dana on its task, in hostile words.
  ok(repo.cli(['ask', 'graph/review', HOSTILE_REQUEST]), 'ask');
  return { repo, wt, api };
}

/** `status --json` in `dir`: the facts the board must show. */
export function statusJson(repo: Repo, cwd = repo.dir): any {
  const r = repo.cli(['status', '--json'], {}, cwd);
  assert.equal(r.code, 0, r.stderr);
  return JSON.parse(r.stdout);
}
