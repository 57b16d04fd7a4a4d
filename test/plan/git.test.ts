// The shell half, with real repositories: which files are plans, and what git says about a
// plan's handoff.
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { DEFAULT_CONFIG } from '../../src/config/config.js';
import { findPlanFiles, isPlanPath } from '../../src/plan/discover.js';
import { pairedMarkdownPath } from '../../src/plan/paths.js';
import { gatherPlanFacts } from '../../src/plan/facts.js';
import { makeRepo } from '../fixtures/repo.js';
import { open, plan, seed } from '../fixtures/plans.js';
import { parentSnapshot, readSnapshot, unchangedPlans } from '../../src/plan/snapshot.js';
import { gitQuery } from '../../src/git/git.js';
import { commitRecordOf } from '../../src/git/log.js';
import { listTree } from '../../src/git/tree.js';
import { pretty } from './helpers.js';

const repo = makeRepo({ initialCommit: true });
after(() => repo.remove());

test('plan paths and their paired Markdown', () => {
  assert.equal(isPlanPath('docs/x-plan.json', DEFAULT_CONFIG), true);
  assert.equal(isPlanPath('docs/deep/er/x-plan.json', DEFAULT_CONFIG), true);
  assert.equal(isPlanPath('docs/x-plan.md', DEFAULT_CONFIG), false);
  assert.equal(isPlanPath('src/x-plan.json', DEFAULT_CONFIG), false);
  assert.equal(isPlanPath('docs/plan.json', DEFAULT_CONFIG), false);
  assert.equal(pairedMarkdownPath('docs/x-plan.json'), 'docs/x-plan.md');
});

test('isPlanPath answers by each configuration, asked again and again', () => {
  // Answers are kept per configuration (the same paths are asked at HEAD, in the index and at the base).
  const plans = { ...DEFAULT_CONFIG, plans: ['plans/*.json'] };
  for (let round = 0; round < 2; round++) {
    assert.equal(isPlanPath('plans/a.json', plans), true);
    assert.equal(isPlanPath('plans/a.json', DEFAULT_CONFIG), false);
    assert.equal(isPlanPath('docs/a-plan.json', DEFAULT_CONFIG), true);
    assert.equal(isPlanPath('docs/a-plan.json', plans), false);
  }
});

test('findPlanFiles: tracked and untracked plans, not ignored or deleted ones, sorted', () => {
  repo.write('.gitignore', 'docs/ignored/\n');
  repo.write('docs/b-plan.json', '{}');
  repo.git('add', '-A');
  repo.git('commit', '-q', '-m', 'plans');
  repo.write('docs/a-plan.json', '{}');
  repo.write('docs/sub/c-plan.json', '{}');
  repo.write('docs/ignored/d-plan.json', '{}');
  repo.write('docs/notes.json', '{}');
  // Tracked, but deleted from the working tree: nothing to read.
  rmSync(join(repo.dir, 'docs/b-plan.json'));
  return findPlanFiles(repo.dir, DEFAULT_CONFIG).then((files) => {
    assert.deepEqual(files, ['docs/a-plan.json', 'docs/sub/c-plan.json']);
  });
});

test('findPlanFiles follows the configured patterns', async () => {
  repo.write('plans/x.json', '{}');
  assert.deepEqual(await findPlanFiles(repo.dir, { ...DEFAULT_CONFIG, plans: ['plans/*.json'] }), ['plans/x.json']);
});

test('gatherPlanFacts: branches, commits and the paired .md, as git sees them', async () => {
  const head = repo.git('rev-parse', '--short', 'HEAD').trim();
  repo.git('branch', 'feature/export-retry');
  repo.git('update-ref', 'refs/remotes/origin/far-away', 'HEAD');
  repo.write('docs/x-plan.md', '# x\n');
  const plan = (handoff: object) => pretty({ ...seed(), handoff: { nextAction: 'go', ...handoff } });
  const facts = await gatherPlanFacts(repo.dir, [
    { path: 'docs/x-plan.json', text: plan({ branch: 'feature/export-retry', lastCommit: `${head} Add withRetry` }) },
    { path: 'docs/y-plan.json', text: plan({ branch: 'nope', lastCommit: 'a1b2c3d Add withRetry' }) },
    { path: 'docs/z-plan.json', text: plan({ branch: 'far-away', lastCommit: '--output=/tmp/x' }) },
    { path: 'docs/w-plan.json', text: plan({ branch: 'origin/far-away', lastCommit: 'HEAD~1' }) },
    { path: 'docs/v-plan.json', text: pretty({ ...seed(), handoff: undefined }) },
    { path: 'docs/u-plan.json', text: '{ not json' },
  ]);
  assert.deepEqual(
    facts.map((f) => [f.markdownExists, f.branchFound, f.lastCommitFound]),
    [
      [true, true, true],
      [false, false, false],
      [false, true, false],
      [false, true, false],
      [false, null, null],
      [false, null, null],
    ],
  );
  assert.equal(facts[0]!.ignoreCase, false);
});

test('gatherPlanFacts outside a repository checks only the paired .md', async () => {
  const facts = await gatherPlanFacts(null, [{ path: `${repo.dir}/docs/x-plan.json`, text: pretty(seed()) }]);
  assert.deepEqual(facts, [{ markdownExists: true, branchFound: null, lastCommitFound: null, ignoreCase: false }]);
});

test('core.ignorecase reaches the facts', async () => {
  repo.git('config', 'core.ignorecase', 'true');
  const [facts] = await gatherPlanFacts(repo.dir, [{ path: 'docs/x-plan.json', text: '{}' }]);
  assert.equal(facts!.ignoreCase, true);
  repo.git('config', 'core.ignorecase', 'false');
});

test('parentSnapshot is readSnapshot at the parent: kept, modified, deleted, renamed (and renamed with edits), added, broken and copied plans', async () => {
  const r = makeRepo({ initialCommit: true });
  try {
    const p = (id: string, note = 'n') => JSON.stringify(plan(id, [open('t', ['src/x'], { notes: note })]), null, 2);
    r.write('docs/kept-plan.json', p('kept'));
    r.write('docs/mod-plan.json', p('mod'));
    r.write('docs/gone-plan.json', p('gone'));
    r.write('docs/old-plan.json', p('moved'));
    r.write('docs/old2-plan.json', p('moved2'));
    r.write('docs/broken-plan.json', '{"planId": ');
    r.write('docs/src-plan.json', p('src'));
    r.git('add', '-A');
    r.git('commit', '-q', '-m', 'before');
    r.write('docs/mod-plan.json', p('mod', 'changed'));
    rmSync(join(r.dir, 'docs/gone-plan.json'));
    r.git('mv', 'docs/old-plan.json', 'docs/new-plan.json');
    r.git('mv', 'docs/old2-plan.json', 'docs/new2-plan.json');
    r.write('docs/new2-plan.json', p('moved2', 'edited'));
    r.write('docs/added-plan.json', p('added'));
    r.write('docs/copy-plan.json', p('src'));
    r.git('add', '-A');
    r.git('commit', '-q', '-m', 'after');
    const log = await gitQuery(commitRecordOf('HEAD', []), r.dir);
    assert.ok(log.changes.some((c) => c.status === 'R'), 'git found a rename');
    const listing = await listTree('HEAD', ['docs'], r.dir);
    const after = await readSnapshot({ rev: 'HEAD' }, DEFAULT_CONFIG, r.dir, listing.map((e) => e.path).filter((f) => isPlanPath(f, DEFAULT_CONFIG)).sort());
    const expected = await readSnapshot({ rev: 'HEAD^' }, DEFAULT_CONFIG, r.dir);
    assert.deepEqual(await parentSnapshot(after, log.changes, 'HEAD^', DEFAULT_CONFIG, r.dir), expected);
    assert.deepEqual(expected.plans.map((f) => f.path), ['docs/gone-plan.json', 'docs/kept-plan.json', 'docs/mod-plan.json', 'docs/old-plan.json', 'docs/old2-plan.json', 'docs/src-plan.json']);
    // Only what the commit changed is read at the parent; a copy (as -C would report it) keeps its source.
    const copied = [{ status: 'C' as const, from: 'docs/src-plan.json', path: 'docs/copy-plan.json' }, { status: 'M' as const, path: 'docs/mod-plan.json' }];
    const { kept, read } = unchangedPlans(after, copied, (f) => isPlanPath(f, DEFAULT_CONFIG));
    assert.deepEqual(read, ['docs/mod-plan.json']);
    assert.ok(kept.plans.some((f) => f.path === 'docs/src-plan.json') && !kept.plans.some((f) => f.path === 'docs/copy-plan.json'));
    assert.deepEqual(kept.skipped.map((s) => s.path), ['docs/broken-plan.json']);
  } finally {
    r.remove();
  }
});
