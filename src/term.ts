// Everything that reaches a terminal passes here: plan files are untrusted, so their text
// is stripped of control characters (escape sequences could rewrite the screen).
import { createRequire } from 'node:module';
import type pc from 'picocolors';

// C0 controls except tab and newline, DEL, and C1 controls.
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

export function sanitize(text: string): string {
  return text.replace(CONTROL, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

/** For one-line contexts (a task id in a table): newlines and tabs go too. */
export function sanitizeLine(text: string): string {
  return sanitize(text).replace(/[\t\n]/g, ' ');
}

type Colors = Omit<typeof pc, 'createColors'>;
let colors: Colors | undefined;

/**
 * picocolors decides from NO_COLOR, FORCE_COLOR and whether stdout is a TTY. It is CommonJS:
 * the first require costs ~4 ms (the CommonJS loader), so it is loaded when the first colour
 * is used: a hook that prints nothing coloured never pays for it.
 */
export const color: Colors = new Proxy({} as Colors, {
  get: (_, name) => (colors ??= createRequire(import.meta.url)('picocolors') as Colors)[name as keyof Colors],
});
