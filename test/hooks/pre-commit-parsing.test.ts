// Plans parse the same everywhere (src/plan/plan-text.ts), shown with real commits: a plan with
// a byte-order mark still enforces its claims; a plan nested too deep, with a repeated key or
// with bytes that are not UTF-8 gets the same message from validate, pre-commit and status,
// never a stack trace, and its claims still hold.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { type Repo, repoWithPlans } from '../fixtures/repo.js';
import { claimed, open, plan } from '../fixtures/plans.js';

const repos: Repo[] = [];
after(() => repos.forEach((r) => r.remove()));
const PLAN = 'docs/api-plan.json';
const NO_STACK = /\n\s+at /;

/** codex holds src/api through api/endpoints, committed (without hooks) in HEAD. */
function claimedRepo(): Repo {
  const r = repoWithPlans({ [PLAN]: plan('api', [claimed('endpoints', 'codex', ['src/api']), open('other', ['src/other'])]) });
  repos.push(r);
  return r;
}

/** The plan file rewritten as bytes by `edit` from its current text. */
function rewritePlan(r: Repo, edit: (text: string) => Buffer | string): void {
  const file = join(r.dir, PLAN);
  writeFileSync(file, edit(readFileSync(file, 'utf8')));
}

function touchClaimed(r: Repo) {
  r.write('src/api/users.ts', `${Date.now()}\n`);
  r.git('add', 'src/api/users.ts');
  return r.commit('touch the api');
}

describe('a plan with a byte-order mark', () => {
  test('validates, commits, and its claims still refuse a claimed path', () => {
    const r = claimedRepo();
    rewritePlan(r, (t) => `\ufeff${t}`);
    assert.equal(r.cli(['validate', PLAN]).code, 0);
    r.git('add', PLAN);
    const planCommit = r.commit('plan with a BOM');
    assert.equal(planCommit.code, 0, planCommit.stderr);
    assert.equal(r.git('show', `HEAD:${PLAN}`).charCodeAt(0), 0xfeff, 'the BOM is in HEAD');
    const res = touchClaimed(r);
    assert.equal(res.code, 1, res.stderr);
    assert.match(res.stderr, /task api\/endpoints, held by codex/);
    const status = r.cli(['status']);
    assert.doesNotMatch(status.stdout, /skipped/);
    assert.match(status.stdout, /api\/endpoints — codex/);
  });
});

describe('a plan validate refuses as text', () => {
  const cases: [string, (t: string) => Buffer | string, RegExp][] = [
    ['nested too deep', (t) => t.replace('"acceptance": "tests pass"', `"acceptance": "tests pass", "metadata": {"x": ${'['.repeat(20_000)}${']'.repeat(20_000)}}`), /nested more than 256 deep/],
    ['with a repeated key', (t) => t.replace('"claimedBy": "codex"', '"claimedBy": "codex", "claimedBy": "codex"'), /"claimedBy" appears twice/],
    ['not UTF-8', (t) => Buffer.concat([Buffer.from(t.slice(0, t.indexOf('Plan api') + 8)), Buffer.from([0xe9]), Buffer.from(t.slice(t.indexOf('Plan api') + 8))]), /byte 0xe9 at byte offset \d+ is not valid UTF-8/],
  ];
  for (const [name, edit, pattern] of cases) {
    test(`${name}: the same message from validate, pre-commit and status; no stack trace; its claims still hold`, () => {
      const r = claimedRepo();
      rewritePlan(r, edit);
      const validate = r.cli(['validate', PLAN]);
      assert.equal(validate.code, 1);
      const line = validate.stdout.split('\n').find((l) => pattern.test(l));
      assert.ok(line, validate.stdout);
      const [where, message] = [line.slice(0, line.indexOf(': error: ')), line.slice(line.indexOf(': error: ') + 9)];

      r.git('add', PLAN);
      const refused = r.commit('stage the plan');
      assert.equal(refused.code, 1);
      assert.ok(refused.stderr.includes(line), `pre-commit gives validate's line:\n${refused.stderr}`);
      assert.doesNotMatch(refused.stderr, NO_STACK);

      // Past the check (the recorded bypass), every later commit still sees the claims in it.
      // (transitions too: the deep case adds metadata to codex's live task, which only codex may change.)
      assert.equal(r.tryGit(['commit', '-m', 'stage the plan'], { PLAN_HOOKS_SKIP: 'plans,transitions' }).code, 0);
      const res = touchClaimed(r);
      assert.equal(res.code, 1, res.stderr);
      assert.match(res.stderr, /task api\/endpoints, held by codex/);
      assert.doesNotMatch(res.stderr, NO_STACK);

      const status = r.cli(['status']);
      assert.equal(status.code, 0, status.stderr);
      const [, lineNo, column] = /:(\d+):(\d+)$/.exec(where)!;
      assert.ok(status.stdout.includes(`${PLAN}: skipped, ${message} (line ${lineNo}, column ${column})`), status.stdout);
      assert.match(status.stdout, /api\/endpoints — codex/);
    });
  }
});

describe("a plan error's report in a commit", () => {
  // Colour is picocolors, resolved by the hook's bundle from its own place (createRequire of the
  // bundle's path, scripts/build.mjs): found from a real commit, and left out under NO_COLOR.
  test('is coloured under FORCE_COLOR and plain under NO_COLOR', () => {
    const r = claimedRepo();
    rewritePlan(r, (t) => t.replace('"claimedBy": "codex"', '"claimedBy": "codex", "claimedBy": "codex"'));
    r.git('add', PLAN);
    const coloured = r.tryGit(['commit', '-m', 'stage the plan'], { NO_COLOR: '', FORCE_COLOR: '1' });
    assert.equal(coloured.code, 1);
    assert.match(coloured.stderr, /\x1b\[31m\x1b\[1merror\x1b\[22m\x1b\[39m: the key "claimedBy" appears twice/);
    assert.doesNotMatch(coloured.stderr, NO_STACK);
    const plain = r.commit('stage the plan');
    assert.equal(plain.code, 1);
    assert.match(plain.stderr, /: error: the key "claimedBy" appears twice/);
    assert.doesNotMatch(plain.stderr, /\x1b\[/);
  });
});
