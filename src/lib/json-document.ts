// JSON with positions. Every problem in a plan names a line and column, and JSON.parse gives
// neither a value's position nor (portably, on Node 20) a syntax error's, nor tells a repeated
// key. One scan (scanJson) finds all three; values are always JSON.parse's. Plan files are
// untrusted: the scan is one linear pass, nesting bounded, nothing recursive.

/** A path into a JSON value: property names and array indices. */
export type JsonPath = readonly (string | number)[];

export interface Position {
  /** 1-based. */
  line: number;
  /** 1-based, in UTF-16 code units (what editors count for JSON text). */
  column: number;
}

/**
 * What is wrong with JSON text, as data: the sentence is the caller's (src/messages/common.ts
 * jsonSyntax), since lib/ holds no product wording. `found` is the character found, or null at
 * the end of the text.
 */
export type JsonSyntaxReason =
  | { kind: 'comment' }
  | { kind: 'single-quotes' }
  | { kind: 'trailing-comma'; close: '}' | ']' }
  | { kind: 'expected-key'; found: string | null }
  | { kind: 'expected-colon'; found: string | null }
  | { kind: 'expected-after-property'; found: string | null }
  | { kind: 'expected-after-element'; found: string | null }
  | { kind: 'expected-value'; found: string | null }
  | { kind: 'after-end'; found: string | null }
  | { kind: 'unterminated-string' }
  | { kind: 'control-character'; found: string }
  | { kind: 'bad-unicode-escape' }
  | { kind: 'bad-escape'; escape: string }
  | { kind: 'bad-number' }
  | { kind: 'too-deep'; max: number };

export class JsonSyntaxError extends Error {
  constructor(
    readonly reason: JsonSyntaxReason,
    /** UTF-16 offset in the text. */
    readonly offset: number,
    readonly line: number,
    readonly column: number,
  ) {
    super(`JSON ${reason.kind} at line ${line}, column ${column}`);
  }

  /** True when the text nests deeper than MAX_DEPTH (it may be valid JSON otherwise). */
  get tooDeep(): boolean {
    return this.reason.kind === 'too-deep';
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

/** A value as it appears in a message: JSON, cut short. */
export function show(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

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

/**
 * Parses `text` (a byte-order mark skipped), or throws JsonSyntaxError with the line and column
 * of the first error. The value is JSON.parse's; the scan (scanJson) says where each value starts.
 */
export function parseJsonDocument(text: string): JsonDocument {
  const starts = new Map<string, number>();
  const { error } = scanJson(text, { valueAt: (path, offset) => starts.set(path, offset) });
  if (error) throw error;
  const value: unknown = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
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
 * Where values of `text` start, scanned on first use (most checks find nothing to place). Text
 * the scan refuses (nested deeper than MAX_DEPTH, already reported) places everything at 1:1.
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
/** The run of a string's characters that need no look: no quote, backslash or control character. */
const PLAIN = /[^"\\\u0000-\u001f]*/y;
const HEX4 = /^[0-9a-fA-F]{4}$/;

/** A key seen twice in one object: where it is again, and where it was first. */
export interface DuplicateKey {
  key: string;
  offset: number;
  first: number;
}

export interface JsonScan {
  /** The first syntax error, or the first container nested deeper than MAX_DEPTH: the scan stopped there. */
  error: JsonSyntaxError | null;
  /** The first key repeated within one object, before the error if any (JSON.parse keeps its last value). */
  duplicate: DuplicateKey | null;
}

export interface ScanOptions {
  /** Called where each value starts, with its formatted path (formatPath). */
  valueAt?: (path: string, offset: number) => void;
  /**
   * The text is known to be JSON (JSON.parse accepted it): strings are skipped to their closing
   * quote, not checked character by character — the common read of a plan, where the scan
   * looks only for depth and repeated keys.
   */
  parsed?: boolean;
}

/**
 * The one pass over JSON text (a byte-order mark skipped): its first syntax error with its
 * position, nesting deeper than MAX_DEPTH, the first repeated key, and, when `valueAt` is given,
 * where each value starts by its formatted path (a repeated key's last value wins, as in
 * JSON.parse). No value is built and nothing recurses, so hostile text costs one linear pass.
 * Written for speed (every plan read at commit time passes here): the position stays a local,
 * and the helpers below are pure functions of (text, position).
 */
export function scanJson(text: string, { valueAt, parsed = false }: ScanOptions = {}): JsonScan {
  const n = text.length;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let duplicate: DuplicateKey | null = null;
  // Per open container: its keys (first offset of each) when an object, null when an array. Key
  // maps are reused as objects close: a plan has many small objects, and allocating a map for
  // each would cost more than the scan.
  const stack: (Map<string, number> | null)[] = [];
  const spare: Map<string, number>[] = [];
  // Only when positions are wanted: each open container's path, and an array's next index.
  const paths: string[] = [];
  const counts: number[] = [];
  let path = '';


  for (;;) {
    // A value starts here.
    while (isSpace(text.charCodeAt(i))) i++;
    if (isComment(text, i)) return failed(text, { kind: 'comment' }, i, duplicate);
    if (valueAt) valueAt(path, i);
    const c = text.charCodeAt(i);
    let opened = false;
    if (c === 0x7b || c === 0x5b) {
      if (stack.length >= MAX_DEPTH) return failed(text, { kind: 'too-deep', max: MAX_DEPTH }, i, duplicate);
      const object = c === 0x7b;
      i++;
      while (isSpace(text.charCodeAt(i))) i++;
      if (isComment(text, i)) return failed(text, { kind: 'comment' }, i, duplicate);
      // Empty, it is a value like any other; else it is open until its end.
      if (text.charCodeAt(i) === (object ? 0x7d : 0x5d)) i++;
      else {
        stack.push(object ? (spare.pop() ?? new Map()) : null);
        if (valueAt) {
          paths.push(path);
          counts.push(0);
        }
        opened = true;
      }
    } else if (c === 0x22) {
      const end = parsed ? knownStringEnd(text, i) : stringEnd(text, i);
      if (end < 0) return failed(text, stringProblem!.reason, stringProblem!.at, duplicate);
      i = end;
    } else if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
      NUMBER.lastIndex = i;
      if (!NUMBER.test(text)) return failed(text, { kind: 'bad-number' }, i, duplicate);
      i = NUMBER.lastIndex;
    } else if (text.startsWith('true', i) || text.startsWith('null', i)) i += 4;
    else if (text.startsWith('false', i)) i += 5;
    else return failed(text, c === 0x27 ? { kind: 'single-quotes' } : { kind: 'expected-value', found: foundAt(text, i) }, i, duplicate);

    // What follows: the first member of a container just opened, or, after a value, a comma and
    // the next member, or the container's end (and so on outwards) until none is open.
    let next = opened;
    while (!next) {
      while (isSpace(text.charCodeAt(i))) i++;
      if (isComment(text, i)) return failed(text, { kind: 'comment' }, i, duplicate);
      if (stack.length === 0) return i < n ? failed(text, { kind: 'after-end', found: foundAt(text, i) }, i, duplicate) : { error: null, duplicate };
      const object = stack[stack.length - 1] !== null;
      const d = text.charCodeAt(i);
      if (d === 0x2c) {
        i++;
        while (isSpace(text.charCodeAt(i))) i++;
        if (isComment(text, i)) return failed(text, { kind: 'comment' }, i, duplicate);
        if (text.charCodeAt(i) === (object ? 0x7d : 0x5d)) return failed(text, { kind: 'trailing-comma', close: object ? '}' : ']' }, i, duplicate);
        next = true;
      } else if (d === (object ? 0x7d : 0x5d)) {
        i++;
        const keys = stack.pop();
        if (keys) {
          keys.clear();
          spare.push(keys);
        }
        if (valueAt) {
          paths.pop();
          counts.pop();
        }
      } else return failed(text, { kind: object ? 'expected-after-property' : 'expected-after-element', found: foundAt(text, i) }, i, duplicate);
    }

    // A member: in an object its key and colon first.
    const keys = stack[stack.length - 1]!;
    let key = '';
    if (keys !== null) {
      if (text.charCodeAt(i) !== 0x22) return failed(text, { kind: 'expected-key', found: foundAt(text, i) }, i, duplicate);
      const end = parsed ? knownStringEnd(text, i) : stringEnd(text, i);
      if (end < 0) return failed(text, stringProblem!.reason, stringProblem!.at, duplicate);
      const raw = text.slice(i + 1, end - 1);
      key = raw.includes('\\') ? (JSON.parse(`"${raw}"`) as string) : raw;
      const first = keys.get(key);
      if (first === undefined) keys.set(key, i);
      else duplicate ??= { key, offset: i, first };
      i = end;
      while (isSpace(text.charCodeAt(i))) i++;
      if (isComment(text, i)) return failed(text, { kind: 'comment' }, i, duplicate);
      if (text.charCodeAt(i) !== 0x3a) return failed(text, { kind: 'expected-colon', found: foundAt(text, i) }, i, duplicate);
      i++;
    }
    if (valueAt) {
      const top = paths.length - 1;
      path = keys === null ? `${paths[top]}[${counts[top]!++}]` : appendKey(paths[top]!, key);
    }
  }
}

function failed(text: string, reason: JsonSyntaxReason, at: number, duplicate: DuplicateKey | null): JsonScan {
  const { line, column } = positionAt(text, at);
  return { error: new JsonSyntaxError(reason, at, line, column), duplicate };
}

/** The character at `at`, or null at the end of the text. */
const foundAt = (text: string, at: number): string | null => (at < text.length ? text[at]! : null);

/**
 * JSON whitespace. The scan skips it inline (`while (isSpace(…)) i++`): a function that skips
 * a run and returns the position is not inlined by V8, and cost the scan a quarter more.
 */
const isSpace = (c: number): boolean => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

const isComment = (text: string, i: number): boolean => text.charCodeAt(i) === 0x2f && (text.charCodeAt(i + 1) === 0x2f || text.charCodeAt(i + 1) === 0x2a);

/** What stringEnd found wrong, when it returned -1. */
let stringProblem: { reason: JsonSyntaxReason; at: number } | null = null;

/** Just after the string whose quote is at `i`, checked character by character; -1 (see stringProblem) when it is not one. */
function stringEnd(text: string, i: number): number {
  const n = text.length;
  let j = i + 1;
  for (;;) {
    PLAIN.lastIndex = j;
    PLAIN.test(text);
    j = PLAIN.lastIndex;
    if (j >= n) return badString({ kind: 'unterminated-string' }, i);
    const c = text.charCodeAt(j);
    if (c === 0x22) return j + 1;
    if (c !== 0x5c) return badString({ kind: 'control-character', found: text[j]! }, j);
    const e = text[j + 1];
    if (e === 'u') {
      if (!HEX4.test(text.slice(j + 2, j + 6))) return badString({ kind: 'bad-unicode-escape' }, j);
      j += 6;
    } else if (e !== undefined && '"\\/bfnrt'.includes(e)) j += 2;
    else return badString({ kind: 'bad-escape', escape: e ?? '' }, j);
  }
}

function badString(reason: JsonSyntaxReason, at: number): number {
  stringProblem = { reason, at };
  return -1;
}

/**
 * Whether text JSON.parse accepted nests deeper than MAX_DEPTH containers: scanJson's depth
 * check alone, for a reader that needs the value and no repeated key (most of a scan's cost is
 * the keys). One pass, no recursion.
 */
export function nestsTooDeep(text: string): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) i = knownStringEnd(text, i) - 1;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > MAX_DEPTH) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/** Just after the string whose quote is at `i`, in text known to be JSON: its closing quote found natively. */
function knownStringEnd(text: string, i: number): number {
  let end = text.indexOf('"', i + 1);
  while (isEscaped(text, end)) end = text.indexOf('"', end + 1);
  return end + 1;
}

/** Whether the quote at `i` is escaped (an odd run of backslashes before it). */
function isEscaped(text: string, i: number): boolean {
  let n = 0;
  while (text.charCodeAt(i - 1 - n) === 0x5c) n++;
  return n % 2 === 1;
}
