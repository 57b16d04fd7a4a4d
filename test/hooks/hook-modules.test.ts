// The modules a code-only commit loads: the CLI's own, then one bundled file per hook (built
// by scripts/build.mjs), and nothing CommonJS (picocolors is loaded on the first colour).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, test } from 'node:test';
import { NodeLog } from '../fixtures/node-log.js';
import { CLI, type Repo } from '../fixtures/repo.js';
import { claimed, plan, repoWithPlans } from '../fixtures/claimed-plans.js';

const logs = new NodeLog();
const repos: Repo[] = [];
after(() => {
  repos.forEach((r) => r.remove());
  logs.remove();
});

test('a code-only commit loads the CLI, one file per hook, and no CommonJS', () => {
  const r = repoWithPlans({ 'docs/api-plan.json': plan('api', [claimed('endpoints', 'codex', ['src/api'])]) }, ['pre-commit', 'prepare-commit-msg', 'post-commit']);
  repos.push(r);
  const log = join(logs.dir, 'code.log');
  r.write('src/free.ts', 'x\n');
  r.git('add', '-A');
  assert.equal(r.tryGit(['commit', '-m', 'code'], logs.modules(log)).code, 0);
  const src = pathToFileURL(join(CLI, '..')).href;
  const loaded = readFileSync(log, 'utf8').split('\n').filter((u) => u.startsWith(src)).map((u) => u.slice(src.length + 1));
  const perStart = ['cli.js', 'errors.js', 'term.js', 'messages.js', 'commands/hook.js'];
  // prepare-commit-msg did not start node: pre-commit found no trailer to add.
  assert.deepEqual(loaded.sort(), [...perStart, 'hooks/pre-commit.js', ...perStart, 'hooks/post-commit.js', 'worklog/record.js'].sort());
  assert.doesNotMatch(readFileSync(log, 'utf8'), /picocolors|node_modules/);
});
