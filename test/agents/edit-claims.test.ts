// The claims the pre-tool hook checks a write against: the same live claims as deciding every
// plan of every worktree, restricted to those that could match the written paths; kept under the
// git dir by the plan files' stat signatures, so an edit after no plan changed decides nothing,
// and any change to a plan, a plan added, or a plan changed in another worktree is seen.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { claimsNear, decidedAtEditFile } from '../../src/agents/edit-claims.js';
import { type Workspace, workspaceVersions } from '../../src/agents/workspace.js';
import { DEFAULT_CONFIG } from '../../src/config/config.js';
import { type LiveClaim, couldMatch, liveClaims } from '../../src/core/claims.js';
import { writeCheckedCache } from '../../src/lib/cache-file.js';

const HOUR = 3600_000;

function planText(planId: string, tasks: { id: string; holder?: string; files: string[]; at: Date }[]): string {
  return JSON.stringify({
    planId,
    workItems: [{ id: 'w', log: [], tasks: tasks.map((t) => ({ id: t.id, status: t.holder ? 'in-progress' : 'not-started', files: t.files, ...(t.holder ? { claimedBy: t.holder, claimedAt: t.at.toISOString() } : {}) })) }],
  });
}

/** A worktree (and, with `other`, a second one) with a plan; `now` is well past the files' racy window. */
function setup(other = false) {
  const dir = mkdtempSync(join(tmpdir(), 'plan-hooks-edit-claims-'));
  const at = new Date();
  const root = join(dir, 'main');
  mkdirSync(join(root, '.git'), { recursive: true });
  mkdirSync(join(root, 'docs'));
  writeFileSync(join(root, 'docs/a-plan.json'), planText('a', [
    { id: 'file', holder: 'codex', files: ['src/a.ts'], at },
    { id: 'dir', holder: 'gemini', files: ['lib/'], at },
    { id: 'elsewhere', holder: 'cursor', files: ['src/b.ts', 'test/**'], at },
    { id: 'free', files: ['src/a.ts'], at },
  ]));
  const otherRoot = join(dir, 'other');
  if (other) {
    mkdirSync(join(otherRoot, 'docs'), { recursive: true });
    writeFileSync(join(otherRoot, 'docs/o-plan.json'), planText('o', [{ id: 'x', holder: 'copilot', files: ['src/o.ts'], at }]));
  }
  const ws: Workspace = { root, gitDir: join(root, '.git'), commonDir: join(root, '.git'), branch: 'main', otherWorktrees: other ? [{ path: otherRoot, head: null, branch: 'side' }] : [], ignoreCase: false };
  return { dir, root, otherRoot, ws, at, later: new Date(Date.now() + 60_000), done: () => rmSync(dir, { recursive: true, force: true, maxRetries: 20, retryDelay: 50 }) };
}

/** What deciding every plan from scratch gives near `paths`: the reference. */
const decidedNear = (ws: Workspace, paths: string[], now: Date): LiveClaim[] =>
  liveClaims(workspaceVersions(ws, DEFAULT_CONFIG), now, DEFAULT_CONFIG.staleAfterHours).filter((c) => c.files.some((f) => couldMatch(f, paths, ws.ignoreCase)));

const holders = (claims: LiveClaim[]) => claims.map((c) => c.holder).sort();

test('edit-time claims: the claims near the written paths, as deciding every plan gives them, whether cached or not', () => {
  const { ws, later, done } = setup(true);
  try {
    for (const paths of [['src/a.ts'], ['lib/x/y.ts'], ['src/o.ts', 'README.md'], ['docs/a-plan.json'], ['nowhere.txt']]) {
      rmSync(decidedAtEditFile(ws.gitDir), { force: true });
      const reference = decidedNear(ws, paths, later);
      assert.deepEqual(claimsNear(ws, DEFAULT_CONFIG, paths, later), reference, `${paths}: decided`);
      assert.ok(existsSync(decidedAtEditFile(ws.gitDir)), 'kept');
      assert.deepEqual(claimsNear(ws, DEFAULT_CONFIG, paths, later), reference, `${paths}: from the cache`);
    }
    assert.deepEqual(holders(claimsNear(ws, DEFAULT_CONFIG, ['src/a.ts'], later)), ['codex']);
    assert.deepEqual(holders(claimsNear(ws, DEFAULT_CONFIG, ['lib/x/y.ts'], later)), ['gemini'], 'a claim on a directory above the path');
    assert.deepEqual(holders(claimsNear(ws, DEFAULT_CONFIG, ['src/o.ts'], later)), ['copilot'], "another worktree's plan");
    assert.deepEqual(claimsNear(ws, DEFAULT_CONFIG, ['nowhere.txt'], later), []);
  } finally {
    done();
  }
});

test('edit-time claims: a kept answer is used while no plan changed; a plan changed, added, or changed in another worktree is decided again', () => {
  const { ws, root, otherRoot, at, later, done } = setup(true);
  try {
    claimsNear(ws, DEFAULT_CONFIG, ['src/a.ts'], later);
    // Proof that the kept answer stands in for the plans: one rewritten (with its stamp) answers.
    const file = decidedAtEditFile(ws.gitDir);
    writeCheckedCache(file, readFileSync(file, 'utf8').replaceAll('"codex"', '"from-the-cache"'));
    assert.deepEqual(holders(claimsNear(ws, DEFAULT_CONFIG, ['src/a.ts'], later)), ['from-the-cache']);

    writeFileSync(join(root, 'docs/a-plan.json'), planText('a', [{ id: 'file', holder: 'claude', files: ['src/a.ts'], at }]));
    assert.deepEqual(holders(claimsNear(ws, DEFAULT_CONFIG, ['src/a.ts'], later)), ['claude'], 'the plan changed');
    mkdirSync(join(root, 'docs/more'));
    writeFileSync(join(root, 'docs/more/b-plan.json'), planText('b', [{ id: 'b', holder: 'cursor', files: ['src/'], at }]));
    assert.deepEqual(holders(claimsNear(ws, DEFAULT_CONFIG, ['src/a.ts'], later)), ['claude', 'cursor'], 'a plan added');
    writeFileSync(join(otherRoot, 'docs/o-plan.json'), planText('o', [{ id: 'x', holder: 'copilot', files: ['src/a.ts'], at }]));
    assert.deepEqual(holders(claimsNear(ws, DEFAULT_CONFIG, ['src/a.ts'], later)), ['claude', 'copilot', 'cursor'], 'a plan changed in another worktree');
    rmSync(join(root, 'docs/more/b-plan.json'));
    assert.deepEqual(holders(claimsNear(ws, DEFAULT_CONFIG, ['src/a.ts'], later)), ['claude', 'copilot'], 'a plan removed');
  } finally {
    done();
  }
});

test('edit-time claims: staleness is decided at each edit, not when the answer was kept', () => {
  const { ws, later, done } = setup();
  try {
    assert.deepEqual(claimsNear(ws, DEFAULT_CONFIG, ['src/a.ts'], later).map((c) => c.stale), [false]);
    const dayLater = new Date(later.getTime() + (DEFAULT_CONFIG.staleAfterHours + 1) * HOUR);
    assert.deepEqual(claimsNear(ws, DEFAULT_CONFIG, ['src/a.ts'], dayLater).map((c) => c.stale), [true], 'from the cache, stale by now');
    assert.deepEqual(claimsNear(ws, DEFAULT_CONFIG, ['src/a.ts'], dayLater), decidedNear(ws, ['src/a.ts'], dayLater));
  } finally {
    done();
  }
});

test('edit-time claims: a plan changed within the racy window is decided but not kept; a damaged answer is ignored', () => {
  const { ws, later, done } = setup();
  try {
    assert.deepEqual(holders(claimsNear(ws, DEFAULT_CONFIG, ['src/a.ts'], new Date())), ['codex']);
    assert.ok(!existsSync(decidedAtEditFile(ws.gitDir)), 'a signature a second write in the same clock tick could repeat is not trusted');

    claimsNear(ws, DEFAULT_CONFIG, ['src/a.ts'], later);
    const file = decidedAtEditFile(ws.gitDir);
    const text = readFileSync(file, 'utf8');
    // Edited by hand (stamp not renewed), then cut short: each time ignored, the plans decided.
    writeFileSync(file, text.replaceAll('"codex"', '"forged"'));
    assert.deepEqual(holders(claimsNear(ws, DEFAULT_CONFIG, ['src/a.ts'], later)), ['codex']);
    truncateSync(file, text.indexOf('\n', text.indexOf('\n') + 1));
    assert.deepEqual(holders(claimsNear(ws, DEFAULT_CONFIG, ['src/a.ts'], later)), ['codex']);
    // An unwritable git dir: answered all the same.
    const gone = { ...ws, gitDir: join(ws.root, 'docs/a-plan.json', 'not-a-dir') };
    assert.deepEqual(holders(claimsNear(gone, DEFAULT_CONFIG, ['src/a.ts'], later)), ['codex']);
  } finally {
    done();
  }
});
