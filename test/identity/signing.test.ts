// Signed identity (issue 25 item 2, docs/signing.md), with real git, real ssh-keygen, real pushes
// to a bare remote and real `check --range` in fresh clones: `sign --setup` makes the keys (0600,
// never overwritten), the allowed signers and the git settings; an agent's commit through the
// hooks is signed with its key and listed verified; a hookless commit forging codex's trailer on
// codex's claimed file is listed unverified, and refused where the base requires signing; a
// commit signed with claude's key that records codex is refused; an agent's commit adding a key
// to the allowed signers is refused at commit and in CI; pre-push refuses what CI refuses; a person's signed commit passes; a key
// added in the pushed range itself proves nothing; uninstall takes back what setup set.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { type Repo, type RunResult, repoWithPlans } from '../fixtures/repo.js';
import { TempDirs, freshClone, withRemote } from '../fixtures/remote.js';
import { claimed, plan } from '../fixtures/plans.js';
import { agentTrailerValue } from '../../src/check/trailer.js';
import * as fs from 'node:fs';

// A client with no hooks and no signing (isomorphic-git, a devDependency), by a name in a variable as test/check/isomorphic-git.test.ts imports it.
interface IsoGit {
  add(o: { fs: typeof fs; dir: string; filepath: string }): Promise<void>;
  commit(o: { fs: typeof fs; dir: string; message: string; author: { name: string; email: string } }): Promise<string>;
}
const ISOMORPHIC_GIT = 'isomorphic-git';
const iso = await import(ISOMORPHIC_GIT).then((m: { default: IsoGit }) => m.default, () => null);

const temp = new TempDirs();
after(() => temp.removeAll());

const CLAUDE = { CLAUDECODE: '1' };
const HOOKLESS = ['-c', 'core.hooksPath=/dev/null', '-c', 'commit.gpgsign=false'];
const SIGNERS = '.plan-hooks/allowed-signers';

const ok = (res: RunResult, what = '') => assert.equal(res.code, 0, `${what}\n${res.stdout}${res.stderr}`);

/** codex holds src/api; plan-hooks' hooks installed; keys under a temporary XDG_CONFIG_HOME; pushed to a bare remote. */
function setup(): { r: Repo; keys: string; remote: string } {
  const r = repoWithPlans({ 'docs/api-plan.json': plan('api', [claimed('endpoints', 'codex', ['src/api'])]) });
  temp.dirs.push(r.dir);
  const config = temp.make('plan-hooks-xdg-');
  r.env = { ...r.env, XDG_CONFIG_HOME: config };
  r.git('config', 'user.email', 'author@example.com');
  r.write('src/api/index.ts', 'export const v = 1;\n');
  r.git('add', '-A');
  ok(r.tryGit(['-c', 'core.hooksPath=/dev/null', 'commit', '-q', '-m', 'the api, before the claim']));
  const remote = withRemote(r, temp);
  ok(r.tryGit(['push', '-q', '--no-verify', 'origin', 'main']));
  return { r, keys: join(config, 'plan-hooks', 'keys'), remote };
}

/** A commit made past the hooks and unsigned (another machine, a hookless client) recording `agent` with a valid seal. */
function hooklessAs(r: Repo, agent: string, message: string, extra: string[] = HOOKLESS, env: NodeJS.ProcessEnv = {}): RunResult {
  r.git('add', '-A');
  const tree = r.git('write-tree').trim();
  return r.tryGit([...extra, 'commit', '-q', '-m', `${message}\n\nPlan-Agent: ${agentTrailerValue({ name: agent, source: 'agent-marker' }, tree)}`], env);
}

/** check --range from..main in a fresh clone of the remote, with --json's verdicts. */
function ci(r: Repo, remote: string, from: string): { res: RunResult; json: { commit: string; allowed: boolean; evidence: string; identity: { name: string }; signature: { kind: string } | null }[] } {
  ok(r.tryGit(['push', '-q', '--no-verify', '--force', 'origin', 'main']));
  const clone = freshClone(remote, temp);
  const res = clone.cli(['check', '--range', `${from}..main`]);
  const json = JSON.parse(clone.cli(['check', '--range', `${from}..main`, '--json']).stdout);
  return { res, json };
}

describe('signed identity', () => {
  const { r, keys, remote } = setup();

  test('sign --setup: keys 0600 outside the repository, never overwritten; the allowed signers; git signs with the committing agent’s key', () => {
    ok(r.cli(['sign', '--setup', '--agent', 'claude', '--agent', 'codex']));
    ok(r.cli(['sign', '--setup']));
    for (const k of ['claude', 'codex', 'author@example.com']) assert.equal(statSync(join(keys, k)).mode & 0o777, 0o600, k);
    const before = readFileSync(join(keys, 'claude'), 'utf8');
    const again = r.cli(['sign', '--setup', '--agent', 'claude']);
    ok(again);
    assert.match(again.stdout, /key .*claude exists: kept, never overwritten/);
    assert.equal(readFileSync(join(keys, 'claude'), 'utf8'), before);
    const signers = readFileSync(join(r.dir, SIGNERS), 'utf8');
    assert.deepEqual(signers.trim().split('\n').map((l) => l.split(' ').slice(0, 2).join(' ')), ['claude namespaces="git"', 'codex namespaces="git"', 'author@example.com namespaces="git"']);
    assert.ok(signers.includes(readFileSync(join(keys, 'claude.pub'), 'utf8').split(' ')[1]!));
    assert.equal(r.git('config', '--local', 'gpg.format').trim(), 'ssh');
    assert.equal(r.git('config', '--local', 'commit.gpgsign').trim(), 'true');
    assert.match(r.git('config', '--local', 'gpg.ssh.program').trim(), /plan-hooks\/ssh-sign\.sh$/);
    // A person commits the allowed signers and requires signing, signed with their own key.
    r.writeJson('.plan-hooks.json', { signing: { require: true } });
    r.git('add', '-A');
    ok(r.commit('allowed signers; signing required'));
    ok(r.tryGit(['push', '-q', 'origin', 'main']));
  });

  test("an agent's commit through the hooks is signed with its key; check --range lists it verified", () => {
    const base = r.git('rev-parse', 'HEAD').trim();
    r.write('src/app.ts', 'export const app = 2;\n');
    r.git('add', '-A');
    ok(r.tryGit(['commit', '-q', '-m', 'claude edits unclaimed code'], CLAUDE));
    const sig = r.git('-c', `gpg.ssh.allowedSignersFile=${join(r.dir, SIGNERS)}`, 'log', '-1', '--format=%G? %GS').trim();
    assert.equal(sig, 'G claude');
    const { res, json } = ci(r, remote, base);
    ok(res, 'CI');
    assert.equal(json[0]!.evidence, 'signed');
    assert.equal(json[0]!.identity.name, 'claude');
    assert.match(res.stderr, /Identities verified by signature \(1 of 1 commit\)[\s\S]*claude edits unclaimed code: claude, verified \(signed\)/);
  });

  test("a hookless unsigned commit forging codex's trailer on codex's claimed file: refused where the base requires signing, listed unverified where not", () => {
    const base = r.git('rev-parse', 'HEAD').trim();
    r.write('src/api/index.ts', 'export const v = 2;\n');
    ok(hooklessAs(r, 'codex', 'forged as codex'));
    const push = r.tryGit(['push', 'origin', 'main']);
    assert.equal(push.code, 1, push.stderr);
    assert.match(push.stderr, /touches src\/api\/index\.ts, claimed by in-progress tasks, and it is not signed/);
    const required = ci(r, remote, base);
    assert.equal(required.res.code, 1, required.res.stderr);
    assert.match(required.res.stderr, /requires signed identity[\s\S]*touches src\/api\/index\.ts, claimed by in-progress tasks, and it is not signed[\s\S]*fix: sign it/);
    assert.equal(required.json[0]!.allowed, false);
    // The same commit on a base that does not require signing: listed, not refused.
    const lax = r.git('rev-parse', 'HEAD').trim();
    r.git('reset', '-q', '--hard', base);
    r.writeJson('.plan-hooks.json', { signing: { require: false } });
    r.git('add', '-A');
    ok(r.commit('signing reported only, by a person'));
    const base2 = r.git('rev-parse', 'HEAD').trim();
    r.git('cherry-pick', '--no-commit', lax);
    ok(hooklessAs(r, 'codex', 'forged as codex'));
    const reported = ci(r, remote, base2);
    ok(reported.res, 'not required: reported');
    assert.equal(reported.json[0]!.evidence, 'recorded');
    assert.match(reported.res.stderr, /Identities not verified \(1 of 1 commit\)[\s\S]*forged as codex: codex, recorded with the commit \(Plan-Agent\), unsigned/);
    r.git('reset', '-q', '--hard', base);
    ok(r.tryGit(['push', '-q', '--no-verify', '--force', 'origin', 'main']));
  });

  test("isomorphic-git forging codex's sealed trailer on codex's claimed file: refused in CI where signing is required", { skip: iso ? false : 'isomorphic-git is not installed (npm ci)' }, async () => {
    if (!iso) return;
    const base = r.git('rev-parse', 'HEAD').trim();
    r.write('src/api/index.ts', 'export const v = 7;\n');
    await iso.add({ fs, dir: r.dir, filepath: 'src/api/index.ts' });
    const tree = r.git('write-tree').trim();
    await iso.commit({ fs, dir: r.dir, message: `made by isomorphic-git\n\nPlan-Agent: ${agentTrailerValue({ name: 'codex', source: 'agent-marker' }, tree)}\n`, author: { name: 'Test Author', email: 'author@example.com' } });
    assert.equal(r.git('log', '-1', '--format=%G?').trim(), 'N');
    const { res, json } = ci(r, remote, base);
    assert.equal(res.code, 1, res.stderr);
    assert.equal(json[0]!.identity.name, 'codex', 'its recorded identity, unverified');
    assert.match(res.stderr, /made by isomorphic-git[\s\S]*touches src\/api\/index\.ts, claimed by in-progress tasks, and it is not signed/);
    r.git('reset', '-q', '--hard', base);
    ok(r.tryGit(['push', '-q', '--no-verify', '--force', 'origin', 'main']));
  });

  test("a commit signed with claude's key that records codex is refused (contradiction), at push and in CI", () => {
    const base = r.git('rev-parse', 'HEAD').trim();
    r.write('src/api/index.ts', 'export const v = 3;\n');
    const signedAsClaude = ['-c', 'core.hooksPath=/dev/null', '-c', 'gpg.ssh.program=ssh-keygen', '-c', `user.signingKey=${join(keys, 'claude')}`];
    ok(hooklessAs(r, 'codex', 'claude signs as codex', signedAsClaude));
    const push = r.tryGit(['push', 'origin', 'main']);
    assert.equal(push.code, 1, push.stderr);
    assert.match(push.stderr, /signed with claude's key, but records codex \(Plan-Agent\)/);
    const { res, json } = ci(r, remote, base);
    assert.equal(res.code, 1);
    assert.equal(json[0]!.identity.name, 'claude', 'judged as the signer');
    assert.match(res.stderr, /signed with claude's key, but records codex/);
    r.git('reset', '-q', '--hard', base);
    ok(r.tryGit(['push', '-q', '--no-verify', '--force', 'origin', 'main']));
  });

  test("an agent's signing program refuses to sign a commit recording another agent from its session", () => {
    r.write('src/app.ts', 'export const app = 3;\n');
    const res = hooklessAs(r, 'codex', 'claude forges codex', ['-c', 'core.hooksPath=/dev/null'], CLAUDE);
    assert.notEqual(res.code, 0);
    assert.match(res.stderr, /refusing to sign — the commit records codex \(Plan-Agent\), but this is claude's session/);
    r.git('reset', '-q', '--hard', 'HEAD');
  });

  test("an agent's commit adding a key to the allowed signers: refused at commit, and in CI when made past the hooks", () => {
    const base = r.git('rev-parse', 'HEAD').trim();
    r.write(SIGNERS, `${readFileSync(join(r.dir, SIGNERS), 'utf8')}mallory namespaces="git" ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIB00000000000000000000000000000000000000000\n`);
    r.git('add', '-A');
    const commit = r.tryGit(['commit', '-q', '-m', 'add my key'], CLAUDE);
    assert.equal(commit.code, 1, commit.stderr);
    assert.match(commit.stderr, /person's to make[\s\S]*allowed-signers/);
    ok(r.tryGit(['-c', 'core.hooksPath=/dev/null', 'commit', '-q', '-m', 'add my key, hookless'], CLAUDE));
    const { res } = ci(r, remote, base);
    assert.equal(res.code, 1, res.stderr);
    assert.match(res.stderr, /changes plan-hooks' own part of \.plan-hooks\/allowed-signers[\s\S]*identity is an agent's: claude/);
    r.git('reset', '-q', '--hard', base);
    ok(r.tryGit(['push', '-q', '--no-verify', '--force', 'origin', 'main']));
  });

  test("a key added in the range itself proves nothing: the base's allowed signers judge", () => {
    const base = r.git('rev-parse', 'HEAD').trim();
    // A person's commit (passes) adds a key no one set up through setup: mallory's, signing as codex.
    const mallory = join(keys, '..', 'mallory');
    r.write(SIGNERS, `${readFileSync(join(r.dir, SIGNERS), 'utf8')}codex namespaces="git" ${newKey(mallory)}\n`);
    r.git('add', '-A');
    ok(r.commit('a second codex key, by a person'));
    r.write('src/api/index.ts', 'export const v = 4;\n');
    ok(hooklessAs(r, 'codex', 'signed with the new key', ['-c', 'core.hooksPath=/dev/null', '-c', 'gpg.ssh.program=ssh-keygen', '-c', `user.signingKey=${mallory}`]));
    const { res, json } = ci(r, remote, base);
    assert.equal(json[1]!.signature?.kind, 'unverified');
    assert.equal(res.code, 1, res.stderr);
    assert.match(res.stderr, /signed by a key the base's allowed signers do not list/);
    r.git('reset', '-q', '--hard', base);
    ok(r.tryGit(['push', '-q', '--no-verify', '--force', 'origin', 'main']));
  });

  test("a person's signed commit passes where signing is required; an unsigned one touching no claimed path passes too", () => {
    const base = r.git('rev-parse', 'HEAD').trim();
    r.write('docs/notes.md', '# notes\n');
    r.git('add', '-A');
    ok(r.commit('a person signs'));
    assert.equal(r.git('-c', `gpg.ssh.allowedSignersFile=${join(r.dir, SIGNERS)}`, 'log', '-1', '--format=%G? %GS').trim(), 'G author@example.com');
    r.write('src/app.ts', 'export const app = 5;\n');
    r.git('add', '-A');
    ok(r.tryGit([...HOOKLESS, 'commit', '-q', '-m', 'unsigned, unclaimed']));
    const { res, json } = ci(r, remote, base);
    ok(res, 'CI');
    assert.deepEqual(json.map((v) => v.evidence), ['signed', 'author']);
  });

  test('uninstall takes back the git settings, the program and the allowed signers; the keys stay', () => {
    const res = r.cli(['uninstall']);
    ok(res);
    for (const key of ['gpg.format', 'commit.gpgsign', 'gpg.ssh.program', 'user.signingkey', 'plan-hooks.signingset']) {
      assert.equal(r.tryGit(['config', '--local', '--get', key]).code, 1, key);
    }
    assert.throws(() => statSync(join(r.dir, SIGNERS)));
    assert.throws(() => statSync(join(r.git('rev-parse', '--git-common-dir').trim(), 'plan-hooks', 'ssh-sign.sh')));
    assert.equal(statSync(join(keys, 'claude')).mode & 0o777, 0o600);
  });
});

/** A fresh key at `path` made with ssh-keygen itself; its public half. */
function newKey(path: string): string {
  execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', 'mallory', '-f', path], { stdio: 'ignore' });
  return readFileSync(`${path}.pub`, 'utf8').trim();
}
