// init's two marked sections (src/fs/marked-sections.ts edits them): plan-hooks' lines in a hook
// script, and the Plan State block in the entry files; and what a hook script must not do.
import type { Markers } from '../fs/marked-sections.js';

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

/** A line that ends the script at top level: a section appended after it would never run. */
export function hasTopLevelExit(text: string): boolean {
  return /^exit\b/m.test(text);
}

/** Whether a file holds nothing but a shebang and blank lines (so removing it loses nothing). */
export function isEmptyScript(text: string): boolean {
  return text.split('\n').every((l) => l.trim() === '' || l.startsWith('#!'));
}
