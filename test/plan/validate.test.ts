// validatePlanText beyond the one-mutation corpus: accepted forms, facts-driven warnings,
// boundaries of the rules, and that the schema's key lists agree with the messages.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { LEVELS } from '../../src/problems/schema-problems.js';
import { UNKNOWN_FACTS, type PlanState } from '../../src/core/plan-types.js';
import { sortProblems } from '../../src/problems/problems.js';
import { PLAN_FIXTURES as FIXTURES, seed, SEED_NOW, SEED_TEXT } from '../fixtures/plans.js';
import { ALL_FOUND, check, lineOf, pretty } from './helpers.js';

const rules = (text: string, facts = ALL_FOUND, now = SEED_NOW) => check(text, facts, now).map((p) => `${p.severity} ${p.rule} ${p.path}`);

test('the key lists in messages agree with the schema file', () => {
  const schema = JSON.parse(readFileSync(join(FIXTURES, '../../../schema/plan-state.v1.schema.json'), 'utf8'));
  const keys = (o: { properties: object }) => Object.keys(o.properties).sort();
  assert.deepEqual([...LEVELS.plan!.keys].sort(), keys(schema));
  assert.deepEqual([...LEVELS.taskTemplate!.keys].sort(), keys(schema.properties.taskTemplate));
  for (const level of ['step', 'workItem', 'task', 'handoff', 'logEntry']) assert.deepEqual([...LEVELS[level]!.keys].sort(), keys(schema.$defs[level]), level);
});

test('externalRef accepts the GitHub and Jira forms, and nothing else', () => {
  const good = ['acme/exporter#42', 'my.org/repo-name#1', 'https://github.com/acme/exporter/issues/43', 'https://github.com/acme/exporter/pull/7', 'OPS-17', 'AB2-9', 'https://acme.atlassian.net/browse/OPS-17'];
  const bad = ['acme/exporter#0', '#12', 'https://github.com/acme/exporter/commit/43', 'http://github.com/acme/exporter/issues/43', 'ops-17', 'OPS-', 'https://evil.com/browse/OPS-1', 'https://acme.atlassian.net.evil.com/browse/OPS-1', 'https://acme.atlassian.net/browse/OPS-1?x=1', 'OPS-17 '];
  for (const ref of good) {
    const plan = seed();
    plan.externalRef = ref;
    assert.deepEqual(rules(pretty(plan)), [], ref);
  }
  for (const ref of bad) {
    const plan = seed();
    plan.workItems[1]!.tasks[0]!.externalRef = ref;
    assert.deepEqual(rules(pretty(plan)), ['error schema:pattern workItems[1].tasks[0].externalRef'], ref);
  }
});

test('findings accept the three kinds in lower, capitalised and upper case', () => {
  const plan = seed();
  plan.workItems[1]!.findings = ['observed: x', 'Observed: x', 'MEASURED: 4 s', 'estimated:2 days', 'Estimated: 2 days, from the last sprint'];
  assert.deepEqual(rules(pretty(plan)), []);
  for (const bad of ['Noted: x', 'measured 4 s', ' measured: 4 s', 'mEasured: x']) {
    plan.workItems[1]!.findings = [bad];
    assert.deepEqual(rules(pretty(plan)), ['error schema:pattern workItems[1].findings[0]'], bad);
  }
});

test('log entries and handoff.updatedAt take a date or a date-time', () => {
  const plan = seed();
  plan.workItems[0]!.log[0]!.date = '2026-01-15T10:00:00+01:00';
  plan.handoff!.updatedAt = '2026-01-16T09:31:00Z';
  assert.deepEqual(rules(pretty(plan)), []);
});

test('the git-aware warnings come from the facts, at the field they are about', () => {
  const facts = { markdownExists: false, lastCommitFound: false, branchFound: false, ignoreCase: false };
  const problems = sortProblems(check(SEED_TEXT, facts));
  assert.deepEqual(
    problems.map((p) => [p.rule, p.path, p.line]),
    [
      ['missing-markdown', '', 1],
      ['handoff-branch-unknown', 'handoff.branch', lineOf(SEED_TEXT, '"branch"')],
      ['handoff-commit-unknown', 'handoff.lastCommit', lineOf(SEED_TEXT, '"lastCommit"')],
    ],
  );
  assert.match(problems[0]!.message, /the paired Markdown docs\/export-retry-plan\.md is missing/);
  assert.match(problems[1]!.message, /handoff\.branch "feature\/export-retry" is not a local or remote-tracking branch here/);
  assert.match(problems[2]!.message, /handoff\.lastCommit "a1b2c3d Add withRetry" does not name a commit git can find here/);
  assert.ok(problems.every((p) => p.severity === 'warning'));
});

test('unknown facts produce no warning', () => {
  assert.deepEqual(rules(SEED_TEXT, UNKNOWN_FACTS), []);
});

test('a missing paired .md is reported with schema errors; a syntax error stands alone', () => {
  assert.deepEqual(rules('{', { ...ALL_FOUND, markdownExists: false }), ['error json-syntax ']);
  assert.deepEqual(rules('[]', { ...ALL_FOUND, markdownExists: false }), ['error schema:type ', 'warning missing-markdown ']);
});

test('rules run only on a plan that passes the schema', () => {
  const plan = seed() as unknown as Record<string, unknown>;
  plan.extra = 1;
  delete (plan as unknown as PlanState).handoff;
  assert.deepEqual(rules(pretty(plan)), ['error schema:unknown-key extra']);
});

test('a recent log entry keeps an old claim alive; the limit comes from the options', () => {
  const plan = seed();
  plan.workItems[0]!.log.push({ date: '2026-01-17', summary: 'still on it' });
  assert.deepEqual(rules(pretty(plan), ALL_FOUND, new Date('2026-01-18T10:00:00Z')), []);
  const stale = check(SEED_TEXT, ALL_FOUND, new Date('2026-01-16T12:00:00Z'));
  assert.deepEqual(stale, []);
});

test('a claim a few minutes ahead (clock skew) is not in the future', () => {
  const plan = seed();
  plan.workItems[0]!.tasks[1]!.claimedAt = '2026-01-16T12:04:00Z';
  assert.deepEqual(rules(pretty(plan)), []);
});

test('overlap: disjoint files do not warn; a directory covers its files; case follows core.ignorecase', () => {
  const plan = seed();
  const other = plan.workItems[1]!;
  other.status = 'in-progress';
  Object.assign(other.tasks[0]!, { status: 'in-progress', dependsOn: [], claimedBy: 'claude', claimedAt: '2026-01-16T11:00:00Z' });
  const overlap = (files: string[], ignoreCase = false) => {
    other.tasks[0]!.files = files;
    return rules(pretty(plan), { ...ALL_FOUND, ignoreCase }).filter((r) => r.includes('overlapping-files'));
  };
  assert.deepEqual(overlap(['README.md', 'docs/**', 'test/*.ts']), []);
  assert.deepEqual(overlap(['src/export.test.tsx']), []);
  assert.equal(overlap(['src']).length, 1);
  assert.equal(overlap(['src/*.ts']).length, 1);
  assert.equal(overlap(['**/*.md', 'src/export.ts']).length, 1);
  assert.deepEqual(overlap(['SRC/Export.ts']), []);
  assert.equal(overlap(['SRC/Export.ts'], true).length, 1);
});

test('a single-pr plan needs no handoff', () => {
  const plan = seed();
  plan.lifecycle = 'single-pr';
  delete plan.handoff;
  assert.deepEqual(rules(pretty(plan), UNKNOWN_FACTS), []);
});

test('errors sort before warnings, then by line', () => {
  const plan = seed();
  plan.workItems[0]!.log = [];
  plan.workItems[1]!.tasks[0]!.dependsOn = ['nope'];
  assert.deepEqual(sortProblems(check(pretty(plan))).map((p) => p.rule), ['unknown-dependency', 'completed-without-log']);
});

// How fast is bench/validate.bench.mjs's business; here only that a long chain validates clean.
test('1,000 tasks in one dependency chain validate, with no problem', () => {
  const plan = seed();
  plan.workItems[1]!.tasks = Array.from({ length: 1000 }, (_, i) => ({ id: `t${i}`, status: 'not-started' as const, dependsOn: i ? [`t${i - 1}`] : [], files: [`src/m${i}.ts`] }));
  assert.deepEqual(rules(pretty(plan)), []);
});

test('many in-progress tasks on the same files: one overlap warning per task, not per pair', () => {
  const plan = seed();
  plan.workItems[1]!.status = 'in-progress';
  plan.workItems[1]!.tasks = Array.from({ length: 300 }, (_, i) => ({ id: `t${i}`, status: 'in-progress' as const, files: ['src/**'], claimedBy: 'a', claimedAt: '2026-01-16T11:00:00Z' }));
  const overlaps = check(pretty(plan)).filter((p) => p.rule === 'overlapping-files');
  assert.equal(overlaps.length, 300);
  assert.match(overlaps[0]!.message, /export-retry\/t0 and export-retry\/use-in-export/);
});

test('nesting deeper than every reader follows is an error at the place it starts; a BOM is tolerated', () => {
  const plan = seed();
  plan.metadata = { deep: JSON.parse(`${'['.repeat(300)}${']'.repeat(300)}`) };
  const text = pretty(plan);
  const problems = check(text);
  assert.deepEqual(problems.map((p) => [p.severity, p.rule]), [['error', 'json-depth']]);
  // The plan is one container deep and metadata two, so the 255th bracket opens the 257th.
  let at = text.indexOf('"deep"');
  for (let n = 0; n < 255; n++) at = text.indexOf('[', at + 1);
  assert.equal(problems[0]!.line, text.slice(0, at).split('\n').length);
  assert.equal(problems[0]!.column, at - text.lastIndexOf('\n', at));
  assert.deepEqual(rules(`\ufeff${SEED_TEXT}`), []);
  assert.deepEqual(rules(SEED_TEXT.replace(/\n/g, '\r\n')), []);
});

test('a long dependency chain closed many times gives one bounded error per closing edge', () => {
  const plan = seed();
  const n = 20_000;
  // t0 → t1 → … → t(n-1), and every task also depends on t0: n cycles, the longest n tasks long.
  plan.workItems[0]!.tasks = Array.from({ length: n }, (_, i) => ({ id: `t${i}`, status: 'not-started' as const, dependsOn: [...(i + 1 < n ? [`t${i + 1}`] : []), ...(i > 0 ? ['t0'] : [])] }));
  const cycles = check(pretty(plan)).filter((p) => p.rule === 'dependency-cycle');
  assert.equal(cycles.length, n - 1);
  for (const c of cycles) assert.ok(c.message.split(' → ').length <= 13, c.message);
  assert.match(cycles[0]!.message, /dependency cycle: export-retry\/t0 → export-retry\/t1 → export-retry\/t2 → … 19994 more … → export-retry\/t19997 → export-retry\/t19998 → export-retry\/t19999 → export-retry\/t0/);
  assert.match(cycles.at(-1)!.message, /^dependency cycle: export-retry\/t0 → export-retry\/t1 → export-retry\/t0$/);
});
