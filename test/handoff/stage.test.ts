// The handoff block with real commits: staged with the same commit, from the index, in every
// staging mode, with the user's unstaged edits surviving and the tree clean afterwards.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { chmodSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { type Repo, type RunResult, removeDir } from '../fixtures/repo.js';
import { END, START, renderAggregateBlock, renderPlanBlock, replaceBlock } from '../../src/handoff/render.js';
import { exportPlan } from '../fixtures/plans.js';
import { decodeText } from '../../src/fs/text.js';
import { assertClean, planRepo } from '../worklog/helpers.js';

const repos: Repo[] = [];
after(() => repos.forEach((r) => r.remove()));
const track = (r: Repo) => (repos.push(r), r);
const ok = (r: RunResult) => assert.equal(r.code, 0, r.stderr + r.stdout);
const atHead = (repo: Repo, path: string) => repo.git('show', `HEAD:${path}`);
const block = (text: string) => text.slice(text.indexOf(START), text.indexOf(END) + END.length);

function withNextAction(repo: Repo, nextAction: string): void {
  repo.writeJson('docs/export-plan.json', exportPlan({ handoff: { nextAction, verify: 'npm test' } }));
}

test('a staged plan regenerates its block and the entry file block in the same commit; text outside is kept', () => {
  const repo = track(planRepo());
  const md = atHead(repo, 'docs/export-plan.md');
  assert.ok(md.startsWith('# Export retry\n\nWhy we retry.\n\n'), 'the user text stays first, untouched');
  assert.match(block(md), /Next action:\*\* Write the retry loop/);
  assert.match(block(atHead(repo, 'AGENTS.md')), /Export retry/);
  assert.ok(atHead(repo, 'AGENTS.md').startsWith('# Agents\n\nHouse rules.\n'));
  const p = JSON.parse(atHead(repo, 'docs/export-plan.json'));
  assert.equal(p.handoff.updatedBy, 'Test Author');
  assert.equal(p.handoff.branch, 'main');
  assert.ok(Date.parse(p.handoff.updatedAt) > Date.now() - 60_000);
  assertClean(repo);
});

test('a commit that stages no plan leaves the blocks alone', () => {
  const repo = track(planRepo());
  const before = atHead(repo, 'docs/export-plan.md');
  repo.write('src/x.ts', 'x\n');
  repo.git('add', '-A');
  ok(repo.commit('code only'));
  assert.equal(atHead(repo, 'docs/export-plan.md'), before);
  assert.deepEqual(repo.git('diff', '--name-only', 'HEAD~1', 'HEAD').trim().split('\n'), ['src/x.ts']);
  assertClean(repo);
});

test('derived fields are refreshed only when the handoff itself changed', () => {
  const repo = track(planRepo());
  const first = JSON.parse(atHead(repo, 'docs/export-plan.json')).handoff;
  const p = exportPlan({ handoff: first, lastUpdated: '2026-11-02' });
  repo.writeJson('docs/export-plan.json', p);
  repo.git('add', '-A');
  ok(repo.commit('unrelated plan edit'));
  assert.deepEqual(JSON.parse(atHead(repo, 'docs/export-plan.json')).handoff, first);
  withNextAction(repo, 'Ship it');
  repo.git('add', '-A');
  ok(repo.tryGit(['commit', '-q', '-m', 'new handoff'], { PLAN_HOOKS_AGENT: 'codex' }));
  const h = JSON.parse(atHead(repo, 'docs/export-plan.json')).handoff;
  assert.equal(h.updatedBy, 'codex');
  assert.notEqual(h.updatedAt, first.updatedAt);
  assert.match(atHead(repo, 'docs/export-plan.md'), /Next action:\*\* Ship it/);
  assertClean(repo);
});

test('partially staged plan and .md: unstaged edits survive, only they remain after the commit', () => {
  const repo = track(planRepo());
  withNextAction(repo, 'Staged action');
  repo.git('add', 'docs/export-plan.json');
  const md = readFileSync(join(repo.dir, 'docs/export-plan.md'), 'utf8');
  repo.write('docs/export-plan.md', `${md}\nMy unstaged note.\n`);
  const json = readFileSync(join(repo.dir, 'docs/export-plan.json'), 'utf8');
  repo.write('docs/export-plan.json', json.replace('"lastUpdated": "2026-11-01"', '"lastUpdated": "2026-11-09"'));
  ok(repo.commit('partial'));
  assert.doesNotMatch(atHead(repo, 'docs/export-plan.md'), /My unstaged note/);
  assert.match(atHead(repo, 'docs/export-plan.md'), /Staged action/);
  assert.match(atHead(repo, 'docs/export-plan.json'), /"lastUpdated": "2026-11-01"/);
  const work = readFileSync(join(repo.dir, 'docs/export-plan.md'), 'utf8');
  assert.match(work, /My unstaged note/);
  assert.equal(block(work), block(atHead(repo, 'docs/export-plan.md')), 'the working copy carries the same block');
  assert.deepEqual(repo.git('diff', '--', 'docs/export-plan.md').split('\n').filter((l) => /^[+-][^+-]/.test(l)), ['+My unstaged note.']);
  assert.deepEqual(repo.git('diff', '--', 'docs/export-plan.json').split('\n').filter((l) => /^[+-][^+-]/.test(l)), [
    '-  "lastUpdated": "2026-11-01",',
    '+  "lastUpdated": "2026-11-09",',
  ]);
  assertClean(repo, [' M docs/export-plan.json', ' M docs/export-plan.md']);
});

test('git commit <paths>: both indexes get the blocks, so the tree is clean afterwards', () => {
  const repo = track(planRepo());
  withNextAction(repo, 'Only-commit action');
  repo.write('other.txt', 'staged elsewhere\n');
  repo.git('add', 'other.txt');
  ok(repo.commit('only the plan', 'docs/export-plan.json'));
  assert.match(atHead(repo, 'docs/export-plan.md'), /Only-commit action/);
  assert.match(atHead(repo, 'AGENTS.md'), /Only-commit action/);
  assertClean(repo, ['A  other.txt']);
  assert.equal(repo.git('diff', '--cached', '--name-only').trim(), 'other.txt');
});

test('commit -a and --amend regenerate from what they commit; the tree is clean', () => {
  const repo = track(planRepo());
  withNextAction(repo, 'All action');
  ok(repo.commit('all', '-a'));
  assert.match(atHead(repo, 'docs/export-plan.md'), /All action/);
  assertClean(repo);
  withNextAction(repo, 'Amended action');
  repo.git('add', '-A');
  ok(repo.commit('amended', '--amend'));
  assert.match(atHead(repo, 'docs/export-plan.md'), /Amended action/);
  assertClean(repo);
});

test('a commit refused after pre-commit loses nothing: the block is staged, the unstaged edit kept', () => {
  const repo = track(planRepo());
  const hook = join(repo.git('rev-parse', '--path-format=absolute', '--git-path', 'hooks').trim(), 'commit-msg');
  writeFileSync(hook, '#!/bin/sh\nexit 1\n');
  chmodSync(hook, 0o755);
  withNextAction(repo, 'Refused action');
  repo.git('add', 'docs/export-plan.json');
  repo.write('docs/export-plan.md', `${readFileSync(join(repo.dir, 'docs/export-plan.md'), 'utf8')}\nKeep me.\n`);
  assert.notEqual(repo.commit('refused').code, 0);
  assert.match(repo.git('show', ':docs/export-plan.md'), /Refused action/);
  const work = readFileSync(join(repo.dir, 'docs/export-plan.md'), 'utf8');
  assert.match(work, /Keep me\./);
  assert.match(work, /Refused action/);
});

test('in a linked worktree and on a detached HEAD the plan records the branch, the block names none (it merges cleanly), and the tree stays clean', async () => {
  const repo = track(planRepo());
  const { mkdtempSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { Repo } = await import('../fixtures/repo.js');
  const dir = join(mkdtempSync(join(tmpdir(), 'plan-hooks-wt-')), 'wt');
  repo.git('worktree', 'add', '-q', '-b', 'side', dir);
  const wt = new Repo(dir, repo.env);
  withNextAction(wt, 'From the side');
  wt.git('add', '-A');
  ok(wt.commit('side handoff'));
  assert.match(atHead(wt, 'docs/export-plan.md'), /From the side/);
  assert.doesNotMatch(atHead(wt, 'docs/export-plan.md'), /side`|Branch:/);
  assert.equal(JSON.parse(atHead(wt, 'docs/export-plan.json')).handoff.branch, 'side');
  assertClean(wt);
  wt.git('checkout', '-q', '--detach');
  withNextAction(wt, 'Detached');
  ok(wt.commit('detached handoff', '-a'));
  assert.match(atHead(wt, 'docs/export-plan.md'), /Detached/);
  assertClean(wt);
  removeDir(join(dir, '..'));
});

test('pre-commit warns (without refusing) when the handoff contradicts git, each thing once; configured entry files are used, escaping ones ignored', () => {
  const repo = track(planRepo());
  // The configuration applies from the commit after the one that brings it.
  repo.writeJson('.plan-hooks.json', { entryFiles: ['CLAUDE.md', '../outside.md'] });
  repo.write('CLAUDE.md', '# Claude\n');
  repo.git('add', '.plan-hooks.json', 'CLAUDE.md');
  ok(repo.commit('configure the entry files'));
  repo.writeJson('docs/export-plan.json', exportPlan({ handoff: { nextAction: 'Check me', lastCommit: 'feedface', uncommitted: 'nothing' } }));
  repo.write('scratch.txt', 'wip\n');
  repo.git('add', 'docs/export-plan.json');
  const r = repo.commit('contradicting handoff');
  ok(r);
  // An unknown lastCommit is said once, by the plan's rule (with its line), not again by the handoff check.
  assert.equal(r.stderr.match(/feedface/g)?.length, 1, r.stderr);
  assert.match(r.stderr, /handoff\.lastCommit "feedface" does not name a commit git can find here/);
  assert.match(r.stderr, /uncommitted says nothing is left, but 1 path is uncommitted \(scratch.txt\)/);
  assert.match(atHead(repo, 'CLAUDE.md'), /Check me/);
  assert.doesNotMatch(atHead(repo, 'AGENTS.md'), /Check me/, 'AGENTS.md is not configured here');
  assertClean(repo, ['?? scratch.txt']);
});

test('git commit <plan>: an edit staged in the paired .md but not committed stays staged, with the block', () => {
  const repo = track(planRepo());
  const md = readFileSync(join(repo.dir, 'docs/export-plan.md'), 'utf8');
  repo.write('docs/export-plan.md', md.replace('Why we retry.', 'Why we retry, staged for later.'));
  repo.git('add', 'docs/export-plan.md');
  withNextAction(repo, 'Paths action');
  ok(repo.commit('only the plan', 'docs/export-plan.json'));
  assert.doesNotMatch(atHead(repo, 'docs/export-plan.md'), /staged for later/, 'not committed: it was not named');
  assert.match(atHead(repo, 'docs/export-plan.md'), /Paths action/);
  const staged = repo.git('show', ':docs/export-plan.md');
  assert.match(staged, /staged for later/, 'still staged');
  assert.match(staged, /Paths action/, 'with the new block');
  assert.equal(readFileSync(join(repo.dir, 'docs/export-plan.md'), 'utf8'), staged);
  assertClean(repo, ['M  docs/export-plan.md']);
});


test('a plan path that is a symlink in the index is read as the index has it (unreadable, said once) and the other blocks are still staged', () => {
  const repo = track(planRepo());
  symlinkSync('export-plan.json', join(repo.dir, 'docs/link-plan.json'));
  repo.git('add', 'docs/link-plan.json');
  ok(repo.tryGit(['-c', 'core.hooksPath=/dev/null', 'commit', '-q', '-m', 'a symlinked plan']));
  withNextAction(repo, 'Follow the link');
  repo.git('add', 'docs/export-plan.json');
  const r = repo.commit('plan beside a symlink');
  ok(r);
  assert.match(atHead(repo, 'docs/export-plan.md'), /Next action:\*\* Follow the link/);
  assert.match(atHead(repo, 'AGENTS.md'), /Follow the link/);
  assert.equal(repo.git('ls-files', '-s', 'docs/link-plan.json').split(' ')[0], '120000', 'the link stays a link');
  assert.equal(r.stderr.match(/docs\/link-plan\.json: handoff: not valid JSON/g)?.length, 1, r.stderr);
  assertClean(repo);
});

test('what the commit stages is, byte for byte, the pure renderers\' blocks in the files\' own text (CRLF and non-ASCII kept), and the working files hold the same', () => {
  const repo = track(planRepo());
  // A second plan, unchanged by the commit, still in the entry file's block.
  repo.writeJson('docs/other-plan.json', exportPlan({ planId: 'other', title: 'Other \u00e9t\u00e9 \u{1f600}', handoff: { nextAction: 'Wait' } }));
  repo.write('docs/other-plan.md', '# Other\n');
  repo.git('add', '-A');
  ok(repo.commit('plan: other'));
  repo.write('AGENTS.md', atHead(repo, 'AGENTS.md').replace(/\n/g, '\r\n'));
  repo.git('add', 'AGENTS.md');
  ok(repo.commit('agents: crlf'));
  const parent = repo.git('rev-parse', 'HEAD').trim();
  const mdBefore = atHead(repo, 'docs/export-plan.md');
  const agentsBefore = atHead(repo, 'AGENTS.md');
  withNextAction(repo, 'R\u00e9essayer \u2014 the loop');
  repo.git('add', 'docs/export-plan.json');
  ok(repo.commit('plan: next action'));
  const plans = ['docs/export-plan.json', 'docs/other-plan.json'].map((path) => ({ path, plan: JSON.parse(atHead(repo, path)) }));
  const facts = { branch: 'main', head: { id: parent, subject: 'agents: crlf' }, uncommitted: [], now: new Date(plans[0]!.plan.handoff.updatedAt), staleAfterHours: 24 };
  const md = replaceBlock(mdBefore, renderPlanBlock(plans[0]!, facts));
  const agents = replaceBlock(agentsBefore, renderAggregateBlock(plans, facts));
  assert.ok(agents.includes('\r\n') && !/[^\r]\n/.test(agents), 'the entry file keeps its CRLF');
  assert.equal(atHead(repo, 'docs/export-plan.md'), md);
  assert.equal(atHead(repo, 'AGENTS.md'), agents);
  assert.equal(readFileSync(join(repo.dir, 'docs/export-plan.md'), 'utf8'), md);
  assert.equal(readFileSync(join(repo.dir, 'AGENTS.md'), 'utf8'), agents);
  assertClean(repo);
});

test('an entry file holding bytes that are not UTF-8 is read as bytes (not through the shell\'s text) and gets the same block', () => {
  const repo = track(planRepo());
  const latin1 = Buffer.concat([Buffer.from(atHead(repo, 'AGENTS.md'), 'utf8'), Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a])]);
  writeFileSync(join(repo.dir, 'AGENTS.md'), latin1);
  repo.git('add', 'AGENTS.md');
  ok(repo.commit('agents: latin-1'));
  const parent = repo.git('rev-parse', 'HEAD').trim();
  withNextAction(repo, 'Next, after the Latin-1 line');
  repo.git('add', 'docs/export-plan.json');
  ok(repo.commit('plan: next action'));
  const plans = [{ path: 'docs/export-plan.json', plan: JSON.parse(atHead(repo, 'docs/export-plan.json')) }];
  const facts = { branch: 'main', head: { id: parent, subject: 'agents: latin-1' }, uncommitted: [], now: new Date(plans[0]!.plan.handoff.updatedAt), staleAfterHours: 24 };
  const staged = execFileSync('git', ['cat-file', 'blob', 'HEAD:AGENTS.md'], { cwd: repo.dir });
  assert.deepEqual(staged, Buffer.from(replaceBlock(decodeText(latin1), renderAggregateBlock(plans, facts)), 'utf8'));
  assert.match(staged.toString('utf8'), /Next, after the Latin-1 line/);
});
