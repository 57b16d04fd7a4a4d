// The fixture corpus: the seed plan passes with no problem at all, and each case below breaks
// it in exactly one way and asserts the one problem reported — its rule, JSON path, severity
// and line (found by searching the text, independently of the parser), and what it says.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { PlanState, Task } from '../../src/core/plan-types.js';
import { seed, SEED_NOW, SEED_TEXT } from '../fixtures/plans.js';
import { check, lineOf, pretty } from './helpers.js';

interface Case {
  name: string;
  mutate(plan: PlanState & Record<string, unknown>): unknown;
  rule: string;
  path: string;
  severity?: 'error' | 'warning';
  /** Text whose line the problem must be on. */
  at: string;
  /** Which occurrence of `at` (default the first). */
  nth?: number;
  says: RegExp;
  now?: Date;
}

const item = (p: PlanState, i = 0) => p.workItems[i]!;
const task = (p: PlanState, i: number, j: number): Task & Record<string, unknown> => p.workItems[i]!.tasks[j]! as Task & Record<string, unknown>;

const schemaCases: Case[] = [
  { name: 'missing plan field', mutate: (p) => delete (p as Partial<PlanState>).title, rule: 'schema:required', path: 'title', at: '{', says: /the plan is missing the required field "title"/ },
  { name: 'missing task status', mutate: (p) => delete (task(p, 0, 0) as Partial<Task>).status, rule: 'schema:required', path: 'workItems[0].tasks[0].status', at: '{\n          "id": "write-with-retry"', says: /this task is missing the required field "status"/ },
  { name: 'missing handoff nextAction', mutate: (p) => delete (p.handoff as Partial<PlanState['handoff']>)!.nextAction, rule: 'schema:required', path: 'handoff.nextAction', at: '"handoff"', says: /the handoff is missing the required field "nextAction"/ },
  { name: 'missing log summary', mutate: (p) => delete (p.changelog[0] as Partial<PlanState['changelog'][0]>).summary, rule: 'schema:required', path: 'changelog[0].summary', at: '{\n      "date": "2026-01-15",\n      "agent"', says: /this log entry is missing the required field "summary"/ },
  { name: 'unknown key at the top', mutate: (p) => (p.owner = 'me'), rule: 'schema:unknown-key', path: 'owner', at: '"owner"', says: /unknown key "owner" in the plan/ },
  { name: 'unknown key in a task', mutate: (p) => (task(p, 0, 1).priority = 1), rule: 'schema:unknown-key', path: 'workItems[0].tasks[1].priority', at: '"priority"', says: /unknown key "priority" in this task/ },
  { name: 'unknown key in the handoff', mutate: (p) => ((p.handoff as unknown as Record<string, unknown>).notes = 'x'), rule: 'schema:unknown-key', path: 'handoff.notes', at: '"notes": "x"', says: /unknown key "notes" in the handoff/ },
  { name: 'unknown status', mutate: (p) => ((task(p, 0, 1) as Record<string, unknown>).status = 'done'), rule: 'schema:enum', path: 'workItems[0].tasks[1].status', at: '"done"', says: /"done" is not a status; the statuses are not-started, in-progress, blocked, completed and nothing else/ },
  { name: 'unknown work item status', mutate: (p) => ((item(p) as unknown as Record<string, unknown>).status = 'active'), rule: 'schema:enum', path: 'workItems[0].status', at: '"active"', says: /not a status/ },
  { name: 'unknown step status', mutate: (p) => ((p.taskTemplate.steps[1] as unknown as Record<string, unknown>).status = 'todo'), rule: 'schema:enum', path: 'taskTemplate.steps[1].status', at: '"todo"', says: /not a status/ },
  { name: 'unknown lifecycle', mutate: (p) => ((p as Record<string, unknown>).lifecycle = 'forever'), rule: 'schema:enum', path: 'lifecycle', at: '"forever"', says: /the lifecycles are multi-session, single-pr/ },
  { name: 'wrong type', mutate: (p) => ((p as Record<string, unknown>).relatedDocs = 'docs/export-retry-plan.md'), rule: 'schema:type', path: 'relatedDocs', at: '"relatedDocs"', says: /must be an array, but it is a string/ },
  { name: 'metadata not an object', mutate: (p) => ((task(p, 0, 0) as Record<string, unknown>).metadata = ['x']), rule: 'schema:type', path: 'workItems[0].tasks[0].metadata', at: '"metadata"', says: /must be an object, but it is an array/ },
  { name: 'empty workItems', mutate: (p) => (p.workItems = []), rule: 'schema:empty', path: 'workItems', at: '"workItems"', says: /must not be empty/ },
  { name: 'empty tasks', mutate: (p) => (item(p, 1).tasks = []), rule: 'schema:empty', path: 'workItems[1].tasks', at: '"tasks": []', says: /must not be empty/ },
  { name: 'empty taskTemplate.steps', mutate: (p) => (p.taskTemplate.steps = []), rule: 'schema:empty', path: 'taskTemplate.steps', at: '"steps"', says: /must not be empty/ },
  { name: 'empty title', mutate: (p) => (p.title = ''), rule: 'schema:empty', path: 'title', at: '"title": ""', says: /must not be an empty string/ },
  { name: 'finding without its kind', mutate: (p) => item(p).findings.push('The API is slow'), rule: 'schema:pattern', path: 'workItems[0].findings[2]', at: '"The API is slow"', says: /does not start with its kind/ },
  { name: 'kind without a source', mutate: (p) => item(p).findings.push('measured:'), rule: 'schema:pattern', path: 'workItems[0].findings[2]', at: '"measured:"', says: /does not start with its kind/ },
  { name: 'bad plan externalRef', mutate: (p) => (p.externalRef = 'acme#1'), rule: 'schema:pattern', path: 'externalRef', at: '"acme#1"', says: /not a GitHub or Jira reference/ },
  { name: 'bad task externalRef', mutate: (p) => (task(p, 1, 0).externalRef = 'https://evil.example/browse/OPS-1'), rule: 'schema:pattern', path: 'workItems[1].tasks[0].externalRef', at: 'evil.example', says: /not a GitHub or Jira reference/ },
  { name: 'id with a slash', mutate: (p) => (task(p, 1, 0).id = 'readme/retry'), rule: 'schema:pattern', path: 'workItems[1].tasks[0].id', at: '"readme/retry"', says: /not a valid id/ },
  { name: 'bad dependsOn form', mutate: (p) => (task(p, 1, 0).dependsOn = ['a b']), rule: 'schema:pattern', path: 'workItems[1].tasks[0].dependsOn[0]', at: '"a b"', says: /not a valid id/ },
  { name: 'impossible date', mutate: (p) => (p.createdDate = '2026-02-30'), rule: 'schema:format', path: 'createdDate', at: '"2026-02-30"', says: /"2026-02-30" is not a valid date$/ },
  { name: 'date in another form', mutate: (p) => (p.lastUpdated = '16/01/2026'), rule: 'schema:format', path: 'lastUpdated', at: '"16/01/2026"', says: /not a valid date/ },
  { name: 'claimedAt without a time zone', mutate: (p) => (task(p, 0, 1).claimedAt = '2026-01-16 09:30'), rule: 'schema:format', path: 'workItems[0].tasks[1].claimedAt', at: '"2026-01-16 09:30"', says: /not a valid date-time/ },
  { name: 'log date not a date', mutate: (p) => (item(p).log[0]!.date = 'yesterday'), rule: 'schema:format', path: 'workItems[0].log[0].date', at: '"yesterday"', says: /not a valid date or date-time/ },
  { name: 'handoff updatedAt not a date', mutate: (p) => (p.handoff!.updatedAt = 'Friday'), rule: 'schema:format', path: 'handoff.updatedAt', at: '"Friday"', says: /not a valid date or date-time/ },
];

const ruleCases: Case[] = [
  { name: 'duplicate task id across work items', mutate: (p) => (task(p, 1, 0).id = 'write-with-retry'), rule: 'duplicate-id', path: 'workItems[1].tasks[0].id', severity: 'error', at: '"write-with-retry"', nth: 3, says: /duplicate task id "write-with-retry" \(first used at workItems\[0\]\.tasks\[0\]\)/ },
  { name: 'duplicate work item id', mutate: (p) => (item(p, 1).id = 'retry'), rule: 'duplicate-id', path: 'workItems[1].id', severity: 'error', at: '"id": "retry"', nth: 2, says: /duplicate work item id "retry"/ },
  { name: 'duplicate step id', mutate: (p) => (p.taskTemplate.steps[2]!.id = 'implement'), rule: 'duplicate-id', path: 'taskTemplate.steps[2].id', severity: 'error', at: '"implement"', nth: 2, says: /duplicate step id "implement"/ },
  { name: 'dependsOn an unknown task', mutate: (p) => (task(p, 1, 0).dependsOn = ['use-in-exprot']), rule: 'unknown-dependency', path: 'workItems[1].tasks[0].dependsOn[0]', severity: 'error', at: '"use-in-exprot"', says: /export-retry\/readme-retry depends on "use-in-exprot", which is not a task in this plan/ },
  { name: 'dependsOn another plan', mutate: (p) => (task(p, 1, 0).dependsOn = ['other-plan/use-in-export']), rule: 'unknown-dependency', path: 'workItems[1].tasks[0].dependsOn[0]', severity: 'error', at: '"other-plan/use-in-export"', says: /not a task in this plan/ },
  { name: 'dependency cycle', mutate: (p) => (task(p, 0, 0).dependsOn = ['export-retry/readme-retry']), rule: 'dependency-cycle', path: 'workItems[0].tasks[1].dependsOn[0]', severity: 'error', at: '"write-with-retry"', nth: 2, says: /dependency cycle: export-retry\/write-with-retry → export-retry\/readme-retry → export-retry\/use-in-export → export-retry\/write-with-retry/ },
  { name: 'task depending on itself', mutate: (p) => (task(p, 1, 0).dependsOn = ['readme-retry']), rule: 'dependency-cycle', path: 'workItems[1].tasks[0].dependsOn[0]', severity: 'error', at: '"readme-retry"', nth: 2, says: /dependency cycle: export-retry\/readme-retry → export-retry\/readme-retry/ },
  { name: 'claimedAt in the future', mutate: (p) => (task(p, 0, 1).claimedAt = '2026-01-16T13:00:00Z'), rule: 'claimed-in-future', path: 'workItems[0].tasks[1].claimedAt', severity: 'error', at: '"2026-01-16T13:00:00Z"', says: /claimed at 2026-01-16T13:00:00Z, which is in the future/ },
  { name: 'files pattern with ..', mutate: (p) => task(p, 0, 1).files!.push('../secrets/**'), rule: 'pattern-escapes', path: 'workItems[0].tasks[1].files[2]', severity: 'error', at: '"../secrets/**"', says: /leaves the repository: it contains a '\.\.' segment/ },
  { name: 'absolute files pattern', mutate: (p) => task(p, 1, 0).files!.push('/etc/passwd'), rule: 'pattern-escapes', path: 'workItems[1].tasks[0].files[1]', severity: 'error', at: '"/etc/passwd"', says: /leaves the repository: it is an absolute path/ },
  { name: 'home-relative files pattern', mutate: (p) => task(p, 1, 0).files!.push('~/notes'), rule: 'pattern-escapes', path: 'workItems[1].tasks[0].files[1]', severity: 'error', at: '"~/notes"', says: /a home directory/ },
  { name: 'negated files pattern', mutate: (p) => task(p, 1, 0).files!.push('!src/a.ts'), rule: 'negated-pattern', path: 'workItems[1].tasks[0].files[1]', severity: 'warning', at: '"!src/a.ts"', says: /starts with '!'.*no negation.*the literal path/ },
  { name: 'empty files pattern', mutate: (p) => task(p, 1, 0).files!.push(''), rule: 'invalid-pattern', path: 'workItems[1].tasks[0].files[1]', severity: 'error', at: '""', says: /the pattern is empty/ },
  { name: 'too long files pattern', mutate: (p) => task(p, 1, 0).files!.push(`src/${'a'.repeat(1030)}`), rule: 'invalid-pattern', path: 'workItems[1].tasks[0].files[1]', severity: 'error', at: 'aaaa', says: /longer than 1024 characters/ },

  { name: 'completed task, no log entry', mutate: (p) => (item(p).log = []), rule: 'completed-without-log', path: 'workItems[0].tasks[0].status', severity: 'warning', at: '"completed"', says: /export-retry\/write-with-retry is completed but work item retry has no log entry/ },
  { name: 'in-progress task, no claimedBy', mutate: (p) => delete task(p, 0, 1).claimedBy, rule: 'in-progress-without-claim', path: 'workItems[0].tasks[1].status', severity: 'warning', at: '"in-progress"', nth: 2, says: /export-retry\/use-in-export is in-progress but has no claimedBy/ },
  { name: 'multi-session plan, open work, no handoff', mutate: (p) => delete p.handoff, rule: 'missing-handoff', path: '', severity: 'warning', at: '{', says: /multi-session plan has an in-progress or blocked item \(retry\) but no handoff/ },
  { name: 'in-progress task, dependency not completed', mutate: (p) => { task(p, 0, 0).status = 'blocked'; item(p).status = 'blocked'; }, rule: 'dependency-not-completed', path: 'workItems[0].tasks[1].dependsOn[0]', severity: 'warning', at: '"write-with-retry"', nth: 2, says: /use-in-export is in-progress but its dependency export-retry\/write-with-retry is blocked/ },
  { name: 'completed task, no acceptance', mutate: (p) => delete task(p, 0, 0).acceptance, rule: 'completed-without-acceptance', path: 'workItems[0].tasks[0].status', severity: 'warning', at: '"completed"', says: /write-with-retry is completed but has no acceptance/ },
  {
    name: 'two in-progress tasks with overlapping files',
    mutate: (p) => Object.assign(task(p, 1, 0), { status: 'in-progress', files: ['src/**'], dependsOn: [], claimedBy: 'claude', claimedAt: '2026-01-16T11:00:00Z' }, (item(p, 1).status = 'in-progress') && {}),
    rule: 'overlapping-files',
    path: 'workItems[1].tasks[0].files[0]',
    severity: 'warning',
    at: '"src/**"',
    says: /readme-retry and export-retry\/use-in-export are both in-progress and their files overlap \("src\/\*\*" and "src\/export\.ts"\)/,
  },
  { name: 'stale claim', mutate: () => undefined, now: new Date('2026-01-18T10:00:00Z'), rule: 'stale-claim', path: 'workItems[0].tasks[1].claimedAt', severity: 'warning', at: '"2026-01-16T09:30:00Z"', says: /export-retry\/use-in-export was claimed by codex 48 h ago \(2026-01-16T09:30:00Z\) and work item retry has no log entry within 24 h: the claim is stale/ },
  { name: 'work item completed, a task is not', mutate: (p) => (item(p, 1).status = 'completed'), rule: 'item-status-mismatch', path: 'workItems[1].status', severity: 'warning', at: '"completed"', nth: 2, says: /work item docs is completed but these tasks are not completed: readme-retry/ },
  { name: 'every task completed, the item is not', mutate: (p) => Object.assign(task(p, 1, 0), { status: 'completed', acceptance: 'README says so' }, item(p, 1).log.push({ date: '2026-01-16', summary: 'done' }) && {}), rule: 'item-status-mismatch', path: 'workItems[1].status', severity: 'warning', at: '"not-started"', nth: 4, says: /work item docs is not-started but every task is completed/ },
  { name: 'work item not started, a task has', mutate: (p) => (item(p).status = 'not-started'), rule: 'item-status-mismatch', path: 'workItems[0].status', severity: 'warning', at: '"not-started"', nth: 4, says: /work item retry is not-started but these tasks have started: write-with-retry, use-in-export/ },
];

test('the seed plan has no problem at all', () => {
  assert.deepEqual(check(SEED_TEXT), []);
});

for (const c of [...schemaCases, ...ruleCases]) {
  test(`${c.rule}: ${c.name}`, () => {
    const plan = seed() as PlanState & Record<string, unknown>;
    c.mutate(plan);
    const text = pretty(plan);
    const problems = check(text, undefined, c.now ?? SEED_NOW);
    assert.equal(problems.length, 1, `exactly one problem expected, got:\n${problems.map((p) => `${p.rule} ${p.path} ${p.message}`).join('\n')}`);
    const [p] = problems;
    assert.equal(p!.rule, c.rule);
    assert.equal(p!.path, c.path);
    assert.equal(p!.severity, c.severity ?? 'error');
    assert.equal(p!.line, lineOf(text, c.at, c.nth));
    assert.equal(p!.file, 'docs/export-retry-plan.json');
    assert.match(p!.message, c.says);
    assert.ok(p!.fix.length > 10, 'every problem says how to fix it');
  });
}
