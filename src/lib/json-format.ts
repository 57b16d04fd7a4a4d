// Rewriting a JSON file without reformatting it: the edit commands keep the file's indent,
// line endings, final newline and layout — JSON.stringify's (every non-empty container on its
// own lines) or prettier's for .json files (a container on one line when it fits in 80 columns),
// so a repository that runs `prettier --check` on its plans still passes after an edit — and
// JSON.parse/stringify keep key order, so only the lines whose values change differ.

export interface JsonFormat {
  /** Spaces per level, or a tab; 0 writes the document on one line. */
  indent: number | '\t';
  newline: '\n' | '\r\n';
  finalNewline: boolean;
  /** A byte-order mark at the start, kept (../plan/plan-text.ts ignores it). */
  bom: boolean;
  /** 'prettier': prettier's layout for JSON (its `json` parser, default printWidth); absent means JSON.stringify's. */
  layout?: 'stringify' | 'prettier';
}

/** prettier's default printWidth. */
const WIDTH = 80;

export function detectJsonFormat(text: string): JsonFormat {
  const newline = text.includes('\r\n') ? '\r\n' : '\n';
  const finalNewline = /\n$/.test(text);
  // The first indented line sits one level deep (a document opens with `{` or `[` on line 1).
  const first = /\n([ \t]+)\S/.exec(text);
  let indent: JsonFormat['indent'] = 0;
  if (first) indent = first[1].startsWith('\t') ? '\t' : first[1].length;
  const format: JsonFormat = { indent, newline, finalNewline, bom: text.startsWith('\ufeff') };
  if (indent !== 0 && hasOneLineContainer(text)) format.layout = 'prettier';
  return format;
}

/** Whether a non-empty array or object opens and closes on one line of a multi-line document (JSON.stringify never writes one; prettier does). */
function hasOneLineContainer(text: string): boolean {
  // Per open container: whether it is still on the line it opened on and has a member yet.
  const open: { sameLine: boolean; filled: boolean }[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      i++;
      while (i < text.length && text.charCodeAt(i) !== 0x22) i += text.charCodeAt(i) === 0x5c ? 2 : 1;
      if (open.length > 0) open[open.length - 1]!.filled = true;
    } else if (c === 0x0a) for (const o of open) o.sameLine = false;
    else if (c === 0x7b || c === 0x5b) {
      if (open.length > 0) open[open.length - 1]!.filled = true;
      open.push({ sameLine: true, filled: false });
    } else if (c === 0x7d || c === 0x5d) {
      const o = open.pop();
      if (o && o.sameLine && o.filled) return true;
    } else if (c > 0x20 && c !== 0x2c && c !== 0x3a && open.length > 0) open[open.length - 1]!.filled = true;
  }
  return false;
}

export function formatJson(value: unknown, format: JsonFormat): string {
  const body =
    format.layout === 'prettier' && format.indent !== 0
      ? prettierJson(value, format.indent === '\t' ? '\t' : ' '.repeat(format.indent), '')
      : JSON.stringify(value, null, format.indent === 0 ? undefined : format.indent);
  const text = format.newline === '\r\n' ? body.replace(/\n/g, '\r\n') : body;
  return (format.bom ? '\ufeff' : '') + (format.finalNewline ? text + format.newline : text);
}

/**
 * `value` as prettier prints JSON, its first line starting at `base` (the indentation of the line
 * it is on) and each level one `unit` deeper. Objects stay expanded (prettier keeps an object
 * expanded when it was, and JSON.stringify's were); an array goes on one line when it holds no
 * object with members, is not a list of containers of two or more members each, and fits with
 * what follows it on the line (`column`, `trailing`); a list of numbers fills its lines.
 */
export function prettierJson(value: unknown, unit: string, base: string, column = width(base), trailing = 0): string {
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    const flat = flatArray(value);
    if (flat !== null && !breaksAlways(value) && column + width(flat) + trailing <= WIDTH) return flat;
    const inner = base + unit;
    if (value.every((v) => typeof v === 'number')) {
      const items = value.map((v, i) => printNumber(v as number) + (i < value.length - 1 ? ',' : ''));
      const lines: string[] = [];
      let line = '';
      for (const item of items) {
        if (line !== '' && width(inner) + width(line) + 1 + width(item) <= WIDTH) line += ` ${item}`;
        else {
          if (line !== '') lines.push(line);
          line = item;
        }
      }
      lines.push(line);
      return `[\n${lines.map((l) => inner + l).join('\n')}\n${base}]`;
    }
    const items = value.map((v, i) => {
      const comma = i < value.length - 1 ? 1 : 0;
      return inner + prettierJson(v ?? null, unit, inner, width(inner), comma) + (comma ? ',' : '');
    });
    return `[\n${items.join('\n')}\n${base}]`;
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined && typeof v !== 'function');
    if (entries.length === 0) return '{}';
    const inner = base + unit;
    const members = entries.map(([k, v], i) => {
      const key = `${JSON.stringify(k)}: `;
      const comma = i < entries.length - 1 ? 1 : 0;
      return inner + key + prettierJson(v, unit, inner, width(inner) + width(key), comma) + (comma ? ',' : '');
    });
    return `{\n${members.join('\n')}\n${base}}`;
  }
  return scalar(value);
}

function scalar(value: unknown): string {
  return typeof value === 'number' ? printNumber(value) : (JSON.stringify(value) ?? 'null');
}

/** The array on one line, or null when it holds an object with members (always expanded). */
function flatArray(value: unknown[]): string | null {
  const parts: string[] = [];
  for (const v of value) {
    if (Array.isArray(v)) {
      const inner = v.length === 0 ? '[]' : flatArray(v);
      if (inner === null) return null;
      parts.push(inner);
    } else if (v !== null && typeof v === 'object') {
      if (Object.keys(v).length > 0) return null;
      parts.push('{}');
    } else parts.push(scalar(v ?? null));
  }
  return `[${parts.join(', ')}]`;
}

/** prettier breaks a list of two or more containers of one kind with two or more members each. */
function breaksAlways(value: unknown[]): boolean {
  if (value.length < 2) return false;
  const kind = (v: unknown) => (Array.isArray(v) ? 'array' : v !== null && typeof v === 'object' ? 'object' : null);
  const first = kind(value[0]);
  return first !== null && value.every((v) => kind(v) === first && (Array.isArray(v) ? v.length : Object.keys(v as object).length) > 1);
}

/** A number as prettier prints it: lower-case exponent without '+' or leading zeros. */
function printNumber(n: number): string {
  return JSON.stringify(n)
    .toLowerCase()
    .replace(/^([+-]?[\d.]+e)(?:\+|(-))?0*(\d)/, '$1$2$3')
    .replace(/^([+-]?[\d.]+)e[+-]?0+$/, '$1');
}

/** Columns a string takes as prettier counts them: wide East Asian characters and emoji two, combining marks none. */
function width(text: string): number {
  // A tab is prettier's default tabWidth; JSON strings hold no raw tab, so only indentation has one.
  text = text.replace(/\t/g, '  ');
  if (/^[\u0020-\u007e]*$/.test(text)) return text.length;
  let n = 0;
  for (const ch of text) {
    if (/\p{M}/u.test(ch)) continue;
    n += /\p{Extended_Pictographic}|[\u1100-\u115f\u2e80-\u303e\u3041-\u33ff\u3400-\u4dbf\u4e00-\u9fff\ua000-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6\u{20000}-\u{3fffd}]/u.test(ch) ? 2 : 1;
  }
  return n;
}
