// The common commit (no plan staged) must not load the schema validator, ajv or lint-staged.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, test } from 'node:test';
import type { Repo } from '../fixtures/repo.js';
import { claimed, plan, repoWithPlans } from './fixture.js';

const dir = mkdtempSync(join(tmpdir(), 'plan-hooks-loader-'));
const repos: Repo[] = [];
after(() => {
  repos.forEach((r) => r.remove());
  rmSync(dir, { recursive: true, force: true });
});

/** NODE_OPTIONS that log every module URL the hook process loads to `log`. */
function recordingEnv(log: string): NodeJS.ProcessEnv {
  const hooks = join(dir, 'hooks.mjs');
  writeFileSync(hooks, `import { appendFileSync } from 'node:fs';\nexport async function load(url, context, next) { appendFileSync(${JSON.stringify(log)}, url + '\\n'); return next(url, context); }\n`);
  const register = join(dir, 'register.mjs');
  writeFileSync(register, `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(hooks).href)});\n`);
  return { NODE_OPTIONS: `--import ${pathToFileURL(register).href}` };
}

test('a code-only commit loads no validator; a commit staging a plan does', () => {
  const r = repoWithPlans({ 'docs/api-plan.json': plan('api', [claimed('endpoints', 'codex', ['src/api'])]) }, ['pre-commit']);
  repos.push(r);
  const log = join(dir, 'code.log');
  r.write('src/free.ts', 'x\n');
  r.git('add', '-A');
  assert.equal(r.tryGit(['commit', '-m', 'code'], recordingEnv(log)).code, 0);
  const loaded = readFileSync(log, 'utf8');
  assert.match(loaded, /hooks\/pre-commit\.js/, 'the recorder saw the hook');
  assert.doesNotMatch(loaded, /ajv|validator|lint-staged|plan\/validate|handoff\/stage/);

  const planLog = join(dir, 'plan.log');
  r.write('docs/api-plan.json', readFileSync(join(r.dir, 'docs/api-plan.json'), 'utf8').replace('"Plan api"', '"Plan API"'));
  r.git('add', '-A');
  assert.equal(r.tryGit(['commit', '-m', 'plan'], { ...recordingEnv(planLog), PLAN_HOOKS_AGENT: 'codex' }).code, 0);
  assert.match(readFileSync(planLog, 'utf8'), /plan-state\.v1\.validator\.js/);
  assert.match(readFileSync(planLog, 'utf8'), /handoff\/stage\.js/, 'the handoff is regenerated only when a plan is staged');
});
