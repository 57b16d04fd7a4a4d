// The board's pure parts: the layered layout (columns by longest dependency chain, cycles and
// unknown dependencies drawn without looping), and the page from facts given here (escaping,
// the holder's words, the commit marks, disputed handovers, the served page's one script).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { layout } from '../../src/board/layout.js';
import { esc, renderBoard, type BoardFacts } from '../../src/board/render.js';
import type { StatusReport } from '../../src/status/report.js';
import type { CommitEntry } from '../../src/worklog/entry.js';

test('layout: a task sits one column right of its deepest dependency; rows are assigned within a column', () => {
  const deps = new Map([
    ['b', ['a']],
    ['c', ['a']],
    ['d', ['b', 'c']],
    ['e', ['d', 'a']],
  ]);
  const g = layout(['a', 'b', 'c', 'd', 'e'].map((id) => ({ id, width: 100 })), deps);
  const col = Object.fromEntries(g.nodes.map((n) => [n.id, n.column]));
  assert.deepEqual(col, { a: 0, b: 1, c: 1, d: 2, e: 3 });
  assert.equal(g.edges.length, 6);
  const rows = g.nodes.filter((n) => n.column === 1).map((n) => n.row).sort();
  assert.deepEqual(rows, [0, 1]);
  assert.ok(g.width > 4 * 100 && g.height > 0);
});

test('layout: a cycle, a self-dependency, an unknown dependency and a repeated id neither loop nor throw', () => {
  const deps = new Map([
    ['a', ['c', 'a', 'ghost']],
    ['b', ['a']],
    ['c', ['b']],
  ]);
  const g = layout([{ id: 'a', width: 80 }, { id: 'b', width: 80 }, { id: 'c', width: 80 }, { id: 'a', width: 80 }], deps);
  assert.equal(g.nodes.length, 3);
  for (const e of g.edges) assert.ok(g.nodes.find((n) => n.id === e.from)!.column < g.nodes.find((n) => n.id === e.to)!.column, 'every edge drawn goes right');
});

test('layout: a chain of 5000 tasks does not overflow the stack', () => {
  const ids = Array.from({ length: 5000 }, (_, i) => `t${i}`);
  const g = layout(ids.map((id) => ({ id, width: 10 })), new Map(ids.slice(1).map((id, i) => [id, [ids[i]!]])));
  assert.equal(g.nodes.at(-1)!.column, 4999);
});

test('esc: HTML special characters escaped, control and format characters shown as escapes', () => {
  assert.equal(esc(`<a href="x" onclick='y'>&</a>`), '&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
  assert.equal(esc('a\u001b[2Jb\u0000c\u202ed\ne'), 'a\\x1b[2Jb\\x00c\\u202ed e');
  assert.equal(esc(undefined), '');
  assert.equal(esc(42), '42');
});

const commit = (over: Partial<CommitEntry>): CommitEntry => ({
  v: 1,
  type: 'commit',
  seq: 1,
  time: '2026-03-10T10:00:00Z',
  branch: 'main',
  worktree: '/r',
  identity: { name: 'claude', source: 'env', detail: '' },
  commit: 'a'.repeat(40),
  parents: [],
  author: { name: 'A', email: 'a@x' },
  committedAt: '2026-03-10T10:00:00Z',
  subject: 'work',
  operation: 'commit',
  changes: [],
  changesOmitted: 0,
  tasks: [],
  transitions: [],
  verified: true,
  skippedChecks: [],
  violations: [],
  unreadablePlans: [],
  ...over,
});

function facts(): BoardFacts {
  const holderState = { state: 'paused' as const, why: 'idle', lastSeen: '2026-03-10T09:00:00Z', agent: 'codex' };
  const report: StatusReport = {
    branch: 'main',
    head: 'b'.repeat(40),
    plans: [
      {
        path: 'docs/p-plan.json',
        planId: 'p',
        title: 'Title </title><script>x()</script>',
        open: true,
        items: [{ id: 'w', title: 'W', status: 'in-progress', tasks: [{ id: 't1', key: 'p/t1', status: 'in-progress', dependsOn: [], claimedBy: 'codex', branch: null }] }],
        counts: { 'not-started': 0, 'in-progress': 1, blocked: 0, completed: 0 },
        tasks: { 'not-started': [], 'in-progress': ['p/t1'], blocked: [], completed: [] },
        ready: [],
        blocked: [],
        handoff: null,
      },
    ],
    unreadablePlans: [{ path: 'docs/bad-plan.json', reason: 'not JSON <b>' }],
    claims: [{ task: 'p/t1', holder: 'codex', since: '2026-03-10T08:00:00Z', ageHours: 4, stale: false, files: ['src/**'], source: 'HEAD', holderState }],
    sessions: [],
    handovers: [{ kind: 'continue', task: 'p/t1', from: 'claude', to: 'codex', by: 'codex', at: '2026-03-10T08:00:00Z', file: 'docs/p-plan.json', disputed: '2026-03-10T08:30:00Z' }],
    requests: [],
    recent: [commit({ seq: 3, subject: 'forged', disputed: 'the claims cache was tampered with', verified: false }), commit({ seq: 2, subject: 'no hooks', withoutHooks: true, verified: false, identity: { name: 'bob', source: 'git-author', detail: '' } }), commit({ seq: 1 })],
    unverified: [],
    disputed: [],
    drift: { since: null, commits: [] },
    scanned: 3,
  };
  return { report, worktrees: [], at: '2026-03-10T12:00:00Z' };
}

test('the page: an idle holder, disputed and hookless commits, a disputed handover, escaped plan text', () => {
  const html = renderBoard(facts());
  assert.match(html, /<span class="dot h-idle"><\/span>idle/);
  assert.match(html, /class="commit m-disputed"/);
  assert.match(html, /class="commit m-hookless"/);
  assert.match(html, /class="commit m-verified"/);
  assert.match(html, /disputed: 2026-03-10T08:30:00Z/);
  assert.ok(html.includes('Title &lt;/title&gt;&lt;script&gt;x()&lt;/script&gt;'));
  assert.ok(html.includes('not JSON &lt;b&gt;'));
  assert.equal(html.match(/<script/g), null, 'a page from disk has no script');
  assert.match(html, /default-src 'none'; style-src 'sha256-[A-Za-z0-9+/=]+'; base-uri 'none'/);
});

test('the served page carries one script, allowed by its hash, that listens on the same origin', () => {
  const html = renderBoard(facts(), { events: '/events' });
  assert.equal(html.match(/<script>/g)?.length, 1);
  assert.match(html, /script-src 'sha256-[^']+'; connect-src 'self'/);
  assert.match(html, /new EventSource\("\/events"\)/);
});

test('20 plans of 50 tasks: every task is drawn (the bench times it)', () => {
  const f = facts();
  const base = f.report.plans[0]!;
  f.report.plans = Array.from({ length: 20 }, (_, p) => ({
    ...base,
    path: `docs/p${p}-plan.json`,
    items: [{ id: 'w', title: 'W', status: 'in-progress' as const, tasks: Array.from({ length: 50 }, (_, i) => ({ id: `t${i}`, key: `p${p}/t${i}`, status: 'not-started' as const, dependsOn: i ? [`t${Math.floor(i / 2)}`] : [], claimedBy: null, branch: null })) }],
  }));
  const html = renderBoard(f);
  assert.equal(html.match(/<g class="task /g)?.length, 1000);
});
