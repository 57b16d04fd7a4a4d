// Rewriting a JSON file without reformatting it: the edit commands keep the file's indent,
// line endings and final newline, and JSON.parse/stringify keep key order, so a file in the
// usual layout (what JSON.stringify writes) changes only where its values change.

export interface JsonFormat {
  /** Spaces per level, or a tab; 0 writes the document on one line. */
  indent: number | '\t';
  newline: '\n' | '\r\n';
  finalNewline: boolean;
  /** A byte-order mark at the start, kept (../plan/plan-text.ts ignores it). */
  bom: boolean;
}

export function detectJsonFormat(text: string): JsonFormat {
  const newline = text.includes('\r\n') ? '\r\n' : '\n';
  const finalNewline = /\n$/.test(text);
  // The first indented line sits one level deep (a document opens with `{` or `[` on line 1).
  const first = /\n([ \t]+)\S/.exec(text);
  let indent: JsonFormat['indent'] = 0;
  if (first) indent = first[1].startsWith('\t') ? '\t' : first[1].length;
  return { indent, newline, finalNewline, bom: text.startsWith('\ufeff') };
}

export function formatJson(value: unknown, format: JsonFormat): string {
  const body = JSON.stringify(value, null, format.indent === 0 ? undefined : format.indent);
  const text = format.newline === '\r\n' ? body.replace(/\n/g, '\r\n') : body;
  return (format.bom ? '\ufeff' : '') + (format.finalNewline ? text + format.newline : text);
}
