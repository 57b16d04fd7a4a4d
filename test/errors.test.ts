// Errors are told apart by a registered symbol, so an error thrown by a module loaded beside a
// hook's bundle (its own copy of errors.js) still reads as one line, not a stack trace.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { UsageError, UserError, formatError, isUsageError, isUserError } from '../src/errors.js';

test('an expected error from another copy of errors.js is one line; a bug shows its stack', () => {
  const kind = Symbol.for('plan-hooks.error-kind');
  const foreign = Object.assign(new Error('plan file is gone'), { [kind]: 'user' });
  assert.ok(isUserError(foreign) && !isUsageError(foreign));
  assert.equal(formatError(foreign, 'hook pre-commit'), 'plan-hooks hook pre-commit: plan file is gone\n');
  assert.ok(isUsageError(new UsageError('x')) && isUserError(new UserError('y')));
  assert.match(formatError(new TypeError('boom'), 'x'), /internal error: TypeError: boom\n\s+at /);
  assert.ok(!isUserError(null) && !isUserError('user') && !isUserError({}));
});
