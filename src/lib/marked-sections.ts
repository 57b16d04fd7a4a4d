// Marked sections in files we share with the user: hook scripts (.husky/<hook>), the entry files
// (init's Plan State block, the handoff block) and each plan's paired .md. plan-hooks owns only
// the lines from its start marker to its end marker, so the user's lines are never touched and
// uninstall can take back exactly what init added. A CRLF file keeps CRLF inside the section too.

export interface Markers {
  /** What identifies the start line (the note after it may be reworded). */
  key: string;
  start: string;
  end: string;
}

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
 * The text with the section set to `section` (its marker lines included): replaced in place when
 * present; otherwise appended after a blank line, or with `top`, put first (after a shebang).
 */
export function putSection(text: string, markers: Markers, section: string, top = false): string {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  // Lines are split on \n, so in a CRLF file each keeps its \r; the section's lines get one too.
  const cr = eol === '\r\n' ? '\r' : '';
  const block = section.replace(/\r?\n$/, '').split(/\r?\n/);
  const lines = text.split('\n');
  const range = find(lines, markers);
  if (range) {
    const lastHadCr = lines[range[1]]!.endsWith('\r');
    const fitted = block.map((l, i) => (i < block.length - 1 || lastHadCr ? l + cr : l));
    lines.splice(range[0], range[1] - range[0] + 1, ...fitted);
    return lines.join('\n');
  }
  if (text === '') return `${block.join(eol)}${eol}`;
  if (top) {
    lines.splice(lines[0]!.startsWith('#!') ? 1 : 0, 0, ...block.map((l) => l + cr));
    return lines.join('\n');
  }
  const base = text.endsWith('\n') ? text : `${text}${eol}`;
  const gap = base.endsWith(eol + eol) ? '' : eol;
  return `${base}${gap}${block.join(eol)}${eol}`;
}

/** putSection with `body` between the markers. */
export function upsertSection(text: string, markers: Markers, body: string, top = false): string {
  return putSection(text, markers, [markers.start, body.replace(/\n$/, ''), markers.end].join('\n'), top);
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
