// git's file layout has one description (src/git/layout.ts): the hook runner (hooks/plan-hooks.sh)
// reads only the files it names and lists the sequencer state from it, and on the same worktrees
// the runner's shell and the TypeScript (src/agents/workspace.ts, src/git/git-dir.ts) find the
// same git dir, common dir and branch. Built by hand (no git), so a layout is exactly as written.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { LAYOUT, SEQUENCER_STATE } from '../../src/git/layout.js';
import { gitDirOf } from '../../src/git/git-dir.js';
import { openWorkspace } from '../../src/agents/workspace.js';
import { renderRunner } from '../../src/install/scripts.js';
import { PACKAGE_ROOT } from '../fixtures/paths.js';
import { removeDir } from '../fixtures/remove-dir.js';

const TEMPLATE = readFileSync(join(PACKAGE_ROOT, 'hooks', 'plan-hooks.sh'), 'utf8');
const NAMES: readonly string[] = [...Object.values(LAYOUT), ...SEQUENCER_STATE];

test("every git file the runner reads itself is one src/git/layout.ts names, and the sequencer's list is the layout's", () => {
  // The files under a git dir ($gd, $1, $GIT_DIR), a common dir ($gc, $2) or a worktree's top
  // (.git); plan-hooks' own files (plan-hooks/...) and names held in variables ($f, $href) aside.
  const read = [...TEMPLATE.matchAll(/(?:\$(?:gd|gc|1|2|GIT_DIR)|(?<![\w.])\.git)\/([A-Za-z_][A-Za-z_.-]*)/g)].map((m) => m[1]!).filter((n) => n !== 'plan-hooks');
  assert.ok(read.length >= 6, read.join(' '));
  for (const name of read) assert.ok(NAMES.includes(name), `the runner reads ${name}, which src/git/layout.ts does not name`);
  for (const shape of [`/${LAYOUT.worktrees}/`, `= ${LAYOUT.linkedCommonDir} ]`, `"${LAYOUT.gitdirPrefix}$GIT_DIR"`, `'${LAYOUT.headRefPrefix}${LAYOUT.refs}/'`, `${LAYOUT.branchPrefix}?*`]) {
    assert.ok(TEMPLATE.includes(shape), `the runner's test for ${shape}`);
  }
  for (const name of SEQUENCER_STATE.filter((n) => n !== 'sequencer')) assert.ok(!TEMPLATE.includes(name), `${name} is written in the runner: it takes the list from src/git/layout.ts`);
  const loop = /for f in ([^;]*); do \[ -e "\$1\/\$f" \]/.exec(renderRunner({ node: '', cli: '' }));
  assert.deepEqual(loop?.[1]?.split(' '), [...SEQUENCER_STATE]);
});

/** The runner's own functions, run on `root` as a hook there would: its git dir, common dir, HEAD and ref. */
function runnerReads(root: string, gitDirVar?: string): string[] | null {
  const fn = (name: string) => TEMPLATE.slice(TEMPLATE.indexOf(`${name}() {`), TEMPLATE.indexOf('\n}\n', TEMPLATE.indexOf(`${name}() {`)) + 3);
  const script = `${fn('local_git_dir')}${fn('head_of')}local_git_dir && head_of "$gd" "$gc" && printf '%s\\n' "$gd" "$gc" "$hid" "$href"`;
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH };
  if (gitDirVar) env.GIT_DIR = gitDirVar;
  const r = spawnSync('sh', ['-c', script], { cwd: root, env, encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim().split('\n') : null;
}

test('on a main and a linked worktree laid out as git does, the runner and the TypeScript read the same git dir, common dir and branch', () => {
  const base = mkdtempSync(join(tmpdir(), 'plan-hooks-layout-'));
  try {
    const main = join(base, 'main');
    const common = join(main, LAYOUT.dotGit);
    const id = 'a'.repeat(40);
    for (const d of [LAYOUT.objects, join(LAYOUT.refs, 'heads')]) mkdirSync(join(common, d), { recursive: true });
    writeFileSync(join(common, LAYOUT.head), `${LAYOUT.headRefPrefix}${LAYOUT.branchPrefix}main\n`);
    writeFileSync(join(common, LAYOUT.branchPrefix, 'main'), `${id}\n`);
    writeFileSync(join(common, LAYOUT.branchPrefix, 'agent'), `${id}\n`);
    const linked = join(base, 'agent');
    const linkedGitDir = join(common, LAYOUT.worktrees, 'agent');
    mkdirSync(linkedGitDir, { recursive: true });
    mkdirSync(linked);
    writeFileSync(join(linked, LAYOUT.dotGit), `${LAYOUT.gitdirPrefix}${linkedGitDir}\n`);
    writeFileSync(join(linkedGitDir, LAYOUT.commonDir), `${LAYOUT.linkedCommonDir}\n`);
    writeFileSync(join(linkedGitDir, LAYOUT.worktreeGitdir), `${join(linked, LAYOUT.dotGit)}\n`);
    writeFileSync(join(linkedGitDir, LAYOUT.head), `${LAYOUT.headRefPrefix}${LAYOUT.branchPrefix}agent\n`);

    for (const [root, gitDirVar, branch] of [[main, undefined, 'main'], [linked, linkedGitDir, 'agent']] as const) {
      const ws = openWorkspace(root);
      assert.ok(ws, root);
      assert.equal(gitDirOf(root), ws.gitDir);
      assert.deepEqual(runnerReads(root, gitDirVar), [ws.gitDir, ws.commonDir, id, `${LAYOUT.branchPrefix}${ws.branch}`]);
      assert.equal(ws.branch, branch);
    }
    assert.equal(openWorkspace(linked)!.commonDir, common);
  } finally {
    removeDir(base);
  }
});
