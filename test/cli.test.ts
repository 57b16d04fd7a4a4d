import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { COMMAND_NAMES, COMMAND_TABLE } from '../src/commands/registry.js';
import { PACKAGE_ROOT, makeRepo } from './fixtures/repo.js';

const repo = makeRepo();
after(() => repo.remove());

test('--help lists every command of the command table, in its order, with its line, and exits 0', () => {
  const r = repo.cli(['--help']);
  assert.equal(r.code, 0);
  const listed = [...r.stdout.matchAll(/^ {2}([a-z]+) +(\S.*)$/gm)].filter((m) => m[1] !== undefined && (COMMAND_NAMES as string[]).includes(m[1]));
  assert.deepEqual(listed.map((m) => m[1]), COMMAND_NAMES);
  for (const m of listed) assert.equal(m[2], COMMAND_TABLE[m[1] as keyof typeof COMMAND_TABLE].purpose);
});

test('the command table and src/commands/ agree: one module per command, each run-able, and no module outside the table', async () => {
  const modules = readdirSync(join(PACKAGE_ROOT, 'src/commands'))
    .filter((f) => f.endsWith('.ts') && f !== 'registry.ts')
    .map((f) => f.replace(/\.ts$/, ''));
  assert.deepEqual(modules.sort(), [...COMMAND_NAMES].sort());
  for (const name of COMMAND_NAMES) {
    const command = (await import(`../src/commands/${name}.js`)) as { default: { run: unknown } };
    assert.equal(typeof command.default.run, 'function', name);
  }
});

test("each command's --help is its entry's usage, naming the command, before any of its work runs", () => {
  for (const name of COMMAND_NAMES) {
    const r = repo.cli([name, '--help']);
    assert.equal(r.code, 0, name);
    assert.equal(r.stdout, COMMAND_TABLE[name].usage(), name);
    assert.match(r.stdout, new RegExp(`^Usage: plan-hooks ${name}\\b`), name);
  }
});

test('an unknown command is a usage error (exit 2) on stderr, with a "did you mean" for a typo', () => {
  const r = repo.cli(['frobnicate']);
  assert.equal(r.code, 2);
  assert.equal(r.stdout, '');
  assert.match(r.stderr, /unknown command 'frobnicate'\. Run 'plan-hooks --help'/);
  assert.match(repo.cli(['statsu']).stderr, /unknown command 'statsu'\. Did you mean 'status'\?/);
});

test('--help lists --version; under --json an error is one line of JSON with the exit code', () => {
  assert.match(repo.cli(['--help']).stdout, /^ {2}--version, -v /m);
  const r = repo.cli(['status', '--json', '--bogus']);
  assert.equal(r.code, 2);
  const error = JSON.parse(r.stderr).error;
  assert.equal(error.exitCode, 2);
  assert.equal(error.command, 'status');
  assert.match(error.message, /unknown option '--bogus'/);
  assert.equal(JSON.parse(repo.cli(['nope', '--json']).stderr).error.exitCode, 2);
});

test('a revision git does not know is a usage error (exit 2)', () => {
  repo.write('a.txt', 'a\n');
  repo.git('add', 'a.txt');
  repo.git('commit', '-q', '-m', 'a');
  const r = repo.cli(['check', '--range', 'no-such-rev..HEAD']);
  assert.equal(r.code, 2, r.stderr);
  assert.match(r.stderr, /no-such-rev/);
});

test('FORCE_COLOR=0 turns colour off, FORCE_COLOR=1 on, NO_COLOR wins', async () => {
  const { colorEnabled } = await import('../src/term.js');
  assert.equal(colorEnabled({ FORCE_COLOR: '0' }, true), false);
  assert.equal(colorEnabled({ FORCE_COLOR: 'false' }, true), false);
  assert.equal(colorEnabled({ FORCE_COLOR: '1' }, false), true);
  assert.equal(colorEnabled({ FORCE_COLOR: '1', NO_COLOR: '1' }, false), false);
  assert.equal(colorEnabled({}, true), true);
  assert.equal(colorEnabled({ TERM: 'dumb' }, true), false);
});

test('an unknown hook is a usage error', () => {
  const r = repo.cli(['hook', 'post-frob']);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /unknown hook 'post-frob'/);
});
