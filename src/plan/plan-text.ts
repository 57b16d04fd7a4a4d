// The one way plan text is read. validate, the hooks (the plan check and the claims), status,
// the handoff, the worklog and claim/release/done all take a plan file through readPlanText,
// so they accept or refuse the same files with the same message. The policy (README, "The
// rules"):
//   - UTF-8 only. A byte that is not UTF-8 (src/fs/text.ts keeps it visible) is an error that
//     names its byte offset.
//   - A byte-order mark at the start is ignored (editors on Windows write one; RFC 8259 lets a
//     parser ignore it), and positions are counted after it.
//   - CRLF line endings are JSON whitespace; lines are counted by LF.
//   - A key repeated in one object is an error; every reader sees the last value, as JSON.parse.
//   - Nesting deeper than MAX_DEPTH containers is an error; the value is cut there (deeper
//     containers read as null), so no walk over a plan ever recurses further.
// A file with a problem is an error in validate and at commit, and status and the handoff list
// it as unreadable with the same message. The claims in it still count: the claims read its
// value whatever the problem, so breaking a plan file never releases a claim.
import { messages } from '../messages/index.js';
import { JsonSyntaxError, MAX_DEPTH, parseJsonDocument, positionAt } from '../lib/json-document.js';

export interface PlanTextProblem {
  rule: 'not-utf8' | 'json-syntax' | 'json-depth' | 'duplicate-key';
  message: string;
  fix: string;
  line: number;
  column: number;
}

export interface PlanText {
  /** The text without its byte-order mark: what positions are counted in. */
  text: string;
  /** The JSON value (cut at MAX_DEPTH); undefined when the text is not JSON. */
  value: unknown;
  /** The first problem with the file as text, or null. */
  problem: PlanTextProblem | null;
}

const BOM = '\ufeff';

/** The text positions are counted in: without its byte-order mark. */
export const withoutBom = (raw: string): string => (raw.startsWith(BOM) ? raw.slice(1) : raw);

export function readPlanText(raw: string): PlanText {
  const text = withoutBom(raw);
  const shift = raw.length - text.length;
  const at = (offset: number, problem: Omit<PlanTextProblem, 'line' | 'column'>): PlanTextProblem => ({ ...problem, ...positionAt(text, offset) });
  const encoding = notUtf8(raw);
  const encodingProblem = encoding && at(Math.max(0, encoding.index - shift), { rule: 'not-utf8', ...messages.plan.notUtf8(encoding.byteOffset, encoding.byte) });
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    try {
      // Only to say where: JSON.parse's message has no portable position.
      value = parseJsonDocument(text).value;
    } catch (error) {
      if (!(error instanceof JsonSyntaxError)) throw error;
      const what = error.tooDeep ? { rule: 'json-depth' as const, ...messages.plan.tooDeep(MAX_DEPTH) } : { rule: 'json-syntax' as const, ...messages.plan.jsonSyntax(error.message) };
      const problem = encodingProblem ?? { ...what, line: error.line, column: error.column };
      return { text, value: undefined, problem };
    }
  }
  const structure = scanned(text);
  if (structure?.kind === 'depth') value = cutAtDepth(value);
  const structureProblem =
    structure &&
    at(structure.offset, structure.kind === 'depth' ? { rule: 'json-depth', ...messages.plan.tooDeep(MAX_DEPTH) } : { rule: 'duplicate-key', ...messages.plan.duplicateKey(structure.key, positionAt(text, structure.first)) });
  return { text, value, problem: encodingProblem ?? structureProblem };
}

/** A plan file's JSON value for a lenient reader (claims), or null when it is not JSON. */
export const planValue = (raw: string): unknown => readPlanText(raw).value ?? null;

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Where the first byte that was not UTF-8 sits (see src/fs/text.ts), or null. */
function notUtf8(text: string): { index: number; byteOffset: number; byte: number | null } | null {
  // Most plans are ASCII or have no astral characters: one native scan decides.
  if (!/[\ud800-\udfff]/.test(text)) return null;
  const m = LONE_SURROGATE.exec(text);
  if (!m) return null;
  const code = m[0].charCodeAt(0);
  // A decoded bad byte is U+DC80..U+DCFF; any other lone surrogate came from a caller's string.
  return { index: m.index, byteOffset: Buffer.byteLength(text.slice(0, m.index), 'utf8'), byte: code >= 0xdc80 && code <= 0xdcff ? code - 0xdc00 : null };
}

/**
 * scanStructure for the last few texts. One hook reads the same plan text several times (its
 * claims, its rules, its transitions, its handoff), and the scan is the costly part of a read;
 * JSON.parse is redone each time, so no reader sees another's objects.
 */
const recentScans = new Map<string, Structure | null>();
function scanned(text: string): Structure | null {
  if (text.length < 4096) return scanStructure(text);
  if (recentScans.has(text)) return recentScans.get(text)!;
  const result = scanStructure(text);
  if (recentScans.size >= 4) recentScans.delete(recentScans.keys().next().value!);
  recentScans.set(text, result);
  return result;
}

type Structure = { kind: 'depth'; offset: number } | { kind: 'duplicate'; offset: number; first: number; key: string };

/**
 * The first container nested deeper than MAX_DEPTH, or the first repeated key, in text that
 * JSON.parse accepted (so strings are well-formed). One pass, no recursion.
 */
function scanStructure(text: string): Structure | null {
  // Per open container: its keys (first offset of each) when an object, null when an array.
  // Key maps are reused as objects close: a plan has many small objects, and allocating a map
  // for each would cost more than the scan.
  const stack: (Map<string, number> | null)[] = [];
  const spare: Map<string, number>[] = [];
  let expectKey = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      let end = text.indexOf('"', i + 1);
      while (isEscaped(text, end)) end = text.indexOf('"', end + 1);
      if (expectKey) {
        const keys = stack[stack.length - 1]!;
        const raw = text.slice(i + 1, end);
        const key = raw.includes('\\') ? (JSON.parse(`"${raw}"`) as string) : raw;
        const first = keys.get(key);
        if (first !== undefined) return { kind: 'duplicate', offset: i, first, key };
        keys.set(key, i);
        expectKey = false;
      }
      i = end;
    } else if (c === 0x7b || c === 0x5b) {
      if (stack.length >= MAX_DEPTH) return { kind: 'depth', offset: i };
      stack.push(c === 0x7b ? (spare.pop() ?? new Map()) : null);
      expectKey = c === 0x7b;
    } else if (c === 0x7d || c === 0x5d) {
      const keys = stack.pop();
      if (keys) {
        keys.clear();
        spare.push(keys);
      }
      expectKey = false;
    } else if (c === 0x2c) expectKey = stack[stack.length - 1] != null;
  }
  return null;
}

/** Whether the quote at `i` is escaped (an odd run of backslashes before it). */
function isEscaped(text: string, i: number): boolean {
  let n = 0;
  while (text.charCodeAt(i - 1 - n) === 0x5c) n++;
  return n % 2 === 1;
}

/** The value with every container deeper than MAX_DEPTH replaced by null (iteratively). */
function cutAtDepth(value: unknown): unknown {
  const stack: { node: Record<string, unknown> | unknown[]; depth: number }[] = [];
  if (value !== null && typeof value === 'object') stack.push({ node: value as Record<string, unknown>, depth: 1 });
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    const record = node as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      const child = record[key];
      if (child === null || typeof child !== 'object') continue;
      if (depth >= MAX_DEPTH) record[key] = null;
      else stack.push({ node: child as Record<string, unknown>, depth: depth + 1 });
    }
  }
  return value;
}
