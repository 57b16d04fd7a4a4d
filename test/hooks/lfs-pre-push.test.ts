// git-lfs beside plan-hooks in husky's pre-push (issue 26): `git lfs pre-push "$@"`, the line
// git-lfs asks to be added to an existing hook, reads git's input on stdin. Wherever it stands,
// before plan-hooks' section or after it, plan-hooks still reads the pushed refs (a hookless
// commit into another's claim is refused) and git-lfs still gets them (the LFS object reaches
// the remote). Real git, real git-lfs (Debian's), a local bare remote.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { claimed, plan } from '../fixtures/plans.js';
import type { Repo } from '../fixtures/repo.js';
import { TempDirs, withRemote } from '../fixtures/remote.js';
import { nodeRepo } from '../install/helpers.js';

const hasLfs = spawnSync('git', ['lfs', 'version']).status === 0;
const dirs = new TempDirs();
const repos: Repo[] = [];
after(() => {
  repos.forEach((r) => r.remove());
  dirs.removeAll();
});

/** The lines `git lfs install` writes into a pre-push hook, as it asks a user with a hook to add them. */
const LFS_LINES = `command -v git-lfs >/dev/null 2>&1 || { printf >&2 "\\n%s\\n\\n" "This repository is configured for Git LFS but 'git-lfs' was not found on your path."; exit 2; }\ngit lfs pre-push "$@"\n`;

/** Every LFS object the bare remote holds. */
function remoteObjects(remote: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    if (!existsSync(d)) return;
    for (const e of readdirSync(d, { withFileTypes: true })) e.isDirectory() ? walk(join(d, e.name)) : out.push(e.name);
  };
  walk(join(remote, 'lfs', 'objects'));
  return out;
}

function lfsRepo(before: boolean): { repo: Repo; remote: string } {
  const repo = nodeRepo();
  repos.push(repo);
  repo.writeJson('docs/p-plan.json', plan('p', [claimed('t', 'other-agent', ['src/**'])]));
  repo.write('docs/p-plan.md', '# p\n');
  // The filters `git lfs install --local` sets, without it touching the hooks.
  for (const [k, v] of [['clean', 'git-lfs clean -- %f'], ['smudge', 'git-lfs smudge -- %f'], ['process', 'git-lfs filter-process'], ['required', 'true']]) repo.git('config', `filter.lfs.${k}`, v!);
  repo.git('lfs', 'track', '*.bin');
  if (before) repo.write('.husky/pre-push', LFS_LINES);
  const init = repo.cli(['init']);
  assert.equal(init.code, 0, init.stderr);
  if (!before) writeFileSync(join(repo.dir, '.husky/pre-push'), readFileSync(join(repo.dir, '.husky/pre-push'), 'utf8') + LFS_LINES);
  repo.write('assets/a.bin', 'binary one\n');
  repo.git('add', '-A');
  assert.equal(repo.commit('plan, hooks and an LFS file').code, 0);
  return { repo, remote: withRemote(repo, dirs) };
}

for (const before of [true, false]) {
  test(`git lfs pre-push ${before ? 'before' : 'after'} plan-hooks' section: both read the pushed refs`, { skip: !hasLfs && 'git-lfs is not installed' }, () => {
    const { repo, remote } = lfsRepo(before);
    const hook = readFileSync(join(repo.dir, '.husky/pre-push'), 'utf8');
    assert.ok(hook.indexOf('plan-hooks:start') < hook.indexOf('git lfs pre-push'), `plan-hooks' section runs first:\n${hook}`);
    const pushed = repo.tryGit(['push', '-q', 'origin', 'main']);
    assert.equal(pushed.code, 0, pushed.stderr);
    assert.equal(remoteObjects(remote).length, 1, 'git-lfs uploaded the object: it read the refs');
    // A commit made without hooks into another's claim: plan-hooks' pre-push reads the refs and refuses it.
    repo.write('src/app.ts', 'export {};\n');
    repo.write('assets/b.bin', 'binary two\n');
    repo.git('add', '-A');
    assert.equal(repo.tryGit(['commit', '-q', '-m', 'into the claim'], { PLAN_HOOKS: '0' }).code, 0);
    const refused = repo.tryGit(['push', '-q', 'origin', 'main']);
    assert.equal(refused.code, 1, refused.stderr);
    assert.match(refused.stderr, /claimed by another agent's task/);
    assert.equal(repo.cli(['init']).stdout.includes('nothing to change'), true, 'a second init leaves the hook as it is');
  });
}
