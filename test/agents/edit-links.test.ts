// Where a write really lands (issue 26): a symbolic link to a claimed file, a path through a
// linked directory (inside the repository or outside it), and a claimed file in another
// worktree of the same repository written by its absolute path, each judged by the installed
// Claude Code hook fed Claude Code's documented Edit and Bash payloads.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { claimed, open, plan } from '../fixtures/plans.js';
import type { Repo } from '../fixtures/repo.js';
import { nodeRepo } from '../install/helpers.js';
import { claude, denied, runHook } from '../rotation/helpers.js';

describe('edit time follows links and other worktrees to the file written', () => {
  let repo: Repo;
  let outside: string;
  let other: string;
  before(() => {
    repo = nodeRepo();
    repo.writeJson('docs/work-plan.json', plan('work', [claimed('held', 'cursor', ['src/held.ts']), open('free', ['src/free.ts'])]));
    repo.write('docs/work-plan.md', '# Work\n');
    repo.write('src/held.ts', 'export const held = 1;\n');
    repo.write('src/free.ts', 'export {};\n');
    const init = repo.cli(['init', '--agents', 'claude']);
    assert.equal(init.code, 0, init.stderr);
    repo.git('add', '-A');
    repo.git('commit', '-qm', 'plan and hooks');
    symlinkSync('src/held.ts', join(repo.dir, 'alias.ts'));
    symlinkSync('src', join(repo.dir, 'srclink'));
    outside = mkdtempSync(join(tmpdir(), 'plan-hooks-link-'));
    symlinkSync(join(repo.dir, 'src'), join(outside, 'into-src'));
    other = `${repo.dir}-other`;
    repo.git('worktree', 'add', '-q', '-b', 'other', other);
  });
  after(() => {
    repo.remove();
    rmSync(outside, { recursive: true, force: true });
    rmSync(other, { recursive: true, force: true });
  });

  const edit = (file: string) => runHook(repo, repo.dir, 'claude', 'PreToolUse', { ...claude.edit(repo.dir, 'c-1', 'x'), tool_input: { file_path: file, old_string: 'a', new_string: 'b' } });
  const bash = (command: string) => runHook(repo, repo.dir, 'claude', 'PreToolUse', claude.bash(repo.dir, 'c-1', command));

  test('a link to a claimed file is the claimed file; removing the link is not', () => {
    const r = edit(join(repo.dir, 'alias.ts'));
    assert.equal(r.code, 0, r.stderr);
    assert.match(denied(r) ?? '', /src\/held\.ts +← pattern src\/held\.ts/);
    assert.ok(denied(bash('echo x > alias.ts')));
    assert.ok(denied(bash("sed -i 's/1/2/' alias.ts")));
    assert.equal(denied(bash('rm alias.ts')), null, 'rm takes the link away, not the file');
  });

  test('a path through a linked directory, inside the repository or outside it', () => {
    assert.match(denied(edit(join(repo.dir, 'srclink/held.ts'))) ?? '', /src\/held\.ts/);
    assert.ok(denied(bash('echo x > srclink/held.ts')));
    assert.ok(denied(edit(join(outside, 'into-src/held.ts'))), 'a link from outside the repository into it');
    assert.ok(denied(bash(`cd ${join(outside, 'into-src')} && echo x > held.ts`)));
    assert.equal(denied(edit(join(repo.dir, 'srclink/free.ts'))), null);
    assert.equal(denied(edit(join(outside, 'elsewhere.ts'))), null, 'outside every worktree: not ours to judge');
  });

  test("a claimed file in another worktree of the repository is judged there, by its absolute path", () => {
    const r = edit(join(other, 'src/held.ts'));
    assert.equal(r.code, 0, r.stderr);
    assert.match(denied(r) ?? '', new RegExp(`${join(other, 'src/held.ts').replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} +← pattern src/held\\.ts`));
    assert.ok(denied(bash(`rm -f ${join(other, 'src/held.ts')}`)));
    assert.ok(denied(bash(`cd ${other} && echo x > src/held.ts`)));
    assert.equal(denied(edit(join(other, 'src/free.ts'))), null);
  });
});
