// `plan-hooks validate` and `plan-hooks new` as a user runs them: real repositories, the built CLI.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import type { Problem } from '../../src/problems/problems.js';
import type { PlanState } from '../../src/core/plan-types.js';
import { makeRepo, Repo } from '../fixtures/repo.js';
import { SEED_MD, seed } from '../fixtures/plans.js';

const repos: Repo[] = [];
after(() => repos.forEach((r) => r.remove()));

/** A repository whose plan passes --strict now: fresh claim, real branch and commit, paired .md. */
function repoWithPlan(): { repo: Repo; plan: PlanState } {
  const repo = makeRepo({ initialCommit: true });
  repos.push(repo);
  repo.git('branch', 'feature/export-retry');
  const plan = seed();
  const now = Date.now();
  const today = new Date(now).toISOString().slice(0, 10);
  plan.workItems[0]!.tasks[1]!.claimedAt = new Date(now - 3600_000).toISOString();
  plan.workItems[0]!.tasks[0]!.claimedAt = new Date(now - 7200_000).toISOString();
  plan.workItems[0]!.log.push({ date: today, summary: 'still on it' });
  plan.handoff!.lastCommit = `${repo.git('rev-parse', '--short', 'HEAD').trim()} initial`;
  repo.writeJson('docs/export-retry-plan.json', plan);
  repo.write('docs/export-retry-plan.md', SEED_MD);
  return { repo, plan };
}

const noStack = (text: string) => assert.doesNotMatch(text, /\n\s+at |internal error/);

test('a valid plan passes --strict; with no files every plan is found', () => {
  const { repo } = repoWithPlan();
  const r = repo.cli(['validate', '--strict']);
  assert.equal(r.stdout, 'docs/export-retry-plan.json: valid\n');
  assert.equal(r.code, 0);
});

test('warnings: exit 0, but 1 under --strict or "strict": true', () => {
  const { repo, plan } = repoWithPlan();
  delete plan.workItems[0]!.tasks[1]!.claimedBy;
  delete plan.handoff;
  repo.writeJson('docs/export-retry-plan.json', plan);
  const r = repo.cli(['validate']);
  assert.equal(r.code, 0);
  assert.match(r.stdout, /^docs\/export-retry-plan\.json:\d+:\d+: warning: export-retry\/use-in-export is in-progress but has no claimedBy \(workItems\[0\]\.tasks\[1\]\.status\)\n  fix: Set claimedBy/m);
  assert.match(r.stdout, /^docs\/export-retry-plan\.json:1:1: warning: multi-session plan has an in-progress or blocked item \(retry\) but no handoff$/m);
  assert.match(r.stdout, /^docs\/export-retry-plan\.json: valid \(2 warnings; --strict would fail\)$/m);
  const strict = repo.cli(['validate', '--strict']);
  assert.equal(strict.code, 1);
  assert.match(strict.stdout, /fails --strict \(2 warnings\)/);
  repo.writeJson('.plan-hooks.json', { strict: true });
  assert.equal(repo.cli(['validate']).code, 1);
});

test('errors: exit 1, each with file:line:column, path, what and how to fix', () => {
  const { repo } = repoWithPlan();
  const text = readFileSync(join(repo.dir, 'docs/export-retry-plan.json'), 'utf8').replace('"status": "in-progress"', '"status": "done"');
  repo.write('docs/export-retry-plan.json', text);
  const r = repo.cli(['validate', 'docs/export-retry-plan.json']);
  assert.equal(r.code, 1);
  const line = text.split('\n').findIndex((l) => l.includes('"done"')) + 1;
  const column = text.split('\n')[line - 1]!.indexOf('"done"') + 1;
  assert.equal(
    r.stdout,
    `docs/export-retry-plan.json:${line}:${column}: error: "done" is not a status; the statuses are not-started, in-progress, blocked, completed and nothing else (workItems[0].status)\n` +
      '  fix: Use one of: not-started, in-progress, blocked, completed.\n' +
      'docs/export-retry-plan.json: invalid (1 error)\n',
  );
});

test('malformed JSON: the line and column of the syntax error, no stack trace', () => {
  const { repo } = repoWithPlan();
  repo.write('docs/broken-plan.json', '{\n  "planId": "broken",\n  "title": "x",,\n}\n');
  repo.write('docs/broken-plan.md', '# broken\n');
  const r = repo.cli(['validate', 'docs/broken-plan.json']);
  assert.equal(r.code, 1);
  assert.match(r.stdout, /^docs\/broken-plan\.json:3:16: error: not valid JSON: expected a property name in double quotes but found ','$/m);
  noStack(r.stdout + r.stderr);
});

test('--json reports every problem with file, path, line, column, message and fix', () => {
  const { repo, plan } = repoWithPlan();
  plan.workItems[0]!.log = [];
  (plan as unknown as Record<string, unknown>).owner = 'me';
  repo.writeJson('docs/export-retry-plan.json', plan);
  repo.writeJson('docs/other-plan.json', { ...seed(), handoff: undefined, lifecycle: 'single-pr' });
  const r = repo.cli(['validate', '--json']);
  assert.equal(r.code, 1);
  const report = JSON.parse(r.stdout) as { valid: boolean; strict: boolean; files: unknown[]; problems: Problem[] };
  assert.equal(report.valid, false);
  assert.equal(report.strict, false);
  assert.deepEqual(report.files, [
    { file: 'docs/export-retry-plan.json', valid: false, errors: 1, warnings: 0 },
    // The seed's claim dates from January: stale by now.
    { file: 'docs/other-plan.json', valid: true, errors: 0, warnings: 2 },
  ]);
  assert.deepEqual(
    report.problems.map((p) => [p.file, p.severity, p.rule, p.path]),
    [
      ['docs/export-retry-plan.json', 'error', 'schema:unknown-key', 'owner'],
      ['docs/other-plan.json', 'warning', 'missing-markdown', ''],
      ['docs/other-plan.json', 'warning', 'stale-claim', 'workItems[0].tasks[1].claimedAt'],
    ],
  );
  for (const p of report.problems) for (const key of ['line', 'column', 'message', 'fix']) assert.ok(key in p, key);
});

test('usage errors exit 2: an unknown option, a named file that does not exist', () => {
  const { repo } = repoWithPlan();
  const unknown = repo.cli(['validate', '--fast']);
  assert.equal(unknown.code, 2);
  assert.match(unknown.stderr, /unknown option '--fast'/);
  assert.match(unknown.stderr, /Usage: plan-hooks validate/);
  const missing = repo.cli(['validate', 'docs/nope-plan.json']);
  assert.equal(missing.code, 2);
  assert.match(missing.stderr, /no such file: docs\/nope-plan\.json/);
  noStack(missing.stderr);
  assert.equal(repo.cli(['validate', 'docs']).code, 2);
});

test('named files resolve from the current directory and print repository-relative', () => {
  const { repo } = repoWithPlan();
  const r = repo.cli(['validate', 'export-retry-plan.json'], {}, join(repo.dir, 'docs'));
  assert.equal(r.stdout, 'docs/export-retry-plan.json: valid\n');
});

test('no plans: says how to make one, exit 0; outside a repository a file must be named', () => {
  const repo = makeRepo();
  repos.push(repo);
  const r = repo.cli(['validate']);
  assert.equal(r.code, 0);
  assert.match(r.stdout, /No plan files match docs\/\*\*\/\*-plan\.json\. Create one with: plan-hooks new <name>/);
  const outside = mkdtempSync(join(tmpdir(), 'plan-hooks-outside-'));
  try {
    const none = repo.cli(['validate'], {}, outside);
    assert.equal(none.code, 2);
    assert.match(none.stderr, /not inside a git repository/);
  } finally {
    rmSync(outside, { recursive: true });
  }
});

test('control characters in plan text never reach the terminal', () => {
  const { repo, plan } = repoWithPlan();
  (plan.workItems[0]!.tasks[0] as unknown as Record<string, unknown>)['\u001b]0;pwned\u0007\u001b[2J'] = 1;
  repo.writeJson('docs/export-retry-plan.json', plan);
  const r = repo.cli(['validate'], { FORCE_COLOR: '0' });
  assert.equal(r.code, 1);
  assert.doesNotMatch(r.stdout + r.stderr, /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
  assert.match(r.stdout, /unknown key "\\x1b\]0;pwned\\x07\\x1b\[2J" in this task/);
});

test('new writes the pair with today\'s date, which passes validate --strict', () => {
  const repo = makeRepo();
  repos.push(repo);
  const r = repo.cli(['new', 'demo']);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /^Created docs\/demo-plan\.md/m);
  assert.match(r.stdout, /^Created docs\/demo-plan\.json/m);
  // No package.json: the command is plan-hooks itself (a global install), never an npx lookup.
  assert.match(r.stdout, /: plan-hooks validate docs\/demo-plan\.json --strict/);
  const plan = JSON.parse(readFileSync(join(repo.dir, 'docs/demo-plan.json'), 'utf8')) as PlanState;
  const d = new Date();
  const today = d.toISOString().slice(0, 10); // UTC, like every date plan-hooks writes
  assert.equal(plan.planId, 'demo');
  assert.equal(plan.createdDate, today);
  assert.equal(plan.lastUpdated, today);
  assert.deepEqual(plan.relatedDocs, ['docs/demo-plan.md']);
  assert.match(readFileSync(join(repo.dir, 'docs/demo-plan.md'), 'utf8'), /^# Demo\n/);
  const v = repo.cli(['validate', '--strict']);
  assert.equal(v.stdout, 'docs/demo-plan.json: valid\n');
  assert.equal(v.code, 0);
});

test('new never overwrites, and leaves nothing half-made', () => {
  const repo = makeRepo();
  repos.push(repo);
  repo.write('docs/mine-plan.json', 'my own\n');
  const r = repo.cli(['new', 'mine']);
  assert.equal(r.code, 1);
  assert.match(r.stderr, /docs\/mine-plan\.json already exists, and plan-hooks new never overwrites/);
  assert.equal(readFileSync(join(repo.dir, 'docs/mine-plan.json'), 'utf8'), 'my own\n');
  assert.equal(existsSync(join(repo.dir, 'docs/mine-plan.md')), false);
  assert.equal(repo.cli(['new', 'twice']).code, 0);
  assert.equal(repo.cli(['new', 'twice']).code, 1);
});

test('new wants one kebab-case name (exit 2 otherwise)', () => {
  const repo = makeRepo();
  repos.push(repo);
  for (const args of [[], ['a', 'b'], ['Export_Retry'], ['../escape'], ['-x'], ['a--b'], [`a${'b'.repeat(64)}`]]) {
    const r = repo.cli(['new', ...args]);
    assert.equal(r.code, 2, args.join(' '));
    noStack(r.stderr);
  }
  assert.equal(existsSync(join(repo.dir, 'docs')), false);
});

test('--help for both commands', () => {
  const repo = makeRepo();
  repos.push(repo);
  const v = repo.cli(['validate', '--help']);
  assert.equal(v.code, 0);
  assert.match(v.stdout, /^Usage: plan-hooks validate \[files…\] \[--strict\] \[--json\]/);
  const n = repo.cli(['new', '--help']);
  assert.equal(n.code, 0);
  assert.match(n.stdout, /^Usage: plan-hooks new <name>/);
});

test('an invalid .plan-hooks.json is a configuration error naming the file and key', () => {
  const { repo } = repoWithPlan();
  repo.writeJson('.plan-hooks.json', { staleAfterHours: '24h' });
  const r = repo.cli(['validate']);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /\.plan-hooks\.json has invalid settings:\n {2}- "staleAfterHours" must be a number of hours greater than 0, e\.g\. 24 \(it is "24h"\)/);
  noStack(r.stderr);
});

test('git-aware warnings end to end: a handoff branch and commit git cannot find, a missing .md', () => {
  const { repo, plan } = repoWithPlan();
  plan.handoff!.branch = 'feature/gone';
  plan.handoff!.lastCommit = 'deadbeef Something';
  repo.writeJson('docs/export-retry-plan.json', plan);
  rmSync(join(repo.dir, 'docs/export-retry-plan.md'));
  const r = repo.cli(['validate']);
  assert.equal(r.code, 0);
  assert.deepEqual(
    r.stdout.split('\n').filter((l) => l.includes(': warning: ')).map((l) => l.replace(/^docs\/export-retry-plan\.json:\d+:\d+: warning: /, '')),
    [
      'the paired Markdown docs/export-retry-plan.md is missing',
      'handoff.branch "feature/gone" is not a local or remote-tracking branch here (handoff.branch)',
      'handoff.lastCommit "deadbeef Something" does not name a commit git can find here (handoff.lastCommit)',
    ],
  );
  repo.git('branch', 'feature/gone');
  repo.write('docs/export-retry-plan.md', SEED_MD);
  assert.match(repo.cli(['validate']).stdout, /: warning: handoff\.lastCommit/);
  assert.doesNotMatch(repo.cli(['validate']).stdout, /handoff\.branch|paired Markdown/);
});

test('a found plan that is a symbolic link out of the repository is refused, not read', () => {
  const { repo } = repoWithPlan();
  const outside = mkdtempSync(join(tmpdir(), 'plan-hooks-outside-'));
  try {
    writeFileSync(join(outside, 'secret.json'), '{"password": hunter2}');
    symlinkSync(join(outside, 'secret.json'), join(repo.dir, 'docs/leak-plan.json'));
    const r = repo.cli(['validate']);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /refusing to read docs\/leak-plan\.json: it is a symbolic link to a file outside the repository/);
    assert.doesNotMatch(r.stdout + r.stderr, /hunter2/);
  } finally {
    rmSync(outside, { recursive: true });
  }
});

test('new warns when the configured plans would not see the new file', () => {
  const repo = makeRepo();
  repos.push(repo);
  repo.writeJson('.plan-hooks.json', { plans: ['plans/*.json'] });
  const r = repo.cli(['new', 'elsewhere']);
  assert.equal(r.code, 0);
  assert.match(r.stdout, /Note: docs\/elsewhere-plan\.json does not match the configured plans \(plans\/\*\.json\)/);
});

test('a second plan reusing a planId is an error in validate, as it is at commit', () => {
  const { repo, plan } = repoWithPlan();
  repo.writeJson('docs/copy-plan.json', plan);
  repo.write('docs/copy-plan.md', SEED_MD);
  const r = repo.cli(['validate']);
  assert.equal(r.code, 1, r.stdout);
  assert.match(r.stdout, /docs\/copy-plan\.json:1:1: error: planId 'export-retry' is also the planId of docs\/export-retry-plan\.json/);
  assert.match(r.stdout, /docs\/export-retry-plan\.json:1:1: error: planId 'export-retry' is also the planId of docs\/copy-plan\.json/);
  rmSync(join(repo.dir, 'docs/copy-plan.json'));
  assert.equal(repo.cli(['validate']).code, 0, 'one plan alone is valid again');
});
