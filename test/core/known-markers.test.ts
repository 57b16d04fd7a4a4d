// The agent markers plan-hooks ships (src/core/known-markers.ts) are what the installed
// @vercel/detect-agent says: regenerate with `node scripts/agent-markers.mjs` after an upgrade.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { DETECT_AGENT_VERSION, KNOWN_MARKERS } from '../../src/core/known-markers.js';
import { PACKAGE_ROOT } from '../fixtures/paths.js';

test('the shipped marker table is the one @vercel/detect-agent gives', async () => {
  const { deriveTable } = (await import(pathToFileURL(join(PACKAGE_ROOT, 'scripts/agent-markers.mjs')).href)) as { deriveTable(): Promise<{ version: string; table: unknown }> };
  const { version, table } = await deriveTable();
  assert.equal(DETECT_AGENT_VERSION, version, 'regenerate: node scripts/agent-markers.mjs > src/core/known-markers.ts');
  assert.deepEqual(KNOWN_MARKERS, table);
  assert.equal(KNOWN_MARKERS.CLAUDECODE?.name, 'claude');
});
