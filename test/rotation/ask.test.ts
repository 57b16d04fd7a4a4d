// `ask`: a request to the holder recorded in the plan (a schema-valid log entry), committed like
// any plan change; shown at the holder's session start, in status and in the refusals others get.
// And `claim` without --continue on a paused claim: its refusal names --continue first.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { removeDir } from '../fixtures/remove-dir.js';
import { TASK, claude, claudeClaims, codex, context, denied, rotationRepo, runHook } from './helpers.js';

const CLAUDE = { CLAUDECODE: '1' };
const CODEX = { CODEX_SANDBOX: 'seatbelt' };

test('codex asks claude: recorded, committed, shown to claude at session start, in status and in the next refusal; the asker cannot ask itself', () => {
  const { repo, wt } = rotationRepo();
  try {
    claudeClaims(wt);

    assert.equal(wt.cli(['ask', TASK, 'please release it once the retry loop lands'], CLAUDE).code, 1, 'the holder asks nobody');
    const ask = wt.cli(['ask', TASK, 'please release it once the retry loop lands'], CODEX);
    assert.equal(ask.code, 0, ask.stderr);
    assert.match(ask.stdout, /recorded the request to claude on export\/first-task/);
    assert.equal(wt.cli(['validate', 'docs/export-plan.json', '--strict']).code, 0);
    wt.git('add', 'docs/export-plan.json');
    const commit = wt.tryGit(['commit', '-qm', 'ask claude'], CODEX);
    assert.equal(commit.code, 0, commit.stderr);

    assert.match(context(runHook(wt, wt.dir, 'claude', 'SessionStart', claude.start(wt.dir, 'c-2'))), /Requests to you:\n- export\/first-task, from codex .*"please release it once the retry loop lands"/);
    assert.match(wt.cli(['status']).stdout, /Open requests\n\s+- request on export\/first-task from codex/);
    assert.equal(JSON.parse(wt.cli(['status', '--json']).stdout).requests[0].text, 'please release it once the retry loop lands');
    assert.match(denied(runHook(wt, wt.dir, 'codex', 'PreToolUse', codex.patch(wt.dir, 'x-1', 'src/export.ts')))!, /request on export\/first-task from codex/);
  } finally {
    repo.remove();
    removeDir(wt.dir);
  }
});

test('claim without --continue on a paused claim: refused, and the fix names --continue first', () => {
  const { repo, wt } = rotationRepo();
  try {
    claudeClaims(wt);
    assert.equal(runHook(wt, wt.dir, 'claude', 'SessionEnd', claude.end(wt.dir, 'c-1')).code, 0);
    const r = wt.cli(['claim', TASK], CODEX);
    assert.equal(r.code, 1);
    assert.match(r.stderr, new RegExp(`fix: claude's sessions have stopped \\(stopped \\(prompt_input_exit\\)\\): continue ${TASK} in one step: '[^']*plan-hooks claim ${TASK} --continue'`));
  } finally {
    repo.remove();
    removeDir(wt.dir);
  }
});
