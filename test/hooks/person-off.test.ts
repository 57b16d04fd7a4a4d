// A person's PLAN_HOOKS=0 is decided by the runner alone where nothing can show an agent session
// (hooks/plan-hooks.sh person_off, twin of src/core/overrides.ts inAgentSession): no node starts for
// pre-commit or prepare-commit-msg. Where a marker variable, agentMarkers in HEAD's configuration
// or a fresh record of the agents' pre-tool hook could show one, node decides as before. Real
// commits; NODE_OPTIONS preloads a file that notes each node start.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { claimed, plan } from '../fixtures/plans.js';
import { type Repo, repoWithPlans } from '../fixtures/repo.js';
import { removeDir } from '../fixtures/remove-dir.js';
import { recordCommitting } from '../../src/sessions/store.js';

const repos: Repo[] = [];
const dir = mkdtempSync(join(tmpdir(), 'plan-hooks-node-starts-'));
after(() => {
  repos.forEach((r) => r.remove());
  removeDir(dir);
});
const starts = join(dir, 'starts');
const preload = join(dir, 'note.cjs');
writeFileSync(preload, `require('node:fs').appendFileSync(${JSON.stringify(starts)}, process.argv.slice(1).join(' ') + '\\n');\n`);
const noted = () => {
  try {
    return readFileSync(starts, 'utf8');
  } catch {
    return '';
  }
};

describe("a person's PLAN_HOOKS=0", () => {
  let n = 0;
  /** Commits a change to codex's claimed path with `env` (PLAN_HOOKS=0 and the preload added); the node starts it caused. */
  const attempt = (r: Repo, env: NodeJS.ProcessEnv) => {
    writeFileSync(starts, '');
    r.write('src/api/users.ts', `${++n}\n`);
    r.git('add', '-A');
    const res = r.tryGit(['commit', '-qm', `change ${n}`], { PLAN_HOOKS: '0', NODE_OPTIONS: `--require=${preload}`, ...env });
    if (res.code !== 0) r.git('reset', '-q', '--hard');
    return { res, nodes: noted() };
  };
  const claimedRepo = () => {
    const r = repoWithPlans({ 'docs/api-plan.json': plan('api', [claimed('endpoints', 'codex', ['src/api'])]) });
    repos.push(r);
    return r;
  };

  test('with nothing that shows an agent session: the commit passes and no node starts', () => {
    const { res, nodes } = attempt(claimedRepo(), {});
    assert.equal(res.code, 0, res.stderr);
    assert.equal(nodes, '', 'no node for pre-commit or prepare-commit-msg');
  });

  test('a marker variable (the default configuration’s, detect-agent’s): node decides and refuses', () => {
    const r = claimedRepo();
    for (const env of [{ CLAUDECODE: '1' }, { CODEX_SANDBOX_NETWORK_DISABLED: '1' }, { OPENCODE_CLIENT: 'x' }]) {
      const { res, nodes } = attempt(r, env);
      assert.equal(res.code, 1, `${JSON.stringify(env)}: ${res.stderr}`);
      assert.match(res.stderr, /overrides are a person's/);
      assert.match(nodes, /pre-commit/);
    }
  });

  test('agentMarkers in HEAD’s configuration: node decides; the marker it adds is refused, its absence passes', () => {
    const r = claimedRepo();
    r.writeJson('.plan-hooks.json', { agentMarkers: { MY_AGENT: 'mine' } });
    r.git('add', '-A');
    assert.equal(r.commit('markers, by a person').code, 0);
    const marked = attempt(r, { MY_AGENT: '1' });
    assert.equal(marked.res.code, 1, marked.res.stderr);
    assert.match(marked.res.stderr, /MY_AGENT \(mine\)/);
    const person = attempt(r, {});
    assert.equal(person.res.code, 0, person.res.stderr);
    assert.match(person.nodes, /pre-commit/, 'the shell cannot read the mapping: node decides');
  });

  test("the agents' pre-tool hook's fresh record for this worktree: node decides and refuses", () => {
    const r = claimedRepo();
    recordCommitting(join(r.dir, '.git'), { agent: 'claude', session: 'c-1', worktree: realpathSync(r.dir), at: new Date().toISOString(), ops: ['commit'] });
    const { res, nodes } = attempt(r, {});
    assert.equal(res.code, 1, res.stderr);
    assert.match(res.stderr, /agent session \(the claude agent hook/);
    assert.match(nodes, /pre-commit/);
  });
});
