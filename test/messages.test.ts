// Wording shared by several commands, checked once here.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { messages } from '../src/messages.js';

test('a claim age reads in hours, then in whole days from 48 h on; unknown when there is no time', () => {
  assert.equal(messages.claimAge(0), '0 h');
  assert.equal(messages.claimAge(47), '47 h');
  assert.equal(messages.claimAge(48), '2 d');
  assert.equal(messages.claimAge(73), '3 d');
  assert.equal(messages.claimAge(null), 'age unknown');
});
