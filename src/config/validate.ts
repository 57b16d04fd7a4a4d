// The user's configuration against schema/config.v1.schema.json (compiled at build time, so
// every hook can afford it), with errors that name the file, the key and the fix.
import validateConfig from '../generated/config.v1.validator.js';
import type { AjvError } from '../generated/ajv-error.js';
import { messages } from '../messages/index.js';
import { formatPath, pointerToPath, show } from '../lib/json-document.js';
import { DEFAULT_CONFIG } from './config.js';
import { compilePattern, PatternError } from '../lib/pattern.js';

function describe(error: AjvError, data: unknown): string {
  const path = pointerToPath(error.instancePath, data);
  if (error.keyword === 'additionalProperties') {
    const key = formatPath([...path, String(error.params.additionalProperty)]);
    const known = path.length === 0 ? Object.keys(DEFAULT_CONFIG) : path[0] === 'remoteClaims' ? ['days', 'remotes', 'branches'] : ['plans', 'transitions', 'claims'];
    return messages.config.unknownKey(key, known);
  }
  let value: unknown = data;
  for (const part of path) value = (value as Record<string | number, unknown>)[part];
  const top = String(path[0] ?? '');
  const expected = error.keyword === 'enum' ? messages.config.oneOf(error.params.allowedValues as string[]) : (messages.config.expected(top) ?? error.message ?? '');
  return messages.config.badValue(formatPath(path), expected, show(value));
}

/** Throws nothing; returns one line per problem (empty when the settings are valid). */
export function configProblems(data: unknown): string[] {
  if (validateConfig(data)) return planPatternProblems(data);
  const lines = new Set<string>();
  for (const error of validateConfig.errors ?? []) {
    // The branches of an anyOf fail one by one; the anyOf's own error says it once.
    if (error.schemaPath.includes('/anyOf/')) continue;
    lines.add(describe(error, data));
  }
  return [...lines];
}

/**
 * Problems of `plans` globs that pass the schema but not the pattern compiler (one that leaves
 * the repository): caught here so a committed one is an invalid setting, not a crash of every hook.
 */
export function planPatternProblems(data: unknown): string[] {
  const plans = (data as { plans?: unknown }).plans;
  if (!Array.isArray(plans)) return [];
  const lines: string[] = [];
  plans.forEach((source, i) => {
    if (typeof source !== 'string') return;
    try {
      compilePattern(source, { ignoreCase: false });
    } catch (error) {
      if (!(error instanceof PatternError)) throw error;
      lines.push(messages.config.badPlanPattern(formatPath(['plans', i]), messages.patternProblem(error.problem), show(source)));
    }
  });
  return lines;
}
