// An honest rotation under required signing (docs/signing.md, docs/rotation.md): claude claims and
// works in a linked worktree, stops at its usage limit; codex continues the claim in one command and
// commits. Each commit is signed by its own agent's key through plan-hooks' signing program, and
// `check --range` in a fresh clone, whose base requires signing, passes every commit as verified.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { TempDirs, freshClone, withRemote } from '../fixtures/remote.js';
import { Repo } from '../fixtures/repo.js';
import { TASK, claude, codex, rotationRepo, runHook } from '../rotation/helpers.js';

const dirs = new TempDirs();
after(() => dirs.removeAll());
const CLAUDE = { CLAUDECODE: '1' };
const CODEX = { CODEX_SANDBOX: 'seatbelt' };

test('claude stops at its limit, codex continues: both signed with their own keys, and CI requiring signatures passes them verified', () => {
  const { repo, wt: made } = rotationRepo();
  dirs.dirs.push(repo.dir, made.dir);
  repo.env = { ...repo.env, XDG_CONFIG_HOME: dirs.make('plan-hooks-xdg-') };
  const wt = new Repo(made.dir, repo.env);
  repo.git('config', 'user.email', 'author@example.com');
  // A person sets up signing on main and requires it.
  assert.equal(repo.cli(['sign', '--setup', '--agent', 'claude', '--agent', 'codex']).code, 0);
  assert.equal(repo.cli(['sign', '--setup']).code, 0);
  const configFile = join(repo.dir, '.plan-hooks.json');
  const config = existsSync(configFile) ? JSON.parse(readFileSync(configFile, 'utf8')) : {};
  repo.writeJson('.plan-hooks.json', { ...config, signing: { require: true } });
  repo.git('add', '-A');
  const setup = repo.tryGit(['commit', '-qm', 'allowed signers; signing required']);
  assert.equal(setup.code, 0, setup.stderr);
  assert.equal(wt.tryGit(['merge', '-q', '--ff-only', 'main']).code, 0);

  assert.equal(runHook(wt, wt.dir, 'claude', 'SessionStart', claude.start(wt.dir, 'c-1')).code, 0);
  assert.equal(wt.cli(['claim', TASK], CLAUDE).code, 0);
  wt.git('add', 'docs/export-plan.json');
  const claimed = wt.tryGit(['commit', '-qm', 'claim first-task'], CLAUDE);
  assert.equal(claimed.code, 0, claimed.stderr);
  wt.write('src/export.ts', 'export const a = 1;\nexport const retry = 2;\n');
  wt.git('add', '-A');
  const work = wt.tryGit(['commit', '-qm', 'claude: retry'], CLAUDE);
  assert.equal(work.code, 0, work.stderr);
  assert.equal(runHook(wt, wt.dir, 'claude', 'StopFailure', claude.stopFailure(wt.dir, 'c-1')).code, 0);

  assert.equal(runHook(wt, wt.dir, 'codex', 'SessionStart', codex.start(wt.dir, 'x-1')).code, 0);
  const cont = wt.cli(['claim', TASK, '--continue'], CODEX);
  assert.equal(cont.code, 0, cont.stderr);
  wt.write('src/export.ts', 'export const a = 1;\nexport const retry = 3;\n');
  wt.git('add', '-A');
  const next = wt.tryGit(['commit', '-qm', 'continue first-task: retry 3'], CODEX);
  assert.equal(next.code, 0, next.stderr);

  const signers = join(wt.dir, '.plan-hooks/allowed-signers');
  const sigs = wt.git('-c', `gpg.ssh.allowedSignersFile=${signers}`, 'log', '--format=%G? %GS', 'main..feature').trim().split('\n');
  assert.deepEqual(sigs, ['G codex', 'G claude', 'G claude']);

  const remote = withRemote(wt, dirs);
  repo.git('push', '-q', 'origin', 'main');
  const push = wt.tryGit(['push', 'origin', 'feature']);
  assert.equal(push.code, 0, push.stderr);
  const clone = freshClone(remote, dirs, 'feature');
  const range = clone.cli(['check', '--range', 'origin/main..origin/feature']);
  assert.equal(range.code, 0, range.stderr);
  assert.match(range.stderr, /Identities verified by signature \(3 of 3 commits\)/);
  assert.doesNotMatch(range.stderr, /Identities not verified/);
  const json = JSON.parse(clone.cli(['check', '--range', 'origin/main..origin/feature', '--json']).stdout);
  assert.deepEqual(json.map((v: { identity: { name: string }; evidence: string }) => `${v.identity.name} ${v.evidence}`), ['claude signed', 'claude signed', 'codex signed']);
});
