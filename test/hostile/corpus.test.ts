// The hostile corpus (issue 26): payloads (./payloads.ts) that a broken or adversarial agent
// could send, and the hook's own state files (./caches.test.ts) that a tool or a crash could
// leave. The installed Claude Code hook command gets each, as Claude Code runs it: every answer
// is exit 0 within its time, a clear line or a reply, never a stack trace, a crash or a hang.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { claimed, plan } from '../fixtures/plans.js';
import type { Repo } from '../fixtures/repo.js';
import { nodeRepo } from '../install/helpers.js';
import { assertCalm, runPre } from './run.js';
import { PAYLOADS } from './payloads.js';

describe('hostile payloads: a clear answer or none, never a stack trace or a hang', () => {
  let repo: Repo;
  before(() => {
    repo = nodeRepo();
    repo.writeJson('docs/work-plan.json', plan('work', [claimed('held', 'cursor', ['src/a.ts'])]));
    repo.write('docs/work-plan.md', '# Work\n');
    const init = repo.cli(['init', '--agents', 'claude']);
    assert.equal(init.code, 0, init.stderr);
    repo.git('add', '-A');
    repo.git('commit', '-qm', 'plan and hooks');
  });
  after(() => repo.remove());

  for (const c of PAYLOADS) {
    test(c.name, () => {
      const r = runPre(repo, c.text ?? JSON.stringify(c.value));
      assertCalm(r, c.name);
      const deny = r.stdout.trim() ? JSON.parse(r.stdout).hookSpecificOutput?.permissionDecision === 'deny' : false;
      assert.equal(deny, c.denied === true, `${c.name}: ${r.stdout.slice(0, 500)}`);
    });
  }
});
