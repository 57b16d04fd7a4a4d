// init's and uninstall's decisions (src/core/install/) as tables: written-down facts in
// (test/fixtures/install-facts.ts), the actions or the refusal out, with no repository and no
// process. Each hook-manager setup, hooks that were there before, core.hooksPath, the refusals,
// and uninstall over what init did (applied to files held in memory). The real installs, one per
// mode and manager, are in test/install/ (plain.test.ts, husky.test.ts, managers.test.ts).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { HOOKS } from '../../src/core/hook-table.js';
import type { Action } from '../../src/core/install/action.js';
import { renderShim } from '../../src/core/install/hook-texts.js';
import { decideInit, type InitOptions } from '../../src/core/install/init-actions.js';
import { CHAINED_SUFFIX, RUNTIME_FILE, SHIM_MARK, TRACKED_RUNNER } from '../../src/core/install/names.js';
import { withTrackedRunner } from '../../src/core/install/managers.js';
import { isYarnBerry } from '../../src/core/install/package-manager.js';
import { decideUninstall } from '../../src/core/install/uninstall-actions.js';
import type { InstallFacts } from '../../src/install/facts.js';
import { ROOT, installFacts } from '../fixtures/install-facts.js';

const HOOKS_DIR = `${ROOT}/.git/hooks`;
const writes = (actions: Action[]) => actions.filter((a) => a.kind === 'write').map((a) => a.path);
const removes = (actions: Action[]) => actions.filter((a) => a.kind === 'remove').map((a) => a.path);
const commands = (actions: Action[]) => actions.flatMap((a) => (a.kind === 'command' ? [a.argv.join(' ')] : []));
const kinds = (actions: Action[]) => actions.map((a) => (a.kind === 'gitConfig' ? `gitConfig ${a.key}=${a.value}` : a.kind));
const written = (actions: Action[], path: string) => {
  const a = actions.find((x): x is Extract<Action, { kind: 'write' }> => x.kind === 'write' && x.path === path);
  assert.ok(a, `writes ${path}`);
  return a.content;
};
const edited = (actions: Action[], path: string, data: Record<string, unknown>) => {
  const a = actions.find((x): x is Extract<Action, { kind: 'editJson' }> => x.kind === 'editJson' && x.path === path);
  assert.ok(a, `edits ${path}`);
  const copy = structuredClone(data);
  a.edit(copy);
  return copy;
};
const init = (over: Partial<InstallFacts>, opts: Partial<InitOptions> = {}) => decideInit(installFacts(over), { force: false, ...opts });
const pkg = (data: Record<string, unknown>, files = ['package.json']) => ({ text: `${JSON.stringify(data, null, 2)}\n`, data, files });

test('decisions: which mode, which hooks directory, which core.hooksPath change, or which refusal', () => {
  const table: { facts: Parameters<typeof installFacts>[0]; force?: boolean; mode?: string; dir?: string; config?: string[]; refused?: RegExp }[] = [
    // No package.json: shims in the hooks directory git uses.
    { facts: {}, mode: 'dir', dir: HOOKS_DIR, config: [] },
    // A foreign core.hooksPath that is a directory of hooks: installed into, left set.
    { facts: { hooksPath: 'tools/hooks', hooksPathScope: 'local', hooksDir: `${ROOT}/tools/hooks` }, mode: 'dir', dir: `${ROOT}/tools/hooks`, config: [] },
    // …naming no directory: refused, unless --force unsets it (back to the shared hooks).
    { facts: { hooksPath: 'gone', hooksPathScope: 'local', hooksDir: `${ROOT}/gone`, hooksDirExists: false }, refused: /names no directory/ },
    { facts: { hooksPath: 'gone', hooksPathScope: 'local', hooksDir: `${ROOT}/gone`, hooksDirExists: false }, force: true, mode: 'dir', dir: HOOKS_DIR, config: ['gitConfig core.hooksPath=null'] },
    // A global core.hooksPath serves every repository: refused, unless --force overrides it here.
    { facts: { hooksPath: '/home/u/hooks', hooksPathScope: 'global', hooksDir: '/home/u/hooks' }, refused: /global git config/ },
    { facts: { hooksPath: '/home/u/hooks', hooksPathScope: 'global', hooksDir: '/home/u/hooks' }, force: true, mode: 'dir', dir: HOOKS_DIR, config: [`gitConfig core.hooksPath=${HOOKS_DIR}`] },
    // yarn Plug'n'Play: refused before anything.
    { facts: { pkg: { text: '{}', data: {}, files: ['yarn.lock'] }, yarnPnp: true }, refused: /Plug'n'Play/ },
    // A hook manager's configuration under a core.hooksPath: refused with the manager's fix.
    { facts: { preCommitConfig: 'repos: []\n', hooksPath: '.husky/_', hooksPathScope: 'local', hooksDir: `${ROOT}/.husky/_` }, refused: /managed by pre-commit/ },
    { facts: { lefthookConfig: { file: 'lefthook.yml', text: '' }, hooksPath: 'hooks', hooksPathScope: 'local', hooksDir: `${ROOT}/hooks` }, refused: /lefthook refuses to install under it/ },
    // simple-git-hooks installs into a foreign core.hooksPath, but never into husky's.
    { facts: { pkg: pkg({ 'simple-git-hooks': {} }), hooksPath: '.husky/_', hooksPathScope: 'local', hooksDir: `${ROOT}/.husky/_` }, refused: /rewrite husky's hooks/ },
  ];
  for (const row of table) {
    const facts = installFacts(row.facts);
    const label = JSON.stringify(row.facts) + (row.force ? ' --force' : '');
    if (row.refused) {
      assert.throws(() => decideInit(facts, { force: row.force ?? false }), row.refused, label);
      continue;
    }
    const decision = decideInit(facts, { force: row.force ?? false });
    assert.equal(decision.mode, row.mode, label);
    assert.equal(decision.manifest.hooksDir, row.dir, label);
    assert.deepEqual(kinds(decision.actions).filter((k) => k.startsWith('gitConfig core.hooksPath')), row.config, label);
    for (const hook of HOOKS) assert.ok(writes(decision.actions).includes(`${row.dir}/${hook}`), `${label}: ${hook}`);
    assert.ok(writes(decision.actions).includes(`${row.dir}/plan-hooks.sh`), `${label}: the runner`);
  }
});

test("decisions: a hook of the user's is kept and chained, never overwritten; ours is rewritten only when it differs", () => {
  const user = { content: '#!/bin/sh\necho mine\n', executable: true };
  const decision = init({ hookFiles: { 'pre-commit': user } });
  const renames = decision.actions.filter((a): a is Extract<Action, { kind: 'rename' }> => a.kind === 'rename');
  assert.deepEqual(renames.map((r) => [r.from, r.to]), [[`${HOOKS_DIR}/pre-commit`, `${HOOKS_DIR}/pre-commit${CHAINED_SUFFIX}`]]);
  // A second run over what the first installed changes no hook file.
  const installed = Object.fromEntries(HOOKS.map((h) => [h, { content: renderShim(h), executable: true }]));
  const again = init({ hookFiles: installed });
  assert.deepEqual(writes(again.actions).filter((p) => HOOKS.some((h) => p.endsWith(`/${h}`))), []);
  assert.ok(renderShim('pre-commit').includes(SHIM_MARK));
  // The place a chained hook goes is taken: refused, nothing lost.
  assert.throws(() => init({ hookFiles: { 'pre-commit': user, [`pre-commit${CHAINED_SUFFIX}`]: user } }), /already exists/);
});

test('decisions: husky (a Node repository with no hook manager): dependencies, prepare, husky, the runner and one section per hook', () => {
  const decision = init({ pkg: pkg({ name: 'x' }) });
  assert.equal(decision.mode, 'husky');
  assert.deepEqual(commands(decision.actions), ['npm install --save-dev --no-audit --no-fund husky@9.1.7 plan-hooks@0.1.0']);
  assert.deepEqual(edited(decision.actions, `${ROOT}/package.json`, { name: 'x' }), { name: 'x', scripts: { prepare: 'husky' } });
  assert.ok(decision.actions.some((a) => a.kind === 'husky'));
  for (const hook of [...HOOKS, 'post-checkout']) assert.match(written(decision.actions, `${ROOT}/.husky/${hook}`), new RegExp(`\\(set -- ${hook} '' "\\$@"; \\. "\\$\\{0%/\\*\\}/plan-hooks\\.sh"\\)`), hook);
  assert.equal(written(decision.actions, `${ROOT}/.husky/plan-hooks.sh`), installFacts({ pkg: pkg({}) }).runner);
  assert.match(written(decision.actions, `${ROOT}/AGENTS.md`), /npx plan-hooks/);
  assert.deepEqual(decision.manifest.addedDependencies, ['husky', 'plan-hooks']);
  assert.equal(decision.manifest.prepareBefore, null);
  assert.equal(decision.manifest.hooksPathBefore, null);

  // pnpm's lockfile: pnpm adds them; a prepare of the user's keeps running first.
  const pnpm = init({ pkg: pkg({ scripts: { prepare: 'tsc' } }, ['package.json', 'pnpm-lock.yaml']) });
  assert.deepEqual(commands(pnpm.actions), ['pnpm add --save-dev husky@9.1.7 plan-hooks@0.1.0']);
  assert.deepEqual(edited(pnpm.actions, `${ROOT}/package.json`, { scripts: { prepare: 'tsc' } }), { scripts: { prepare: 'tsc && husky' } });
  assert.match(written(pnpm.actions, `${ROOT}/AGENTS.md`), /pnpm exec plan-hooks/);

  // husky already there and run: no dependency, prepare or husky run; the user's lines come first,
  // and a script that ends in `exit` gets the section before that line.
  const ready = init({
    pkg: pkg({ devDependencies: { husky: '9', 'plan-hooks': '0.1.0' }, scripts: { prepare: 'husky' } }),
    hooksPath: '.husky/_', hooksPathScope: 'local', hooksDir: `${ROOT}/.husky/_`, huskyRan: true,
    huskyFiles: { 'pre-commit': 'npx lint-staged\n', 'prepare-commit-msg': 'npm test\nexit 0\n', 'pre-push': 'npm test\ngit lfs pre-push "$@"\nexit 0\n' },
  });
  assert.deepEqual(kinds(ready.actions).filter((k) => k !== 'write'), []);
  assert.match(written(ready.actions, `${ROOT}/.husky/pre-commit`), /^npx lint-staged\n\n# plan-hooks:start/);
  assert.match(written(ready.actions, `${ROOT}/.husky/prepare-commit-msg`), /^npm test\n# plan-hooks:start[^]*# plan-hooks:end\nexit 0\n$/);
  // Fed on stdin: first, keeping git's input for the lines after it (git lfs pre-push reads it too).
  assert.match(written(ready.actions, `${ROOT}/.husky/pre-push`), /^# plan-hooks:start[^]*plan_hooks_in=\$\(mktemp[^]*# plan-hooks:end\nnpm test\ngit lfs pre-push "\$@"\nexit 0\n$/);
  assert.ok(!ready.manifest.createdFiles.includes('.husky/pre-commit'));

  // A hook git runs today from .git/hooks would stop running under husky: kept, chained, run first.
  const shared = { 'pre-commit': { content: '#!/bin/sh\necho mine\n', executable: true } };
  const chained = init({ pkg: pkg({}), commonHookFiles: shared, hookFiles: shared });
  assert.ok(chained.actions.some((a) => a.kind === 'rename' && a.to === `${HOOKS_DIR}/pre-commit${CHAINED_SUFFIX}`));
  assert.match(written(chained.actions, `${ROOT}/.husky/pre-commit`), /hooks\/pre-commit\.plan-hooks-chained"/);
  assert.match(written(chained.actions, `${HOOKS_DIR}/pre-commit`), /for clients that ignore core\.hooksPath/);

  // plan-hooks went in through husky earlier, and a manager runs the hooks now: uninstall first.
  const manifest = { ...decision.manifest, hooksPathBefore: null };
  assert.throws(() => init({ pkg: pkg({}), manifest, lefthookConfig: { file: 'lefthook.yml', text: '' } }), /installed plan-hooks through husky here, and lefthook/);
});

const PRE_COMMIT_CONFIG = 'repos:\n  - repo: https://github.com/pre-commit/pre-commit-hooks\n    rev: v4.5.0\n    hooks:\n      - id: trailing-whitespace\n';

test('decisions: the pre-commit framework runs plan-hooks from its configuration; the other hooks are shims', () => {
  const decision = init({ preCommitConfig: PRE_COMMIT_CONFIG, bins: { 'pre-commit': '/usr/bin/pre-commit' }, preCommitVersion: 'pre-commit 3.0.4' });
  assert.equal(decision.mode, 'pre-commit');
  const config = written(decision.actions, `${ROOT}/.pre-commit-config.yaml`);
  assert.ok(config.startsWith(PRE_COMMIT_CONFIG), 'the user lines stay as they were');
  assert.match(config, /- id: plan-hooks[^]*stages: \[commit\]/, 'pre-commit before 3.2 names the stage "commit"');
  assert.ok(!writes(decision.actions).includes(`${HOOKS_DIR}/pre-commit`), 'pre-commit runs plan-hooks for pre-commit');
  for (const hook of HOOKS.filter((h) => h !== 'pre-commit')) assert.equal(written(decision.actions, `${HOOKS_DIR}/${hook}`), renderShim(hook));
  assert.deepEqual(commands(decision.actions), ['/usr/bin/pre-commit install']);
  assert.match(init({ preCommitConfig: PRE_COMMIT_CONFIG, preCommitVersion: 'pre-commit 3.7.0' }).actions.map((a) => (a.kind === 'write' ? a.content : '')).join(''), /stages: \[pre-commit\]/);

  // pre-commit not on PATH: a note says how, nothing runs.
  const noBin = init({ preCommitConfig: PRE_COMMIT_CONFIG });
  assert.deepEqual(commands(noBin.actions), []);
  assert.match(noBin.notes.join('\n'), /pre-commit is not on PATH/);
  // pre-commit's own script already installed: it is never moved; plan-hooks goes in as `<hook>.legacy` where pre-commit holds a hook.
  const script = { content: '#!/bin/sh\n# File generated by pre-commit: https://pre-commit.com\n', executable: true };
  const installed = init({ preCommitConfig: PRE_COMMIT_CONFIG, hookFiles: { 'pre-commit': script, 'pre-push': script } });
  assert.deepEqual(commands(installed.actions), []);
  assert.deepEqual(installed.notes, []);
  assert.ok(writes(installed.actions).includes(`${HOOKS_DIR}/pre-push.legacy`));
  assert.ok(!installed.actions.some((a) => a.kind === 'rename'));
  // The package's shipped hooks already in the configuration: nothing added for those.
  const shipped = init({ preCommitConfig: `${PRE_COMMIT_CONFIG}  - repo: https://example.com/plan-hooks\n    rev: v0.1.0\n    hooks:\n      - id: plan-hooks\n      - id: plan-hooks-pre-push\n` });
  assert.ok(!writes(shipped.actions).some((p) => p.endsWith('.pre-commit-config.yaml') || p.endsWith('/pre-push')));
  // A configuration plan-hooks cannot add to: refused with the entry to add by hand.
  assert.throws(() => init({ preCommitConfig: 'repos: []\n' }), /no block-style 'repos:' list[^]*- repo: local/);
});

test('decisions: prek reads the same configuration: chosen by its shim, or when it is here and pre-commit\'s script is not; prek install -f, never pre-commit install', () => {
  const prekShim = { content: '#!/bin/sh\n# File generated by prek: https://github.com/j178/prek\nexec prek hook-impl --hook-type=pre-commit -- "$@"\n', executable: true };
  const preCommitScript = { content: '#!/bin/sh\n# File generated by pre-commit: https://pre-commit.com\n', executable: true };
  const both = { 'pre-commit': '/usr/bin/pre-commit', prek: '/tools/prek' };
  // prek here, no hook installed yet (pre-commit on PATH too): prek installs, over whatever an earlier install left.
  const fresh = init({ preCommitConfig: PRE_COMMIT_CONFIG, bins: both, preCommitVersion: 'pre-commit 3.0.4' });
  assert.equal(fresh.mode, 'prek');
  assert.deepEqual(commands(fresh.actions), ['/tools/prek install -f']);
  assert.match(written(fresh.actions, `${ROOT}/.pre-commit-config.yaml`), /- id: plan-hooks[^]*stages: \[pre-commit\]/, "prek takes pre-commit 3.2's stage names");
  // prek's shim already there: nothing to run, even without prek on PATH.
  const installed = init({ preCommitConfig: PRE_COMMIT_CONFIG, hookFiles: { 'pre-commit': prekShim } });
  assert.equal(installed.mode, 'prek');
  assert.deepEqual(commands(installed.actions), []);
  // A hook of the user's own: kept (prek runs it as its legacy hook), so no -f.
  const theirs = init({ preCommitConfig: PRE_COMMIT_CONFIG, bins: both, hookFiles: { 'pre-commit': { content: '#!/bin/sh\necho mine\n', executable: true } } });
  assert.deepEqual(commands(theirs.actions), ['/tools/prek install']);
  // pre-commit's own script installed: the repository is pre-commit's, whatever else is on PATH.
  assert.equal(init({ preCommitConfig: PRE_COMMIT_CONFIG, bins: both, hookFiles: { 'pre-commit': preCommitScript } }).mode, 'pre-commit');
  // Uninstall edits the shared configuration once.
  const config = written(fresh.actions, `${ROOT}/.pre-commit-config.yaml`);
  const un = decideUninstall(installFacts({ preCommitConfig: config, hookFiles: { 'pre-commit': prekShim } }));
  assert.deepEqual(un.filter((a) => a.kind === 'write' && a.path === `${ROOT}/.pre-commit-config.yaml`).map((a) => (a.kind === 'write' ? a.content : '')), [PRE_COMMIT_CONFIG]);
});

test('decisions: lefthook and simple-git-hooks run plan-hooks from their configuration; earlier shims go', () => {
  const shims = Object.fromEntries(HOOKS.map((h) => [h, { content: renderShim(h), executable: true }]));
  const lefthook = init({ lefthookConfig: { file: 'lefthook.yml', text: 'pre-commit:\n  commands:\n    lint:\n      run: eslint\n' }, hookFiles: shims, bins: { lefthook: '/repo/node_modules/.bin/lefthook' } });
  assert.equal(lefthook.mode, 'lefthook');
  const config = written(lefthook.actions, `${ROOT}/lefthook.yml`);
  for (const hook of HOOKS) assert.match(config, new RegExp(`sh \\.plan-hooks/plan-hooks\\.sh ${hook} `), hook);
  assert.match(config, /^pre-commit:\n  commands:\n    lint:\n      run: eslint\n/);
  assert.match(config, /post-rewrite:[^]*use_stdin: true/);
  assert.deepEqual(commands(lefthook.actions), ['/usr/bin/node /repo/node_modules/.bin/lefthook install']);
  assert.deepEqual(removes(lefthook.actions).sort(), HOOKS.map((h) => `${HOOKS_DIR}/${h}`).sort());
  assert.ok(writes(lefthook.actions).includes(`${ROOT}/${TRACKED_RUNNER}`));
  assert.match(init({ lefthookConfig: { file: 'lefthook.yml', text: '' } }).notes.join(''), /run 'lefthook install'/);
  // Configured and installed already: neither the configuration nor lefthook install again.
  const installed = Object.fromEntries(HOOKS.map((h) => [h, { content: 'call_lefthook run', executable: true }]));
  const again = init({ lefthookConfig: { file: 'lefthook.yml', text: config }, hookFiles: installed, bins: { lefthook: '/repo/node_modules/.bin/lefthook' } });
  assert.deepEqual([commands(again.actions), again.actions.some((a) => a.kind === 'write' && a.path === `${ROOT}/lefthook.yml`)], [[], false]);
  assert.throws(() => init({ lefthookOtherConfig: 'lefthook.json' }), /does not edit lefthook\.json[^]*lefthook\.yml/);

  const data = { 'simple-git-hooks': { 'pre-commit': 'npx lint-staged', 'post-commit': 'echo done' } };
  const sgh = init({ pkg: pkg(data), bins: { 'simple-git-hooks': '/repo/node_modules/simple-git-hooks/cli.js' } });
  assert.equal(sgh.mode, 'simple-git-hooks');
  const after = edited(sgh.actions, `${ROOT}/package.json`, data)['simple-git-hooks'] as Record<string, string>;
  assert.match(after['pre-commit']!, /^npx lint-staged && sh \.plan-hooks\/plan-hooks\.sh pre-commit /, 'after the user command where the hook can refuse');
  assert.match(after['post-commit']!, /plan-hooks\.sh post-commit .*; echo done$/, 'before it for post-*');
  assert.deepEqual(Object.keys(after).sort(), [...HOOKS].sort());
  assert.ok(commands(sgh.actions).includes('/usr/bin/node /repo/node_modules/simple-git-hooks/cli.js'));
  assert.ok(!sgh.actions.some((a) => a.kind === 'husky'), 'never husky beside simple-git-hooks');
  assert.match(init({ pkg: pkg(data) }).notes.join(''), /run 'npx simple-git-hooks'/, 'said where it is not installed here');
  // Its own JSON file is edited there; a JavaScript one is not edited.
  const file = init({ pkg: pkg({}), simpleGitHooksFile: { file: '.simple-git-hooks.json', text: '{}' } });
  assert.deepEqual(Object.keys(edited(file.actions, `${ROOT}/.simple-git-hooks.json`, {})).sort(), [...HOOKS].sort());
  assert.throws(() => init({ pkg: pkg({}), simpleGitHooksFile: { file: '.simple-git-hooks.js', text: 'module.exports = {}' } }), /does not edit \.simple-git-hooks\.js/);

  // pre-commit or lefthook configured while husky (not plan-hooks') runs the hooks: plan-hooks goes into husky's, with a note.
  const bypassed = init({ pkg: pkg({ devDependencies: { husky: '9' } }), lefthookConfig: { file: 'lefthook.yml', text: '' }, hooksPath: '.husky/_', hooksPathScope: 'local', hooksDir: `${ROOT}/.husky/_`, huskyRan: true });
  assert.equal(bypassed.mode, 'husky');
  assert.match(bypassed.notes.join(''), /husky/);
});

/**
 * The files init's actions leave, held in memory (commands, husky and git config are not run;
 * husky's run counts as core.hooksPath set), and the facts uninstall would gather from them.
 */
function afterInit(facts: InstallFacts, files: Map<string, string>, actions: Action[]): InstallFacts {
  const next = { ...facts };
  for (const a of actions) {
    if (a.kind === 'write') files.set(a.path, a.content);
    else if (a.kind === 'remove') {
      for (const p of [...files.keys()]) if (p === a.path || p.startsWith(`${a.path}/`)) files.delete(p);
    } else if (a.kind === 'rename') {
      files.set(a.to, files.get(a.from)!);
      files.delete(a.from);
    } else if (a.kind === 'editJson') {
      const data = JSON.parse(files.get(a.path)!) as Record<string, unknown>;
      a.edit(data);
      files.set(a.path, `${JSON.stringify(data, null, 2)}\n`);
    } else if (a.kind === 'husky') Object.assign(next, { hooksPath: '.husky/_', hooksPathScope: 'local', hooksDir: `${ROOT}/.husky/_`, huskyRan: true });
  }
  const under = (dir: string) => new Map([...files].filter(([p]) => p.startsWith(`${dir}/`) && !p.slice(dir.length + 1).includes('/')).map(([p, c]) => [p.slice(dir.length + 1), c]));
  const hookFiles = (dir: string) => Object.fromEntries([...under(dir)].map(([n, c]) => [n, { content: c, executable: true }]));
  const text = (name: string) => files.get(`${ROOT}/${name}`) ?? null;
  return {
    ...next,
    hookFiles: hookFiles(next.hooksDir),
    commonHookFiles: hookFiles(HOOKS_DIR),
    huskyFiles: Object.fromEntries(under(`${ROOT}/.husky`)),
    huskyDirEntries: [...under(`${ROOT}/.husky`).keys()],
    entryFiles: Object.fromEntries(['AGENTS.md', 'CLAUDE.md'].flatMap((n) => (text(n) === null ? [] : [[n, text(n)!]]))),
    pkg: text('package.json') === null ? null : { ...facts.pkg!, data: JSON.parse(text('package.json')!) as Record<string, unknown> },
    preCommitConfig: text('.pre-commit-config.yaml'),
    lefthookConfig: facts.lefthookConfig && { file: facts.lefthookConfig.file, text: text(facts.lefthookConfig.file)! },
    userConfigText: text('.plan-hooks.json'),
    trackedRunnerText: text(TRACKED_RUNNER),
    trackedRunnerDirEntries: [...under(`${ROOT}/.plan-hooks`).keys()],
    hookState: files.has(`${ROOT}/.git/${RUNTIME_FILE}`) ? [`${ROOT}/.git/${RUNTIME_FILE}`] : [],
  };
}

test('decisions: uninstall takes back what init decided, and only that, in every setup', () => {
  const mine = '#!/bin/sh\necho mine\n';
  const setups: { name: string; facts: Partial<InstallFacts>; files: Record<string, string> }[] = [
    { name: 'plain, a hook of the user\'s chained', facts: { hookFiles: { 'pre-commit': { content: mine, executable: true } } }, files: { [`${HOOKS_DIR}/pre-commit`]: mine, [`${ROOT}/CLAUDE.md`]: '# Notes\n' } },
    { name: 'husky', facts: { pkg: pkg({ name: 'x' }) }, files: { [`${ROOT}/package.json`]: pkg({ name: 'x' }).text } },
    { name: 'pre-commit', facts: { preCommitConfig: PRE_COMMIT_CONFIG }, files: { [`${ROOT}/.pre-commit-config.yaml`]: PRE_COMMIT_CONFIG } },
    { name: 'lefthook', facts: { lefthookConfig: { file: 'lefthook.yml', text: 'pre-push:\n  commands:\n    t:\n      run: make\n' } }, files: { [`${ROOT}/lefthook.yml`]: 'pre-push:\n  commands:\n    t:\n      run: make\n' } },
    { name: 'simple-git-hooks', facts: { pkg: pkg({ 'simple-git-hooks': { 'pre-commit': 'npx lint-staged' } }) }, files: { [`${ROOT}/package.json`]: pkg({ 'simple-git-hooks': { 'pre-commit': 'npx lint-staged' } }).text } },
  ];
  for (const { name, facts: over, files: initial } of setups) {
    const facts = installFacts({ ...over, entryFiles: initial[`${ROOT}/CLAUDE.md`] ? { 'CLAUDE.md': initial[`${ROOT}/CLAUDE.md`]! } : {} });
    const files = new Map(Object.entries(initial));
    const decision = decideInit(facts, { force: false, strict: true });
    const installed = afterInit(facts, files, decision.actions);
    assert.notDeepEqual(Object.fromEntries(files), initial, `${name}: init changed something`);
    afterInit(installed, files, decideUninstall({ ...installed, manifest: decision.manifest }));
    assert.deepEqual(Object.fromEntries(files), initial, `${name}: uninstall put every file back`);
  }
});

test('decisions: uninstall over a plain install removes the shims and the runner and puts a chained hook back', () => {
  const hookFiles = {
    ...Object.fromEntries(HOOKS.map((h) => [h, { content: renderShim(h), executable: true }])),
    [`pre-commit${CHAINED_SUFFIX}`]: { content: '#!/bin/sh\necho mine\n', executable: true },
    'plan-hooks.sh': { content: '#!/bin/sh\n', executable: true },
  };
  const actions = decideUninstall(installFacts({ hookFiles, commonHookFiles: hookFiles }));
  const removed = removes(actions);
  for (const hook of HOOKS.filter((h) => h !== 'pre-commit')) assert.ok(removed.includes(`${HOOKS_DIR}/${hook}`), hook);
  assert.ok(removed.includes(`${HOOKS_DIR}/plan-hooks.sh`));
  assert.ok(actions.some((a) => a.kind === 'rename' && a.from.endsWith(`pre-commit${CHAINED_SUFFIX}`) && a.to === `${HOOKS_DIR}/pre-commit`));
  // core.hooksPath as init found it; the dependencies init added, removed last.
  const manifest = { version: 1 as const, mode: 'husky' as const, hooksDir: null, addedDependencies: ['husky', 'plan-hooks'], prepareBefore: null, prepareAfter: 'husky', hooksPathBefore: 'old/hooks', createdFiles: [], bootstrapped: [], lintStaged: [] };
  const husky = decideUninstall(installFacts({ pkg: pkg({ scripts: { prepare: 'husky' } }), hooksPath: '.husky/_', manifest }));
  assert.deepEqual(kinds(husky.filter((a) => a.kind === 'gitConfig')), ['gitConfig core.hooksPath=old/hooks']);
  assert.deepEqual(edited(husky, `${ROOT}/package.json`, { scripts: { prepare: 'husky' } }), {});
  assert.equal(husky.at(-1)!.kind, 'command');
  assert.deepEqual(commands(husky), ['npm uninstall --no-audit --no-fund husky plan-hooks']);
  // Nothing installed: nothing to do.
  assert.deepEqual(decideUninstall(installFacts()), []);
});

test('decisions: the hook managers call a tracked runner, written once, with no machine path; a repository without package.json records its node and CLI apart', () => {
  const node = init({ pkg: pkg({ devDependencies: { 'plan-hooks': '0.1.0' } }, ['package.json', 'pnpm-lock.yaml']), lefthookConfig: { file: 'lefthook.yml', text: '' } });
  const runner = written(node.actions, `${ROOT}/${TRACKED_RUNNER}`);
  assert.doesNotMatch(runner, /\/opt\/plan-hooks/, 'no machine path in a tracked file');
  assert.match(written(node.actions, `${ROOT}/lefthook.yml`), /run: sh \.plan-hooks\/plan-hooks\.sh pre-commit ''/);
  assert.ok(node.manifest.createdFiles.includes(TRACKED_RUNNER));
  assert.ok(!writes(node.actions).some((p) => p.endsWith('/.git/hooks/plan-hooks.sh')), 'no untracked runner for lefthook');
  // Written once: the same facts with the runner there change nothing.
  const facts = installFacts({ pkg: pkg({ devDependencies: { 'plan-hooks': '0.1.0' } }), simpleGitHooksFile: null });
  assert.ok(!writes(decideInit({ ...facts, trackedRunnerText: facts.trackedRunner, pkg: { ...facts.pkg!, data: { ...facts.pkg!.data, 'simple-git-hooks': {} } } }, { force: false }).actions).includes(`${ROOT}/${TRACKED_RUNNER}`));
  const plain = init({ lefthookConfig: { file: 'lefthook.yml', text: '' } });
  assert.equal(written(plain.actions, `${ROOT}/.git/${RUNTIME_FILE}`), '/usr/bin/node\n/opt/plan-hooks/dist/src/cli.js\n');
  assert.doesNotMatch(written(plain.actions, `${ROOT}/${TRACKED_RUNNER}`), /\/opt\/plan-hooks/);
  // An install from before the tracked runner: its commands move to it.
  const old = `pre-commit:\n  commands:\n    # plan-hooks:start\n    plan-hooks:\n      run: sh "$(git rev-parse --git-path hooks)/plan-hooks.sh" pre-commit '' {0}\n    # plan-hooks:end\n`;
  const moved = written(init({ lefthookConfig: { file: 'lefthook.yml', text: old } }).actions, `${ROOT}/lefthook.yml`);
  assert.match(moved, /run: sh \.plan-hooks\/plan-hooks\.sh pre-commit '' \{0\}/);
  assert.equal(moved.match(/plan-hooks:start/g)!.length, HOOKS.length, 'one section per hook, none twice');
  assert.equal(withTrackedRunner(`sh "$(git rev-parse --git-path hooks)/plan-hooks.sh" x`), 'sh .plan-hooks/plan-hooks.sh x');
});

test('decisions: yarn 2+ (Berry) gets husky in postinstall, which it runs, never prepare; uninstall takes it back', () => {
  assert.equal(isYarnBerry(['package.json', 'yarn.lock', '.yarnrc.yml']), true);
  assert.equal(isYarnBerry(['package.json'], 'yarn@4.9.4'), true);
  assert.equal(isYarnBerry(['package.json', 'yarn.lock']), false, 'yarn 1');
  assert.equal(isYarnBerry(['package.json', 'yarn.lock'], 'yarn@1.22.22'), false);
  assert.equal(isYarnBerry(['package.json', 'package-lock.json', '.yarnrc.yml']), false, 'npm by its lockfile');
  const data = { scripts: { postinstall: 'node setup.js' } };
  const berry = init({ pkg: pkg(data, ['package.json', 'yarn.lock', '.yarnrc.yml']), yarnBerry: true });
  const after = edited(berry.actions, `${ROOT}/package.json`, data) as { scripts: Record<string, string> };
  assert.deepEqual(after.scripts, { postinstall: 'node setup.js && husky' });
  assert.equal(berry.manifest.prepareScript, 'postinstall');
  const un = decideUninstall(installFacts({ pkg: pkg(after), yarnBerry: true, manifest: berry.manifest }));
  assert.deepEqual((edited(un, `${ROOT}/package.json`, after) as { scripts: unknown }).scripts, data.scripts);
  const classic = init({ pkg: pkg({}, ['package.json', 'yarn.lock']) });
  assert.deepEqual((edited(classic.actions, `${ROOT}/package.json`, {}) as { scripts: unknown }).scripts, { prepare: 'husky' });
});
