import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { type LiveClaim, type PlanVersion, type SourceKind, claimIndex, couldMatch, exemptPath, liveClaims, matchClaims, versionsNear } from '../../src/core/claims.js';
import { PatternIndex } from '../../src/lib/pattern-index.js';
import { UserError } from '../../src/errors.js';
import { compilePattern, matchForm } from '../../src/lib/pattern.js';
import type { Task } from '../../src/core/plan-types.js';
import { claimed, hoursAgo, open, plan } from '../fixtures/plans.js';

const NOW = new Date();
const version = (kind: SourceKind, tasks: Task[], file = 'docs/p-plan.json'): PlanVersion => ({ source: { kind, label: kind }, file, plan: plan('p', tasks) });
const holders = (versions: PlanVersion[]) => liveClaims(versions, NOW, 24).map((c) => `${c.task}:${c.holder}`).sort();

describe('which version of a task decides', () => {
  test('the index supersedes HEAD: a claim dropped in the index is gone, one added there is live', () => {
    const at = hoursAgo(2);
    assert.deepEqual(holders([version('head', [claimed('t', 'codex', ['src'], 2, { claimedAt: at })]), version('index', [{ ...claimed('t', 'codex', ['src']), claimedAt: at, status: 'completed' }])]), []);
    assert.deepEqual(holders([version('head', [open('t', ['src'])]), version('index', [claimed('t', 'claude', ['src'])])]), ['p/t:claude']);
  });

  test('HEAD still counts when the index no longer has the task (deleting a plan does not drop its claims)', () => {
    assert.deepEqual(holders([version('head', [claimed('t', 'codex', ['src'])])]), ['p/t:codex']);
  });

  test('a claim made in another worktree is not hidden by an older unclaimed copy in the index', () => {
    assert.deepEqual(holders([version('index', [open('t', ['src'])]), version('worktree', [claimed('t', 'codex', ['src'])])]), ['p/t:codex']);
  });

  test('the newest claimedAt wins across sources (a takeover beats the claim it took over)', () => {
    const versions = [version('base', [claimed('t', 'codex', ['src'], 30)]), version('worktree', [claimed('t', 'claude', ['src'], 1)])];
    assert.deepEqual(holders(versions), ['p/t:claude']);
  });

  test('a completed version with the same claimedAt ends the claim wherever the stale copy lives', () => {
    const at = hoursAgo(3);
    const live = claimed('t', 'codex', ['src'], 3, { claimedAt: at });
    assert.deepEqual(holders([version('index', [live]), version('base', [{ ...live, status: 'completed' }])]), []);
  });

  test('a release staged in this commit ends the claim it released, but not a newer one made elsewhere', () => {
    const at = hoursAgo(5);
    const head = version('head', [claimed('t', 'codex', ['src'], 5, { claimedAt: at })]);
    const released = version('index', [open('t', ['src'])]);
    assert.deepEqual(holders([head, released, version('worktree', [claimed('t', 'codex', ['src'], 5, { claimedAt: at })])]), []);
    assert.deepEqual(holders([head, released, version('worktree', [claimed('t', 'gemini', ['src'], 1)])]), ['p/t:gemini']);
  });

  test('stale claims are marked stale; a recent log entry keeps an old claim fresh', () => {
    const old = [claimed('t', 'codex', ['src'], 72)];
    const stale = liveClaims([{ source: { kind: 'index', label: 'i' }, file: 'f', plan: plan('p', old, { log: [] }) }], NOW, 24);
    const fresh = liveClaims([{ source: { kind: 'index', label: 'i' }, file: 'f', plan: plan('p', old) }], NOW, 24);
    assert.equal(stale[0]!.stale, true);
    assert.equal(fresh[0]!.stale, false);
  });

  test('malformed plans contribute nothing instead of throwing', () => {
    for (const bad of [null, 42, 'x', { workItems: 'no' }, { workItems: [{ tasks: [null, { id: 7 }] }] }]) {
      assert.deepEqual(liveClaims([{ source: { kind: 'index', label: 'i' }, file: 'f', plan: bad }], NOW, 24), []);
    }
  });
});

describe('matching paths against claims', () => {
  const claim = (holder: string, files: string[]): LiveClaim => ({ task: `p/${holder}`, file: 'f', holder, since: null, files, stale: false, source: { kind: 'index', label: 'i' }, branch: null });

  test('others and own hits are split with aliases and case-insensitive names; a path is reported once per task', () => {
    const index = claimIndex([claim('Codex', ['src/api', 'src/api/x.ts']), claim('claude-code', ['lib/*.ts'])], false);
    const { others, own } = matchClaims(['src/api/x.ts', 'lib/a.ts', 'free.ts'], index, () => false, { name: 'CLAUDE' }, { claude: ['claude-code'] });
    assert.deepEqual(others.map((h) => [h.path, h.pattern]), [['src/api/x.ts', 'src/api']]);
    assert.deepEqual(own.map((h) => h.path), ['lib/a.ts']);
  });

  test('plan files, their paired Markdown and the configuration are exempt', () => {
    const isPlan = (p: string) => p === 'docs/a-plan.json';
    assert.ok(exemptPath('docs/a-plan.json', isPlan));
    assert.ok(exemptPath('docs/a-plan.md', isPlan));
    assert.ok(exemptPath('.plan-hooks.json', isPlan));
    assert.ok(!exemptPath('docs/b.md', isPlan));
  });

  test('matching that runs past its budget stops with a message instead of hanging (the clock is given, not read)', () => {
    const index = claimIndex([claim('codex', ['src/**'])], false);
    const paths = Array.from({ length: 600 }, (_, i) => `lib/${i}.ts`);
    let now = 0;
    const slowClock = () => (now += 10_000);
    assert.throws(() => matchClaims(paths, index, () => false, { name: 'me' }, {}, slowClock), (e: Error) => e instanceof UserError && /took more than 5 s \(after 256 paths\)/.test(e.message));
    assert.equal(matchClaims(paths, index, () => false, { name: 'me' }, {}, () => 0).others.length, 0, 'within the budget: matched');
    assert.equal(matchClaims(paths, index, () => false, { name: 'me' }, {}).others.length, 0, 'no clock: no limit');
  });

  test('bad patterns in a claim are skipped, the good ones still claim', () => {
    const index = claimIndex([claim('codex', ['../etc', '/abs', 'x'.repeat(5000), 'src'])], false);
    assert.equal(matchClaims(['src/a'], index, () => false, { name: 'me' }, {}).others.length, 1);
  });
});

describe('the pattern index', () => {
  test('finds exactly what testing every pattern finds', () => {
    const patterns = ['src', 'src/a.ts', 'src/*.ts', 'src/**/*.test.ts', '**/*.md', 'lib/x/', './docs/y', 'a?c/d', 'src/[ab]*/z', 'SRC/Upper.ts', 'deep/**', 'x\\*y', '.', './'];
    const paths = ['src/a.ts', 'src/b/c.test.ts', 'README.md', 'lib/x/y/z', 'docs/y', 'abc/d', 'src/bb/z', 'src/upper.ts', 'SRC/Upper.ts', 'deep/1/2', 'x*y', 'other/file'];
    for (const ignoreCase of [false, true]) {
      const index = new PatternIndex<string>({ ignoreCase });
      for (const p of patterns) index.add(p, p);
      for (const path of paths) {
        const expected = patterns.filter((p) => compilePattern(p, { ignoreCase }).test(path)).sort();
        assert.deepEqual(index.match(path).map((h) => h.value).sort(), expected, `${path} (ignoreCase ${ignoreCase})`);
      }
    }
  });

  // How fast is the bench's to say (bench/enforce.bench.mjs: the claim check alone); a timed
  // assertion here failed under load.
  test('10,000 paths against 1,000 patterns: every hit is found', () => {
    const index = new PatternIndex<number>({ ignoreCase: false });
    for (let i = 0; i < 1000; i++) index.add(i % 3 === 0 ? `src/m${i % 100}/f${i}.ts` : i % 3 === 1 ? `lib/p${i}/` : `src/m${i % 100}/**/*.test.ts`, i);
    let hits = 0;
    for (let i = 0; i < 10_000; i++) hits += index.match(`src/m${i % 100}/f${i}.ts`).length;
    assert.equal(hits, 334, 'each of the 334 literal patterns matches its one path');
  });

  test('hostile patterns (long, many stars) against long paths finish, matching nothing', () => {
    const index = new PatternIndex<number>({ ignoreCase: false });
    for (let i = 0; i < 200; i++) index.add(`${'*a'.repeat(300)}b${i}`, i);
    for (let i = 0; i < 50; i++) assert.equal(index.match(`${'a/'.repeat(100)}${'a'.repeat(500)}`).length, 0);
  });
});

test('couldMatch never drops a pattern that matches: checked against the compiled matcher on every pair', () => {
  const patterns = ['src/a.ts', 'src/', 'src', './src//lib/x.ts', 'src/./lib/*.ts', 'src/**/*.test.ts', '**/*.md', '*.json', 'lib/pkg1/', 'lib/pkg1', '[ab]/c.ts', 'a/b?/c', 'a\\*b/x', 'Docs/README.md', 'caf\u00e9/x', 'cafe\u0301/y', '.', 'src/'.repeat(3) + '**'];
  const paths = ['src/a.ts', 'src/lib/x.ts', 'src/lib/y.ts', 'src/deep/z.test.ts', 'README.md', 'pkg.json', 'lib/pkg1/index.ts', 'lib/pkg10/index.ts', 'a/c.ts', 'b/c.ts', 'a/b1/c', 'a*b/x', 'docs/readme.md', 'cafe\u0301/x', 'caf\u00e9/y', 'abs/x', 'srcx/a.ts'];
  for (const ignoreCase of [false, true]) {
    for (const pattern of patterns) {
      const compiled = compilePattern(pattern, { ignoreCase });
      for (const path of paths) {
        if (compiled.test(path)) assert.ok(couldMatch(pattern, [matchForm(path, ignoreCase)], ignoreCase), `${pattern} matches ${path} (ignoreCase ${ignoreCase})`);
      }
    }
  }
  assert.equal(couldMatch('lib/pkg1/', ['src/a.ts'], false), false, 'a claim elsewhere is left out');
  assert.equal(couldMatch('lib/pkg1', ['lib/pkg10/index.ts'], false), false);
  assert.equal(couldMatch('src/mod1/**', ['src/mod0/x.ts'], false), false);
});

describe('versionsNear: the claims that can reach a set of paths, decided from fewer tasks', () => {
  const at = hoursAgo(3);
  // One task in several versions that disagree about files, holders and status, and plans
  // without a planId (the file stands in), a claim without files and a malformed task.
  const versions: PlanVersion[] = [
    version('head', [claimed('t', 'codex', ['src/a.ts'], 3, { claimedAt: at }), claimed('u', 'gemini', ['lib/'], 5), open('v', ['src/']), claimed('nofiles', 'codex', [])]),
    version('index', [{ ...claimed('t', 'codex', ['other/']), claimedAt: at, status: 'completed' }, claimed('u', 'gemini', ['elsewhere/'], 5)]),
    version('base', [claimed('v', 'claude', ['docs/x.md'], 1), claimed('w', 'codex', ['src/**/*.ts'], 2)]),
    version('worktree', [claimed('t', 'claude', ['nowhere/'], 1)], 'docs/q-plan.json'),
    { source: { kind: 'remote', label: 'origin/x' }, file: 'docs/r-plan.json', plan: { workItems: [{ tasks: [claimed('r', 'codex', ['src/a.ts']), { id: 7 }, null], log: [] }] } },
    { source: { kind: 'head', label: 'HEAD' }, file: 'docs/s-plan.json', plan: 'not a plan' },
  ];
  const hits = (vs: PlanVersion[], paths: string[], ignoreCase: boolean) => {
    const claims = liveClaims(vs, NOW, 24);
    const { others, own } = matchClaims(paths, claimIndex(claims, ignoreCase, paths), () => false, { name: 'me' }, {}, null);
    return [...others, ...own].map((h) => `${h.path} ${h.claim.task} ${h.claim.holder} ${h.claim.source.kind} ${h.pattern}`).sort();
  };
  for (const paths of [['src/a.ts'], ['lib/x.ts'], ['elsewhere/y'], ['docs/x.md'], ['other/z', 'src/deep/b.ts'], ['SRC/A.ts'], ['nothing/here'], []]) {
    test(JSON.stringify(paths), () => {
      for (const ignoreCase of [false, true]) {
        const near = versionsNear(versions, paths, ignoreCase);
        assert.deepEqual(hits(near, paths, ignoreCase), hits(versions, paths, ignoreCase), `ignoreCase ${ignoreCase}`);
        const kept = liveClaims(near, NOW, 24);
        assert.ok(kept.every((c) => liveClaims(versions, NOW, 24).some((a) => a.task === c.task && a.holder === c.holder && a.source === c.source)), 'no claim is made up');
      }
    });
  }
  test('a task is kept with all its versions when any one of them could reach the paths', () => {
    const near = versionsNear(versions, ['elsewhere/y'], false);
    // u: HEAD's version claims lib/, the index's elsewhere/ — both kept, so the index still supersedes HEAD.
    assert.deepEqual(near.map((v) => v.source.kind).sort(), ['head', 'index']);
    assert.deepEqual(liveClaims(near, NOW, 24).map((c) => `${c.task}:${c.source.kind}:${c.files.join()}`), ['p/u:index:elsewhere/']);
    assert.deepEqual(versionsNear(versions, ['nothing/here'], false), []);
    // The cases above are not vacuous: src/a.ts is claimed on the base and a remote branch (t's
    // claim there ended in the index, whose version claims other/).
    assert.deepEqual(hits(versions, ['src/a.ts'], false).map((h) => h.split(' ')[3]).sort(), ['base', 'remote']);
  });
});
