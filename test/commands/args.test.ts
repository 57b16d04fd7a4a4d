// The one argument parser every command uses: each kind of bad input is a usage error that
// names the problem, shows the synopsis and points at the command's --help.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseCommandArgs, usageError } from '../../src/commands/shared/args.js';
import { UsageError } from '../../src/errors.js';

const spec = { command: 'demo', usage: 'Usage: plan-hooks demo [--json]\n\nLonger help.\n', options: { json: { type: 'boolean' } } } as const;

function refused(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    assert.ok(error instanceof UsageError, String(error));
    return error.message;
  }
  assert.fail('expected a usage error');
}

test('options parse; an unknown option or an unexpected positional is a usage error with the synopsis', () => {
  assert.equal(parseCommandArgs(['--json'], spec).values.json, true);
  const unknown = refused(() => parseCommandArgs(['--bogus'], spec));
  assert.match(unknown, /^unknown option '--bogus'\.$/m);
  assert.doesNotMatch(unknown, /To specify a positional/, "no raw parser text");
  assert.match(unknown, /^Usage: plan-hooks demo \[--json\]$/m);
  assert.match(unknown, /Run 'plan-hooks demo --help' for the options\.$/);
  assert.doesNotMatch(unknown, /Longer help/, 'only the synopsis, not the whole help');
  assert.match(refused(() => parseCommandArgs(['extra'], spec)), /unexpected argument 'extra': this command takes none/);
});

test("a misspelt option gets a 'did you mean'; a missing value is named", () => {
  assert.match(refused(() => parseCommandArgs(['--jsno'], spec)), /unknown option '--jsno' \(did you mean '--json'\?\)/);
  assert.doesNotMatch(refused(() => parseCommandArgs(['--verbose'], spec)), /did you mean/);
  const valued = { ...spec, options: { limit: { type: 'string' } } } as const;
  assert.match(refused(() => parseCommandArgs(['--limit'], valued)), /option '--limit' needs a value/);
});

test('positionals pass through when the command takes them; usageError has the same shape', () => {
  assert.deepEqual(parseCommandArgs(['a', 'b', '--json'], { ...spec, positionals: true }).positionals, ['a', 'b']);
  assert.equal(usageError(spec, 'give one name').message, "give one name.\nUsage: plan-hooks demo [--json]\nRun 'plan-hooks demo --help' for the options.");
});
