// The user's configuration against schema/config.v1.schema.json (compiled at build time, so
// every hook can afford it), with errors that name the file, the key and the fix.
import validateConfig from '../generated/config.v1.validator.js';
import type { AjvError } from '../generated/ajv-error.js';
import { messages } from '../messages/index.js';
import { formatPath, pointerToPath } from '../lib/json-document.js';
import { show } from '../problems/schema-problems.js';

const EXPECTED: Record<string, string> = {
  plans: 'a non-empty list of globs, e.g. ["docs/**/*-plan.json"]',
  entryFiles: 'null or a list of file paths, e.g. ["AGENTS.md", "CLAUDE.md"]',
  staleAfterHours: 'a number of hours greater than 0, e.g. 24',
  strict: 'true or false',
  checks: 'an object with plans, transitions and claims, each "enforce", "warn" or "off"',
  baseBranch: 'null or a branch name, e.g. "main"',
  agentMarkers: 'an object of environment variable → agent name, e.g. {"CLAUDECODE": "claude"}',
  aliases: 'an object of agent name → list of other names, e.g. {"claude": ["claude-code"]}',
  trailer: 'true or false',
  notes: 'true or false',
  claimPush: 'true or false',
  remoteClaims: 'false, or an object with days (a number > 0), remotes and branches (lists of globs), e.g. {"days": 30, "remotes": ["origin"], "branches": ["*"]}',
  agents: 'null or a list of coding agents among claude, codex, gemini, cursor, copilot',
  noVerify: '"refuse" or "allow"',
};

function describe(error: AjvError, data: unknown): string {
  const path = pointerToPath(error.instancePath, data);
  if (error.keyword === 'additionalProperties') {
    const key = formatPath([...path, String(error.params.additionalProperty)]);
    const known = path.length === 0 ? Object.keys(EXPECTED) : path[0] === 'remoteClaims' ? ['days', 'remotes', 'branches'] : ['plans', 'transitions', 'claims'];
    return messages.config.unknownKey(key, known);
  }
  let value: unknown = data;
  for (const part of path) value = (value as Record<string | number, unknown>)[part];
  const top = String(path[0] ?? '');
  const expected = error.keyword === 'enum' ? `one of ${(error.params.allowedValues as string[]).join(', ')}` : (EXPECTED[top] ?? error.message ?? '');
  return messages.config.badValue(formatPath(path), expected, show(value));
}

/** Throws nothing; returns one line per problem (empty when the settings are valid). */
export function configProblems(data: unknown): string[] {
  if (validateConfig(data)) return [];
  const lines = new Set<string>();
  for (const error of validateConfig.errors ?? []) {
    // The branches of an anyOf fail one by one; the anyOf's own error says it once.
    if (error.schemaPath.includes('/anyOf/')) continue;
    lines.add(describe(error, data));
  }
  return [...lines];
}
