// The one way plan text is read. validate, the hooks (the plan check and the claims), status,
// the handoff, the worklog and claim/release/done all take a plan file through readPlanText,
// so they accept or refuse the same files with the same message. The policy (docs/rules.md):
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
import { type JsonScan, MAX_DEPTH, nestsTooDeep, positionAt, scanJson } from '../lib/json-document.js';

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
    // Only to say where: JSON.parse's message has no portable position.
    const { error } = scanJson(text);
    const what = !error
      ? { rule: 'json-syntax' as const, ...messages.plan.jsonSyntax(messages.jsonUnreadable) }
      : error.tooDeep
        ? { rule: 'json-depth' as const, ...messages.plan.tooDeep(MAX_DEPTH) }
        : { rule: 'json-syntax' as const, ...messages.plan.jsonSyntax(messages.jsonProblem(error.reason)) };
    return { text, value: undefined, problem: encodingProblem ?? { ...what, line: error?.line ?? 1, column: error?.column ?? 1 } };
  }
  // Most plans: no repeated key and no deep nesting, told without the scan (positions only matter for a problem).
  if (surelyPlain(text, value)) return { text, value, problem: encodingProblem };
  const { error, duplicate } = scanned(text);
  // The value is cut wherever the text nests too deep, whatever is reported first.
  if (error?.tooDeep) value = cutAtDepth(value);
  const first = duplicate && (!error || duplicate.offset < error.offset) ? duplicate : null;
  const structureProblem = first
    ? at(first.offset, { rule: 'duplicate-key', ...messages.plan.duplicateKey(first.key, positionAt(text, first.first)) })
    : error && at(error.offset, { rule: 'json-depth', ...messages.plan.tooDeep(MAX_DEPTH) });
  return { text, value, problem: encodingProblem ?? structureProblem };
}

/**
 * A plan file's JSON value for a lenient reader (claims), or null when it is not JSON: the
 * value readPlanText gives, without looking for repeated keys (the value is the last one's
 * either way, as JSON.parse has it), which is most of a read's cost — the worklog's judge reads
 * every plan.
 */
export function planValue(raw: string): unknown {
  const text = withoutBom(raw);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return readPlanText(raw).value ?? null;
  }
  // Whether the text repeats a key does not matter here, only whether the value must be cut:
  // a value that nests well under MAX_DEPTH has nothing to cut (cutAtDepth would leave it as it
  // is), so the key count over the text — most of surelyPlain's cost — is skipped for it.
  if (!nearDepthLimit(value)) return value;
  return !surelyPlain(text, value) && nestsTooDeep(text) ? cutAtDepth(value) : value;
}

/** True when `value` has a container at depth MAX_DEPTH - 1 or deeper (iteratively, stopping there). */
function nearDepthLimit(value: unknown): boolean {
  const stack: { node: object; depth: number }[] = [];
  if (value !== null && typeof value === 'object') stack.push({ node: value, depth: 1 });
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    if (depth >= MAX_DEPTH - 1) return true;
    for (const child of Array.isArray(node) ? node : Object.values(node)) if (child !== null && typeof child === 'object') stack.push({ node: child, depth: depth + 1 });
  }
  return false;
}

/**
 * Every string of text JSON.parse accepted, with the colon after it when it is a key. Outside
 * strings valid JSON has no quote, so each match starts where a string does. Escapes are
 * consumed whole; no nested quantifier, so the match is linear.
 */
const STRING_TOKEN = /"[^"\\]*(?:\\.[^"\\]*)*"(\s*:)?/g;

/**
 * True only when text JSON.parse accepted (its `value`) certainly has no repeated key and nests
 * well under MAX_DEPTH: then the scan (scanJson, the costly part of a read, ~1 ms a 12 KB plan)
 * would find nothing. The keys the text writes are counted natively and compared with the keys
 * the value kept (a repeated key leaves one); the depth is the value's, which mirrors the text
 * when no key was dropped. False sends the text to the scan, which says what and where.
 */
function surelyPlain(text: string, value: unknown): boolean {
  let written = 0;
  try {
    STRING_TOKEN.lastIndex = 0;
    for (let m = STRING_TOKEN.exec(text); m !== null; m = STRING_TOKEN.exec(text)) if (m[1] !== undefined) written++;
  } catch {
    // The regex engine's own limits (a string of many megabytes): the scan decides.
    return false;
  }
  let kept = 0;
  const stack: { node: object; depth: number }[] = [];
  if (value !== null && typeof value === 'object') stack.push({ node: value, depth: 1 });
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    // Anywhere near the limit, the scan's own count decides.
    if (depth >= MAX_DEPTH - 1) return false;
    const children: unknown[] = Array.isArray(node) ? node : Object.values(node);
    if (!Array.isArray(node)) kept += children.length;
    for (const child of children) if (child !== null && typeof child === 'object') stack.push({ node: child, depth: depth + 1 });
  }
  return written === kept;
}

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
 * scanJson for the last few texts JSON.parse accepted. One hook reads the same plan text several times (its
 * claims, its rules, its transitions, its handoff), and the scan is the costly part of a read;
 * JSON.parse is redone each time, so no reader sees another's objects.
 */
const recentScans = new Map<string, JsonScan>();
function scanned(text: string): JsonScan {
  if (text.length < 4096) return scanJson(text, { parsed: true });
  const cached = recentScans.get(text);
  if (cached) return cached;
  const result = scanJson(text, { parsed: true });
  if (recentScans.size >= 4) recentScans.delete(recentScans.keys().next().value!);
  recentScans.set(text, result);
  return result;
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
