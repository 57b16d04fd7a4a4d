import { sanitize } from './term.js';

export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;

// A hook is one bundled file (scripts/build.mjs), and what it loads on demand (the validator,
// the handoff) comes with its own copy of this module: `instanceof` would not see an error
// from the other copy. The kind is told by a registered symbol, which every copy shares.
const KIND = Symbol.for('plan-hooks.error-kind');

/** Bad arguments or configuration: exit 2, message only. */
export class UsageError extends Error {
  readonly [KIND] = 'usage';
}

/** Bad input we expected could happen (a missing file, git refusing): exit 1, message only. */
export class UserError extends Error {
  readonly [KIND] = 'user';
}

const kindOf = (error: unknown) => (typeof error === 'object' && error !== null ? (error as { [KIND]?: unknown })[KIND] : undefined);
export const isUsageError = (error: unknown): error is UsageError => kindOf(error) === 'usage';
export const isUserError = (error: unknown): error is UserError => kindOf(error) === 'user';

/**
 * One line for expected failures; a stack only for a real bug, so input never produces a
 * stack trace.
 */
export function formatError(error: unknown, command: string): string {
  if (isUsageError(error) || isUserError(error)) {
    return `plan-hooks ${command}: ${sanitize(error.message)}\n`;
  }
  const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
  return `plan-hooks ${command}: internal error: ${sanitize(detail)}\n`;
}

/** The same, as one line of JSON: `{"error":{"command","message","exitCode","internal"}}`. */
export function formatErrorJson(error: unknown, command: string, exitCode: number): string {
  const expected = isUsageError(error) || isUserError(error);
  const message = error instanceof Error ? (expected ? error.message : (error.stack ?? error.message)) : String(error);
  return `${JSON.stringify({ error: { command, message: sanitize(message), exitCode, internal: !expected } })}\n`;
}
