import assert from 'node:assert/strict';
import { test } from 'node:test';
import { detectJsonFormat, formatJson } from '../../src/lib/json-format.js';

const value = { b: 1, a: [1, { c: 'x\ny' }], d: {} };

test('files written by JSON.stringify come back byte-identical, whatever their indent, endings, final newline and byte-order mark', () => {
  const variants = [
    JSON.stringify(value, null, 2) + '\n',
    JSON.stringify(value, null, 4) + '\n',
    JSON.stringify(value, null, '\t') + '\n',
    JSON.stringify(value, null, 2),
    JSON.stringify(value, null, 2).replace(/\n/g, '\r\n') + '\r\n',
    JSON.stringify(value),
    '\ufeff' + JSON.stringify(value, null, 2).replace(/\n/g, '\r\n') + '\r\n',
  ];
  for (const text of variants) assert.equal(formatJson(JSON.parse(text.replace(/^\ufeff/, '')), detectJsonFormat(text)), text, JSON.stringify(text));
});

test('detects indent, line endings and the final newline', () => {
  assert.deepEqual(detectJsonFormat('{\n    "a": 1\n}\n'), { indent: 4, newline: '\n', finalNewline: true, bom: false });
  assert.deepEqual(detectJsonFormat('{\r\n\t"a": 1\r\n}'), { indent: '\t', newline: '\r\n', finalNewline: false, bom: false });
  assert.deepEqual(detectJsonFormat('{"a":1}'), { indent: 0, newline: '\n', finalNewline: false, bom: false });
  assert.deepEqual(detectJsonFormat('\ufeff{\n  "a": 1\n}\n'), { indent: 2, newline: '\n', finalNewline: true, bom: true });
});

test('key order is kept and new keys go last', () => {
  const parsed = JSON.parse('{"z":1,"a":2}') as Record<string, number>;
  parsed.m = 3;
  assert.equal(formatJson(parsed, { indent: 0, newline: '\n', finalNewline: false, bom: false }), '{"z":1,"a":2,"m":3}');
});

// The text is what prettier 3.6 --tab-width 4 writes for it.
test('a file in prettier’s JSON layout comes back byte-identical: short lists on one line, long ones one item a line, numbers filled', () => {
  const text = [
    '{',
    '    "files": ["src/a.ts", "src/b.ts"],',
    '    "empty": [],',
    '    "long": [',
    '        "src/a/very/long/path/to/some/module.ts",',
    '        "src/another/very/long/path.ts"',
    '    ],',
    '    "pairs": [',
    '        [1, 2],',
    '        [3, 4]',
    '    ],',
    '    "one": [[1, 2], [3]],',
    '    "nums": [',
    '        1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20,',
    '        21, 22, 23, 24, 25',
    '    ],',
    '    "tasks": [',
    '        {',
    '            "id": "a",',
    '            "n": 1e21',
    '        }',
    '    ]',
    '}',
    '',
  ].join('\n');
  const format = detectJsonFormat(text);
  assert.equal(format.layout, 'prettier');
  assert.equal(formatJson(JSON.parse(text), format), text);
  // JSON.stringify's layout is detected as its own, and a string with brackets is no evidence.
  assert.equal(detectJsonFormat(JSON.stringify({ a: ['x'], b: '[1]', c: [] }, null, 2)).layout, undefined);
});
