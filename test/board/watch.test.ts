// `plan-hooks status --watch` in a real terminal: tmux (on its own socket) runs it; a commit in
// another worktree is redrawn on the screen by itself (read with capture-pane); every frame is
// drawn in place on the alternate screen (the raw output, piped from the pane, homes the cursor
// and never clears the whole screen); q and Ctrl-C each end it with exit 0, the shell's screen back.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { CLI, type Repo, makeRepo, removeDir } from '../fixtures/repo.js';
import { claudeClaims, rotationRepo } from '../rotation/helpers.js';

const SOCKET = `plan-hooks-test-${process.pid}`;
const dirs: string[] = [];

function tmux(args: string[], env?: NodeJS.ProcessEnv): string {
  const r = spawnSync('tmux', ['-L', SOCKET, ...args], { encoding: 'utf8', env, timeout: 10_000 });
  assert.equal(r.status, 0, `tmux ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
}

const screenOf = (s: string) => tmux(['capture-pane', '-p', '-t', s]);

async function until(what: string, check: () => boolean, ms = 30_000, shown?: () => string): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}${shown ? `:\n${shown()}` : ''}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * A tmux session running `status --watch` in `repo` from a shell, as a person types it: its raw
 * output piped to a file, its exit code written to another when it ends (the shell stays).
 */
async function startWatch(repo: Repo, name: string): Promise<{ raw: string; code: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'plan-hooks-watch-'));
  dirs.push(dir);
  const raw = join(dir, 'raw');
  const code = join(dir, 'code');
  tmux(['new-session', '-d', '-s', name, '-x', '150', '-y', '45', '-c', repo.dir, `${process.execPath} ${CLI} status --watch; echo $? > ${code}; exec sleep 600`], repo.env);
  tmux(['pipe-pane', '-t', name, '-o', `cat >> ${raw}`]);
  await until('the first frame', () => screenOf(name).includes('Recent commits'));
  return { raw, code };
}

const alternate = (name: string) => tmux(['display-message', '-p', '-t', name, '#{alternate_on}']).trim();
const exitCode = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8').trim() : null);

after(() => {
  spawnSync('tmux', ['-L', SOCKET, 'kill-server']);
  for (const d of dirs) removeDir(d);
});

test('status --watch redraws a commit made in another worktree in place, and q quits with exit 0', async (t) => {
  const { repo, wt } = rotationRepo();
  dirs.push(repo.dir, wt.dir);
  const { raw, code } = await startWatch(repo, 'w1');
  const first = screenOf('w1');
  assert.match(first, /export\/first-task/);
  assert.doesNotMatch(first, /claude since/);
  assert.equal(alternate('w1'), '1', 'drawn on the alternate screen');

  claudeClaims(wt, 'claim first-task');
  const committed = Date.now();
  await until('the claim from the other worktree', () => /export\/first-task — claude since/.test(screenOf('w1')));
  t.diagnostic(`the screen showed the commit ${Date.now() - committed} ms after git commit returned`);
  const second = screenOf('w1');
  assert.match(second, /q or Ctrl-C quits/);
  assert.equal(second.split('\n').filter((l) => l.startsWith('Plans')).length, 1, 'one frame on the screen, not two');

  const bytes = readFileSync(raw, 'latin1');
  const frames = bytes.split('\x1b[H').length - 1;
  assert.ok(frames >= 2, `at least two frames drawn (${frames})`);
  assert.ok(!bytes.includes('\x1b[2J'), 'no frame clears the whole screen first (that is the flicker)');

  tmux(['send-keys', '-t', 'w1', 'q']);
  await until('the exit', () => exitCode(code) !== null, 30_000, () => screenOf('w1'));
  assert.equal(exitCode(code), '0');
  assert.equal(alternate('w1'), '0', 'back on the normal screen');
});

test('status --watch ends on Ctrl-C with exit 0 and the cursor shown again', async () => {
  const { repo, wt } = rotationRepo();
  dirs.push(repo.dir, wt.dir);
  const { raw, code } = await startWatch(repo, 'w2');
  tmux(['send-keys', '-t', 'w2', 'C-c']);
  await until('the exit', () => exitCode(code) !== null, 30_000, () => screenOf('w2'));
  assert.equal(exitCode(code), '0');
  assert.equal(alternate('w2'), '0');
  assert.ok(readFileSync(raw, 'latin1').endsWith('\x1b[?7h\x1b[?25h\x1b[?1049l'), 'line wrap, the cursor and the normal screen restored last');
});

test('status --watch refuses output that is not a terminal', () => {
  const repo = makeRepo({ initialCommit: true });
  dirs.push(repo.dir);
  const r = repo.cli(['status', '--watch']);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /status --watch redraws a terminal/);
});
