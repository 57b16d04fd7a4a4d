// matchTasks goes through the pattern index (one lookup per path, not every task's patterns
// against every path): it must say exactly what testing each task's patterns says.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compilePattern, PatternError } from '../../src/lib/pattern.js';
import type { Task } from '../../src/core/plan-types.js';
import { plan } from '../fixtures/plans.js';
import { type TaskRef, tasksOf } from '../../src/plan/tasks.js';
import { matchTasks } from '../../src/worklog/analyze.js';

const PATTERNS = ['src/api', 'src/api/', './src/api/x.ts', 'src/*.ts', 'src/**/test/*.ts', '**/*.md', '*', '.', './', 'SRC/Api', 'lib/[a-c]*/x', 'docs/?.txt', 'a\\*b', '../out', '/abs', '', 7];
const PATHS = ['src/api/x.ts', 'src/api', 'src/app.ts', 'src/a/b/test/t.ts', 'README.md', 'docs/a.txt', 'docs/ab.txt', 'lib/b1/x', 'lib/d1/x', 'a*b', 'SRC/API/y.ts', 'other/file'];

/** What matchTasks answered before the index: every task's patterns tested against every path. */
function byTesting(tasks: TaskRef[], paths: string[], ignoreCase: boolean): string[] {
  const hits = new Set<string>();
  for (const ref of tasks) {
    for (const source of ref.task.files ?? []) {
      if (typeof source !== 'string') continue;
      try {
        const pattern = compilePattern(source, { ignoreCase });
        if (paths.some((p) => pattern.test(p))) hits.add(ref.key);
      } catch (error) {
        if (!(error instanceof PatternError)) throw error;
      }
    }
  }
  return [...hits].sort();
}

test('matchTasks through the index agrees with testing every pattern', () => {
  const tasks: Task[] = PATTERNS.map((p, i) => ({ id: `t${i}`, status: 'in-progress', acceptance: 'x', files: [p as string] }));
  tasks.push({ id: 'two', status: 'completed', acceptance: 'x', files: ['nothing/here', 'docs'] });
  const p = plan('p', tasks);
  const refs = tasksOf([{ path: 'docs/p-plan.json', plan: p }]);
  for (const ignoreCase of [false, true]) {
    for (const path of PATHS) assert.deepEqual(matchTasks(refs, [path], [], ignoreCase), byTesting(refs, [path], ignoreCase), `${path} (ignoreCase ${ignoreCase})`);
    assert.deepEqual(matchTasks(refs, PATHS, [], ignoreCase), byTesting(refs, PATHS, ignoreCase));
    assert.deepEqual(matchTasks(refs, [], [], ignoreCase), []);
  }
});
