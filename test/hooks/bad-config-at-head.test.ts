// A configuration committed at HEAD that does not load (a plans glob leaving the repository,
// bad JSON, a wrong type) never locks the repository: each later commit is judged by the
// defaults with one clear line, a claimed path is still refused, and the fixing commit passes.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { claimed, plan } from '../fixtures/plans.js';
import { type Repo, repoWithPlans } from '../fixtures/repo.js';

const repos: Repo[] = [];
after(() => repos.forEach((r) => r.remove()));

const BAD = [
  ['a plans glob that leaves the repository', '{"plans": ["../../**/*.json"]}\n', /"plans\[0\]" cannot be used: the pattern leaves the repository/],
  ['invalid JSON', '{not json\n', /not valid JSON at line 1, column 2/],
  ['a wrong type', '{"plans": 5}\n', /"plans" must be/],
] as const;

for (const [name, text, why] of BAD) {
  test(`a committed configuration with ${name}: later commits are judged by the defaults, with the reason, never a stack trace`, () => {
    const repo = repoWithPlans({ 'docs/a-plan.json': plan('a', [claimed('t1', 'codex', ['src/app.ts'])]) });
    repos.push(repo);
    repo.write('.plan-hooks.json', text);
    repo.git('add', '-A');
    repo.git('commit', '-q', '--no-verify', '-m', 'bad config');

    repo.write('notes.txt', 'free\n');
    repo.git('add', 'notes.txt');
    const free = repo.commit('an unclaimed file');
    assert.equal(free.code, 0, free.stderr);
    assert.match(free.stderr, /the configuration at HEAD does not load, so the defaults/);
    assert.match(free.stderr, why);
    assert.doesNotMatch(free.stderr, /\n\s+at /, 'no stack trace');

    repo.write('src/app.ts', 'export const x = 1;\n');
    repo.git('add', 'src/app.ts');
    const claimedPath = repo.commit('a claimed file', '--no-verify');
    assert.notEqual(claimedPath.code, 0, 'the defaults still enforce claims');
    assert.doesNotMatch(claimedPath.stderr, /\n\s+at /);
    repo.git('reset', '-q', 'HEAD', '--', 'src/app.ts');
    repo.git('checkout', '--', 'src/app.ts');

    const status = repo.cli(['status']);
    assert.equal(status.code, 2, 'a configuration error, said once');
    assert.match(status.stderr, why);
    assert.doesNotMatch(status.stderr, /\n\s+at /);

    repo.write('.plan-hooks.json', '{}\n');
    repo.git('add', '.plan-hooks.json');
    const fix = repo.commit('fix the configuration');
    assert.equal(fix.code, 0, fix.stderr);
    assert.equal(repo.cli(['status']).code, 0);
  });
}
