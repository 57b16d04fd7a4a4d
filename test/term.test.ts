// The one sanitizer every printer uses (src/term.ts): what a plan cannot put on a terminal.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { hasUnsafe, jsonText, sanitize, sanitizeLine } from '../src/term.js';

test('controls, bidi controls and invisible format characters are shown as escapes; tab and newline stay', () => {
  const cases: [string, string][] = [
    ['a\u001b[2Jb', 'a\\x1b[2Jb'],
    ['\u0007\u007f\u0085\u009b', '\\x07\\x7f\\x85\\x9b'],
    // Trojan Source: embeddings and overrides, isolates, marks.
    ['\u202a\u202b\u202c\u202d\u202e', '\\u202a\\u202b\\u202c\\u202d\\u202e'],
    ['\u2066\u2067\u2068\u2069', '\\u2066\\u2067\\u2068\\u2069'],
    ['\u200e\u200f\u061c', '\\u200e\\u200f\\u061c'],
    // Invisible: zero-width space and joiners, word joiner, BOM, soft hyphen, separators, tags.
    ['a\u200b\u200c\u200d\u2060\ufeff\u00adb', 'a\\u200b\\u200c\\u200d\\u2060\\ufeff\\xadb'],
    ['x\u2028y\u2029z', 'x\\u2028y\\u2029z'],
    ['\u{e0041}', '\\u{e0041}'],
    ['tab\tand\nnewline', 'tab\tand\nnewline'],
    ['caf\u00e9 \u65e5\u672c 😀', 'caf\u00e9 \u65e5\u672c 😀'],
  ];
  for (const [input, shown] of cases) assert.equal(sanitize(input), shown, JSON.stringify(input));
  assert.equal(sanitizeLine('a\tb\nc\u202e'), 'a b c\\u202e');
  assert.ok(hasUnsafe('codex\u202e') && hasUnsafe('a\nb') && !hasUnsafe('plan/task-1'));
});

test('--json output means the same and shows nothing hidden', () => {
  const value = { title: 'evil\u202e\u2066 \u0085\u200b', list: ['\u{e0041}', 'ok é'] };
  const text = jsonText(value, 2);
  assert.deepEqual(JSON.parse(text), value);
  assert.doesNotMatch(text, /[\u0080-\u009f\u200b\u202e\u2066]|\u{e0041}/u);
  assert.match(text, /evil\\u202e\\u2066 \\u0085\\u200b/);
  assert.match(text, /"\\udb40\\udc41"/);
  assert.equal(text.split('\n').length, 7, 'the layout keeps its newlines');
});
