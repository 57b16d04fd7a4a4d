// Push and CI name what they could not verify (issue 25 item 7): check --range's text report, not
// only --json, lists each commit whose identity nothing proves — a hookless commit judged by its
// author, a hookless commit carrying a forged Plan-Agent trailer (its seal recomputed from the
// source, reproduction 3: it passes as codex, and is listed unverified) — and every override (a
// Plan-Skip recorded with a commit); with $GITHUB_STEP_SUMMARY set, the job summary says the same,
// with commit subjects made inert for Markdown. Real commits, a real push, a fresh clone.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { type Repo, repoWithPlans } from '../fixtures/repo.js';
import { TempDirs, freshClone, withRemote } from '../fixtures/remote.js';
import { claimed, plan } from '../fixtures/plans.js';
import { agentTrailerValue, skipTrailerValue } from '../../src/check/trailer.js';

const temp = new TempDirs();
after(() => temp.removeAll());

/** A commit made with no hook, its message's trailers written by hand (sealed for the staged tree when `seal` says so). */
function hookless(r: Repo, path: string, subject: string, trailers: (tree: string) => string[] = () => []) {
  r.write(path, `${subject}\n`);
  r.git('add', '-A');
  const tree = r.git('write-tree').trim();
  const lines = trailers(tree);
  const res = r.tryGit(['-c', 'core.hooksPath=/dev/null', 'commit', '-q', '-m', subject, ...(lines.length > 0 ? ['-m', lines.join('\n')] : [])]);
  assert.equal(res.code, 0, res.stderr);
  return r.git('rev-parse', 'HEAD').trim();
}

test('check --range lists unverified identities (author, forged trailer) and every override in its text report and the job summary', () => {
  const r = repoWithPlans({ 'docs/api-plan.json': plan('api', [claimed('endpoints', 'codex', ['src/api'])]) });
  temp.dirs.push(r.dir);
  const remote = withRemote(r, temp);
  // A person allows recorded skips on the base first (docs/overrides.md): the skip below is honoured and listed.
  r.writeJson('.plan-hooks.json', { allowSkips: true });
  r.git('add', '.plan-hooks.json');
  r.git('-c', 'core.hooksPath=/dev/null', 'commit', '-q', '-m', 'allow skips');
  assert.equal(r.tryGit(['push', '-q', 'origin', 'main']).code, 0);
  const before = r.git('rev-parse', 'HEAD').trim();
  const byAuthor = hookless(r, 'src/free.ts', 'hookless work <img src=x onerror=alert(1)>');
  const forged = hookless(r, 'src/api/a.ts', 'forged as codex', (tree) => [`Plan-Agent: ${agentTrailerValue({ name: 'codex', source: 'env' }, tree)}`]);
  const skipped = hookless(r, 'src/api/b.ts', 'skip recorded', (tree) => [`Plan-Skip: ${skipTrailerValue(['claims'], tree)}`]);
  assert.equal(r.tryGit(['push', '-q', '--no-verify', 'origin', 'main']).code, 0);

  const c = freshClone(remote, temp);
  const summaryFile = join(c.dir, '..', `summary-${Date.now()}.md`);
  temp.dirs.push(summaryFile);
  writeFileSync(summaryFile, '');
  const res = c.cli(['check', '--range', `${before}..main`], { CI: 'true', GITHUB_STEP_SUMMARY: summaryFile });
  // The text report, not only --json: each commit whose identity nothing proves, and the override.
  assert.match(res.stderr, /Identities not verified \(3 of 3 commits\)/);
  assert.match(res.stderr, new RegExp(`${byAuthor.slice(0, 12)} hookless work [^\\n]*: Test Author, the commit’s author: it records no identity`));
  assert.match(res.stderr, new RegExp(`${forged.slice(0, 12)} forged as codex: codex, recorded with the commit \\(Plan-Agent\\), unsigned`));
  assert.match(res.stderr, new RegExp(`Overrides \\(1\\):\\n  ${skipped.slice(0, 12)} skip recorded: PLAN_HOOKS_SKIP=claims recorded at commit time, honoured; it let through src/api/b\\.ts`));
  // The job summary: the same facts, the subject's HTML inert.
  const md = readFileSync(summaryFile, 'utf8');
  assert.match(md, /^### plan-hooks: what this check could not verify/m);
  assert.match(md, /\*\*Identities not verified: 3 of 3 commits\*\*/);
  assert.match(md, new RegExp(`\`${forged.slice(0, 12)}\` forged as codex: \\*\\*codex\\*\\*, recorded with the commit`));
  assert.match(md, /hookless work &lt;img src=x onerror=alert\\\(1\\\)&gt;/);
  assert.doesNotMatch(md, /<img/);
  assert.match(md, /\*\*Overrides: 1\*\*[\s\S]*PLAN\\_HOOKS\\_SKIP=claims recorded at commit time/);
  // --json carries what backs each identity.
  const json = JSON.parse(c.cli(['check', '--range', `${before}..main`, '--json'], { CI: 'true' }).stdout) as { commit: string; evidence: string }[];
  assert.deepEqual(json.map((v) => [v.commit, v.evidence]), [[byAuthor, 'author'], [forged, 'recorded'], [skipped, 'author']]);
});

test('a range with nothing unverified and no override says so in the job summary, and nothing in the text report', () => {
  const r = repoWithPlans({ 'docs/api-plan.json': plan('api', [claimed('endpoints', 'codex', ['src/api'])]) });
  temp.dirs.push(r.dir);
  const summaryFile = join(r.dir, '..', `summary-empty-${Date.now()}.md`);
  temp.dirs.push(summaryFile);
  const res = r.cli(['check', '--range', 'HEAD..HEAD'], { GITHUB_STEP_SUMMARY: summaryFile });
  assert.equal(res.code, 0, res.stderr);
  assert.doesNotMatch(res.stderr, /Identities not verified|Overrides/);
  assert.match(readFileSync(summaryFile, 'utf8'), /Every identity among 0 commits is signed, and nothing was overridden/);
});
