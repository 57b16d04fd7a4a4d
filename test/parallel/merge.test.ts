// Generated text never conflicts (issue 31 item 2): two subagents in two worktrees each claim
// their own task, work, record the task's next action and mark it done, with every block
// plan-hooks writes regenerated at each commit (AGENTS.md, the plan's .md) and the plan JSON
// edited by claim and done. Both branches then merge into main with plain `git merge`, no merge
// driver (what the hosting service's button does): no conflict in any file plan-hooks writes, and
// main's blocks are exactly what `plan-hooks handoff` generates from the merged plan; a completed
// task's next action is gone.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { TempDirs } from '../fixtures/remote.js';
import { Repo } from '../fixtures/repo.js';
import { open, plan } from '../fixtures/plans.js';
import { nodeRepo } from '../install/helpers.js';

const CLAUDE = { CLAUDECODE: '1' };

/** The plan: one work item per task, as a plan split for parallel subagents has it (docs/parallel.md); or every task in one work item. */
function parallelPlan(ids: string[], oneItem = false) {
  const p = plan('par', [open(ids[0]!, [`src/${ids[0]}.ts`])], { lifecycle: 'multi-session', handoff: { nextAction: 'Start the tasks in parallel', verify: 'npm test' } });
  p.workItems = oneItem
    ? [{ id: 'w', title: 'Work', status: 'not-started', findings: [], tasks: ids.map((id) => open(id, [`src/${id}.ts`])), log: [] }]
    : ids.map((id) => ({ id: `w-${id}`, title: `Work ${id}`, status: 'not-started', findings: [], tasks: [open(id, [`src/${id}.ts`])], log: [] }));
  return p;
}

function setup(dirs: TempDirs, ids: string[], oneItem = false): Repo {
  const repo = nodeRepo();
  dirs.dirs.push(repo.dir);
  repo.writeJson('docs/par-plan.json', parallelPlan(ids, oneItem));
  repo.write('docs/par-plan.md', '# Par\n\nWhy we do it.\n');
  repo.write('AGENTS.md', '# Agents\n');
  for (const id of ids) repo.write(`src/${id}.ts`, `export const ${id} = 1;\n`);
  assert.equal(repo.cli(['init']).code, 0);
  repo.git('add', '-A');
  repo.git('commit', '-qm', 'plan and hooks');
  // That commit staged the plan: pre-commit wrote the blocks into it.
  assert.match(readFileSync(join(repo.dir, 'AGENTS.md'), 'utf8'), /## Plan handoff/);
  return repo;
}

/** A subagent's whole task in its own worktree: claim, work with a next action recorded, done; every step a commit through the hooks. */
function playTask(repo: Repo, dirs: TempDirs, id: string): Repo {
  const dir = `${repo.dir}-${id}`;
  dirs.dirs.push(dir);
  repo.git('worktree', 'add', '-q', '-b', `agent/${id}`, dir);
  const wt = new Repo(dir, repo.env);
  const commit = (message: string) => {
    wt.git('add', '-A');
    const r = wt.tryGit(['commit', '-qm', message], CLAUDE);
    assert.equal(r.code, 0, r.stderr);
  };
  assert.equal(wt.cli(['claim', id], CLAUDE).code, 0);
  commit(`claim ${id}`);
  const p = JSON.parse(readFileSync(join(dir, 'docs/par-plan.json'), 'utf8'));
  const task = p.workItems.flatMap((w: { tasks: unknown[] }) => w.tasks).find((t: { id: string }) => t.id === id);
  task.metadata = { nextAction: `Finish ${id}: the error path` };
  wt.writeJson('docs/par-plan.json', p);
  wt.write(`src/${id}.ts`, `export const ${id} = 2;\n`);
  commit(`half of ${id}`);
  assert.match(readFileSync(join(dir, 'docs/par-plan.md'), 'utf8'), new RegExp(`next: Finish ${id}`), 'the block carries the task’s next action on its branch');
  wt.write(`src/${id}.ts`, `export const ${id} = 3;\n`);
  assert.equal(wt.cli(['done', id], CLAUDE).code, 0);
  commit(`finish ${id}`);
  return wt;
}

/** What `plan-hooks handoff` generates for each file from the plans in the working tree, against what the file holds. */
function blocksTrue(repo: Repo): { file: string; ok: boolean }[] {
  const out = JSON.parse(repo.cli(['handoff', '--json']).stdout) as { blocks: { file: string; block: string }[] };
  return out.blocks.map(({ file, block }) => ({ file, ok: readFileSync(join(repo.dir, file), 'utf8').includes(block) }));
}

describe('two branches that each changed their own task merge without a conflict in what plan-hooks writes', () => {
  const dirs = new TempDirs();
  after(() => dirs.removeAll());

  test('plain git merge of both branches, no merge driver: no conflict; main’s blocks are the merged plan’s; no finished task’s next action', () => {
    const repo = setup(dirs, ['a', 'b', 'c']);
    playTask(repo, dirs, 'a');
    playTask(repo, dirs, 'b');
    for (const branch of ['agent/a', 'agent/b']) {
      const merge = repo.tryGit(['-c', 'core.hooksPath=/dev/null', 'merge', '--no-ff', '--no-edit', '-q', branch]);
      assert.equal(merge.code, 0, `${branch}: ${merge.stdout}${merge.stderr}${repo.git('status', '--short')}`);
      for (const b of blocksTrue(repo)) assert.ok(b.ok, `${b.file} after merging ${branch} is what the merged plan generates:\n${readFileSync(join(repo.dir, b.file), 'utf8')}`);
    }
    const md = readFileSync(join(repo.dir, 'docs/par-plan.md'), 'utf8');
    assert.match(md, /- `a` — completed/);
    assert.match(md, /- `b` — completed/);
    assert.match(md, /- `c` — not-started/);
    assert.doesNotMatch(md, /Finish a|Finish b/, 'a completed task’s next action is gone');
    assert.doesNotMatch(readFileSync(join(repo.dir, 'AGENTS.md'), 'utf8'), /agent\/|Builds on/);
    const plan = JSON.parse(readFileSync(join(repo.dir, 'docs/par-plan.json'), 'utf8'));
    assert.deepEqual(plan.workItems.map((w: { status: string }) => w.status), ['completed', 'completed', 'not-started']);
    assert.equal(repo.cli(['validate']).code, 0);
  });

  test('the same with a rebase of the second branch onto the first merge', () => {
    const repo = setup(dirs, ['a', 'b']);
    playTask(repo, dirs, 'a');
    const wtB = playTask(repo, dirs, 'b');
    assert.equal(repo.tryGit(['-c', 'core.hooksPath=/dev/null', 'merge', '--no-ff', '--no-edit', '-q', 'agent/a']).code, 0);
    const rebase = wtB.tryGit(['-c', 'core.hooksPath=/dev/null', 'rebase', '-q', 'main']);
    assert.equal(rebase.code, 0, rebase.stdout + rebase.stderr);
    assert.equal(repo.tryGit(['-c', 'core.hooksPath=/dev/null', 'merge', '--ff-only', '-q', 'agent/b']).code, 0);
    for (const b of blocksTrue(repo)) assert.ok(b.ok, b.file);
  });

  test('two tasks of one work item, each done on its own branch, merged in turn with plain git merge: no conflict; both done records kept; the plan validates', () => {
    const repo = setup(dirs, ['x', 'y', 'z'], true);
    playTask(repo, dirs, 'x');
    playTask(repo, dirs, 'y');
    for (const branch of ['agent/x', 'agent/y']) {
      const merge = repo.tryGit(['-c', 'core.hooksPath=/dev/null', 'merge', '--no-ff', '--no-edit', '-q', branch]);
      assert.equal(merge.code, 0, `${branch}: ${merge.stdout}${merge.stderr}${repo.git('status', '--short')}`);
      for (const b of blocksTrue(repo)) assert.ok(b.ok, `${b.file} after merging ${branch}`);
    }
    const p = JSON.parse(readFileSync(join(repo.dir, 'docs/par-plan.json'), 'utf8'));
    const [x, y, z] = p.workItems[0].tasks;
    assert.deepEqual([x.status, y.status, z.status], ['completed', 'completed', 'not-started']);
    // Each task's done record is on its own lines, so neither branch's is lost in the merge.
    assert.match(JSON.stringify([x.metadata, y.metadata]), /par\/x.*par\/y/);
    const validate = repo.cli(['validate', '--json']);
    assert.equal(validate.code, 0, validate.stdout + validate.stderr);
    assert.doesNotMatch(validate.stdout, /completed-without-log/);
  });
});
