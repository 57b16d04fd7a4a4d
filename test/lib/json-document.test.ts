import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatPath, JsonSyntaxError, MAX_DEPTH, parseJsonDocument, parsePath, pointerToPath, scanJson } from '../../src/lib/json-document.js';
import { messages } from '../../src/messages/index.js';

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
  ['missing colon', '{"a" 1}', 1, 6, /expected ':' after the property name but found '1'/],
  ['missing comma in an array', '[1 2]', 1, 4, /expected ',' or '\]' after an array element/],
  ['a lone minus', '[-]', 1, 2, /invalid number/],
  ['a bad \\u escape', '["\\u12"]', 1, 3, /invalid \\u escape/],
  ['a key that is not a string', '{1: 2}', 1, 2, /expected a property name in double quotes but found '1'/],
  ['a control character after the value', '{}\u0001', 1, 3, /unexpected character U\+0001 after the end/],
  ['a comment after a comma', '[1, /* x */ 2]', 1, 5, /comments are not allowed/],
];
for (const [name, text, line, column, message] of syntaxCases) {
  test(`syntax error with line and column: ${name}`, () => {
    assert.throws(
      () => parseJsonDocument(text),
      (e: unknown) => e instanceof JsonSyntaxError && e.line === line && e.column === column && message.test(messages.jsonProblem(e.reason)),
    );
  });
}

test('deep nesting is refused, not a stack overflow', () => {
  assert.throws(() => parseJsonDocument('['.repeat(100_000)), (e: unknown) => e instanceof JsonSyntaxError && e.tooDeep && e.offset === MAX_DEPTH && /nested more than 256/.test(messages.jsonProblem(e.reason)));
});

test('a byte-order mark is skipped', () => {
  assert.deepEqual(parseJsonDocument('\ufeff{"a":1}').value, { a: 1 });
});

test('the scan finds the first repeated key in one object (escapes decoded), and goes on to the first error', () => {
  assert.deepEqual(scanJson('{"a": 1, "b": {"a": 2}, "\\u0061": 3}'), { error: null, duplicate: { key: 'a', offset: 24, first: 1 } });
  for (const ok of ['{"a": {"a": 1}, "b": "a"}', '{"a\\"": 1, "a": "\\"a"}', '[{"x": 1}, {"x": 2}]', '{"a": [], "b": {}, "c": [{}]}', '"x"', '[]']) {
    assert.deepEqual(scanJson(ok), { error: null, duplicate: null }, ok);
  }
  const broken = scanJson('{"a": 1, "a": 2, }');
  assert.equal(broken.duplicate?.offset, 9);
  assert.equal(broken.error?.reason.kind, 'trailing-comma');
  assert.equal(scanJson(`{"a": ${'['.repeat(300)}`).error?.tooDeep, true);
});

test('the scan gives where every value starts by its path; a repeated key’s last value wins, as in JSON.parse', () => {
  const seen: [string, number][] = [];
  const text = '\ufeff{"a": [1, {"b c": null}], "d": "x", "d": true}';
  scanJson(text, { valueAt: (path, offset) => seen.push([path, offset]) });
  assert.deepEqual(seen, [['', 1], ['a', 7], ['a[0]', 8], ['a[1]', 11], ['a[1]["b c"]', 19], ['d', 32], ['d', 42]]);
  assert.deepEqual(parseJsonDocument(text).locate('d'), { line: 1, column: 43 });
});
