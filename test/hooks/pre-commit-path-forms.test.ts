// The same name in another form matches the same claim, through real commits: a path staged in
// NFD (as macOS writes names) against a pattern written in NFC, and another case of a claimed
// path under core.ignorecase.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { type Repo, repoWithPlans } from '../fixtures/repo.js';
import { claimed, plan } from '../fixtures/plans.js';

const repos: Repo[] = [];
after(() => repos.forEach((r) => r.remove()));

function claimedRepo(files: string[]): Repo {
  const r = repoWithPlans({ 'docs/api-plan.json': plan('api', [claimed('endpoints', 'codex', files)]) });
  repos.push(r);
  return r;
}

test('a path staged in NFD is refused by a claim written in NFC', () => {
  const nfc = 'src/caf\u00e9/men\u00fc.ts';
  const r = claimedRepo([nfc, 'docs/r\u00e9sum\u00e9']);
  const nfd = nfc.normalize('NFD');
  r.write(nfd, 'x\n');
  r.write('docs/re\u0301sume\u0301/cv.md', 'x\n');
  r.git('add', '-A');
  const names = r.git('diff', '--cached', '--name-only', '-z').split('\0').filter(Boolean);
  assert.ok(names.includes(nfd) && !names.includes(nfc), 'git has the NFD bytes');
  const res = r.commit('edit the menu');
  assert.equal(res.code, 1, res.stderr);
  assert.match(res.stderr, /commit refused — it touches 2 paths claimed/);
  assert.match(res.stderr, /task api\/endpoints, held by codex/);
});

test('SRC/A.ts is refused by a claim on src/a.ts under core.ignorecase, and passes when case counts', () => {
  const r = claimedRepo(['src/a.ts']);
  r.write('SRC/A.ts', 'x\n');
  r.git('add', '-A');
  r.git('config', 'core.ignorecase', 'true');
  const refused = r.commit('other case');
  assert.equal(refused.code, 1, refused.stderr);
  assert.match(refused.stderr, /SRC\/A\.ts\s+← pattern src\/a\.ts/);
  r.git('config', 'core.ignorecase', 'false');
  assert.equal(r.commit('another file when case counts').code, 0);
});
