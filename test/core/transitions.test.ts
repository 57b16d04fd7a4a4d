import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DEFAULT_CONFIG } from '../../src/config/config.js';
import { parseJsonDocument } from '../../src/lib/json-document.js';
import type { Problem } from '../../src/problems/problems.js';
import { TRANSITION_RULES, checkTransitions, sameJson, type TransitionContext } from '../../src/core/transitions.js';
import type { PlanState, Task } from '../../src/core/plan-types.js';
import { NOW, samplePlan, stalePlan } from '../fixtures/plans.js';

function ctx(identity: string, extra: Partial<TransitionContext> = {}): TransitionContext {
  return { file: 'docs/export-retry-plan.json', identity, aliases: DEFAULT_CONFIG.aliases, now: NOW, staleAfterHours: 24, ...extra };
}

function check(before: PlanState | null, edit: (p: PlanState) => void, identity = 'claude', extra: Partial<TransitionContext> = {}): Problem[] {
  const after = structuredClone(before ?? samplePlan());
  edit(after);
  return checkTransitions(before, after, ctx(identity, extra));
}

const rules = (problems: Problem[]) => problems.map((p) => `${p.severity}:${p.rule}:${p.path}`);


describe('unchanged and ordinary edits', () => {
  test('an identical plan has no problems', () => {
    assert.deepEqual(check(samplePlan(), () => {}), []);
  });

  test('a new plan (nothing at HEAD) has no transitions, even with completed tasks of others', () => {
    const after = samplePlan();
    after.workItems[0].tasks[0].status = 'completed';
    assert.deepEqual(checkTransitions(null, after, ctx('codex')), []);
  });

  test('appending to the changelog and a work item log is allowed, and so are lastUpdated and status edits', () => {
    const problems = check(samplePlan(), (p) => {
      p.changelog.push({ date: '2026-03-10', summary: 'More', agent: 'codex' });
      p.workItems[0].log.push({ date: '2026-03-10', summary: 'Worked' });
      p.lastUpdated = '2026-03-10';
      p.workItems[0].tasks[1].status = 'blocked';
      p.title = 'A new title';
    }, 'codex');
    assert.deepEqual(problems, []);
  });

  test('reordering work items and moving a task to another item keep their logs and claims matched by id', () => {
    const before = samplePlan();
    before.workItems.push({ id: 'second', title: 'Second', status: 'not-started', findings: [], tasks: [{ id: 'c', status: 'not-started' }], log: [{ date: '2026-03-02', summary: 'x' }] });
    const move = (p: PlanState) => {
      p.workItems.reverse();
      const moved = p.workItems[1].tasks.splice(0, 1)[0];
      p.workItems[0].tasks.push(moved);
    };
    // The moved task is claude's (live): its holder may move it, nobody else.
    assert.deepEqual(check(before, move, 'claude'), []);
    assert.deepEqual(rules(check(before, move, 'codex')), [`error:${TRANSITION_RULES.claimedTaskChanged}:workItems[0].tasks[1]`]);
  });

  test('reformatting a log entry (key order) is not an edit', () => {
    const problems = check(samplePlan(), (p) => {
      p.changelog[0] = { agent: 'claude', summary: 'Plan created', date: '2026-03-01' };
    });
    assert.deepEqual(problems, []);
  });
});

describe('planId and createdDate', () => {
  test('a changed planId is an error at planId', () => {
    const problems = check(samplePlan(), (p) => (p.planId = 'renamed'));
    assert.deepEqual(rules(problems), [`error:${TRANSITION_RULES.planIdChanged}:planId`]);
    assert.match(problems[0].message, /'export-retry' to 'renamed'/);
    assert.match(problems[0].fix, /restore "planId": "export-retry"/);
  });

  test('a changed createdDate is an error at createdDate', () => {
    const problems = check(samplePlan(), (p) => (p.createdDate = '2026-02-01'));
    assert.deepEqual(rules(problems), [`error:${TRANSITION_RULES.createdDateChanged}:createdDate`]);
    assert.match(problems[0].fix, /2026-03-01/);
  });
});

describe('append-only logs', () => {
  test('an edited changelog entry is an error at its path', () => {
    const problems = check(samplePlan(), (p) => (p.changelog[0].summary = 'Rewritten'));
    assert.deepEqual(rules(problems), [`error:${TRANSITION_RULES.logRewritten}:changelog[0]`]);
    assert.match(problems[0].fix, /append a new log entry instead of editing/);
  });

  test('a removed changelog entry is an error at the changelog', () => {
    const problems = check(samplePlan(), (p) => (p.changelog = []));
    assert.deepEqual(rules(problems), [`error:${TRANSITION_RULES.logRewritten}:changelog`]);
    assert.match(problems[0].message, /the changelog has 0 entries but had 1 at HEAD/);
  });

  test('an edited work item log entry is an error at its path in the staged plan', () => {
    const before = samplePlan();
    before.workItems.unshift({ id: 'first', title: 'F', status: 'not-started', findings: [], tasks: [{ id: 'z', status: 'not-started' }], log: [] });
    const problems = check(before, (p) => {
      p.workItems.reverse(); // `work` is now workItems[0]
      p.workItems[0].log[0].agent = 'codex';
    });
    assert.deepEqual(rules(problems), [`error:${TRANSITION_RULES.logRewritten}:workItems[0].log[0]`]);
  });

  test('inserting an entry before existing ones (reordering) is an error: entries are matched by position', () => {
    const problems = check(samplePlan(), (p) => p.workItems[0].log.unshift({ date: '2026-03-10', summary: 'Inserted' }));
    assert.deepEqual(rules(problems), [`error:${TRANSITION_RULES.logRewritten}:workItems[0].log[0]`]);
  });

  test('removing a work item that has log entries is an error; one with an empty log is not', () => {
    const before = samplePlan();
    before.workItems.push({ id: 'empty', title: 'E', status: 'not-started', findings: [], tasks: [{ id: 'e', status: 'not-started' }], log: [] });
    assert.deepEqual(check(before, (p) => p.workItems.pop()), []);
    const problems = check(before, (p) => p.workItems.shift(), 'claude');
    assert.deepEqual(rules(problems), [`error:${TRANSITION_RULES.logRewritten}:workItems`]);
    assert.match(problems[0].message, /'work' was removed together with its 1 log entry/);
  });
});

describe('live claims', () => {
  test('moving a live claim to another holder is an error for a third party', () => {
    const problems = check(samplePlan(), (p) => (p.workItems[0].tasks[0].claimedBy = 'codex'), 'codex');
    assert.deepEqual(rules(problems), [`error:${TRANSITION_RULES.claimMoved}:workItems[0].tasks[0].claimedBy`]);
    assert.match(problems[0].message, /export-retry\/a is claimed by claude .* changes claimedBy to codex/);
    assert.match(problems[0].fix, /plan-hooks claim export-retry\/a --takeover/);
  });

  test('the holder may hand its own claim to another agent', () => {
    assert.deepEqual(check(samplePlan(), (p) => (p.workItems[0].tasks[0].claimedBy = 'codex'), 'claude'), []);
  });

  test('the holder is recognised through aliases and case', () => {
    assert.deepEqual(check(samplePlan(), (p) => (p.workItems[0].tasks[0].claimedBy = 'codex'), 'Claude-Code'), []);
  });

  test('a claim renamed by its holder to an alias of the same holder is not a move', () => {
    assert.deepEqual(check(samplePlan(), (p) => (p.workItems[0].tasks[0].claimedBy = 'claude-code'), 'claude'), []);
  });

  test('any change by someone else to a live claim is an error: files, claimedAt, dependsOn, metadata.branch', () => {
    const edits: [string, (t: Task) => void][] = [
      ['files', (t) => (t.files = [])],
      ['claimedAt', (t) => (t.claimedAt = '2026-01-01T00:00:00Z')],
      ['dependsOn', (t) => (t.dependsOn = ['b'])],
      ['metadata', (t) => (t.metadata = { branch: 'codex-branch' })],
    ];
    for (const [field, edit] of edits) {
      const problems = check(samplePlan(), (p) => edit(p.workItems[0].tasks[0]), 'codex');
      assert.deepEqual(rules(problems), [`error:${TRANSITION_RULES.claimedTaskChanged}:workItems[0].tasks[0].${field}`], field);
      assert.match(problems[0].message, /only the holder changes a task while its claim is live/);
      assert.deepEqual(check(samplePlan(), (p) => edit(p.workItems[0].tasks[0]), 'claude'), [], `${field} by the holder`);
    }
  });

  test('taking over a stale claim is allowed', () => {
    const problems = check(stalePlan(), (p) => {
      p.workItems[0].tasks[0].claimedBy = 'codex';
      p.workItems[0].tasks[0].claimedAt = NOW.toISOString();
      p.workItems[0].log.push({ date: '2026-03-10', summary: 'codex took over a from claude', agent: 'codex' });
    }, 'codex');
    assert.deepEqual(problems, []);
  });

  test('an old claim with a recent log entry is live, so moving it is an error', () => {
    const before = stalePlan();
    before.workItems[0].log.push({ date: '2026-03-10', summary: 'still on it', agent: 'claude' });
    const problems = check(before, (p) => (p.workItems[0].tasks[0].claimedBy = 'codex'), 'codex');
    assert.deepEqual(rules(problems), [`error:${TRANSITION_RULES.claimMoved}:workItems[0].tasks[0].claimedBy`]);
  });

  test('the configured stale limit decides: a 2-hour-old claim is stale under a 1-hour limit', () => {
    const problems = check(samplePlan(), (p) => (p.workItems[0].tasks[0].claimedBy = 'codex'), 'codex', { staleAfterHours: 1 });
    assert.equal(check(samplePlan(), (p) => (p.workItems[0].tasks[0].claimedBy = 'codex'), 'codex').length, 1);
    assert.deepEqual(problems, []);
  });

  test('releasing by the holder is fine', () => {
    const problems = check(samplePlan(), (p) => {
      const t = p.workItems[0].tasks[0];
      delete t.claimedBy;
      delete t.claimedAt;
      t.status = 'not-started';
    }, 'claude');
    assert.deepEqual(problems, []);
  });

  test('releasing someone else’s live claim is an error (it would let a claim be moved in two commits)', () => {
    const problems = check(samplePlan(), (p) => {
      const t = p.workItems[0].tasks[0];
      delete t.claimedBy;
      t.status = 'not-started';
    }, 'codex');
    assert.deepEqual(rules(problems), [`error:${TRANSITION_RULES.claimedTaskChanged}:workItems[0].tasks[0].claimedBy`]);
  });

  test('changing the status of someone else’s live claim away from in-progress is an error', () => {
    const problems = check(samplePlan(), (p) => (p.workItems[0].tasks[0].status = 'blocked'), 'codex');
    assert.deepEqual(rules(problems), [`error:${TRANSITION_RULES.claimedTaskChanged}:workItems[0].tasks[0].status`]);
  });

  test('deleting a task under someone else’s live claim is an error; the holder may', () => {
    const drop = (p: PlanState) => p.workItems[0].tasks.shift();
    assert.deepEqual(rules(check(samplePlan(), drop, 'codex')), [`error:${TRANSITION_RULES.claimDropped}:workItems`]);
    assert.deepEqual(check(samplePlan(), drop, 'claude'), []);
  });

  test('releasing a stale claim of someone else is allowed', () => {
    const problems = check(stalePlan(), (p) => {
      delete p.workItems[0].tasks[0].claimedBy;
      p.workItems[0].tasks[0].status = 'not-started';
    }, 'codex');
    assert.deepEqual(problems, []);
  });

  test('a claimedBy on a task that is not in progress is no live claim', () => {
    const before = samplePlan();
    before.workItems[0].tasks[0].status = 'blocked';
    assert.deepEqual(check(before, (p) => (p.workItems[0].tasks[0].claimedBy = 'codex'), 'codex'), []);
  });

  test('claiming an unclaimed task is not a transition problem', () => {
    const problems = check(samplePlan(), (p) => {
      Object.assign(p.workItems[0].tasks[1], { status: 'in-progress', claimedBy: 'codex', claimedAt: NOW.toISOString() });
    }, 'codex');
    assert.deepEqual(problems, []);
  });
});

describe('completion by someone other than the claimant', () => {
  test('completion by the claimant is fine', () => {
    assert.deepEqual(check(samplePlan(), (p) => (p.workItems[0].tasks[0].status = 'completed'), 'claude'), []);
  });

  test('completing someone else’s live claim is an error at the status', () => {
    const problems = check(samplePlan(), (p) => (p.workItems[0].tasks[0].status = 'completed'), 'codex');
    assert.deepEqual(rules(problems), [`error:${TRANSITION_RULES.claimedTaskChanged}:workItems[0].tasks[0].status`]);
    assert.match(problems[0].message, /export-retry\/a is claimed by claude .* this commit by codex changes it \(status\)/);
  });

  test('completing someone else’s stale claim is a warning', () => {
    const problems = check(stalePlan(), (p) => (p.workItems[0].tasks[0].status = 'completed'), 'codex');
    assert.deepEqual(rules(problems), [`warning:${TRANSITION_RULES.completedByOther}:workItems[0].tasks[0].status`]);
  });

  test('completing a task nobody claimed is fine for anyone', () => {
    assert.deepEqual(check(samplePlan(), (p) => (p.workItems[0].tasks[1].status = 'completed'), 'codex'), []);
  });

  test('a task that was already completed raises nothing', () => {
    const before = samplePlan();
    before.workItems[0].tasks[0].status = 'completed';
    assert.deepEqual(check(before, (p) => (p.lastUpdated = '2026-03-10'), 'codex'), []);
  });
});

describe('positions', () => {
  test('line and column come from locate; unknown paths fall back to the nearest known ancestor', () => {
    const seen: string[] = [];
    const locate = (path: string) => {
      seen.push(path);
      return path === 'workItems[0]' ? { line: 7, column: 5 } : undefined;
    };
    const problems = check(samplePlan(), (p) => (p.workItems[0].log[0].summary = 'x'), 'claude', { locate });
    assert.equal(problems[0].line, 7);
    assert.equal(problems[0].column, 5);
    assert.deepEqual(seen, ['workItems[0].log[0]', 'workItems[0].log', 'workItems[0]']);
  });

  test('with the validator’s JSON-with-positions locate, a problem points at the value in the staged text', () => {
    const after = samplePlan();
    after.workItems[0].tasks[0].claimedBy = 'codex';
    const text = JSON.stringify(after, null, 2);
    const doc = parseJsonDocument(text);
    const [p] = checkTransitions(samplePlan(), doc.value as PlanState, ctx('codex', { locate: (path) => doc.locate(path) }));
    const line = text.split('\n').findIndex((l) => l.includes('"claimedBy": "codex"')) + 1;
    assert.deepEqual([p.path, p.line, p.column], ['workItems[0].tasks[0].claimedBy', line, text.split('\n')[line - 1].indexOf('"codex"') + 1]);
  });

  test('without locate, problems point at 1:1 and still name the file and path', () => {
    const [p] = check(samplePlan(), (p) => (p.planId = 'x'));
    assert.deepEqual([p.file, p.path, p.line, p.column], ['docs/export-retry-plan.json', 'planId', 1, 1]);
  });
});

describe('robustness to malformed staged plans', () => {
  test('missing arrays read as empty and do not throw', () => {
    const after = structuredClone(samplePlan()) as unknown as Record<string, unknown>;
    delete after.changelog;
    after.workItems = 'nonsense';
    const problems = checkTransitions(samplePlan(), after as unknown as PlanState, ctx('claude'));
    assert.ok(problems.some((p) => p.path === 'changelog'));
  });
});

test('sameJson ignores key order but not values', () => {
  assert.ok(sameJson({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 }));
  assert.ok(!sameJson({ a: 1 }, { a: 1, b: undefined }));
  assert.ok(!sameJson([1, 2], [2, 1]));
  assert.ok(!sameJson({ a: null }, { a: {} }));
});
