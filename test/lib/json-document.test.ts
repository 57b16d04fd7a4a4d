import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatPath, JsonSyntaxError, parseJsonDocument, parsePath, pointerToPath } from '../../src/lib/json-document.js';

test('produces the same value as JSON.parse', () => {
  const samples = [
    '{"a":[1,-2.5e3,true,false,null,"x\\n\\u00e9\\"\\\\"],"b":{},"c":[]}',
    '  [ 0 , {"k" : "v"} ]  ',
    '"just a string"',
    '{"dup":1,"dup":2}',
    '{"__proto__":{"polluted":true}}',
    '{"emoji":"\\ud83d\\ude00 😀"}',
  ];
  for (const s of samples) assert.deepEqual(parseJsonDocument(s).value, JSON.parse(s), s);
  assert.equal(({} as Record<string, unknown>).polluted, undefined);
});

test('locates values by path, and missing paths at their nearest ancestor', () => {
  const text = '{\n  "workItems": [\n    {\n      "tasks": [ {"id": "a", "status": "done"} ]\n    }\n  ]\n}\n';
  const doc = parseJsonDocument(text);
  const line4 = text.split('\n')[3]!;
  assert.deepEqual(doc.locate('workItems[0].tasks[0].status'), { line: 4, column: line4.indexOf('"done"') + 1 });
  assert.deepEqual(doc.locate(['workItems', 0, 'tasks', 0, 'id']), { line: 4, column: line4.indexOf('"a"') + 1 });
  assert.deepEqual(doc.locate('workItems[0].tasks[0].acceptance'), { line: 4, column: 18 });
  assert.deepEqual(doc.locate(''), { line: 1, column: 1 });
});

test('keys that are not identifiers round-trip through formatPath and parsePath', () => {
  const path = ['metadata', 'a b', 0, 'x.y', '"q"'];
  assert.equal(formatPath(path), 'metadata["a b"][0]["x.y"]["\\"q\\""]');
  assert.deepEqual(parsePath(formatPath(path)), path);
  const text = '{"metadata": {"a b": [{"x.y": {"\\"q\\"": 1}}]}}';
  assert.equal(parseJsonDocument(text).locate(path).column, text.indexOf(': 1}') + 3);
});

test('JSON Pointers become paths, with numbers only for array indices', () => {
  const value = { a: [{ '0': 1, 'x/y': 2 }] };
  assert.deepEqual(pointerToPath('/a/0/0', value), ['a', 0, '0']);
  assert.deepEqual(pointerToPath('/a/0/x~1y', value), ['a', 0, 'x/y']);
});

const syntaxCases: [string, string, number, number, RegExp][] = [
  ['trailing comma in an array', '{\n  "a": [1,]\n}', 2, 11, /comma before '\]'/],
  ['trailing comma in an object', '{\n  "a": 1,\n}', 3, 1, /comma before '}'/],
  ['missing comma', '{\n  "a": 1\n  "b": 2\n}', 3, 3, /expected ',' or '}' after a property but found '"'/],
  ['single quotes', "{'a': 1}", 1, 2, /double quotes/],
  ['a comment', '{\n  // why\n  "a": 1\n}', 2, 3, /comments are not allowed/],
  ['unterminated string', '{"a": "abc', 1, 7, /unterminated string/],
  ['raw newline in a string', '{"a": "x\ny"}', 1, 9, /raw control character \(character U\+000a\)/],
  ['bad escape', '{"a": "\\x41"}', 1, 8, /invalid escape '\\x'/],
  ['empty file', '', 1, 1, /expected a value but found end of file/],
  ['truncated', '{"a": [1, 2', 1, 12, /found end of file/],
  ['two values', '{} {}', 1, 4, /after the end of the JSON value/],
  ['bare word', '{"a": yes}', 1, 7, /expected a value but found 'y'/],
  ['leading zero', '{"a": 01}', 1, 8, /expected ',' or '}'/],
];
for (const [name, text, line, column, message] of syntaxCases) {
  test(`syntax error with line and column: ${name}`, () => {
    assert.throws(
      () => parseJsonDocument(text),
      (e: unknown) => e instanceof JsonSyntaxError && e.line === line && e.column === column && message.test(e.message),
    );
  });
}

test('deep nesting is refused, not a stack overflow', () => {
  assert.throws(() => parseJsonDocument('['.repeat(100_000)), (e: unknown) => e instanceof JsonSyntaxError && /nested more than 256/.test(e.message));
});

test('a byte-order mark is skipped', () => {
  assert.deepEqual(parseJsonDocument('\ufeff{"a":1}').value, { a: 1 });
});
