// plan-hooks' own installed files are a person's to change (issue 25 item 6, src/core/person-only.ts):
// an agent's commit that edits the tracked runner, plan-hooks' section of a husky hook or of
// lefthook.yml, its simple-git-hooks command or its agent hook entries is refused at commit, at push
// and in CI; the agent's own lines beside them pass; a person's removal passes. The files are
// written as init writes them (its own renderers); real commits, real pushes to a bare remote.
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import type { Repo } from '../fixtures/repo.js';
import { TempDirs } from '../fixtures/remote.js';
import { upsertSection } from '../../src/lib/marked-sections.js';
import { SHELL_MARKERS } from '../../src/core/install/sections.js';
import { renderHuskySection } from '../../src/core/install/hook-texts.js';
import { addLefthookCommand, addSimpleGitHooksCommand } from '../../src/core/install/managers.js';
import { agentEntries } from '../../src/agents/install.js';
import { TRACKED_RUNNER } from '../../src/core/install/names.js';
import { CLAUDE, HOOKLESS, passed, publishing, refused } from './helpers.js';

const temp = new TempDirs();
after(() => temp.removeAll());
const { publish, ci, restore } = publishing(temp);

const RUNNER = '#!/bin/sh\n# plan-hooks runner\nexec node node_modules/plan-hooks/dist/src/cli.js hook "$@"\n';
const HUSKY = (user: string) => upsertSection(`${user}\n`, SHELL_MARKERS, renderHuskySection('pre-commit', false));
const LEFTHOOK = addLefthookCommand('pre-commit:\n  commands:\n    lint:\n      run: npm run lint\n', 'pre-commit');
const claudeSettings = (extra: Record<string, unknown> = {}, drop?: string) => {
  const hooks: Record<string, unknown[]> = {};
  for (const e of agentEntries('claude')) if (e.event !== drop) hooks[e.event] = [e.value];
  return { permissions: { allow: ['Bash(npm test)'] }, ...extra, hooks };
};
const pkg = (scripts: Record<string, string>, preCommit: string) => ({ name: 'demo', private: true, scripts, 'simple-git-hooks': { 'pre-commit': preCommit } });
const OURS = addSimpleGitHooksCommand('npm test', 'pre-commit');

/** A repository where a person committed plan-hooks' installed files beside the user's, pushed to a bare remote. */
function setup(): { r: Repo; remote: string; base: string } {
  return publish('plan-hooks installed, by a person', (r) => {
    r.write(TRACKED_RUNNER, RUNNER);
    r.write('.husky/pre-commit', HUSKY('npx lint-staged'));
    r.write('lefthook.yml', LEFTHOOK);
    r.writeJson('.claude/settings.json', claudeSettings());
    r.writeJson('package.json', pkg({ test: 'node --test' }, OURS));
  });
}

const OWN_PART = (path: string) => new RegExp(`person's to make[\\s\\S]*changes plan-hooks' own part of ${path.replace(/[.]/g, '\\.')}[\\s\\S]*identity is an agent's[\\s\\S]*uninstall`);

describe('an agent’s commit that edits plan-hooks’ own part', () => {
  const { r, remote, base } = setup();
  const commitAs = (env: NodeJS.ProcessEnv, ...args: string[]) => {
    r.git('add', '-A');
    return r.tryGit([...args, 'commit', '-q', '-m', 'edit'], env);
  };

  test('the runner set to exit 0: refused at commit; made hookless, refused at push and in CI', () => {
    r.write(TRACKED_RUNNER, '#!/bin/sh\nexit 0\n');
    refused(commitAs(CLAUDE), OWN_PART(TRACKED_RUNNER));
    assert.equal(r.git('rev-parse', 'HEAD').trim(), base);
    passed(r.tryGit([...HOOKLESS, 'commit', '-q', '-m', 'runner off\n\nCo-Authored-By: Claude <noreply@anthropic.com>'], CLAUDE));
    refused(r.tryGit(['push', 'origin', 'main']), OWN_PART(TRACKED_RUNNER));
    refused(ci(r, remote, base), OWN_PART(TRACKED_RUNNER));
    restore(r, base);
  });

  test('an exit before plan-hooks’ section of .husky/pre-commit, or the section taken out: refused', () => {
    r.write('.husky/pre-commit', `exit 0\n${HUSKY('npx lint-staged')}`);
    refused(commitAs(CLAUDE), OWN_PART('.husky/pre-commit'));
    r.write('.husky/pre-commit', 'npx lint-staged\n');
    refused(commitAs(CLAUDE), OWN_PART('.husky/pre-commit'));
    r.git('reset', '-q', '--hard', base);
  });

  test('plan-hooks’ command out of lefthook.yml, its simple-git-hooks command, or its PreToolUse entry: refused at commit and in CI', () => {
    r.write('lefthook.yml', 'pre-commit:\n  commands:\n    lint:\n      run: npm run lint\n');
    refused(commitAs(CLAUDE), OWN_PART('lefthook.yml'));
    r.git('reset', '-q', '--hard', base);
    r.writeJson('package.json', pkg({ test: 'node --test' }, 'npm test'));
    refused(commitAs(CLAUDE), OWN_PART('package.json'));
    r.git('reset', '-q', '--hard', base);
    r.writeJson('.claude/settings.json', claudeSettings({}, 'PreToolUse'));
    refused(commitAs(CLAUDE), OWN_PART('.claude/settings.json'));
    r.writeJson('.claude/settings.json', claudeSettings({ disableAllHooks: true }));
    passed(commitAs({ GIT_AUTHOR_NAME: 'codex' }, ...HOOKLESS));
    refused(ci(r, remote, base), OWN_PART('.claude/settings.json'));
    restore(r, base);
  });

  test('its own lines beside them pass at commit, push and CI: another hook of lefthook.yml, the user’s line of the husky hook, another key of package.json and of .claude/settings.json', () => {
    r.write('lefthook.yml', `${LEFTHOOK}pre-push:\n  commands:\n    test:\n      run: npm test\n`);
    r.write('.husky/pre-commit', HUSKY('npx lint-staged --concurrent false'));
    r.writeJson('package.json', pkg({ test: 'node --test', lint: 'eslint .' }, OURS));
    r.writeJson('.claude/settings.json', claudeSettings({ permissions: { allow: ['Bash(npm test)', 'Bash(npm run lint)'] } }));
    passed(commitAs(CLAUDE));
    passed(r.tryGit(['push', '-q', 'origin', 'main']));
    passed(ci(r, remote, base));
    restore(r, base);
  });

  test('a person’s removal (what uninstall does) passes at commit, push and CI', () => {
    r.git('rm', '-q', TRACKED_RUNNER);
    r.write('.husky/pre-commit', 'npx lint-staged\n');
    r.writeJson('.claude/settings.json', { permissions: { allow: ['Bash(npm test)'] } });
    passed(commitAs({}));
    passed(r.tryGit(['push', '-q', 'origin', 'main']));
    passed(ci(r, remote, base));
    restore(r, base);
  });
});
