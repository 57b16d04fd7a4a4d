// Each coding agent is one module (src/core/agents/), listed once in its index.ts; the places
// that still name agents on their own — the configuration's default markers and aliases, the
// known-markers table, the schema's `agents` enum, doctor's first-run lines, docs/agents.md — must
// agree with that list, so an agent listed in one place but not another fails here by name.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { AGENTS, AGENT_FILES, AGENT_KINDS, PROTOCOLS, agentCommand, agentEntries } from '../../src/core/agents/index.js';
import { sameAgent } from '../../src/core/identity.js';
import { KNOWN_MARKERS } from '../../src/core/known-markers.js';
import { DEFAULT_CONFIG } from '../../src/config/config.js';
import { messages } from '../../src/messages/index.js';
import { PACKAGE_ROOT } from '../fixtures/paths.js';

/** Agents @vercel/detect-agent knows that plan-hooks recognises by their markers only (no hook file of theirs to install into). */
const MARKERS_ONLY = ['antigravity', 'augment-cli', 'opencode', 'replit'];

/** The module an agent name belongs to, through the default aliases (null: none). */
const moduleOf = (name: string) => AGENT_KINDS.find((k) => sameAgent(k, name, DEFAULT_CONFIG.aliases)) ?? null;

test('every module in src/core/agents/ is listed once in its index', async () => {
  const dir = join(PACKAGE_ROOT, 'dist', 'src', 'core', 'agents');
  const listed = new Set<unknown>(PROTOCOLS);
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.js') && f !== 'index.js' && f !== 'agent.js')) {
    const exported = Object.values((await import(pathToFileURL(join(dir, file)).href)) as Record<string, unknown>);
    const protocols = exported.filter((v) => typeof v === 'object' && v !== null && 'name' in v && 'replies' in v && 'payload' in v);
    assert.ok(protocols.length > 0, `${file} exports no protocol`);
    for (const p of protocols) assert.ok(listed.has(p), `src/core/agents/${file.replace(/\.js$/, '.ts')} exports ${(p as { name: string }).name}, which PROTOCOLS in index.ts does not list`);
  }
  const names = PROTOCOLS.map((p) => p.name);
  assert.deepEqual([...new Set(names)], names, 'a protocol listed twice');
  assert.deepEqual([...new Set(Object.values(AGENT_FILES))].length, AGENTS.length, 'two agents read one file');
});

test('the schema\'s "agents" enum is the list of agent modules', () => {
  const schema = JSON.parse(readFileSync(join(PACKAGE_ROOT, 'schema', 'config.v1.schema.json'), 'utf8')) as { properties: { agents: { anyOf: { items?: { enum: string[] } }[] } } };
  const enumed = schema.properties.agents.anyOf.find((a) => a.items)!.items!.enum;
  assert.deepEqual(enumed, [...AGENT_KINDS]);
});

test('every marker names an agent module or an agent known by markers only, and every module has a marker', () => {
  for (const [variable, name] of Object.entries(DEFAULT_CONFIG.agentMarkers)) {
    if (name.startsWith('$')) continue;
    assert.ok(moduleOf(name), `DEFAULT_CONFIG.agentMarkers.${variable} names ${name}, which no module in src/core/agents/ is`);
  }
  for (const [variable, { name }] of Object.entries(KNOWN_MARKERS)) {
    if (name.startsWith('$')) continue;
    assert.ok(moduleOf(name) || MARKERS_ONLY.includes(name), `KNOWN_MARKERS.${variable} names ${name}: add its module to src/core/agents/ (or an alias in the default configuration), or list it here as known by markers only`);
  }
  const marked = [...Object.values(DEFAULT_CONFIG.agentMarkers), ...Object.values(KNOWN_MARKERS).map((m) => m.name)].map(moduleOf);
  for (const kind of AGENT_KINDS) assert.ok(marked.includes(kind), `no marker names ${kind}: its commits outside its own hook would not be recognised`);
  for (const kind of Object.keys(DEFAULT_CONFIG.aliases)) assert.ok(moduleOf(kind), `DEFAULT_CONFIG.aliases names ${kind}, which no module is`);
});

test('doctor has a first-run line for every agent module, and docs/agents.md a row', () => {
  assert.deepEqual(Object.keys(messages.doctorAgents.firstRun).sort(), [...AGENT_KINDS].sort());
  const doc = readFileSync(join(PACKAGE_ROOT, 'docs', 'agents.md'), 'utf8');
  for (const agent of AGENTS) assert.ok(doc.includes(`| \`${agent.file}\``), `docs/agents.md's table has no row for ${agent.name}'s ${agent.file}`);
});

test('every agent module installs a pre-tool and a session-start entry, each running its own kind', () => {
  for (const kind of AGENT_KINDS) {
    const entries = agentEntries(kind);
    for (const event of ['pre-tool', 'session-start'] as const) assert.ok(entries.some((e) => e.runs === event), `${kind} has no ${event} entry`);
    for (const e of entries) assert.ok(JSON.stringify(e.value).includes(JSON.stringify(agentCommand(kind, e.runs)).slice(1, -1)), `${kind}'s ${e.event} entry does not run ${e.runs}`);
  }
});
