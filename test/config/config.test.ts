import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { DEFAULT_CONFIG, loadConfig } from '../../src/config/config.js';
import { UsageError } from '../../src/errors.js';
import { removeDir } from '../fixtures/remove-dir.js';

const dir = mkdtempSync(join(tmpdir(), 'plan-hooks-config-'));
after(() => removeDir(dir));

const write = (name: string, value: unknown) => writeFileSync(join(dir, name), typeof value === 'string' ? value : JSON.stringify(value));
const clear = () => ['.plan-hooks.json', 'package.json'].forEach((f) => rmSync(join(dir, f), { force: true }));

test('no file: the defaults', async () => {
  clear();
  assert.equal(await loadConfig(dir), DEFAULT_CONFIG);
});

test('every setting the schema allows is accepted and merged over the defaults', async () => {
  clear();
  write('.plan-hooks.json', {
    $schema: './node_modules/plan-hooks/schema/config.v1.schema.json',
    plans: ['plans/*.json'],
    entryFiles: ['AGENTS.md'],
    staleAfterHours: 12.5,
    strict: true,
    checks: { claims: 'warn' },
    baseBranch: 'develop',
    agentMarkers: { MY_AGENT: 'mine' },
    aliases: { codex: ['openai-codex'] },
    trailer: false,
    notes: true,
  });
  const c = await loadConfig(dir);
  assert.deepEqual(c.plans, ['plans/*.json']);
  assert.equal(c.staleAfterHours, 12.5);
  assert.deepEqual(c.checks, { plans: 'enforce', transitions: 'enforce', claims: 'warn' });
  assert.equal(c.agentMarkers.MY_AGENT, 'mine');
  assert.equal(c.agentMarkers.CLAUDECODE, 'claude');
  assert.deepEqual(c.aliases, { ...DEFAULT_CONFIG.aliases, codex: ['openai-codex'] });
});

const invalid: [string, unknown, RegExp][] = [
  ['unknown key', { stale: 24 }, /unknown setting "stale"; the settings here are plans, entryFiles, staleAfterHours/],
  ['wrong type', { strict: 'yes' }, /"strict" must be true or false \(it is "yes"\)/],
  ['zero hours', { staleAfterHours: 0 }, /"staleAfterHours" must be a number of hours greater than 0/],
  ['empty plans', { plans: [] }, /"plans" must be a non-empty list of globs/],
  ['bad mode', { checks: { plans: 'block' } }, /"checks\.plans" must be one of enforce, warn, off \(it is "block"\)/],
  ['unknown check', { checks: { lint: 'off' } }, /unknown setting "checks\.lint"; the settings here are plans, transitions, claims/],
  ['bad alias list', { aliases: { claude: 'cc' } }, /"aliases\.claude" must be an object of agent name → list of other names/],
  ['not an object', [1], /must be a JSON object of settings/],
];
for (const [name, value, message] of invalid) {
  test(`invalid .plan-hooks.json (${name}): a usage error naming file, key and fix`, async () => {
    clear();
    write('.plan-hooks.json', value);
    await assert.rejects(
      () => loadConfig(dir),
      (e: unknown) => e instanceof UsageError && message.test(e.message) && e.message.startsWith('.plan-hooks.json'),
    );
  });
}

test('the "plan-hooks" key in package.json is checked the same way, and named', async () => {
  clear();
  write('package.json', { name: 'x', 'plan-hooks': { trailer: 1 } });
  await assert.rejects(() => loadConfig(dir), /package\.json "plan-hooks" has invalid settings:\n {2}- "trailer" must be true or false \(it is 1\)/);
});

test('malformed JSON names the line and column', async () => {
  clear();
  write('.plan-hooks.json', '{\n  "strict": true\n  "notes": true\n}');
  await assert.rejects(() => loadConfig(dir), /not valid JSON at line 3, column 3: expected ',' or '}'/);
});
