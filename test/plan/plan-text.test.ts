// The one plan reader's policy (src/plan/plan-text.ts): what every reader accepts, refuses and
// sees, for a byte-order mark, CRLF, repeated keys, deep nesting and bytes that are not UTF-8.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { decodeText } from '../../src/fs/text.js';
import { MAX_DEPTH, scanJson } from '../../src/lib/json-document.js';
import { planValue, readPlanText, withoutBom } from '../../src/plan/plan-text.js';
import { parsePlan } from '../../src/plan/snapshot.js';
import { SEED_TEXT } from '../fixtures/plans.js';
import { check } from './helpers.js';

test('a byte-order mark is ignored, and positions are counted after it', () => {
  const read = readPlanText('\ufeff{"a": 1}');
  assert.deepEqual(read.value, { a: 1 });
  assert.equal(read.problem, null);
  assert.equal(read.text, '{"a": 1}');
  assert.deepEqual(planValue('\ufeff{"a": 1}'), { a: 1 });
  const bad = readPlanText('\ufeff{"a": }');
  assert.deepEqual([bad.problem?.rule, bad.problem?.line, bad.problem?.column], ['json-syntax', 1, 7]);
});

test('CRLF is whitespace; lines are counted by LF', () => {
  const read = readPlanText('{\r\n  "a": 1,\r\n  "a": 2\r\n}\r\n');
  assert.deepEqual(read.value, { a: 2 });
  assert.deepEqual([read.problem?.rule, read.problem?.line, read.problem?.column], ['duplicate-key', 3, 3]);
  assert.match(read.problem!.message, /"a" appears twice in this object \(first at line 2, column 3\)/);
});

test('a repeated key is reported, escapes included, and every reader sees the last value', () => {
  const read = readPlanText('{"t": {"status": "in-progress", "st\\u0061tus": "completed"}, "u": [{"x": 1}, {"x": 2}]}');
  assert.equal(read.problem?.rule, 'duplicate-key');
  assert.equal((read.value as { t: { status: string } }).t.status, 'completed');
  // Equal keys in different objects, keys equal to values, and escaped quotes are no repeats.
  for (const ok of ['{"a": {"a": 1}, "b": "a"}', '{"a\\"": 1, "a": "\\"a"}', '[{"x": 1}, {"x": 2}]', '{"a": [], "b": {}, "c": [{}]}']) {
    assert.equal(readPlanText(ok).problem, null, ok);
  }
});

test('nesting deeper than MAX_DEPTH is an error at the bracket, the value is cut there, and nothing recurses', () => {
  const depth = (v: unknown): number => (v !== null && typeof v === 'object' ? 1 + Math.max(0, ...Object.values(v).map(depth)) : 0);
  for (const n of [MAX_DEPTH - 1, MAX_DEPTH, 100_000]) {
    const text = `{"a": ${'['.repeat(n)}${']'.repeat(n)}}`;
    const read = readPlanText(text);
    if (n < MAX_DEPTH) {
      assert.equal(read.problem, null);
      continue;
    }
    assert.deepEqual([read.problem?.rule, read.problem?.line, read.problem?.column], ['json-depth', 1, 6 + MAX_DEPTH], String(n));
    assert.equal(depth(read.value), MAX_DEPTH, 'cut: nothing deeper than MAX_DEPTH containers');
    assert.doesNotThrow(() => JSON.stringify(read.value));
  }
  // A repeated key before the deep value: the key is reported, and the value is still cut.
  const both = readPlanText(`{"d": 1, "d": 2, "x": ${'['.repeat(300)}${']'.repeat(300)}}`);
  assert.equal(both.problem?.rule, 'duplicate-key');
  assert.equal(depth(both.value), MAX_DEPTH);
  // Deep and broken: the same message as deep and valid.
  const broken = readPlanText(`{"a": ${'['.repeat(100_000)}`);
  assert.equal(broken.problem?.rule, 'json-depth');
  assert.equal(broken.problem?.message, readPlanText(`{"a": ${'['.repeat(300)}${']'.repeat(300)}}`).problem?.message);
});

test('planValue is the value readPlanText reads, without looking for repeated keys: deep, repeated, broken, with a mark', () => {
  const deep = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
  const texts = [
    '{"a": 1}',
    '\ufeff{"a": [1, {"b": "x\\"y"}]}',
    '{"t": {"s": 1, "s": 2}}',
    `{"a": ${deep(MAX_DEPTH - 1)}}`,
    `{"a": ${deep(MAX_DEPTH)}}`,
    `{"a": ${deep(5000)}, "s": "[[{{"}`,
    // A repeated key before a container too deep: the value is still cut.
    `{"k": 1, "k": ${deep(MAX_DEPTH + 3)}}`,
    // Too deep only in a value a repeated key drops: nothing left to cut.
    `{"k": ${deep(MAX_DEPTH + 3)}, "k": 1}`,
    `{"a": ${deep(MAX_DEPTH - 3)}}`,
    `{"a": ${deep(MAX_DEPTH - 2)}}`,
    `{"a": "]]]]", "b": "\\\\", "c": ${deep(MAX_DEPTH)}}`,
    '{"a": ',
    `{"a": ${'['.repeat(100_000)}`,
    '',
    'null',
  ];
  for (const text of texts) assert.deepEqual(planValue(text), readPlanText(text).value ?? null, text.slice(0, 40));
  assert.equal(JSON.stringify(planValue(`{"k": 1, "k": ${deep(MAX_DEPTH + 3)}}`)).split('[').length - 1, MAX_DEPTH - 1, 'cut at MAX_DEPTH containers');
});

test('bytes that are not UTF-8 are an error naming the byte offset; the value is still read', () => {
  const bytes = Buffer.concat([Buffer.from('{"id": "caf'), Buffer.from([0xe9]), Buffer.from('", "ok": "é"}')]);
  const text = decodeText(bytes);
  const read = readPlanText(text);
  assert.equal(read.problem?.rule, 'not-utf8');
  assert.match(read.problem!.message, /byte 0xe9 at byte offset 11 is not valid UTF-8/);
  assert.deepEqual([read.problem?.line, read.problem?.column], [1, 12]);
  assert.equal((read.value as { ok: string }).ok, 'é');
  // Overlong forms, encoded surrogates and truncated sequences are not UTF-8 either.
  for (const bad of [[0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xe2, 0x82], [0xf4, 0x90, 0x80, 0x80], [0xff]]) {
    assert.equal(readPlanText(decodeText(Buffer.from([0x22, ...bad, 0x22]))).problem?.rule, 'not-utf8', bad.join(' '));
  }
  // A U+FFFD its author wrote, and astral characters, are text like any other.
  for (const good of ['"\ufffd"', '"😀 𝄞"']) assert.equal(readPlanText(decodeText(Buffer.from(good))).problem, null);
  assert.equal(decodeText(Buffer.from('"😀 é"')), '"😀 é"');
});

test('validate and the lenient readers refuse the same files with the same message', () => {
  const cases = [
    `\ufeff${SEED_TEXT}`,
    SEED_TEXT.replace('"planId": "export-retry",', '"planId": "export-retry", "planId": "other",'),
    SEED_TEXT.replace('"relatedDocs"', `"metadata": {"x": ${'['.repeat(300)}${']'.repeat(300)}}, "relatedDocs"`),
    decodeText(Buffer.concat([Buffer.from(SEED_TEXT.slice(0, 40)), Buffer.from([0xfe]), Buffer.from(SEED_TEXT.slice(40))])),
    SEED_TEXT.slice(0, -10),
  ];
  for (const text of cases) {
    const errors = check(text).filter((p) => p.severity === 'error' && !p.rule.startsWith('schema:'));
    const lenient = parsePlan(text);
    if (errors.length === 0) {
      assert.equal(typeof lenient, 'object', 'a file validate accepts is read by status and the handoff');
      continue;
    }
    const [first] = errors;
    assert.equal(lenient, `${first!.message} (line ${first!.line}, column ${first!.column})`);
  }
  assert.equal(check(`\ufeff${SEED_TEXT}`).filter((p) => p.severity === 'error').length, 0);
});

test('a read without the scan (no repeated key, shallow) finds what the scan finds: every repeated key, every depth near the limit', () => {
  const nest = (depth: number, inner = '1') => '['.repeat(depth) + inner + ']'.repeat(depth);
  const texts = [
    SEED_TEXT,
    SEED_TEXT.replace('{', '{"planId": "again", '),
    '{"a": 1, "a": 2}',
    '{"a": 1, "\\u0061": 2}',
    '{"a\\"": 1, "a\\"" : 2}',
    '{"x": "\\"a\\": 1", "y": "b\\\\", "z": "\\\\\\"c\\": "}',
    '{"x": ":", "y": {"q": "\\":", "r": ["s", ":", "\\""]}}',
    '{"__proto__": 1, "__proto__": 2}',
    '{"__proto__": {"a": 1}, "b": 2}',
    '{"a": {}, "b": [], "c": {"d": {}}, "e": [[], {}]}',
    '{"a": {"k": 1, "k": 2}, "b": 3}',
    '[{"k": 1}, {"k": 1}]',
    `{"deep": ${nest(MAX_DEPTH - 3)}, "deep": 1}`,
    `{"deep": ${nest(MAX_DEPTH + 3)}, "deep": 1}`,
    nest(MAX_DEPTH - 2),
    nest(MAX_DEPTH - 1),
    nest(MAX_DEPTH),
    nest(MAX_DEPTH + 1),
    nest(MAX_DEPTH, '[]'),
    nest(MAX_DEPTH - 1, '{}'),
    '{"a":\r\n1,\r\n"a"\r\n:\r\n2}',
    '\ufeff{"a": 1, "a": 2}',
    '"just a string"',
    '{}',
  ];
  for (const text of texts) {
    const read = readPlanText(text);
    const scan = scanJson(withoutBom(text), { parsed: true });
    const expected = scan.duplicate && (!scan.error || scan.duplicate.offset < scan.error.offset) ? 'duplicate-key' : scan.error ? 'json-depth' : null;
    assert.equal(read.problem?.rule ?? null, expected, text.slice(0, 60));
    assert.deepEqual(planValue(text), read.value, text.slice(0, 60));
  }
});
