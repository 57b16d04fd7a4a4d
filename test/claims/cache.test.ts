// The claims view stands in for a plan (liveClaims gives the same claims), and the view cache
// gives back what was written, or nothing when the file is not one it wrote.
import assert from 'node:assert/strict';
import { mkdtempSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { CLAIMS_VIEW_FORMAT, type PlanVersion, type SourceKind, claimsView, liveClaims } from '../../src/core/claims.js';
import { readViewCache, viewCacheFile, writeViewCache } from '../../src/claims/cache.js';
import { claimed, open, plan } from '../fixtures/plans.js';
import { removeDir } from '../fixtures/remove-dir.js';

const NOW = new Date();
const dir = mkdtempSync(join(tmpdir(), 'plan-hooks-cache-'));
after(() => removeDir(dir));

test('liveClaims reads the same claims from a claims view as from the whole plan', () => {
  const plans: unknown[] = [
    plan('p', [claimed('a', 'codex', ['src/a'], 2, { metadata: { branch: 'feature/a' } }), open('b', ['src/b']), { ...claimed('c', 'gemini', ['src/c'], 5), status: 'completed' }]),
    plan('stale', [claimed('old', 'codex', ['src/old'], 72)], { log: [{ date: '2020-01-01', summary: 'long ago' }] }),
    { ...plan('', [claimed('x', 'claude', ['x'])]), planId: '' },
    { workItems: [{ tasks: [null, { id: 7 }, claimed('ok', 'codex', ['ok'])], log: 'not a list' }, 'junk'] },
    null,
    'not a plan',
  ];
  for (const kind of ['index', 'base', 'worktree'] as SourceKind[]) {
    for (const p of plans) {
      const versions = (value: unknown): PlanVersion[] => [{ source: { kind, label: kind }, file: 'docs/p-plan.json', plan: value }];
      assert.deepEqual(liveClaims(versions(claimsView(p)), NOW, 24), liveClaims(versions(p), NOW, 24), `${kind}: ${JSON.stringify(p)?.slice(0, 60)}`);
    }
  }
});

test('a claims view keeps only dated tasks and log dates', () => {
  const full = plan('p', [claimed('a', 'codex', ['src/a']), ...Array.from({ length: 50 }, (_, i) => open(`t${i}`, [`src/t${i}`]))]);
  const view = claimsView(full) as { workItems: { tasks: { id: string }[]; log: unknown[] }[] };
  assert.deepEqual(view.workItems[0]!.tasks.map((t) => t.id), ['a']);
  assert.deepEqual(view.workItems[0]!.log, [{ date: full.workItems[0]!.log[0]!.date }]);
  assert.ok(JSON.stringify(view).length * 10 < JSON.stringify(full).length);
});

test('a change to what a claims view keeps comes with a new CLAIMS_VIEW_FORMAT', () => {
  // Cached views outlive the code that made them: if this fails, claimsView changed. Bump
  // CLAIMS_VIEW_FORMAT (older caches are then ignored) and update both expectations here.
  const p = {
    planId: 'p',
    title: 't',
    workItems: [
      {
        id: 'w',
        title: 'W',
        findings: ['x'],
        // A request to the holder (`ask`) is left out: it does not keep the claim fresh.
        log: [{ date: '2026-01-02', summary: 's' }, { summary: 'no date' }, { date: '2026-01-03', summary: 'ask', metadata: { planHooks: { request: { task: 'p/a', from: 'claude', to: 'codex', text: 'x', at: '2026-01-03T00:00:00Z' } } } }],
        tasks: [
          { id: 'a', status: 'in-progress', claimedBy: 'codex', claimedAt: '2026-01-01T00:00:00Z', files: ['src/a'], metadata: { branch: 'b' } },
          { id: 'b', status: 'not-started', files: ['src/b'] },
          { id: 'c', status: 'completed', claimedBy: 'x', claimedAt: '2026-01-01T00:00:00Z' },
        ],
      },
    ],
  };
  assert.equal(CLAIMS_VIEW_FORMAT, 3);
  assert.deepEqual(claimsView(p), {
    planId: 'p',
    workItems: [{ tasks: [p.workItems[0]!.tasks[0], p.workItems[0]!.tasks[2]], log: [{ date: '2026-01-02' }] }],
  });
});

test('the view cache gives back what was written; anything else reads as empty', () => {
  const gitDir = join(dir, 'git');
  assert.equal(readViewCache(gitDir).size, 0, 'no file yet');
  const views = new Map<string, unknown>([['a'.repeat(40), { workItems: [] }], ['b'.repeat(40), null]]);
  writeViewCache(gitDir, views);
  assert.deepEqual(readViewCache(gitDir), views);
  for (const damaged of ['{', '[]', 'null', '{"format":1}', '{"format":2,"views":{}}']) {
    writeFileSync(viewCacheFile(gitDir), damaged);
    assert.equal(readViewCache(gitDir).size, 0, damaged);
  }
  // A hand edit that keeps the format (a claim emptied) or a truncation: ignored, not trusted.
  writeViewCache(gitDir, views);
  writeFileSync(viewCacheFile(gitDir), JSON.stringify({ format: CLAIMS_VIEW_FORMAT, views: { ['a'.repeat(40)]: { workItems: [{ tasks: [] }] } } }));
  assert.equal(readViewCache(gitDir).size, 0, 'a hand-edited cache in the current format');
  writeViewCache(gitDir, views);
  truncateSync(viewCacheFile(gitDir), 20);
  assert.equal(readViewCache(gitDir).size, 0, 'a truncated cache');
  writeViewCache(gitDir, views);
  assert.deepEqual(readViewCache(gitDir), views, 'rewritten, it is read again');
  writeFileSync(join(dir, 'file-not-dir'), 'x');
  assert.doesNotThrow(() => writeViewCache(join(dir, 'file-not-dir'), views), 'a cache that cannot be written is skipped');
});
