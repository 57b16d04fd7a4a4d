// The modules a commit loads. A code-only commit: one bundled CommonJS file per hook that
// starts node (built by scripts/build.mjs: a loader that runs the hook's code from V8's code
// cache, outside node's module list), and nothing else of plan-hooks: no ES module (the ESM
// loader costs a hook ~3 ms), no sentences (messages.cjs, loaded when a hook has something to
// say), no picocolors (loaded on the first colour), no validator, no lint-staged. A commit
// staging a plan loads the validator and the handoff (dist/src/hooks/plan-commit.cjs).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, test } from 'node:test';
import { NodeLog } from '../fixtures/node-log.js';
import { CLI, type Repo, repoWithPlans } from '../fixtures/repo.js';
import { claimed, plan } from '../fixtures/plans.js';

const logs = new NodeLog();
const repos: Repo[] = [];
after(() => {
  repos.forEach((r) => r.remove());
  logs.remove();
});

test('a code-only commit loads one bundled file per hook and nothing else of plan-hooks', () => {
  const r = repoWithPlans({ 'docs/api-plan.json': plan('api', [claimed('endpoints', 'codex', ['src/api'])]) }, ['pre-commit', 'prepare-commit-msg', 'post-commit']);
  repos.push(r);
  const log = join(logs.dir, 'code.log');
  r.write('src/free.ts', 'x\n');
  r.git('add', '-A');
  assert.equal(r.tryGit(['commit', '-m', 'code'], logs.modules(log)).code, 0);
  // post-commit's node starts detached once git has returned: wait for its entry to be written.
  const worklog = join(r.git('rev-parse', '--path-format=absolute', '--git-common-dir').trim(), 'plan-hooks', 'worklog.jsonl');
  const head = r.git('rev-parse', 'HEAD').trim();
  for (let i = 0; i < 400 && !(existsSync(worklog) && readFileSync(worklog, 'utf8').includes(head)); i++) spawnSync('sleep', ['0.05']);
  const pkg = pathToFileURL(join(CLI, '..', '..', '..')).href;
  const loaded = new Set(readFileSync(log, 'utf8').split('\n').filter((u) => u.startsWith(pkg)).map((u) => u.slice(pkg.length + 1)));
  // prepare-commit-msg did not start node: pre-commit found no trailer to add. Neither pre-commit
  // nor the detached worklog writer loads the sentences for an honest commit: the writer words
  // nothing unless its judge disputes the commit (its identity's detail and its versions' labels
  // come from their areas' own modules).
  assert.deepEqual([...loaded].sort(), ['dist/src/hooks/post-commit.cjs', 'dist/src/hooks/pre-commit.cjs']);
  assert.doesNotMatch(readFileSync(log, 'utf8'), /picocolors/);
  // node 20's fs.rmSync loads its rimraf even for one file (~1.5 ms): the hooks remove files
  // with removeFile (src/lib/remove-file.ts).
  const own = readFileSync(`${log}.node`, 'utf8');
  assert.match(own, /^fs$/m, 'the recorder lists node\'s own modules');
  assert.doesNotMatch(own, /^internal\/fs\/rimraf$/m);
});

test('a code-only commit loads no validator; a commit staging a plan does', () => {
  const r = repoWithPlans({ 'docs/api-plan.json': plan('api', [claimed('endpoints', 'codex', ['src/api'])]) }, ['pre-commit']);
  repos.push(r);
  const log = join(logs.dir, 'code.log');
  r.write('src/free.ts', 'x\n');
  r.git('add', '-A');
  assert.equal(r.tryGit(['commit', '-m', 'code'], logs.modules(log)).code, 0);
  const loaded = readFileSync(log, 'utf8');
  assert.match(loaded, /hooks\/pre-commit\.cjs/, 'the recorder saw the hook');
  assert.doesNotMatch(loaded, /ajv|validator|lint-staged|plan\/validate|handoff\/stage/);

  const planLog = join(logs.dir, 'plan.log');
  r.write('docs/api-plan.json', readFileSync(join(r.dir, 'docs/api-plan.json'), 'utf8').replace('"Plan api"', '"Plan API"'));
  r.git('add', '-A');
  assert.equal(r.tryGit(['commit', '-m', 'plan'], { ...logs.modules(planLog), PLAN_HOOKS_AGENT: 'codex' }).code, 0);
  // The validator and the handoff are one more CommonJS file, required only now: no ES module.
  const pkg = pathToFileURL(join(CLI, '..', '..', '..')).href;
  const planLoaded = new Set(readFileSync(planLog, 'utf8').split('\n').filter((u) => u.startsWith(`${pkg}/dist/`)).map((u) => u.slice(pkg.length + 1)));
  // The handoff block is worded: the sentences' bundle too.
  assert.deepEqual([...planLoaded].sort(), ['dist/src/hooks/messages.cjs', 'dist/src/hooks/plan-commit.cjs', 'dist/src/hooks/pre-commit.cjs'], 'the handoff and the validator are loaded only when a plan is staged');
  // The compiled validator (and ajv's helpers) are in that file, not in the one every commit loads.
  const bundle = (name: string) => readFileSync(join(CLI, '..', 'hooks', name), 'utf8');
  assert.match(bundle('plan-commit.cjs'), /generated\/plan-state\.v1\.validator\.js/);
  assert.match(bundle('plan-commit.cjs'), /ajv-formats\/dist\/formats\.js/);
  assert.doesNotMatch(bundle('pre-commit-main.cjs'), /plan-state\.v1\.validator|node_modules\/ajv-formats/);
  // Its sentences are the hooks' bundle of them (scripts/build.mjs, lazySentences): none of its own, none in the hook's.
  assert.doesNotMatch(bundle('plan-commit.cjs'), /dist\/src\/messages\/(?!plural\.js)/);
  assert.doesNotMatch(bundle('pre-commit-main.cjs'), /dist\/src\/messages\/plan\.js/);
  assert.match(bundle('messages.cjs'), /dist\/src\/messages\/plan\.js/);
});

test("an honest, silent pre-commit loads no sentences, cached or not; a refusal loads them and reads as the CLI's", () => {
  const r = repoWithPlans({ 'docs/api-plan.json': plan('api', [claimed('endpoints', 'codex', ['src/api'])]) }, ['pre-commit']);
  repos.push(r);
  const pkg = pathToFileURL(join(CLI, '..', '..', '..')).href;
  const bundles = (log: string) => [...new Set(readFileSync(log, 'utf8').split('\n').filter((u) => u.startsWith(`${pkg}/dist/`)).map((u) => u.slice(pkg.length + 1)))].sort();
  const cache = join(r.dir, '.git/plan-hooks/code-cache/pre-commit');
  for (const label of ['no code cache yet', 'from the code cache']) {
    assert.equal(existsSync(cache), label !== 'no code cache yet', label);
    const log = join(logs.dir, `silent-${label}.log`);
    r.write('src/free.ts', `${label}\n`);
    r.git('add', '-A');
    const res = r.tryGit(['commit', '-q', '-m', 'code'], logs.modules(log));
    assert.equal(res.code, 0, res.stderr);
    assert.equal(res.stderr, '', `${label}: nothing to say`);
    assert.deepEqual(bundles(log), ['dist/src/hooks/pre-commit.cjs'], label);
  }

  const log = join(logs.dir, 'refused.log');
  r.write('src/api/users.ts', 'x\n');
  r.git('add', '-A');
  const refused = r.tryGit(['commit', '-q', '-m', 'code'], logs.modules(log));
  assert.equal(refused.code, 1);
  assert.match(refused.stderr, /api\/endpoints[\s\S]*codex/);
  assert.deepEqual(bundles(log), ['dist/src/hooks/messages.cjs', 'dist/src/hooks/pre-commit.cjs']);
  // The same hook through the CLI (ES modules from dist/src, every sentence in one module): the same words.
  const cli = r.cli(['hook', 'pre-commit']);
  assert.equal(cli.code, 1);
  assert.equal(refused.stderr, cli.stderr);
});

test("an honest pre-commit loads neither node:crypto nor node:module (each costs more to load than the check), its configuration validated", () => {
  const r = repoWithPlans({ 'docs/api-plan.json': plan('api', [claimed('endpoints', 'codex', ['src/api'])]) }, ['pre-commit']);
  repos.push(r);
  // A configuration, as init writes one: pre-commit validates it, and the validator's ajv helpers are bundled, not required through node:module.
  r.write('.plan-hooks.json', '{ "agents": [] }\n');
  r.git('add', '-A');
  r.git('-c', 'core.hooksPath=/dev/null', 'commit', '-q', '-m', 'configuration');
  // A preload that writes, as node exits, node's own modules that the process loaded.
  const list = join(logs.dir, 'builtins.log');
  const spy = join(logs.dir, 'builtins.cjs');
  writeFileSync(spy, `process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(list)}, process.moduleLoadList.join('\\n')));\n`);
  // The second commit: the first in a repository builds the caches the others read.
  for (const change of ['first', 'second']) {
    r.write('src/free.ts', `${change}\n`);
    r.git('add', '-A');
    assert.equal(r.tryGit(['commit', '-q', '-m', 'code'], { NODE_OPTIONS: `--require=${spy}` }).code, 0);
  }
  const loaded = readFileSync(list, 'utf8').split('\n');
  assert.ok(loaded.includes('NativeModule vm'), 'the spy saw the hook run its bundle');
  assert.ok(!loaded.includes('NativeModule crypto'), 'node:crypto');
  assert.ok(!loaded.includes('NativeModule module'), 'node:module');
});

test('no bundle of a hook builds a Unicode property class as it loads (V8 builds one from ICU wherever the literal is compiled or evaluated)', () => {
  // A regular expression literal with \p{…} is built (its sets from ICU, ~2 M instructions) when
  // its script is compiled and again when the literal is evaluated, in every hook that loads it,
  // though most print nothing: such a class is made from a string on first use (src/term.ts).
  // In a bundle's text a literal's escape is one backslash; a string's is two.
  const dir = join(CLI, '..', 'hooks');
  const bundles = readdirSync(dir).filter((f) => f.endsWith('.cjs'));
  assert.ok(bundles.includes('pre-commit.cjs') && bundles.includes('pre-commit-main.cjs') && bundles.includes('messages.cjs'), 'the hooks\' bundles are built');
  for (const file of bundles) assert.doesNotMatch(readFileSync(join(dir, file), 'utf8'), /(?<!\\)\\p\{/, file);
});

test("the detached writer of an honest code-only commit loads no node:crypto (the task index is keyed by the plans' blob ids themselves)", () => {
  const r = repoWithPlans({ 'docs/api-plan.json': plan('api', [claimed('endpoints', 'codex', ['src/api'])]) }, ['pre-commit', 'prepare-commit-msg', 'post-commit']);
  repos.push(r);
  // A preload that writes, as each node exits, its arguments and node's own modules it loaded.
  const spy = join(logs.dir, 'writer-builtins.cjs');
  writeFileSync(spy, `process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(join(logs.dir, 'writer-'))} + process.pid + '.log', process.argv.join(' ') + '\\n' + process.moduleLoadList.join('\\n')));\n`);
  const worklog = join(r.git('rev-parse', '--path-format=absolute', '--git-common-dir').trim(), 'plan-hooks', 'worklog.jsonl');
  // The second commit: the first one's writer builds the task index the others read.
  for (const change of ['first', 'second']) {
    r.write('src/free.ts', `${change}\n`);
    r.git('add', '-A');
    assert.equal(r.tryGit(['commit', '-q', '-m', change], { NODE_OPTIONS: `--require=${spy}` }).code, 0);
    const head = r.git('rev-parse', 'HEAD').trim();
    for (let i = 0; i < 400 && !(existsSync(worklog) && readFileSync(worklog, 'utf8').includes(head)); i++) spawnSync('sleep', ['0.05']);
  }
  const entries = readFileSync(worklog, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { subject: string; verified: boolean });
  assert.deepEqual(entries.map((e) => [e.subject, e.verified]), [['first', true], ['second', true]]);
  const writers = readdirSync(logs.dir).filter((f) => f.startsWith('writer-') && f.endsWith('.log')).map((f) => readFileSync(join(logs.dir, f), 'utf8')).filter((t) => / --drain /.test(t.split('\n')[0]!));
  assert.equal(writers.length, 2, 'the spy saw both writers');
  assert.ok(writers.every((t) => t.includes('NativeModule vm')), 'the writers ran their bundle');
  assert.ok(writers.every((t) => !t.includes('NativeModule crypto')), 'node:crypto');
});

test('the edit-time hook\'s bundle holds one sentence of the claims area, from its own module; the rest is in its replies\' bundle', () => {
  const bundle = (name: string) => readFileSync(join(CLI, '..', 'hooks', name), 'utf8');
  // The claims area's sentences were a seventh of agent-main.cjs, compiled into its code cache and read on every edit.
  assert.match(bundle('agent-main.cjs'), /dist\/src\/messages\/claim-sources\.js/);
  assert.doesNotMatch(bundle('agent-main.cjs'), /dist\/src\/messages\/claims\.js/);
  assert.match(bundle('agent-replies.cjs'), /dist\/src\/messages\/claims\.js/);
});
