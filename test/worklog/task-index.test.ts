// The worklog writer's index of a commit's plans (src/worklog/task-index.ts): what it gives back
// equals what the writer reads from the plans themselves, a damaged or foreign file is not used,
// and real commits record the same entry with the index as without it.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { type PlanVersion, decideClaims } from '../../src/core/claims.js';
import { matchPatterns, matchTasks, nearTasks } from '../../src/worklog/analyze.js';
import { commitClaimsFile, formatTaskIndex, parseTaskIndex, planBlobs, readCommitIndex, taskIndexFile, taskIndexKey, writeCommitIndex } from '../../src/worklog/task-index.js';
import { tasksOf } from '../../src/plan/tasks.js';
import type { PlanState } from '../../src/core/plan-types.js';
import { claimed, open, plan as claimedPlan } from '../fixtures/plans.js';
import type { Repo } from '../fixtures/repo.js';
import { lastCommitEntry, planRepo } from './helpers.js';

const repos: Repo[] = [];
after(() => repos.forEach((r) => r.remove()));

const PATTERNS = ['src/a.ts', 'src/', 'src', './src//lib/x.ts', 'src/./lib/*.ts', 'src/**/*.test.ts', '**/*.md', '*.json', 'lib/pkg1/', 'lib/pkg1', '[ab]/c.ts', 'a/b?/c', 'a\\*b/x', 'Docs/README.md', 'caf\u00e9/x', 'cafe\u0301/y', '.', 'tab\there/x', 'new\nline/%41', '[unclosed'];
const PATHS = ['src/a.ts', 'src/lib/x.ts', 'src/deep/z.test.ts', 'README.md', 'pkg.json', 'lib/pkg1/index.ts', 'lib/pkg10/index.ts', 'a/c.ts', 'a/b1/c', 'a*b/x', 'docs/readme.md', 'cafe\u0301/x', 'caf\u00e9/y', 'srcx/a.ts', 'tab\there/x', 'new\nline/%41', '[unclosed'];

function plans(): { path: string; plan: PlanState }[] {
  const tasks = PATTERNS.map((p, i) => (i % 3 ? open(`t${i}`, [p, p]) : claimed(`t${i}`, 'codex', [p])));
  return [{ path: 'docs/p-plan.json', plan: claimedPlan('p', [...tasks, open('nofiles', []), { ...open('odd', []), files: 'src/' as unknown as string[] }]) }];
}

test('near(paths) gives the (task, pattern) pairs whose pattern could match a path, as the writer finds them in the plans', () => {
  const tasks = tasksOf(plans());
  for (const ignoreCase of [false, true]) {
    const key = taskIndexKey([{ path: 'docs/p-plan.json', oid: 'a'.repeat(40) }], ignoreCase);
    const index = parseTaskIndex(formatTaskIndex(key, tasks.map((t) => ({ key: t.key, files: t.task.files })), ['docs/bad-plan.json'], ignoreCase), key);
    assert.ok(index);
    assert.deepEqual(index.unreadable, ['docs/bad-plan.json']);
    const sorted = (pairs: { key: string; pattern: string }[]) => [...new Set(pairs.map((p) => JSON.stringify([p.key, p.pattern])))].sort();
    for (const paths of [...PATHS.map((p) => [p]), PATHS, [], ['nowhere/at/all.ts']]) {
      const what = `${JSON.stringify(paths)} (ignoreCase ${ignoreCase})`;
      // No path: a pattern with no fixed directory "could match" anywhere, and matches nothing.
      if (paths.length > 0) assert.deepEqual(sorted(index.near(paths, ignoreCase)), sorted(nearTasks(tasks, paths, ignoreCase)), what);
      assert.deepEqual(matchPatterns(index.near(paths, ignoreCase), paths, [], ignoreCase), matchTasks(tasks, paths, [], ignoreCase), what);
    }
  }
});

test('a file for other plans, another case rule or another format is not used', () => {
  const tasks = tasksOf(plans()).map((t) => ({ key: t.key, files: t.task.files }));
  const blobs = [{ path: 'docs/p-plan.json', oid: 'a'.repeat(40) }];
  const key = taskIndexKey(blobs, false);
  const text = formatTaskIndex(key, tasks, [], false);
  assert.ok(parseTaskIndex(text, key));
  assert.equal(parseTaskIndex(text, taskIndexKey([{ ...blobs[0]!, oid: 'b'.repeat(40) }], false)), null, 'another blob');
  assert.equal(parseTaskIndex(text, taskIndexKey(blobs, true)), null, 'another case rule');
  assert.equal(parseTaskIndex(text, taskIndexKey([...blobs, { path: 'docs/q-plan.json', oid: 'c'.repeat(40) }], false)), null, 'one plan more');
  assert.equal(parseTaskIndex(text.replace(/^plan-hooks task-index \d+/, 'plan-hooks task-index 0'), key), null, 'another format');
  assert.equal(parseTaskIndex('', key), null);
  assert.equal(parseTaskIndex(text.split('\n')[0]!, key), null, 'a bare first line');
});

test('planBlobs: the plan files of a listing by path, whatever its order; none when a plan path is not a blob', () => {
  const isPlan = (p: string) => p.endsWith('-plan.json');
  const entry = (path: string, oid: string, type = 'blob') => ({ mode: type === 'blob' ? '100644' : '160000', type, oid, path });
  const a = planBlobs([entry('docs/b-plan.json', '2'.repeat(40)), entry('src/x.ts', '3'.repeat(40)), entry('docs/a-plan.json', '1'.repeat(40))], isPlan);
  assert.deepEqual(a?.map((b) => b.path), ['docs/a-plan.json', 'docs/b-plan.json']);
  assert.equal(taskIndexKey(a!, false), taskIndexKey(planBlobs([entry('docs/a-plan.json', '1'.repeat(40)), entry('docs/b-plan.json', '2'.repeat(40))], isPlan)!, false));
  assert.equal(planBlobs([entry('docs/a-plan.json', '1'.repeat(40), 'commit')], isPlan), null);
});

test('both files are needed, each as its writer left it: one missing, edited or cut short is a miss', () => {
  // A directory of its own, not a repository's git dir: a repository's commits start detached
  // worklog writers that write these same files, whenever a loaded machine lets them.
  const gitDir = mkdtempSync(join(tmpdir(), 'plan-hooks-index-'));
  after(() => rmSync(gitDir, { recursive: true, force: true }));
  const versions: PlanVersion[] = plans().map((p) => ({ source: { kind: 'head', label: 'the parent commit' }, file: p.path, plan: p.plan }));
  const key = taskIndexKey([{ path: 'docs/p-plan.json', oid: 'd'.repeat(40) }], false);
  const tasks = tasksOf(plans()).map((t) => ({ key: t.key, files: t.task.files }));
  const write = () => writeCommitIndex(gitDir, key, { tasks, unreadable: [], claims: decideClaims(versions) }, false);
  const now = new Date();
  write();
  const index = readCommitIndex(gitDir, key, now, 24);
  assert.ok(index);
  assert.ok(index.claims.near(['src/a.ts'], false).some((c) => c.task === 'p/t0' && c.holder === 'codex'));
  assert.ok(index.tasks.near(['src/a.ts'], false).some((t) => t.key === 'p/t0' && t.pattern === 'src/a.ts'));
  for (const file of [commitClaimsFile(gitDir), taskIndexFile(gitDir)]) {
    writeFileSync(file, readFileSync(file, 'utf8').slice(0, -2));
    assert.equal(readCommitIndex(gitDir, key, now, 24), null, `${file} cut short`);
    write();
    // A hand edit (of another size: one within the file system's clock tick at the same size is
    // the checked cache's known blind spot, lib/cache-file.ts).
    writeFileSync(file, readFileSync(file, 'utf8').replace('"src/a.ts"', '"src/ab.ts"'));
    assert.equal(readCommitIndex(gitDir, key, now, 24), null, `${file} edited`);
    write();
    rmSync(file);
    assert.equal(readCommitIndex(gitDir, key, now, 24), null, `${file} missing`);
    write();
  }
  assert.ok(readCommitIndex(gitDir, key, now, 24));
});

test('real commits: the entry over the index is the entry read from the plans (tasks, violations, unreadable plans), and a plan commit rewrites it', () => {
  const repo = planRepo();
  repos.push(repo);
  const gitDir = repo.git('rev-parse', '--absolute-git-dir').trim();
  // A second plan that is no JSON object: listed as unreadable either way.
  repo.write('docs/broken-plan.json', '{"planId": "b", "planId": "c", "workItems": []}\n');
  repo.write('docs/broken-plan.md', '# Broken\n');
  repo.git('add', '-A');
  assert.equal(repo.tryGit(['commit', '-q', '-m', 'a plan with a repeated key'], { PLAN_HOOKS_SKIP: 'plans' }).code, 0);
  const entryOf = (n: number, env: Record<string, string>) => {
    repo.write('src/retry/a.ts', `${n}\n`);
    repo.write('src/cli/main.ts', `${n}\n`);
    repo.git('add', '-A');
    const r = repo.tryGit(['commit', '-q', '-m', `work ${n}`], env);
    assert.equal(r.code, 0, r.stderr);
    const e = lastCommitEntry(repo);
    assert.equal(e.subject, `work ${n}`);
    return e;
  };
  // bob commits into alice's claim, the claims check skipped (recorded): a violation.
  const bob = { PLAN_HOOKS_AGENT: 'bob', PLAN_HOOKS_SKIP: 'claims' };
  const fromPlans = (() => {
    rmSync(taskIndexFile(gitDir), { force: true });
    return entryOf(1, bob);
  })();
  assert.ok(existsSync(taskIndexFile(gitDir)) && existsSync(commitClaimsFile(gitDir)), 'a verified commit leaves the index for the next one');
  const written = statSync(taskIndexFile(gitDir), { bigint: true }).mtimeNs;
  const fromIndex = entryOf(2, bob);
  assert.equal(statSync(taskIndexFile(gitDir), { bigint: true }).mtimeNs, written, 'the second commit read the index (a miss rewrites it)');
  for (const e of [fromPlans, fromIndex]) {
    assert.equal(e.verified, true);
    assert.deepEqual(e.tasks, ['export/cli', 'export/loop']);
    assert.deepEqual(e.violations, [{ path: 'src/retry/a.ts', task: 'export/loop', holder: 'alice', pattern: 'src/retry/**' }]);
    assert.deepEqual(e.unreadablePlans, ['docs/broken-plan.json']);
  }
  // A plan commit changes the blobs: the next commit reads the plans again, then the new index.
  const plan = JSON.parse(readFileSync(join(repo.dir, 'docs/export-plan.json'), 'utf8'));
  plan.workItems[0].tasks[2].files = ['src/other/**'];
  repo.writeJson('docs/export-plan.json', plan);
  repo.git('add', 'docs/export-plan.json');
  assert.equal(repo.tryGit(['commit', '-q', '-m', 'cli moves'], { PLAN_HOOKS_AGENT: 'alice' }).code, 0);
  assert.deepEqual(entryOf(3, bob).tasks, ['export/loop']);
});
