// JSON with positions. Every problem in a plan names a line and column, and JSON.parse gives
// neither a value's position nor (portably, on Node 20) a syntax error's. This parser produces
// the same value as JSON.parse and remembers where each value starts. Plan files are untrusted:
// nesting is bounded so hostile input cannot exhaust the stack.

/** A path into a JSON value: property names and array indices. */
export type JsonPath = readonly (string | number)[];

export interface Position {
  /** 1-based. */
  line: number;
  /** 1-based, in UTF-16 code units (what editors count for JSON text). */
  column: number;
}

export class JsonSyntaxError extends Error {
  constructor(
    message: string,
    readonly line: number,
    readonly column: number,
    /** True when the text nests deeper than MAX_DEPTH (it may be valid JSON otherwise). */
    readonly tooDeep = false,
  ) {
    super(message);
  }
}

export interface JsonDocument {
  readonly value: unknown;
  /**
   * Where the value at `path` starts. A path that does not exist (a missing required field)
   * falls back to its nearest existing ancestor, so a problem always has a position.
   */
  locate(path: JsonPath | string): Position;
}

/** How many containers deep a plan may nest (src/plan/plan-text.ts holds every reader to it). */
export const MAX_DEPTH = 256;
const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** `workItems[0].tasks[2].status`; keys that are not identifiers are quoted: `metadata["a b"]`. */
export function formatPath(path: JsonPath): string {
  let out = '';
  for (const part of path) out = typeof part === 'number' ? `${out}[${part}]` : appendKey(out, part);
  return out;
}

function appendKey(path: string, key: string): string {
  if (!IDENTIFIER.test(key)) return `${path}[${JSON.stringify(key)}]`;
  return path === '' ? key : `${path}.${key}`;
}

/** The inverse of formatPath. */
export function parsePath(text: string): JsonPath {
  const path: (string | number)[] = [];
  const re = /(?:^|\.)([A-Za-z_$][A-Za-z0-9_$]*)|\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\]/gy;
  let m: RegExpExecArray | null;
  while (re.lastIndex < text.length && (m = re.exec(text)) !== null) {
    if (m[1] !== undefined) path.push(m[1]);
    else if (m[2] !== undefined) path.push(Number(m[2]));
    else path.push(JSON.parse(m[3]!) as string);
  }
  return path;
}

/**
 * A JSON Pointer (ajv's instancePath, `/workItems/0/status`) as a path. Array indices become
 * numbers by looking at the value, since a pointer cannot tell `"0"` the key from 0 the index.
 */
export function pointerToPath(pointer: string, value: unknown): JsonPath {
  if (pointer === '') return [];
  const path: (string | number)[] = [];
  let node = value;
  for (const raw of pointer.slice(1).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(node)) {
      const index = Number(key);
      path.push(index);
      node = node[index];
    } else {
      path.push(key);
      node = node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;
    }
  }
  return path;
}

/** Parses `text`, or throws JsonSyntaxError with the line and column of the first error. */
export function parseJsonDocument(text: string): JsonDocument {
  const parser = new Parser(text);
  const value = parser.parseDocument();
  const starts = parser.starts;
  let lineStarts: number[] | null = null;
  return {
    value,
    locate(path) {
      const parts = typeof path === 'string' ? parsePath(path) : path;
      for (let n = parts.length; n >= 0; n--) {
        const offset = starts.get(formatPath(parts.slice(0, n)));
        if (offset !== undefined) {
          lineStarts ??= computeLineStarts(text);
          return positionOf(lineStarts, offset);
        }
      }
      return { line: 1, column: 1 };
    },
  };
}

/**
 * Where values of `text` start, parsed on first use (most checks find nothing to place). Text
 * the parser refuses (nested deeper than MAX_DEPTH, already reported) places everything at 1:1.
 */
export function lazyLocator(text: string): (path: JsonPath | string) => Position {
  let doc: JsonDocument | null | undefined;
  return (path) => {
    if (doc === undefined) {
      try {
        doc = parseJsonDocument(text);
      } catch {
        doc = null;
      }
    }
    return doc ? doc.locate(path) : { line: 1, column: 1 };
  };
}

/** The line and column of a UTF-16 offset in `text`. */
export function positionAt(text: string, offset: number): Position {
  let line = 1;
  let start = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    start = i + 1;
  }
  return { line, column: offset - start + 1 };
}

function computeLineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) starts.push(i + 1);
  return starts;
}

function positionOf(lineStarts: number[], offset: number): Position {
  let lo = 0;
  let hi = lineStarts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (lineStarts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return { line: lo + 1, column: offset - lineStarts[lo]! + 1 };
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

class Parser {
  private i = 0;
  /** Formatted path → offset where its value starts. */
  readonly starts = new Map<string, number>();

  constructor(private readonly text: string) {
    // A byte-order mark is not JSON, but editors write it; JSON.parse rejects it, we skip it.
    if (text.charCodeAt(0) === 0xfeff) this.i = 1;
  }

  parseDocument(): unknown {
    this.skipSpace();
    const value = this.parseValue('', 0);
    this.skipSpace();
    if (this.i < this.text.length) this.fail(`unexpected ${this.describe()} after the end of the JSON value`);
    return value;
  }

  private fail(message: string, at = this.i, tooDeep = false): never {
    const pos = positionAt(this.text, at);
    throw new JsonSyntaxError(message, pos.line, pos.column, tooDeep);
  }

  private describe(): string {
    if (this.i >= this.text.length) return 'end of file';
    const c = this.text[this.i]!;
    return /[\u0000-\u001f\u007f-\u009f]/.test(c) ? `character U+${c.charCodeAt(0).toString(16).padStart(4, '0')}` : `'${c}'`;
  }

  private skipSpace(): void {
    const t = this.text;
    while (this.i < t.length) {
      const c = t.charCodeAt(this.i);
      if (c === 32 || c === 10 || c === 13 || c === 9) this.i++;
      else if (c === 47 && (t[this.i + 1] === '/' || t[this.i + 1] === '*')) this.fail('comments are not allowed in JSON; remove it');
      else break;
    }
  }

  private parseValue(path: string, depth: number): unknown {
    this.starts.set(path, this.i);
    const c = this.text[this.i];
    // `depth` containers enclose this value; an object or array here would be one more.
    if ((c === '{' || c === '[') && depth >= MAX_DEPTH) this.fail(`objects and arrays are nested more than ${MAX_DEPTH} deep`, this.i, true);
    if (c === '{') return this.parseObject(path, depth);
    if (c === '[') return this.parseArray(path, depth);
    if (c === '"') return this.parseString();
    if (c === "'") this.fail('strings must use double quotes (")');
    if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) return this.parseNumber();
    for (const [word, value] of [['true', true], ['false', false], ['null', null]] as const) {
      if (this.text.startsWith(word, this.i)) {
        this.i += word.length;
        return value;
      }
    }
    this.fail(`expected a value but found ${this.describe()}`);
  }

  private parseObject(path: string, depth: number): Record<string, unknown> {
    const result: Record<string, unknown> = {};
    this.i++;
    this.skipSpace();
    if (this.text[this.i] === '}') {
      this.i++;
      return result;
    }
    for (;;) {
      if (this.text[this.i] !== '"') {
        this.fail(this.text[this.i] === '}' ? "a comma before '}' is not allowed in JSON; remove it" : `expected a property name in double quotes but found ${this.describe()}`);
      }
      const key = this.parseString();
      this.skipSpace();
      if (this.text[this.i] !== ':') this.fail(`expected ':' after the property name but found ${this.describe()}`);
      this.i++;
      this.skipSpace();
      const childPath = appendKey(path, key);
      // Same as JSON.parse: a repeated key keeps its last value. defineProperty keeps a key
      // named __proto__ an ordinary property.
      Object.defineProperty(result, key, { value: this.parseValue(childPath, depth + 1), enumerable: true, writable: true, configurable: true });
      this.skipSpace();
      const c = this.text[this.i];
      if (c !== ',' && c !== '}') this.fail(`expected ',' or '}' after a property but found ${this.describe()}`);
      this.i++;
      if (c === '}') return result;
      this.skipSpace();
    }
  }

  private parseArray(path: string, depth: number): unknown[] {
    const result: unknown[] = [];
    this.i++;
    this.skipSpace();
    if (this.text[this.i] === ']') {
      this.i++;
      return result;
    }
    for (;;) {
      if (this.text[this.i] === ']') this.fail("a comma before ']' is not allowed in JSON; remove it");
      result.push(this.parseValue(`${path}[${result.length}]`, depth + 1));
      this.skipSpace();
      const c = this.text[this.i];
      if (c !== ',' && c !== ']') this.fail(`expected ',' or ']' after an array element but found ${this.describe()}`);
      this.i++;
      if (c === ']') return result;
      this.skipSpace();
    }
  }

  private parseString(): string {
    const start = this.i;
    const t = this.text;
    let i = start + 1;
    let escaped = false;
    for (;;) {
      if (i >= t.length) this.fail('unterminated string: add the closing "', start);
      const c = t.charCodeAt(i);
      if (c === 34) break;
      if (c < 32) {
        this.i = i;
        this.fail(`a raw control character (${this.describe()}) is not allowed in a string; write it as an escape such as \\n`);
      }
      if (c === 92) {
        escaped = true;
        const e = t[i + 1];
        if (e === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(t.slice(i + 2, i + 6))) this.fail('invalid \\u escape: it needs four hexadecimal digits', i);
          i += 6;
          continue;
        }
        if (e === undefined || !'"\\/bfnrt'.includes(e)) this.fail(`invalid escape '\\${e ?? ''}' in a string`, i);
        i += 2;
        continue;
      }
      i++;
    }
    this.i = i + 1;
    return escaped ? (JSON.parse(t.slice(start, i + 1)) as string) : t.slice(start + 1, i);
  }

  private parseNumber(): number {
    NUMBER.lastIndex = this.i;
    const m = NUMBER.exec(this.text);
    if (!m || m[0] === '-') this.fail(`invalid number`);
    this.i += m[0].length;
    return Number(m[0]);
  }
}
