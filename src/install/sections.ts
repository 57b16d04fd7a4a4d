// Marked sections in files we share with the user (.husky/<hook>, AGENTS.md…): plan-hooks owns
// only the lines between its markers, so the user's lines are never touched and uninstall can
// take back exactly what init added.

export interface Markers {
  /** What identifies the start line (the note after it may be reworded). */
  key: string;
  start: string;
  end: string;
}

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

/** Line range [start, end] of the section, or null when the file has none. */
function find(lines: string[], markers: Markers): [number, number] | null {
  const start = lines.findIndex((l) => l.trim().startsWith(markers.key));
  if (start < 0) return null;
  const end = lines.findIndex((l, i) => i > start && l.trim() === markers.end);
  return end < 0 ? null : [start, end];
}

export function hasSection(text: string, markers: Markers): boolean {
  return find(text.split('\n'), markers) !== null;
}

/**
 * The text with the section set to `body`: replaced in place when present; otherwise appended
 * after a blank line, or with `top`, put first (after a shebang) with the user's lines untouched.
 */
export function upsertSection(text: string, markers: Markers, body: string, top = false): string {
  const block = [markers.start, ...body.replace(/\n$/, '').split('\n'), markers.end];
  const lines = text.split('\n');
  const range = find(lines, markers);
  if (range) {
    lines.splice(range[0], range[1] - range[0] + 1, ...block);
    return lines.join('\n');
  }
  if (text === '') return `${block.join('\n')}\n`;
  if (top) {
    lines.splice(lines[0]!.startsWith('#!') ? 1 : 0, 0, ...block);
    return lines.join('\n');
  }
  const base = text.endsWith('\n') ? text : `${text}\n`;
  const gap = base.endsWith('\n\n') ? '' : '\n';
  return `${base}${gap}${block.join('\n')}\n`;
}

/** A line that ends the script at top level: a section appended after it would never run. */
export function hasTopLevelExit(text: string): boolean {
  return /^exit\b/m.test(text);
}

/** The text without the section (and without the blank line init put before it), or null if absent. */
export function removeSection(text: string, markers: Markers): string | null {
  const lines = text.split('\n');
  const range = find(lines, markers);
  if (!range) return null;
  let [start, end] = range;
  const atEnd = lines.slice(end + 1).every((l) => l === '');
  if (atEnd) {
    end = lines.length - 1;
    if (start > 0 && lines[start - 1] === '') start -= 1;
    lines.splice(start, end - start + 1);
    return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
  }
  lines.splice(start, end - start + 1);
  return lines.join('\n');
}

/** Whether a file holds nothing but a shebang and blank lines (so removing it loses nothing). */
export function isEmptyScript(text: string): boolean {
  return text.split('\n').every((l) => l.trim() === '' || l.startsWith('#!'));
}
