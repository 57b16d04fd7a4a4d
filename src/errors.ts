import { sanitize } from './term.js';

export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;

/** Bad arguments or configuration: exit 2, message only. */
export class UsageError extends Error {}

/** Bad input we expected could happen (a missing file, git refusing): exit 1, message only. */
export class UserError extends Error {}

/**
 * One line for expected failures; a stack only for a real bug, so input never produces a
 * stack trace.
 */
export function formatError(error: unknown, command: string): string {
  if (error instanceof UsageError || error instanceof UserError) {
    return `plan-hooks ${command}: ${sanitize(error.message)}\n`;
  }
  const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
  return `plan-hooks ${command}: internal error: ${sanitize(detail)}\n`;
}
