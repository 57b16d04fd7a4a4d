// claim, release and done in real repositories, through the built CLI.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { makeRepo, type Repo, removeDir } from '../fixtures/repo.js';
import type { PlanState, Task } from '../../src/core/plan-types.js';
import { hoursAgo, plan as planOf, today } from '../fixtures/plans.js';

const PLAN = 'docs/export-retry-plan.json';
const OTHER = 'docs/other-plan.json';
/** The export plan as \`plan-hooks new\` would leave it after planning: nothing started yet. */
function plan(planId: string, tasks: Task[], lastUpdated = '2026-01-02'): PlanState {
  return planOf(planId, tasks, {
    title: 'Add a retry to the export job',
    lifecycle: 'multi-session',
    lastUpdated,
    handoff: { nextAction: 'Start with the upload' },
    taskTemplate: { steps: [{ id: 'implement', description: 'Write it', status: 'not-started' }] },
    workItem: { status: 'not-started' },
    log: [{ date: '2026-01-01', summary: 'Planned' }],
  });
}

/** The two free tasks, `upload` held by `holder` since `hours` ago. */
function held(holder: string, hours: number): Task[] {
  const tasks = free();
  Object.assign(tasks[0], { status: 'in-progress', claimedBy: holder, claimedAt: hoursAgo(hours) });
  return tasks;
}

const free = () => [
  { id: 'upload', status: 'not-started' as const, acceptance: 'npm test -- export passes', files: ['src/export.ts'] },
  { id: 'shared', status: 'not-started' as const },
];

const cleanups: (() => void)[] = [];
after(() => cleanups.forEach((c) => c()));

/** A repository with the given plan text committed, plus a second plan sharing the task id `shared`. */
function setup(text: string): Repo {
  const repo = makeRepo({ initialCommit: true });
  cleanups.push(() => repo.remove());
  repo.write(PLAN, text);
  repo.writeJson(OTHER, plan('other', [{ id: 'shared', status: 'not-started' }]));
  repo.git('add', '-A');
  repo.git('commit', '-q', '-m', 'plans');
  return repo;
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
const read = (repo: Repo, file = PLAN) => readFileSync(join(repo.dir, file), 'utf8');
const parsed = (repo: Repo) => JSON.parse(read(repo)) as PlanState;
const task = (repo: Repo, id: string) => parsed(repo).workItems[0].tasks.find((t) => t.id === id)!;

describe('claim', () => {
  test('claims for --as: in-progress, claimedBy, claimedAt (now), lastUpdated today; exit 0', () => {
    const repo = setup(json(plan('export-retry', free())));
    const r = repo.cli(['claim', 'export-retry/upload', '--as', 'codex']);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /docs\/export-retry-plan\.json: claimed export-retry\/upload for codex/);
    const t = task(repo, 'upload');
    assert.deepEqual([t.status, t.claimedBy], ['in-progress', 'codex']);
    assert.match(t.claimedAt!, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    assert.ok(Math.abs(Date.parse(t.claimedAt!) - Date.now()) < 60_000);
    assert.equal(parsed(repo).lastUpdated, today());
    assert.equal(parsed(repo).workItems[0].status, 'in-progress');
  });

  test('without --as the identity is PLAN_HOOKS_AGENT, else the git author', () => {
    const repo = setup(json(plan('export-retry', free())));
    assert.equal(repo.cli(['claim', 'upload'], { PLAN_HOOKS_AGENT: 'gemini' }).code, 0);
    assert.equal(task(repo, 'upload').claimedBy, 'gemini');
    assert.equal(repo.cli(['release', 'upload'], { PLAN_HOOKS_AGENT: 'gemini' }).code, 0);
    assert.equal(repo.cli(['claim', 'upload']).code, 0);
    assert.equal(task(repo, 'upload').claimedBy, 'Test Author');
  });

  test('refused (exit 1, file untouched) while another holder’s claim is live, even with --takeover', () => {
    const text = json(plan('export-retry', held('claude', 2)));
    const repo = setup(text);
    const r = repo.cli(['claim', 'upload', '--as', 'codex']);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /export-retry\/upload is claimed by claude since .*\(2 h ago\)/);
    assert.match(r.stderr, /fix: coordinate with claude/);
    const t = repo.cli(['claim', 'upload', '--as', 'codex', '--takeover']);
    assert.equal(t.code, 1);
    assert.match(t.stderr, /not stale, so it cannot be taken over/);
    assert.equal(read(repo), text);
  });

  test('--takeover of a stale claim takes it and appends the handoff to the work item log and the changelog', () => {
    const repo = setup(json(plan('export-retry', held('claude', 72))));
    const plain = repo.cli(['claim', 'upload', '--as', 'codex']);
    assert.equal(plain.code, 1);
    assert.match(plain.stderr, /the claim is stale.*\n.*--takeover/);
    const r = repo.cli(['claim', 'upload', '--as', 'codex', '--takeover']);
    assert.equal(r.code, 0, r.stderr);
    const p = parsed(repo);
    assert.equal(p.workItems[0].tasks[0].claimedBy, 'codex');
    assert.equal(p.workItems[0].log.length, 2);
    assert.deepEqual(p.workItems[0].log[1], { date: today(), summary: p.workItems[0].log[1].summary, agent: 'codex' });
    assert.match(p.workItems[0].log[1].summary, /codex took over export-retry\/upload from claude/);
    assert.equal(p.changelog.length, 2);
    assert.match(p.changelog[1].summary, /handed from claude to codex/);
  });
});

describe('release', () => {
  test('claim then release leaves the file byte-identical (lastUpdated already today), in several layouts', () => {
    const value = plan('export-retry', free(), today());
    const layouts = [json(value), JSON.stringify(value, null, 4), `${JSON.stringify(value, null, '\t').replace(/\n/g, '\r\n')}\r\n`];
    for (const text of layouts) {
      const repo = setup(text);
      assert.equal(repo.cli(['claim', 'upload', '--as', 'codex']).code, 0);
      assert.notEqual(read(repo), text);
      const r = repo.cli(['release', 'upload', '--as', 'codex']);
      assert.equal(r.code, 0, r.stderr);
      assert.match(r.stdout, /released export-retry\/upload \(now not-started\)/);
      assert.equal(read(repo), text);
    }
  });

  test('a claim rewrites only the changed values: the diff is the task and lastUpdated', () => {
    const repo = setup(json(plan('export-retry', free())));
    repo.cli(['claim', 'upload', '--as', 'codex']);
    const changed = repo.git('diff', '-U0', '--', PLAN).split('\n').filter((l) => /^[-+](?![-+]{2})/.test(l));
    assert.deepEqual(changed.map((l) => l.replace(/^([-+])\s+/, '$1').replace(/"20[-0-9T:Z]+"/, 'D')), [
      '-"lastUpdated": D,',
      '+"lastUpdated": D,',
      '-"status": "not-started",',
      '+"status": "in-progress",',
      '-"status": "not-started",',
      '+"status": "in-progress",',
      '-]',
      '+],',
      '+"claimedBy": "codex",',
      '+"claimedAt": D',
    ]);
  });

  test('--status blocked; someone else’s live claim is refused; a bad --status is a usage error', () => {
    const text = json(plan('export-retry', held('claude', 1)));
    const repo = setup(text);
    const other = repo.cli(['release', 'upload', '--as', 'codex']);
    assert.equal(other.code, 1);
    assert.match(other.stderr, /only the holder may release it/);
    assert.equal(read(repo), text);
    assert.equal(repo.cli(['release', 'upload', '--as', 'claude', '--status', 'done']).code, 2);
    assert.equal(read(repo), text);
    assert.equal(repo.cli(['release', 'upload', '--as', 'claude-code', '--status', 'blocked']).code, 0, 'an alias of the holder may release');
    assert.equal(task(repo, 'upload').status, 'blocked');
    assert.equal(task(repo, 'upload').claimedBy, undefined);
  });
});

describe('done', () => {
  test('refused without acceptance (exit 1, untouched); with it: completed and a log entry (date, summary, agent)', () => {
    const tasks = [...free(), { id: 'bare', status: 'in-progress' as const, claimedBy: 'codex', claimedAt: hoursAgo(1) }];
    const text = json(plan('export-retry', tasks));
    const repo = setup(text);
    const bare = repo.cli(['done', 'bare', '--as', 'codex']);
    assert.equal(bare.code, 1);
    assert.match(bare.stderr, /export-retry\/bare has no acceptance check/);
    assert.equal(read(repo), text);

    assert.equal(repo.cli(['claim', 'upload', '--as', 'codex']).code, 0);
    const r = repo.cli(['done', 'upload', '--as', 'codex', '--summary', 'Retry wraps the upload']);
    assert.equal(r.code, 0, r.stderr);
    const p = parsed(repo);
    assert.equal(p.workItems[0].tasks[0].status, 'completed');
    // Other tasks of its work item are open: the entry is the task's own (metadata.done), which a line merge keeps apart from theirs.
    assert.deepEqual(p.workItems[0].tasks[0]!.metadata?.done, { date: today(), summary: 'Retry wraps the upload', agent: 'codex' });
    assert.match(r.stdout, /logged on the task/);
    assert.doesNotMatch(repo.cli(['validate', '--json']).stdout, /completed-without-log/, 'the task’s own record is its log entry');
  });

  test('refused when someone else holds the task', () => {
    const repo = setup(json(plan('export-retry', held('claude', 1))));
    const r = repo.cli(['done', 'upload', '--as', 'codex']);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /only the claimant marks it done/);
  });
});

describe('files and addressing', () => {
  test('the write is atomic: no temporary file is left behind and only the plan changes', () => {
    const repo = setup(json(plan('export-retry', free())));
    repo.cli(['claim', 'upload', '--as', 'codex']);
    repo.cli(['release', 'upload', '--as', 'codex']);
    repo.cli(['claim', 'upload', '--as', 'claude']);
    repo.cli(['claim', 'upload', '--as', 'codex']); // refused
    assert.deepEqual(readdirSync(join(repo.dir, 'docs')).sort(), ['export-retry-plan.json', 'other-plan.json']);
    assert.equal(repo.git('status', '--porcelain'), ` M ${PLAN}\n`);
  });

  test('an unknown task is exit 1 and says how to address one', () => {
    const repo = setup(json(plan('export-retry', free())));
    const r = repo.cli(['claim', 'nope', '--as', 'codex']);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /no task 'nope' in the 2 plan files/);
    assert.match(r.stderr, /<planId>\/<taskId>/);
  });

  test('a task id in two plans is ambiguous (candidates listed); the qualified address resolves it', () => {
    const repo = setup(json(plan('export-retry', free())));
    const r = repo.cli(['claim', 'shared', '--as', 'codex']);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /'shared' is in more than one plan: export-retry\/shared \(docs\/export-retry-plan\.json\), other\/shared \(docs\/other-plan\.json\)/);
    assert.equal(repo.cli(['claim', 'other/shared', '--as', 'codex']).code, 0);
    assert.equal((JSON.parse(read(repo, OTHER)) as PlanState).workItems[0].tasks[0].claimedBy, 'codex');
  });

  test('a plan that is not valid JSON is not edited, and the error gives its line and column', () => {
    const broken = '{\n  "planId": "export-retry",\n  "workItems": [\n    { "id": "work" tasks: [] }\n  ]\n}\n';
    const repo = setup(broken);
    const r = repo.cli(['claim', 'export-retry/upload', '--as', 'codex']);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /docs\/export-retry-plan\.json:4:\d+: not valid JSON/);
    assert.equal(read(repo), broken);
  });

  test('a plan that is a symbolic link is not followed', () => {
    const repo = setup(json(plan('export-retry', free())));
    const outside = `${repo.dir}-outside.json`;
    writeFileSync(outside, json(plan('outside', free())));
    cleanups.push(() => rmSync(outside, { force: true }));
    symlinkSync(outside, join(repo.dir, 'docs/outside-plan.json'));
    const r = repo.cli(['claim', 'outside/upload', '--as', 'codex']);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /docs\/outside-plan\.json: is a symbolic link/);
    assert.equal(readFileSync(outside, 'utf8'), json(plan('outside', free())));
  });

  test('usage errors exit 2; --help exits 0 for each command', () => {
    const repo = setup(json(plan('export-retry', free())));
    assert.equal(repo.cli(['claim']).code, 2);
    assert.equal(repo.cli(['claim', 'a', 'b']).code, 2);
    assert.equal(repo.cli(['done', 'upload', '--bogus']).code, 2);
    assert.equal(repo.cli(['claim', 'upload', '--as', ' ']).code, 2);
    for (const name of ['claim', 'release', 'done']) {
      const r = repo.cli([name, '--help']);
      assert.equal(r.code, 0);
      assert.match(r.stdout, new RegExp(`^Usage: plan-hooks ${name} <planId/taskId \\| taskId>`));
    }
  });
});

describe('claims seen elsewhere', () => {
  test('a live claim committed in another worktree refuses claim and done; its holder may proceed', () => {
    const repo = setup(json(plan('export-retry', free())));
    const other = `${repo.dir}-agent-a`;
    repo.git('worktree', 'add', '-q', '-b', 'agent-a', other);
    cleanups.push(() => removeDir(other));
    assert.equal(repo.cli(['claim', 'upload', '--as', 'claude'], {}, other).code, 0);
    // Not committed there yet: no claim anyone else has to honour (the commit is the record).
    assert.equal(repo.cli(['claim', 'upload', '--as', 'codex']).code, 0);
    repo.git('checkout', '--', '.');
    repo.git('-C', other, 'commit', '-q', '--no-verify', '-am', 'claude claims upload');
    const r = repo.cli(['claim', 'upload', '--as', 'codex']);
    assert.equal(r.code, 1);
    assert.match(r.stderr, new RegExp(`export-retry/upload is claimed by claude since .* in worktree .*agent-a`));
    assert.equal(repo.cli(['done', 'upload', '--as', 'codex']).code, 1);
    assert.equal(read(repo), json(plan('export-retry', free())));
    assert.equal(repo.cli(['claim', 'upload', '--as', 'claude']).code, 0);
  });

  test('a live claim on the base branch refuses a claim on a branch made before it', () => {
    const repo = setup(json(plan('export-retry', free())));
    repo.git('branch', 'feature');
    assert.equal(repo.cli(['claim', 'upload', '--as', 'claude']).code, 0);
    repo.git('commit', '-q', '-am', 'claude claims upload');
    repo.git('checkout', '-q', 'feature');
    const r = repo.cli(['claim', 'upload', '--as', 'codex']);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /claimed by claude since .* in branch main \(not stale\)/);
  });
});

describe('--json', () => {
  test('claim, release and done print the task as the plan now says it; a refusal is a JSON error on stderr, nothing on stdout', () => {
    const repo = setup(`${JSON.stringify(plan('export-retry', free()), null, 2)}\n`);
    const as = { PLAN_HOOKS_AGENT: 'alice' };
    const claimed = repo.cli(['claim', 'export-retry/upload', '--json'], as);
    assert.equal(claimed.code, 0, claimed.stderr);
    const c = JSON.parse(claimed.stdout);
    assert.deepEqual({ ...c, claimedAt: typeof c.claimedAt, summary: typeof c.summary }, {
      command: 'claim', task: 'export-retry/upload', file: PLAN, status: 'in-progress', claimedBy: 'alice', claimedAt: 'string', summary: 'string', reformatted: false,
    });
    const refused = repo.cli(['claim', 'export-retry/upload', '--json'], { PLAN_HOOKS_AGENT: 'bob' });
    assert.equal(refused.code, 1);
    assert.equal(refused.stdout, '');
    const e = JSON.parse(refused.stderr).error;
    assert.equal(e.command, 'claim');
    assert.equal(e.file, PLAN);
    assert.equal(e.refused, true);
    assert.match(e.message, /alice/);
    assert.ok(e.fix.length > 0);
    const released = JSON.parse(repo.cli(['release', 'upload', '--json'], as).stdout);
    assert.deepEqual([released.command, released.status, released.claimedBy], ['release', 'not-started', null]);
    const done = repo.cli(['done', 'export-retry/upload', '--json', '--summary', 'shipped'], as);
    assert.equal(done.code, 0, done.stderr);
    assert.deepEqual([JSON.parse(done.stdout).command, JSON.parse(done.stdout).status, JSON.parse(done.stdout).claimedBy], ['done', 'completed', 'alice']);
    // An unknown task is an error like any other under --json.
    const unknown = repo.cli(['claim', 'nope', '--json'], as);
    assert.equal(unknown.code, 1);
    assert.match(JSON.parse(unknown.stderr).error.message, /nope/);
  });
});
