// Everything that reaches a terminal passes here: plan files are untrusted, so their text is
// stripped of the characters that can rewrite the screen or change what it shows. sanitize is
// the one function every printer uses (the handoff's Markdown too, src/handoff/render.ts).
import { createRequire } from 'node:module';
import type pc from 'picocolors';

// Controls (C0 except tab and newline, DEL, C1): escape sequences could rewrite the screen.
// Format characters (Cf): bidi embeddings, overrides and isolates (U+202A–U+202E,
// U+2066–U+2069) and marks (U+200E, U+200F, U+061C) reorder what is shown ("Trojan Source");
// zero-width spaces and joiners, the BOM, soft hyphens and tags hide text. Line and paragraph
// separators (U+2028, U+2029) break lines where a terminal may not show it. Each is shown as
// its escape instead, so the text stays readable and nothing is silently lost.
// Made on first use, from a string: V8 parses a /\p{…}/u literal, building its sets from ICU,
// where the script is compiled and again where it is evaluated (~2 M instructions each), in
// every hook and bundle that loads this file, though most print nothing.
let unsafe: RegExp | undefined;
const UNSAFE = (): RegExp => (unsafe ??= new RegExp('[\\p{Cc}\\p{Cf}\\p{Zl}\\p{Zp}]', 'gu'));
const KEPT = new Set(['\t', '\n']);

const escapeOf = (c: string): string => {
  const code = c.codePointAt(0)!;
  return code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : code < 0x10000 ? `\\u${code.toString(16).padStart(4, '0')}` : `\\u{${code.toString(16)}}`;
};

export function sanitize(text: string): string {
  return text.replace(UNSAFE(), (c) => (KEPT.has(c) ? c : escapeOf(c)));
}

/** For one-line contexts (a task id in a table): newlines and tabs go too. */
export function sanitizeLine(text: string): string {
  return sanitize(text).replace(/[\t\n]/g, ' ');
}

/** Whether sanitizeLine would change `text` (a value that must stay exactly as written, or not be used). */
export const hasUnsafe = (text: string): boolean => sanitizeLine(text) !== text;

/**
 * JSON for --json output, which people also read in a terminal: the same characters are
 * written as \u escapes, so the JSON means exactly the same and shows nothing hidden.
 */
export function jsonText(value: unknown, indent?: number): string {
  // Inside JSON strings these can only be raw characters; the layout's newlines stay.
  const units = (c: string) => Array.from({ length: c.length }, (_, i) => `\\u${c.charCodeAt(i).toString(16).padStart(4, '0')}`).join('');
  return JSON.stringify(value, null, indent).replace(UNSAFE(), (c) => (KEPT.has(c) ? c : units(c)));
}

type Colors = Omit<typeof pc, 'createColors'>;
let colors: Colors | undefined;

/**
 * Colour or not: NO_COLOR (any value) turns it off; FORCE_COLOR turns it on, except `0` or
 * `false`, which turn it off (picocolors alone reads any FORCE_COLOR as on); otherwise a
 * terminal that is not `dumb`.
 */
export function colorEnabled(env: NodeJS.ProcessEnv = process.env, isTTY = process.stdout.isTTY === true): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.FORCE_COLOR !== undefined) return env.FORCE_COLOR !== '0' && env.FORCE_COLOR !== 'false';
  return isTTY && env.TERM !== 'dumb';
}

/**
 * picocolors is CommonJS: the first require costs ~4 ms (the CommonJS loader), so it is
 * loaded when the first colour is used: a hook that prints nothing coloured never pays for it.
 */
export const color: Colors = new Proxy({} as Colors, {
  get: (_, name) =>
    (colors ??= (createRequire(import.meta.url)('picocolors') as typeof pc).createColors(colorEnabled()) as Colors)[name as keyof Colors],
});

/**
 * A full-screen redraw without flicker: the alternate screen (the shell's screen comes back on
 * leave), the cursor hidden, lines cut at the edge instead of wrapped (so a frame never scrolls);
 * each frame homes the cursor and overwrites, clearing only what is left of each line and below.
 */
export const screen = {
  enter: '\x1b[?1049h\x1b[?25l\x1b[?7l',
  leave: '\x1b[?7h\x1b[?25h\x1b[?1049l',
  frame: (lines: string[]): string => `\x1b[H${lines.map((l) => `${l}\x1b[K`).join('\r\n')}\x1b[J`,
};
