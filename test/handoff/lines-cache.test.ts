// The entry files' block lists every plan the index holds; a plan commit reads only the plans
// it stages and takes the others' lines from what an earlier commit kept by their blob ids
// (src/handoff/lines-cache.ts): the block is the one `plan-hooks handoff` renders from every
// plan, a plan that cannot be read is still warned about, an entry edited by hand or cut short
// is not used, and uninstall removes the file.
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { type Repo, makeRepo } from '../fixtures/repo.js';
import { claimed, open, plan } from '../fixtures/plans.js';
import { END, START, aggregateLines } from '../../src/handoff/render.js';
import { HANDOFF_LINES_FORMAT, handoffLinesFile, partKey, readHandoffLines } from '../../src/handoff/lines-cache.js';
import { stampFile, stampOf } from '../../src/lib/cache-file.js';

const repos: Repo[] = [];
after(() => repos.forEach((r) => r.remove()));
const block = (text: string) => text.slice(text.indexOf(START), text.indexOf(END) + END.length);

/** Three plans (one with no open work) and one that cannot be read (a repeated key), committed, with the hooks. */
function repo(): Repo {
  const r = makeRepo();
  repos.push(r);
  r.installRawHooks(['pre-commit']);
  r.writeJson('docs/api-plan.json', plan('api', [claimed('endpoints', 'codex', ['src/api']), open('docs', ['docs/api'])]));
  r.writeJson('docs/web-plan.json', plan('web', [open('pages', ['src/web'], { dependsOn: [] }), open('styles', ['src/css'])]));
  r.writeJson('docs/done-plan.json', plan('done', [{ id: 'old', status: 'completed', acceptance: 'tests pass', files: ['src/old'] }]));
  r.write('docs/bad-plan.json', '{ "planId": "bad", "planId": "bad", "workItems": [] }\n');
  for (const p of ['api', 'web', 'done', 'bad']) r.write(`docs/${p}-plan.md`, `# ${p}\n`);
  r.write('AGENTS.md', '# Agents\n');
  r.git('add', '-A');
  assert.equal(r.tryGit(['commit', '-q', '--no-verify', '-m', 'plans']).code, 0);
  return r;
}

let n = 0;
/** Retitles the api plan, stages it, and returns what `plan-hooks handoff` renders for AGENTS.md now. */
function stageApiEdit(r: Repo): string {
  const file = join(r.dir, 'docs/api-plan.json');
  writeFileSync(file, readFileSync(file, 'utf8').replace(/"title": "[^"]*"/, `"title": "API ${n++}"`));
  r.git('add', 'docs/api-plan.json');
  const rendered = r.cli(['handoff', '--json']);
  assert.equal(rendered.code, 0, rendered.stderr);
  return (JSON.parse(rendered.stdout) as { blocks: { file: string; block: string }[] }).blocks.find((b) => b.file === 'AGENTS.md')!.block;
}

function commit(r: Repo): string {
  const res = r.tryGit(['commit', '-q', '-m', 'plan'], { PLAN_HOOKS_AGENT: 'codex' });
  assert.equal(res.code, 0, res.stderr);
  return res.stderr;
}

test('a plan commit lists every plan from the lines kept for the unchanged ones: the block every plan renders, the same warnings', () => {
  const r = repo();
  const cache = handoffLinesFile(join(r.dir, '.git'));
  const expectedFirst = stageApiEdit(r);
  const firstSaid = commit(r);
  assert.equal(block(r.git('show', 'HEAD:AGENTS.md')), expectedFirst, 'read from every plan');
  assert.match(firstSaid, /bad-plan\.json/, 'the plan that cannot be read is warned about');
  const kept = readHandoffLines(join(r.dir, '.git'));
  assert.equal(kept.size, 4, 'each plan of the index kept, by blob id');
  const bad = [...kept].find(([key]) => key.endsWith(' docs/bad-plan.json'));
  assert.ok(bad && 'skipped' in bad[1], 'with why one was skipped');
  assert.ok([...kept].some(([key, part]) => key.endsWith(' docs/done-plan.json') && 'lines' in part && Array.isArray(part.lines)), 'and that one, with no open work, is listed too (its next action, as the plan says it)');

  const expected = stageApiEdit(r);
  assert.equal(commit(r), firstSaid, 'the same warnings, from the lines kept');
  assert.equal(block(r.git('show', 'HEAD:AGENTS.md')), expected, 'the block plan-hooks handoff renders from every plan');
  assert.ok(existsSync(cache));

  // The kept lines are what the block shows for an unchanged plan: one changed by hand (and
  // stamped as its writer would) shows; one cut short is not used.
  const webKey = partKey(r.git('rev-parse', ':docs/web-plan.json').trim(), 'docs/web-plan.json');
  const data = JSON.parse(readFileSync(cache, 'utf8'));
  data.parts[webKey] = { lines: ['- **Kept line**'] };
  writeFileSync(cache, JSON.stringify(data));
  writeFileSync(stampFile(cache), stampOf(cache, readFileSync(cache)));
  stageApiEdit(r);
  commit(r);
  assert.match(block(r.git('show', 'HEAD:AGENTS.md')), /Kept line/, 'an unchanged plan is not read again');
  writeFileSync(cache, readFileSync(cache, 'utf8').replace('Kept line', 'Kept_line'));
  const again = stageApiEdit(r);
  commit(r);
  assert.equal(block(r.git('show', 'HEAD:AGENTS.md')), again, 'an edited cache fails its stamp: every plan is read');
  assert.doesNotMatch(again, /Kept/);

  const un = r.cli(['uninstall']);
  assert.equal(un.code, 0, un.stderr);
  assert.ok(!existsSync(cache) && !existsSync(stampFile(cache)), 'uninstall removes it');
});

test('the kept lines are named by their format: a plan worded differently needs HANDOFF_LINES_FORMAT bumped', () => {
  // If this fails because the wording changed, bump HANDOFF_LINES_FORMAT (src/handoff/lines-cache.ts)
  // with it, so no repository keeps showing lines in the old words.
  const p = { path: 'docs/web-plan.json', plan: plan('web', [open('pages', ['src/web']), { id: 'css', status: 'in-progress', acceptance: 'x', files: ['src/css'] }]) };
  assert.deepEqual([HANDOFF_LINES_FORMAT, aggregateLines(p)], [
    'plan-hooks handoff-lines 2',
    ['- **Plan web** (`docs/web-plan.json`, tasks and handoff in `docs/web-plan.md`)', '  - Next action: not recorded'],
  ]);
});
