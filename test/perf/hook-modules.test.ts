// The modules a code-only commit loads: the CLI's own, then one bundled file per hook (built
// by scripts/build.mjs), and nothing CommonJS (picocolors is loaded on the first colour).
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, test } from 'node:test';
import type { Repo } from '../fixtures/repo.js';
import { CLI } from '../fixtures/repo.js';
import { claimed, plan, repoWithPlans } from '../enforce/fixture.js';

const dir = mkdtempSync(join(tmpdir(), 'plan-hooks-modules-'));
const repos: Repo[] = [];
after(() => {
  repos.forEach((r) => r.remove());
  rmSync(dir, { recursive: true, force: true });
});

/** NODE_OPTIONS that log every module URL a node process loads to `log`. */
function recordingEnv(log: string): NodeJS.ProcessEnv {
  const hooks = join(dir, 'hooks.mjs');
  writeFileSync(hooks, `import { appendFileSync } from 'node:fs';\nexport async function load(url, context, next) { appendFileSync(${JSON.stringify(log)}, url + '\\n'); return next(url, context); }\n`);
  const register = join(dir, 'register.mjs');
  writeFileSync(register, `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(hooks).href)});\n`);
  return { NODE_OPTIONS: `--import ${pathToFileURL(register).href}` };
}

test('a code-only commit loads the CLI, one file per hook, and no CommonJS', () => {
  const r = repoWithPlans({ 'docs/api-plan.json': plan('api', [claimed('endpoints', 'codex', ['src/api'])]) }, ['pre-commit', 'prepare-commit-msg', 'post-commit']);
  repos.push(r);
  const log = join(dir, 'code.log');
  r.write('src/free.ts', 'x\n');
  r.git('add', '-A');
  assert.equal(r.tryGit(['commit', '-m', 'code'], recordingEnv(log)).code, 0);
  const src = pathToFileURL(join(CLI, '..')).href;
  const loaded = readFileSync(log, 'utf8').split('\n').filter((u) => u.startsWith(src)).map((u) => u.slice(src.length + 1));
  const perStart = ['cli.js', 'errors.js', 'term.js', 'messages.js', 'commands/hook.js'];
  // prepare-commit-msg did not start node: pre-commit found no trailer to add.
  assert.deepEqual(loaded.sort(), [...perStart, 'hooks/pre-commit.js', ...perStart, 'hooks/post-commit.js', 'worklog/record.js'].sort());
  assert.doesNotMatch(readFileSync(log, 'utf8'), /picocolors|node_modules/);
});
