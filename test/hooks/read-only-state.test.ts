// A read-only .git/plan-hooks (issue 26), for a user who is not root (root writes anyway): made by
// another user, or a read-only mount. Real commits run as that user (runuser; running as root,
// the test creates the user where it is missing and removes it after, and the hooks run a copy
// of the package that user can read): the check still runs, allowing a free file and
// refusing a claimed one, never with a stack trace; what cannot be recorded is said once, plainly,
// with the fix (the permissions); the edit-time hook still denies the claimed file; and once the
// directory is writable again, the commit is in the worklog, listed as made without hooks.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { after, test } from 'node:test';
import { join } from 'node:path';
import { claimed, open, plan } from '../fixtures/plans.js';
import { PACKAGE_ROOT, removeDir } from '../fixtures/repo.js';
import { nodeRepo } from '../install/helpers.js';
import { agentEnv, claude, installedCommand } from '../rotation/helpers.js';

const USER = 'plan-hooks-ro';
/** What no output may hold: a stack frame, or an error's name as node prints an uncaught one. */
const CRASH = /\n\s+at |^\s*at |\b(TypeError|RangeError|SyntaxError|ReferenceError)\b|internal error|Error: /m;

/**
 * The built package as npm would install it (its packed files and its run-time dependencies), in
 * a 0755 directory of its own: CI clones into a 0700 directory (mktemp -d), which keeps the
 * checkout itself from every other user.
 */
function readablePackage(): string {
  const dir = mkdtempSync(join(tmpdir(), 'plan-hooks-ro-package-'));
  chmodSync(dir, 0o755);
  const pkg = JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { files: string[]; dependencies?: Record<string, string> };
  for (const entry of ['package.json', ...pkg.files]) cpSync(join(PACKAGE_ROOT, entry), join(dir, entry), { recursive: true });
  const copied = new Set<string>();
  const copyDeps = (deps: Record<string, string> = {}) => {
    for (const name of Object.keys(deps)) {
      if (copied.has(name)) continue;
      copied.add(name);
      const from = join(PACKAGE_ROOT, 'node_modules', name);
      cpSync(from, join(dir, 'node_modules', name), { recursive: true, dereference: true });
      copyDeps((JSON.parse(readFileSync(join(from, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> }).dependencies);
    }
  };
  copyDeps(pkg.dependencies);
  execFileSync('chmod', ['-R', 'a+rX', dir]);
  return dir;
}

/** Who runs the commits: this process when it is not root, else a user made for it (removed after, when this made it); a reason when neither can be. */
function committer(pkgDir: string): { wrap: (argv: string[]) => string[]; skip: string | false; made: boolean } {
  if (process.getuid?.() !== 0) return { wrap: (argv) => argv, skip: false, made: false };
  const existed = spawnSync('id', ['-u', USER]).status === 0;
  if (!existed && spawnSync('useradd', ['-M', '-s', '/bin/sh', USER]).status !== 0) return { wrap: (argv) => argv, skip: 'running as root and useradd failed: no non-root user to commit as', made: false };
  const made = !existed;
  if (spawnSync('runuser', ['-u', USER, '--', 'true']).status !== 0) return { wrap: (argv) => argv, skip: 'runuser cannot run as the test user', made };
  if (spawnSync('runuser', ['-u', USER, '--', 'test', '-r', join(pkgDir, 'dist', 'src', 'cli.js')]).status !== 0) return { wrap: (argv) => argv, skip: `the test user cannot read ${pkgDir}`, made };
  return { wrap: (argv) => ['runuser', '-u', USER, '--', ...argv], skip: false, made };
}
const pkgDir = readablePackage();
const who = committer(pkgDir);

const repo = nodeRepo();
// The package the hooks run is the readable copy, not the checkout.
rmSync(join(repo.dir, 'node_modules', 'plan-hooks'));
symlinkSync(pkgDir, join(repo.dir, 'node_modules', 'plan-hooks'));
const cli = join(repo.dir, 'node_modules', 'plan-hooks', 'dist', 'src', 'cli.js');
after(() => {
  repo.remove();
  removeDir(pkgDir);
  // The machine as found: the user goes when this test made it (its files went with the repository).
  if (who.made) spawnSync('userdel', [USER]);
});

test('a read-only .git/plan-hooks: commits are checked, allowed or refused, never a stack trace; the loss is said once with its fix and nothing is lost', { skip: who.skip }, () => {
  repo.writeJson('docs/work-plan.json', plan('work', [claimed('held', 'codex', ['src/held.ts']), open('free', ['src/free.ts'])]));
  repo.write('docs/work-plan.md', '# Work\n');
  // init from the copy too, so that what it installs names no path inside the checkout.
  const init = spawnSync(process.execPath, [cli, 'init', '--agents', 'claude'], { cwd: repo.dir, env: repo.env, encoding: 'utf8' });
  assert.equal(init.status, 0, init.stderr);
  repo.git('add', '-A');
  repo.git('commit', '-qm', 'plan and hooks');
  // The hooks' code caches are written as each run exits, after git returns: those first, then the owner.
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1_500);
  if (process.getuid?.() === 0) execFileSync('chown', ['-R', USER, repo.dir]);
  const as = (argv: string[], env: NodeJS.ProcessEnv = {}, input?: string) => {
    const [cmd, ...args] = who.wrap(argv);
    const r = spawnSync(cmd!, args, { cwd: repo.dir, env: { ...repo.env, ...env }, input, encoding: 'utf8', timeout: 60_000 });
    return { code: r.status, signal: r.signal, stdout: r.stdout, stderr: r.stderr };
  };
  const commit = (path: string, subject: string) => {
    as(['sh', '-c', `mkdir -p src && echo x > ${path}`]);
    as(['git', 'add', '-A']);
    return as(['git', 'commit', '-q', '-m', subject], { PLAN_HOOKS_AGENT: 'claude' });
  };
  // A first commit makes the state as usual; then the directory and everything in it is read-only.
  const first = commit('src/first.ts', 'first');
  assert.equal(first.code, 0, first.stderr + first.stdout);
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1_500);
  const chmod = as(['chmod', '-R', 'a-w', '.git/plan-hooks']);
  assert.equal(chmod.code, 0, chmod.stderr);
  assert.notEqual(as(['sh', '-c', 'echo > .git/plan-hooks/probe']).code, 0, 'the directory is read-only to the committer');

  const allowed = commit('src/free.ts', 'free work');
  assert.equal(allowed.code, 0, allowed.stderr);
  assert.doesNotMatch(allowed.stderr, CRASH);
  assert.equal((allowed.stderr.match(/cannot be written/g) ?? []).length, 1, allowed.stderr);
  assert.match(allowed.stderr, /^plan-hooks: this commit is not in the worklog: \S+\.git\/plan-hooks cannot be written \(EACCES\)\. The commit itself is fine/m);
  assert.match(allowed.stderr, /Fix the permissions as the user who commits: chown -R "\$\(id -un\)" '\S+\.git\/plan-hooks' && chmod -R u\+w/);
  assert.equal(as(['git', 'log', '-1', '--format=%s']).stdout.trim(), 'free work');

  const refused = commit('src/held.ts', 'into the claim');
  assert.equal(refused.code, 1, refused.stderr);
  assert.match(refused.stderr, /commit refused — it touches 1 path claimed by another agent's task[\s\S]*held by codex/);
  assert.doesNotMatch(refused.stderr, CRASH);
  assert.equal(as(['git', 'log', '-1', '--format=%s']).stdout.trim(), 'free work');
  as(['git', 'reset', '-q']);

  // Edit time: Claude Code's pre-tool hook still denies the claimed file and allows the free one.
  const hook = installedCommand(repo.dir, 'claude', 'PreToolUse');
  for (const [file, denied] of [['src/held.ts', true], ['src/free.ts', false]] as const) {
    const r = as(['sh', '-c', hook.command], agentEnv('claude', repo.dir), JSON.stringify(claude.edit(repo.dir, 'c-1', file)));
    assert.equal(r.code, 0, r.stderr);
    assert.doesNotMatch(r.stderr, CRASH);
    const decision = r.stdout.trim() ? (JSON.parse(r.stdout) as { hookSpecificOutput?: { permissionDecision?: string } }).hookSpecificOutput?.permissionDecision : undefined;
    assert.equal(decision === 'deny', denied, `${file}: ${r.stdout}`);
  }
  // status, read-only: the log as it is, never a stack trace.
  const status = as(['node', cli, 'status']);
  assert.equal(status.code, 0, status.stderr);
  assert.doesNotMatch(status.stderr, CRASH);

  // Writable again: the commit is in the worklog, as made without hooks; nothing was lost.
  assert.equal(as(['chmod', '-R', 'u+w', '.git/plan-hooks']).code, 0);
  const log = as(['node', cli, 'log', '--json']);
  assert.equal(log.code, 0, log.stderr);
  const entries = JSON.parse(log.stdout) as { subject: string; verified: boolean; withoutHooks?: boolean }[];
  const entry = entries.find((e) => e.subject === 'free work');
  assert.ok(entry, log.stdout);
  assert.equal(entry.verified, false, JSON.stringify(entry));
  assert.equal(entry.withoutHooks, true, JSON.stringify(entry));
});
