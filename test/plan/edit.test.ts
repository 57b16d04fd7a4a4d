import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DEFAULT_CONFIG } from '../../src/config/config.js';
import { claimTask, completeTask, dateTime, releaseTask, taskIds, type EditContext, type EditOutcome } from '../../src/plan/edit.js';
import { matchesAddress } from '../../src/core/task-key.js';
import { checkTransitions } from '../../src/core/transitions.js';
import type { PlanState } from '../../src/core/plan-types.js';
import { NOW, samplePlan, stalePlan } from '../fixtures/plans.js';

const ctx = (actor: string): EditContext => ({ actor, aliases: DEFAULT_CONFIG.aliases, now: NOW, staleAfterHours: 24 });

function ok(outcome: EditOutcome): PlanState & { summary: string } {
  assert.ok(outcome.ok, outcome.ok ? '' : `${outcome.message} / ${outcome.fix}`);
  return Object.assign(outcome.plan, { summary: outcome.summary });
}

function refused(outcome: EditOutcome, pattern: RegExp): { message: string; fix: string } {
  assert.ok(!outcome.ok, 'expected a refusal');
  assert.match(`${outcome.message} / ${outcome.fix}`, pattern);
  return outcome;
}


describe('claim', () => {
  test('claims an unclaimed task: in-progress, claimedBy, claimedAt now, lastUpdated today; no log entry', () => {
    const before = samplePlan();
    const plan = ok(claimTask(before, 'b', ctx('codex'), { takeover: false }));
    assert.deepEqual(plan.workItems[0].tasks[1], { ...before.workItems[0].tasks[1], status: 'in-progress', claimedBy: 'codex', claimedAt: '2026-03-10T12:00:00Z' });
    assert.equal(plan.lastUpdated, '2026-03-10');
    assert.deepEqual(plan.workItems[0].log, before.workItems[0].log);
    assert.deepEqual(plan.changelog, before.changelog);
    assert.equal(before.workItems[0].tasks[1].status, 'not-started', 'the input plan is not modified');
  });

  test('refuses a task held live by someone else, with or without --takeover', () => {
    refused(claimTask(samplePlan(), 'a', ctx('codex'), { takeover: false }), /claimed by claude since 2026-03-10T10:00:00Z \(2 h ago\).*--takeover/);
    refused(claimTask(samplePlan(), 'a', ctx('codex'), { takeover: true }), /not stale, so it cannot be taken over/);
  });

  test('a stale claim needs --takeover', () => {
    refused(claimTask(stalePlan(), 'a', ctx('codex'), { takeover: false }), /stale.*claim export-retry\/a --takeover/);
  });

  test('--takeover of a stale claim moves it and logs the handoff in the work item and the changelog', () => {
    const before = stalePlan();
    const plan = ok(claimTask(before, 'a', ctx('codex'), { takeover: true }));
    const task = plan.workItems[0].tasks[0];
    assert.deepEqual([task.claimedBy, task.claimedAt, task.status], ['codex', '2026-03-10T12:00:00Z', 'in-progress']);
    const log = plan.workItems[0].log;
    assert.equal(log.length, 2);
    assert.deepEqual(log[0], before.workItems[0].log[0]);
    assert.equal(log[1].agent, 'codex');
    assert.equal(log[1].date, '2026-03-10');
    assert.match(log[1].summary, /codex took over export-retry\/a from claude.*2026-03-07T09:00:00Z.*stale/);
    assert.equal(plan.changelog.length, 2);
    assert.match(plan.changelog[1].summary, /handed from claude to codex/);
    assert.match(plan.summary, /codex took over export-retry\/a from claude/);
    // The edit passes the transition rules it is meant to satisfy.
    assert.deepEqual(checkTransitions(before, plan, { file: 'p.json', identity: 'codex', aliases: {}, now: NOW, staleAfterHours: 24 }), []);
  });

  test('re-claiming your own task (an alias counts) renews claimedAt without a log entry, keeping the holder’s spelling', () => {
    const plan = ok(claimTask(samplePlan(), 'a', ctx('Claude-Code'), { takeover: false }));
    assert.equal(plan.workItems[0].tasks[0].claimedAt, '2026-03-10T12:00:00Z');
    assert.equal(plan.workItems[0].tasks[0].claimedBy, 'claude');
    assert.match(plan.summary, /renewed/);
    assert.equal(plan.workItems[0].log.length, 1);
  });

  test('--takeover without a claim to take over is an ordinary claim', () => {
    const plan = ok(claimTask(samplePlan(), 'b', ctx('codex'), { takeover: true }));
    assert.equal(plan.workItems[0].tasks[1].claimedBy, 'codex');
    assert.equal(plan.changelog.length, 1);
  });

  test('a claimedBy left on a blocked task is no hold', () => {
    const before = samplePlan();
    before.workItems[0].tasks[0].status = 'blocked';
    assert.equal(ok(claimTask(before, 'a', ctx('codex'), { takeover: false })).workItems[0].tasks[0].claimedBy, 'codex');
  });

  test('a completed task cannot be claimed', () => {
    const before = samplePlan();
    before.workItems[0].tasks[1].status = 'completed';
    refused(claimTask(before, 'b', ctx('codex'), { takeover: false }), /already completed/);
  });

  test('claiming in a not-started work item makes it in-progress; releasing again restores it', () => {
    const before = samplePlan();
    before.workItems[0].status = 'not-started';
    before.workItems[0].tasks[0] = { id: 'a', status: 'not-started', acceptance: 'x' };
    const claimed = ok(claimTask(before, 'a', ctx('codex'), { takeover: false }));
    assert.equal(claimed.workItems[0].status, 'in-progress');
    const released = ok(releaseTask(claimed, 'a', ctx('codex'), { status: 'not-started' }));
    assert.equal(released.workItems[0].status, 'not-started');
    const { summary: _s, ...rest } = released;
    assert.deepEqual(rest, { ...before, lastUpdated: '2026-03-10' });
  });
});

describe('release', () => {
  test('the holder releases: claim removed, status not-started by default or as asked', () => {
    const plan = ok(releaseTask(samplePlan(), 'a', ctx('claude'), { status: 'not-started' }));
    const task = plan.workItems[0].tasks[0];
    assert.deepEqual([task.status, task.claimedBy, task.claimedAt], ['not-started', undefined, undefined]);
    assert.ok(!('claimedBy' in task) && !('claimedAt' in task));
    assert.equal(ok(releaseTask(samplePlan(), 'a', ctx('claude'), { status: 'blocked' })).workItems[0].tasks[0].status, 'blocked');
  });

  test('someone else may not release a live claim, but may release a stale one', () => {
    refused(releaseTask(samplePlan(), 'a', ctx('codex'), { status: 'not-started' }), /only the holder may release/);
    assert.equal(ok(releaseTask(stalePlan(), 'a', ctx('codex'), { status: 'not-started' })).workItems[0].tasks[0].claimedBy, undefined);
  });

  test('an unclaimed task or a completed one cannot be released', () => {
    refused(releaseTask(samplePlan(), 'b', ctx('codex'), { status: 'not-started' }), /not claimed/);
    const done = samplePlan();
    done.workItems[0].tasks[0].status = 'completed';
    refused(releaseTask(done, 'a', ctx('claude'), { status: 'not-started' }), /already completed/);
  });
});

describe('done', () => {
  test('the claimant completes: status completed, a log entry with date, summary and agent — on the task while its item has other open tasks', () => {
    const before = samplePlan();
    const plan = ok(completeTask(before, 'a', ctx('claude'), { summary: 'Wrapped the upload' }));
    assert.equal(plan.workItems[0].tasks[0].status, 'completed');
    assert.equal(plan.workItems[0].tasks[0].claimedAt, '2026-03-10T10:00:00Z', 'the claim is kept as it was');
    // b is still open: the record stays on a's own lines, where b's done on another branch cannot collide with it.
    assert.deepEqual(plan.workItems[0].tasks[0].metadata?.done, { date: '2026-03-10', summary: 'Wrapped the upload', agent: 'claude' });
    assert.deepEqual(plan.workItems[0].log, before.workItems[0].log);
    assert.equal(plan.lastUpdated, '2026-03-10');
  });

  test('the task that completes its work item logs in the item; the default summary names the task', () => {
    const p = samplePlan();
    p.workItems[0].tasks = p.workItems[0].tasks.map((t) => (t.id === 'a' ? t : { ...t, status: 'completed' as const }));
    const plan = ok(completeTask(p, 'a', ctx('claude'), {}));
    assert.deepEqual(plan.workItems[0].log.at(-1), { date: '2026-03-10', summary: 'Completed export-retry/a', agent: 'claude' });
    assert.equal(plan.workItems[0].tasks[0].metadata?.done, undefined);
    assert.equal(plan.workItems[0].status, 'completed');
  });

  test('refused without acceptance (missing or blank)', () => {
    const plan = samplePlan();
    delete plan.workItems[0].tasks[0].acceptance;
    refused(completeTask(plan, 'a', ctx('claude'), {}), /no acceptance check.*add "acceptance"/);
    plan.workItems[0].tasks[0].acceptance = '  ';
    refused(completeTask(plan, 'a', ctx('claude'), {}), /no acceptance check/);
  });

  test('refused for someone else’s claim, live or stale (stale: take it over first)', () => {
    refused(completeTask(samplePlan(), 'a', ctx('codex'), {}), /only the claimant.*let claude finish it/);
    refused(completeTask(stalePlan(), 'a', ctx('codex'), {}), /\(stale\).*claim export-retry\/a --takeover/);
  });

  test('an unclaimed task is recorded as completed by whoever ran done; the last task completes the work item', () => {
    const before = samplePlan();
    before.workItems[0].tasks[0].status = 'completed';
    const plan = ok(completeTask(before, 'b', ctx('codex'), {}));
    assert.deepEqual([plan.workItems[0].tasks[1].claimedBy, plan.workItems[0].tasks[1].claimedAt], ['codex', dateTime(NOW)]);
    assert.equal(plan.workItems[0].status, 'completed');
  });

  test('a completed task cannot be done twice', () => {
    const before = samplePlan();
    before.workItems[0].tasks[0].status = 'completed';
    refused(completeTask(before, 'a', ctx('claude'), {}), /already completed/);
  });
});

describe('addressing and malformed plans', () => {
  test('a task is addressed by <planId>/<taskId> or by its id alone', () => {
    const plan = samplePlan();
    assert.deepEqual(taskIds(plan), ['a', 'b']);
    assert.ok(matchesAddress(plan, 'a', 'a'));
    assert.ok(matchesAddress(plan, 'a', 'export-retry/a'));
    assert.ok(!matchesAddress(plan, 'a', 'other/a'));
  });

  test('a work item without a log list is refused rather than half-edited', () => {
    const plan = samplePlan() as unknown as { workItems: Record<string, unknown>[] };
    delete plan.workItems[0].log;
    refused(completeTask(plan as unknown as PlanState, 'a', ctx('claude'), {}), /cannot edit this plan: work item 'work' has no log list/);
  });
});
