// `plan-hooks board --serve`: started as a person starts it, opened in headless chromium; a commit
// in another worktree reaches the open page by itself (the measured delay is reported), nothing
// leaves the loopback origin, no console error; it binds nothing but the loopback, answers no
// other Host, and stops cleanly on SIGINT with the page still connected.
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { request } from 'node:http';
import { after, before, test } from 'node:test';
import type { Browser } from 'puppeteer-core';
import { artifact, launch, watchedPage, type Watched } from '../fixtures/browser.js';
import { CLI, type Repo, removeDir } from '../fixtures/repo.js';
import { claudeClaims, rotationRepo } from '../rotation/helpers.js';

let browser: Browser;
let repo: Repo;
let wt: Repo;
let server: ChildProcess;
let url: string;
let w: Watched;
let stderr = '';

/** Starts `board --serve --port 0` in `dir`; resolves with the URL it prints. */
function startServer(dir: string, env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [CLI, 'board', '--serve', '--port', '0'], { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stderr!.on('data', (d) => (stderr += d));
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`no URL printed: ${out} ${stderr}`)), 20_000);
    child.stdout!.on('data', (d) => {
      out += d;
      const m = /Board at (http:\/\/127\.0\.0\.1:\d+\/)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ child, url: m[1]! });
      }
    });
    child.once('exit', (code) => reject(new Error(`exited ${code}: ${stderr}`)));
  });
}

const exited = (child: ChildProcess, ms: number) =>
  new Promise<number | string>((resolve) => {
    const timer = setTimeout(() => resolve('still running'), ms);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      resolve(code ?? String(signal));
    });
  });

before(async () => {
  ({ repo, wt } = rotationRepo());
  ({ child: server, url } = await startServer(repo.dir, repo.env));
  browser = await launch();
  w = await watchedPage(browser, (u) => u.startsWith(url));
  await w.page.goto(url, { waitUntil: 'load' });
});

after(async () => {
  if (server.exitCode === null) server.kill('SIGKILL');
  await browser?.close();
  for (const dir of [wt?.dir, repo?.dir]) if (dir) removeDir(dir);
});

test('the served page shows the plan, and listens on its own origin only', async () => {
  assert.equal(await w.page.$eval('g.task[data-task="export/first-task"]', (g) => g.getAttribute('data-status')), 'not-started');
  assert.equal(await w.page.$$eval('script', (s) => s.length), 1);
  assert.deepEqual(w.refused, []);
  assert.ok(w.requests.some((u) => u === `${url}events`), `the page opened its event stream: ${w.requests.join(' ')}`);
});

// The page is told within the poll's 250 ms of the reflog moving, plus one redraw (status's own
// cost, the bench's board row): the delay is reported, not asserted (the machine is shared).
test('a commit in another worktree reaches the open page by itself', async (t) => {
  const before = await w.page.$eval('table.worktrees', (el) => el.textContent ?? '');
  assert.ok(!before.includes('claude'));
  claudeClaims(wt, 'claim first-task');
  const committed = Date.now();
  const head = wt.git('rev-parse', '--short=10', 'HEAD').trim();
  await w.page.waitForFunction((sha: string) => document.querySelector('table.worktrees')?.textContent?.includes(sha), { timeout: 30_000, polling: 50 }, head);
  const ms = Date.now() - committed;
  t.diagnostic(`the page showed the commit ${ms} ms after git commit returned`);
  await w.page.waitForSelector('g.task[data-task="export/first-task"][data-holder="claude"]', { timeout: 10_000 });
  assert.deepEqual(w.refused, []);
  assert.deepEqual(w.errors, []);
  await w.page.screenshot({ path: artifact('board-served.png'), fullPage: true });
});

test('nothing but the loopback is bound, and a request naming another host is not answered', async () => {
  for (const host of ['0.0.0.0', '192.168.1.10', '::', 'example.com', '127.0.0.1.example.com']) {
    const r = repo.cli(['board', '--serve', '--host', host, '--port', '0']);
    assert.equal(r.code, 2, `${host}: ${r.stdout}`);
    assert.match(r.stderr, new RegExp(`--host '${host.replace(/\./g, '\\.')}' is not a loopback address`));
  }
  const status = await new Promise<number>((resolve, reject) => {
    const req = request(url, { headers: { host: 'attacker.example:80' } }, (res) => resolve(res.statusCode ?? 0));
    req.on('error', reject);
    req.end();
  });
  assert.equal(status, 421, 'a DNS name rebound to 127.0.0.1 gets no page');
});

test('SIGINT stops it cleanly, with the page still connected: exit 0 and the port let go', async () => {
  server.kill('SIGINT');
  assert.equal(await exited(server, 5000), 0, stderr);
  assert.equal(stderr, '');
  const refused = await new Promise<string>((resolve) => {
    const req = request(url, (res) => resolve(`answered ${res.statusCode}`));
    req.on('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? 'error'));
    req.end();
  });
  assert.equal(refused, 'ECONNREFUSED');
});
