// `plan-hooks board --out FILE` in a real browser: headless Debian chromium opens the page from
// disk with every request intercepted; every task of `status --json` is on it with its status
// and holder, each claim's holder state, each worktree with its branch, bound task and
// uncommitted files, the commits marked; no request leaves the page, no console error, and the
// hostile plan's title, holder and request stay text. A screenshot is kept in dist/test-artifacts/.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, test } from 'node:test';
import type { Browser } from 'puppeteer-core';
import { artifact, launch, watchedPage, type Watched } from '../fixtures/browser.js';
import { HOSTILE_HOLDER, HOSTILE_REQUEST, HOSTILE_TITLE, boardRepo, statusJson, type BoardRepo } from './helpers.js';
import { removeDir } from '../fixtures/repo.js';

let browser: Browser;
let fx: BoardRepo;
let status: any;
let w: Watched;
let file: string;
let out: string;

before(async () => {
  fx = boardRepo();
  status = statusJson(fx.repo);
  // Outside the repository, so the page is not an uncommitted file on itself.
  out = mkdtempSync(join(tmpdir(), 'plan-hooks-board-'));
  file = join(out, 'board.html');
  const r = fx.repo.cli(['board', '--out', file]);
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stdout, `Wrote ${file}\n`);
  browser = await launch();
  const url = pathToFileURL(file).href;
  w = await watchedPage(browser, (u) => u === url);
  await w.page.setViewport({ width: 1400, height: 1000 });
  await w.page.goto(url, { waitUntil: 'load' });
});

after(async () => {
  await browser?.close();
  for (const dir of [fx?.api.dir, fx?.wt.dir, fx?.repo.dir, out]) if (dir) removeDir(dir);
});

test('the page opens from disk and asks for nothing: no request leaves it, no console error, no dialog, no script', async () => {
  assert.deepEqual(w.refused, [], 'no request besides the file itself');
  assert.equal(w.requests.length, 1);
  assert.deepEqual(w.errors, []);
  assert.deepEqual(w.dialogs, []);
  assert.equal(await w.page.$$eval('script', (s) => s.length), 0, 'a page from disk carries no script');
  const csp = await w.page.$eval('meta[http-equiv="Content-Security-Policy"]', (m) => m.getAttribute('content'));
  assert.match(csp ?? '', /default-src 'none'/);
});

test('every task of every plan is on the page, in its dependency graph, with its status and holder', async () => {
  const nodes: { task: string; status: string; holder: string | null }[] = await w.page.$$eval('g.task', (gs) =>
    gs.map((g) => ({ task: g.getAttribute('data-task')!, status: g.getAttribute('data-status')!, holder: g.getAttribute('data-holder') })),
  );
  const byTask = new Map(nodes.map((n) => [n.task, n]));
  const holders = new Map<string, string>(status.claims.map((c: any) => [c.task, c.holder]));
  let count = 0;
  for (const p of status.plans) {
    for (const item of p.items) {
      for (const t of item.tasks) {
        count++;
        const n = byTask.get(t.key);
        assert.ok(n, `${t.key} is drawn`);
        assert.equal(n.status, t.status, `${t.key}'s status`);
        assert.equal(n.holder, holders.get(t.key) ?? t.claimedBy, `${t.key}'s holder`);
      }
    }
  }
  assert.equal(count, 10, 'the four plans hold 10 tasks');
  assert.equal(nodes.length, count);
  // The table under each graph says the same in words.
  const rows: string[][] = await w.page.$$eval('table.tasks tbody tr', (trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')));
  const row = (task: string) => rows.find((r) => r[0] === task)!;
  assert.match(row('graph/ui')[1]!, /^not-started ready$/);
  assert.match(row('graph/docs')[1]!, /^not-started blocked$/);
  assert.match(row('graph/ops')[1]!, /^blocked blocked$/);
  assert.equal(row('export/first-task')[2], 'claude');
  assert.equal(row('graph/api')[2], 'codex');
  // Edges: design → api, design → ui, api → docs, ui → docs, bait → after.
  assert.equal(await w.page.$$eval('#plans path.edge', (p) => p.length), 5);
  assert.equal(await w.page.$$eval('g.task.ready', (g) => g.map((x) => x.getAttribute('data-task')).sort().join(' ')), 'graph/ui');
});

test("each claim's holder and whether it is live, paused at its limit, stale, or has no session here", async () => {
  const claims: string[][] = await w.page.$$eval('table.claims tbody tr', (trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')));
  const state = (task: string) => claims.find((c) => c[0] === task)?.slice(1, 3);
  assert.deepEqual(state('export/first-task')?.[0], 'claude');
  assert.match(state('export/first-task')![1]!, /^paused \(rate_limit\)/);
  assert.deepEqual(state('graph/api'), ['codex', state('graph/api')![1]]);
  assert.match(state('graph/api')![1]!, /^live/);
  assert.match(state('old/legacy')![1]!, /^stale/);
  assert.match(state('graph/review')![1]!, /^no session known/);
  for (const c of status.claims) assert.ok(claims.some((r) => r[0] === c.task && r[1] === c.holder), `${c.task} listed with ${c.holder}`);
});

test('each worktree with its branch, bound task and uncommitted files', async () => {
  const rows: string[][] = await w.page.$$eval('table.worktrees tbody tr', (trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')));
  const of = (dir: string) => rows.find((r) => r[0]!.startsWith(dir))!;
  assert.equal(rows.length, 3);
  assert.equal(of(fx.api.dir)[1], 'api-work');
  assert.equal(of(fx.api.dir)[3], 'graph/api');
  assert.match(of(fx.api.dir)[4]!, /src\/api\.ts \+1 −0/);
  assert.match(of(fx.api.dir)[0]!, /codex/, 'the session working there');
  assert.equal(of(fx.wt.dir)[1], 'feature');
  assert.match(of(fx.wt.dir)[4]!, /src\/export\.ts \+1 −0/);
});

test('the commits as a timeline per agent, the unverified and the hookless marked', async () => {
  const lanes = await w.page.$$eval('.timeline .lane text', (t) => t.map((x) => x.textContent));
  assert.ok(lanes.includes('claude') && lanes.includes('codex'), `lanes: ${lanes.join(', ')}`);
  const commits: { subject: string; marks: string }[] = await w.page.$$eval('table.commits tbody tr', (trs) => trs.map((tr) => ({ subject: tr.children[3]!.textContent ?? '', marks: tr.children[4]!.textContent ?? '' })));
  const marks = (s: string) => commits.find((c) => c.subject === s)?.marks;
  assert.equal(marks('plans for the board'), 'made without hooks unverified');
  assert.equal(marks('notes, unchecked'), 'unverified');
  assert.equal(marks('claim first-task'), 'verified');
  assert.equal(marks('claim graph/api'), 'verified');
  assert.equal(await w.page.$$eval('.timeline g.commit.m-hookless', (g) => g.length), 1);
});

test('the hostile plan stays text: no element, no script, no dialog, control characters shown as escapes', async () => {
  assert.equal(await w.page.$$eval('img', (i) => i.length), 0);
  assert.equal(await w.page.$$eval('body svg svg, foreignObject', (i) => i.length), 0);
  const title = await w.page.$eval('section[data-plan="docs/hostile-plan.json"] h3', (h) => h.firstChild?.textContent ?? '');
  assert.ok(title.startsWith('<img src=x onerror=alert(1)></script><script>alert(2)</script>'), title);
  assert.ok(title.includes('\\x1b[31mred\\x00\\u202e'), `escapes shown: ${JSON.stringify(title)}`);
  assert.ok(!/[\u0000-\u001f\u202e]/.test(title));
  assert.equal(HOSTILE_TITLE.length > 0, true);
  const holder = await w.page.$eval('g.task[data-task="hostile/bait"]', (g) => g.getAttribute('data-holder'));
  assert.equal(holder, HOSTILE_HOLDER);
  const request = await w.page.$eval('#requests tbody tr td:last-child', (td) => td.textContent);
  assert.equal(request, HOSTILE_REQUEST);
  assert.deepEqual(w.dialogs, []);
});

test('a screenshot of the page is kept as a test artifact', async () => {
  const shot = artifact('board.png');
  await w.page.screenshot({ path: shot, fullPage: true });
  assert.ok(existsSync(shot) && statSync(shot).size > 10_000, shot);
});
