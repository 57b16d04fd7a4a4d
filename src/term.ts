// Everything that reaches a terminal passes here: plan files are untrusted, so their text
// is stripped of control characters (escape sequences could rewrite the screen).
import pc from 'picocolors';

// C0 controls except tab and newline, DEL, and C1 controls.
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

export function sanitize(text: string): string {
  return text.replace(CONTROL, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

/** For one-line contexts (a task id in a table): newlines and tabs go too. */
export function sanitizeLine(text: string): string {
  return sanitize(text).replace(/[\t\n]/g, ' ');
}

/** picocolors decides from NO_COLOR, FORCE_COLOR and whether stdout is a TTY. */
export const color = pc;
