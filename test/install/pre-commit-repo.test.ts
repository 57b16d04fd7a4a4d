// The shipped .pre-commit-hooks.yaml with the real pre-commit framework (Debian's 3.0.4 here): a
// consumer repository names this package as `repo:` + `rev:`, `pre-commit install` builds it
// (`npm install` in a clone, `npm pack`, `npm install -g` of the tarball) and every stage runs
// plan-hooks from that build. pre-commit 3.0.4 takes all of `npm pack`'s stdout as the tarball's
// name, so the package must print nothing else there: the build runs in `postprepare` (npm
// install runs it; npm pack does not) rather than in `prepack`, whose banner npm ≥ 10 prints on
// stdout. Slow (npm and a build): one install, reused by every step.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { PACKAGE_ROOT, type Repo, makeRepo, removeDir } from '../fixtures/repo.js';
import { TRACE, USER_PRE_COMMIT_CONFIG, addClaim, hasPreCommit, read } from './helpers.js';

/** What pre-commit's clone needs to build the package: its tracked sources, not dist/ or tests. */
const SOURCES = ['package.json', 'package-lock.json', 'tsconfig.json', 'README.md', '.gitignore', '.pre-commit-hooks.yaml', 'scripts', 'src', 'schema', 'templates', 'hooks'];
const IDS = ['plan-hooks', 'plan-hooks-prepare-commit-msg', 'plan-hooks-post-commit', 'plan-hooks-pre-push'];

let source: Repo;
let consumer: Repo;
let home = '';
let rev = '';

const run = (repo: Repo, cmd: string, args: string[]) => {
  const r = spawnSync(cmd, args, { cwd: repo.dir, env: repo.env, encoding: 'utf8' });
  return { code: r.status ?? -1, out: `${r.stdout}${r.stderr}` };
};

before(() => {
  if (!hasPreCommit) return;
  // This package as a repository of its own at one commit, as pre-commit clones it.
  source = makeRepo();
  for (const name of SOURCES) cpSync(join(PACKAGE_ROOT, name), join(source.dir, name), { recursive: true });
  source.git('add', '.');
  source.git('commit', '-q', '-m', 'plan-hooks');
  rev = source.git('rev-parse', 'HEAD').trim();

  home = mkdtempSync(join(tmpdir(), 'plan-hooks-pre-commit-home-'));
  consumer = makeRepo({ initialCommit: true });
  // pre-commit's store in a directory of the test's; npm from its cache where it can.
  consumer.env = { ...consumer.env, PRE_COMMIT_HOME: home, npm_config_prefer_offline: 'true', npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' };
  consumer.write(
    '.pre-commit-config.yaml',
    `${USER_PRE_COMMIT_CONFIG}-   repo: ${source.dir}
    rev: ${rev}
    hooks:
${IDS.map((id) => `    -   id: ${id}\n`).join('')}`,
  );
  consumer.git('add', '.pre-commit-config.yaml');
  consumer.git('commit', '-q', '-m', 'pre-commit config');
  addClaim(consumer);
});

after(() => {
  source?.remove();
  consumer?.remove();
  if (home) removeDir(home);
});

test("repo: + rev: with the shipped .pre-commit-hooks.yaml: pre-commit install builds plan-hooks, a commit of another's claimed path is refused, a free one passes every stage, a push is re-checked", { skip: !hasPreCommit && 'pre-commit is not installed' }, () => {
  const installed = run(consumer, 'pre-commit', ['install', '--install-hooks', '-t', 'pre-commit', '-t', 'prepare-commit-msg', '-t', 'post-commit', '-t', 'pre-push']);
  assert.equal(installed.code, 0, installed.out);
  assert.match(installed.out, /Installing environment for /);

  consumer.write('src/claimed.ts', 'x\n');
  consumer.git('add', 'src/claimed.ts');
  const refused = consumer.tryGit(['commit', '-m', 'touch claimed'], TRACE);
  assert.equal(refused.code, 1, refused.stdout + refused.stderr);
  assert.match(refused.stdout + refused.stderr, /plan-hooks \(plans, claims, handoff\)\.+Failed[\s\S]*src\/claimed\.ts[\s\S]*alice/);
  consumer.git('reset', '-q', 'src/claimed.ts');

  consumer.write('free.txt', 'free\n');
  consumer.git('add', 'free.txt');
  const ok = consumer.tryGit(['commit', '-m', 'a free path'], TRACE);
  const out = ok.stdout + ok.stderr;
  assert.equal(ok.code, 0, out);
  assert.match(out, /USER-CHECK-RAN/);
  for (const name of ['plans, claims, handoff', 'Plan-Task trailer, identity', 'worklog']) {
    assert.match(out, new RegExp(`plan-hooks \\(${name.replace(/[(),]/g, '\\$&')}\\)\\.+Passed`), name);
  }
  // post-commit, through pre-commit's build of plan-hooks, wrote the worklog entry.
  const log = consumer.cli(['log']);
  assert.match(log.stdout, /^#\d+ .* main Test Author: a free path$/m, log.stdout + log.stderr);

  // pre-push gets one ref in PRE_COMMIT_* variables: the line git would have written is rebuilt.
  const remote = mkdtempSync(join(tmpdir(), 'plan-hooks-remote-'));
  execFileSync('git', ['init', '-q', '--bare', '-b', 'main', remote]);
  consumer.git('remote', 'add', 'origin', remote);
  const pushed = consumer.tryGit(['push', '-q', 'origin', 'main'], TRACE);
  assert.equal(pushed.code, 0, pushed.stdout + pushed.stderr);
  assert.match(pushed.stdout + pushed.stderr, /plan-hooks \(re-check pushed commits\)\.+Passed/);
  // A commit made with the hooks off that touches alice's path is refused at the push.
  consumer.write('src/claimed.ts', 'y\n');
  consumer.git('add', 'src/claimed.ts');
  assert.equal(consumer.tryGit(['commit', '-q', '-m', 'past the hooks'], { PLAN_HOOKS: '0', SKIP: IDS.join(',') }).code, 0);
  const blocked = consumer.tryGit(['push', 'origin', 'main']);
  assert.notEqual(blocked.code, 0, blocked.stdout + blocked.stderr);
  assert.match(blocked.stdout + blocked.stderr, /plan-hooks \(re-check pushed commits\)\.+Failed[\s\S]*src\/claimed\.ts[\s\S]*alice/);
  removeDir(remote);

  // `plan-hooks init` beside the shipped hooks adds nothing they already run (no second run):
  // shims only for the hooks they do not have, and doctor probes each through pre-commit.
  const config = read(consumer, '.pre-commit-config.yaml');
  const init = consumer.cli(['init']);
  assert.equal(init.code, 0, init.stderr);
  assert.equal(read(consumer, '.pre-commit-config.yaml'), config);
  for (const hook of ['pre-commit', 'prepare-commit-msg', 'post-commit', 'pre-push']) {
    assert.match(read(consumer, `.git/hooks/${hook}`), /File generated by pre-commit/, hook);
    assert.ok(!existsSync(join(consumer.dir, `.git/hooks/${hook}.legacy`)), hook);
  }
  assert.match(read(consumer, '.git/hooks/post-rewrite'), /plan-hooks shim/);
  consumer.write('free.txt', 'free again\n');
  consumer.git('add', 'free.txt', 'AGENTS.md');
  const once = consumer.tryGit(['commit', '-m', 'after init'], TRACE);
  assert.equal(once.code, 0, once.stdout + once.stderr);
  for (const name of ['plans, claims, handoff', 'Plan-Task trailer, identity', 'worklog']) {
    assert.equal((once.stdout + once.stderr).split(`plan-hooks (${name})`).length - 1, 1, `${name} ran once`);
  }
  const doctor = consumer.cli(['doctor']);
  assert.equal(doctor.code, 0, doctor.stdout);
  for (const [hook, id] of [['pre-commit', 'plan-hooks'], ['prepare-commit-msg', 'plan-hooks-prepare-commit-msg'], ['post-commit', 'plan-hooks-post-commit'], ['pre-push', 'plan-hooks-pre-push']]) {
    assert.match(doctor.stdout, new RegExp(`${hook}: \\.git/hooks/${hook} → \\.pre-commit-config\\.yaml \\(${id}\\) → plan-hooks \\(ran it: plan-hooks answered\\)`));
  }
});
