// Configuration that decides who is who or what is checked is a person's to change (issue 25 item
// 3, src/core/person-only.ts): an agent's commit that changes it is refused at commit, at push and
// in CI (check --range in a fresh clone), made with hooks or without; a person's passes everywhere;
// an agent's change to a free setting or to another key of package.json passes. Real commits, real
// pushes to a bare remote.
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import type { Repo } from '../fixtures/repo.js';
import { TempDirs } from '../fixtures/remote.js';
import { CLAUDE, HOOKLESS, passed, publishing, refused } from './helpers.js';

const temp = new TempDirs();
after(() => temp.removeAll());
const { publish, ci, restore } = publishing(temp);

/** A repository whose person committed `.plan-hooks.json` (or package.json's key), pushed to a bare remote. */
function setup(config: { file: '.plan-hooks.json' | 'package.json'; settings: Record<string, unknown> }): { r: Repo; remote: string; base: string } {
  return publish('configuration, by a person', (r) => {
    if (config.file === 'package.json') r.writeJson('package.json', { name: 'demo', private: true, scripts: { test: 'true' }, 'plan-hooks': config.settings });
    else r.writeJson('.plan-hooks.json', config.settings);
  });
}

const PERSON_ONLY = /person's to make[\s\S]*agentMarkers\.HOME[\s\S]*identity is an agent's/;

describe('agentMarkers changed by an agent', () => {
  const { r, remote, base } = setup({ file: '.plan-hooks.json', settings: { agentMarkers: { MY_AGENT: 'mine' } } });
  const edit = () => {
    r.writeJson('.plan-hooks.json', { agentMarkers: { MY_AGENT: 'mine', HOME: 'codex' } });
    r.git('add', '-A');
  };

  test('is refused at commit, naming the person’s way', () => {
    edit();
    const res = r.tryGit(['commit', '-m', 'markers'], CLAUDE);
    refused(res, PERSON_ONLY);
    assert.match(res.stderr, /environment variable CLAUDECODE/);
    assert.match(res.stderr, /a person makes the change in a commit of their own, from a shell with no agent marker set/);
    assert.equal(r.git('rev-parse', 'HEAD').trim(), base, 'nothing committed');
  });

  test('the same commit made hookless, co-authored by Claude (its client’s default), is refused at push and in CI', () => {
    edit();
    passed(r.tryGit([...HOOKLESS, 'commit', '-q', '-m', 'markers\n\nCo-Authored-By: Claude <noreply@anthropic.com>'], CLAUDE));
    refused(r.tryGit(['push', 'origin', 'main']), PERSON_ONLY);
    const res = ci(r, remote, base);
    refused(res, PERSON_ONLY);
    assert.match(res.stderr, /identity is an agent's: Test Author/);
    restore(r, base);
  });

  test('the same commit made hookless with an agent’s name as author (git -c user.name=codex) is refused at push and in CI', () => {
    edit();
    passed(r.tryGit([...HOOKLESS, '-c', 'user.name=codex', 'commit', '-q', '-m', 'markers'], { GIT_AUTHOR_NAME: 'codex' }));
    refused(r.tryGit(['push', 'origin', 'main']), PERSON_ONLY);
    refused(ci(r, remote, base), /identity is an agent's: codex/);
    restore(r, base);
  });

  test('co-authored by "Codex CLI", or authored by codex[bot]: the names map to codex as an author name does, refused at push and in CI', () => {
    edit();
    passed(r.tryGit([...HOOKLESS, 'commit', '-q', '-m', 'markers\n\nCo-authored-by: Codex CLI <codex@example.com>']));
    refused(r.tryGit(['push', 'origin', 'main']), PERSON_ONLY);
    refused(ci(r, remote, base), PERSON_ONLY);
    restore(r, base);
    edit();
    passed(r.tryGit([...HOOKLESS, 'commit', '-q', '-m', 'markers'], { GIT_AUTHOR_NAME: 'codex[bot]' }));
    refused(r.tryGit(['push', 'origin', 'main']), PERSON_ONLY);
    refused(ci(r, remote, base), /identity is an agent's: codex\[bot\]/);
    restore(r, base);
  });

  test('a person’s change passes at commit, at push and in CI', () => {
    edit();
    passed(r.commit('markers, by a person'));
    passed(r.tryGit(['push', '-q', 'origin', 'main']));
    const res = ci(r, remote, base);
    passed(res);
    assert.doesNotMatch(res.stderr, /person's to make/);
    restore(r, base);
  });
});

describe('other settings an agent changes', () => {
  const { r, remote, base } = setup({ file: 'package.json', settings: { checks: { claims: 'enforce' } } });

  test('checks.claims off in package.json’s "plan-hooks" key is refused at commit; a configuration that no longer loads is too', () => {
    r.writeJson('package.json', { name: 'demo', private: true, scripts: { test: 'true' }, 'plan-hooks': { checks: { claims: 'off' } } });
    r.git('add', '-A');
    refused(r.tryGit(['commit', '-m', 'claims off'], CLAUDE), /changes checks\.claims in package\.json/);
    r.writeJson('package.json', { name: 'demo', private: true, 'plan-hooks': { checks: { claims: 'never' } } });
    r.git('add', '-A');
    refused(r.tryGit(['commit', '-m', 'broken'], CLAUDE), /makes the configuration in package\.json unreadable/);
    r.git('reset', '-q', '--hard', base);
  });

  test('another key of package.json, and a free setting (notes), pass at commit, push and CI', () => {
    r.writeJson('package.json', { name: 'demo', private: true, scripts: { test: 'node --test' }, 'plan-hooks': { checks: { claims: 'enforce' }, notes: true } });
    r.git('add', '-A');
    passed(r.tryGit(['commit', '-q', '-m', 'scripts and notes'], CLAUDE));
    assert.match(r.git('log', '-1', '--format=%B'), /Plan-Agent: claude \(agent-marker\)/);
    passed(r.tryGit(['push', '-q', 'origin', 'main']));
    passed(ci(r, remote, base));
  });
});
