// Plans and repositories for the enforcement tests: real commits, claims dated from the clock.
import type { PlanState, Task } from '../../src/plan/types.js';
import { type Repo, makeRepo } from '../fixtures/repo.js';

export const hoursAgo = (h: number) => new Date(Date.now() - h * 3600_000).toISOString().replace(/\.\d+Z$/, 'Z');
export const today = () => new Date().toISOString().slice(0, 10);

/** A valid plan with one work item holding `tasks`; the log is recent unless `log` says otherwise. */
export function plan(planId: string, tasks: Task[], opts: { log?: { date: string; summary: string }[] } = {}): PlanState {
  const anyActive = tasks.some((t) => t.status === 'in-progress');
  return {
    planId,
    title: `Plan ${planId}`,
    lifecycle: 'single-pr',
    createdDate: '2026-01-01',
    lastUpdated: today(),
    relatedDocs: [],
    taskTemplate: { steps: [{ id: 'do', description: 'Do it', status: 'not-started' }] },
    workItems: [
      {
        id: 'work',
        title: 'The work',
        status: anyActive ? 'in-progress' : tasks.every((t) => t.status === 'completed') ? 'completed' : 'not-started',
        findings: [],
        tasks,
        log: opts.log ?? [{ date: today(), summary: 'Started' }],
      },
    ],
    changelog: [{ date: '2026-01-01', summary: 'Plan created' }],
  };
}

/** An in-progress task held by `holder` over `files`, claimed `hours` ago. */
export const claimed = (id: string, holder: string, files: string[], hours = 1, extra: Partial<Task> = {}): Task => ({
  id,
  status: 'in-progress',
  acceptance: 'tests pass',
  files,
  claimedBy: holder,
  claimedAt: hoursAgo(hours),
  ...extra,
});

export const open = (id: string, files: string[]): Task => ({ id, status: 'not-started', acceptance: 'tests pass', files });

/**
 * A repository with the hooks installed and a first commit holding `plans` (file → plan) and
 * the paired Markdown, committed without hooks.
 */
export function repoWithPlans(plans: Record<string, PlanState>, hooks?: string[]): Repo {
  const repo = makeRepo();
  repo.write('README.md', '# test\n');
  repo.write('src/app.ts', 'export {};\n');
  for (const [file, p] of Object.entries(plans)) {
    repo.writeJson(file, p);
    repo.write(file.replace(/\.json$/, '.md'), `# ${p.title}\n`);
  }
  repo.git('add', '-A');
  repo.git('commit', '-q', '-m', 'initial');
  // Not post-commit by default: it consumes the verified marker these tests inspect.
  repo.installRawHooks(hooks ?? ['pre-commit', 'prepare-commit-msg', 'post-rewrite', 'pre-push']);
  return repo;
}
