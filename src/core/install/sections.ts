// init's two marked sections (src/lib/marked-sections.ts edits them): plan-hooks' lines in a hook
// script, and the Plan State block in the entry files; and what a hook script must not do.
import { type Markers, hasSection, upsertSection } from '../../lib/marked-sections.js';

export const SHELL_MARKERS: Markers = {
  key: '# plan-hooks:start',
  start: "# plan-hooks:start (added by 'plan-hooks init'; 'plan-hooks uninstall' removes it)",
  end: '# plan-hooks:end',
};

export const PLAN_STATE_MARKERS: Markers = {
  key: '<!-- plan-hooks:plan-state:start -->',
  start: '<!-- plan-hooks:plan-state:start -->',
  end: '<!-- plan-hooks:plan-state:end -->',
};

/**
 * A line that ends the script at top level (`exit …`, or `exec` of a command: `exec </dev/tty`
 * only redirects): a section after it never runs.
 */
const TOP_LEVEL_END = /^(exit\b|exec[ \t]+(?![0-9]*[<>])\S)/m;

export function hasTopLevelExit(text: string): boolean {
  return TOP_LEVEL_END.test(text);
}

/**
 * The text with the section set to `body`: where it is, else just before the script's first
 * top-level `exit`/`exec` line, else at the end.
 */
export function insertBeforeExit(text: string, markers: Markers, body: string): string {
  if (hasSection(text, markers)) return upsertSection(text, markers, body);
  const m = TOP_LEVEL_END.exec(text);
  if (!m) return upsertSection(text, markers, body);
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const section = [markers.start, body.replace(/\n$/, ''), markers.end].join(eol);
  return `${text.slice(0, m.index)}${section}${eol}${text.slice(m.index)}`;
}

/** Whether a file holds nothing but a shebang and blank lines (so removing it loses nothing). */
export function isEmptyScript(text: string): boolean {
  return text.split('\n').every((l) => l.trim() === '' || l.startsWith('#!'));
}
