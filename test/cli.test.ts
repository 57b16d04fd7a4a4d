import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { makeRepo } from './fixtures/repo.js';

const repo = makeRepo();
after(() => repo.remove());

test('--help lists every command and exits 0', () => {
  const r = repo.cli(['--help']);
  assert.equal(r.code, 0);
  for (const name of ['init', 'validate', 'new', 'status', 'hook', 'check']) assert.match(r.stdout, new RegExp(`^  ${name} `, 'm'));
});

test('an unknown command is a usage error (exit 2) on stderr', () => {
  const r = repo.cli(['frobnicate']);
  assert.equal(r.code, 2);
  assert.equal(r.stdout, '');
  assert.match(r.stderr, /unknown command 'frobnicate'/);
});

test('an unknown hook is a usage error', () => {
  const r = repo.cli(['hook', 'post-frob']);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /unknown hook 'post-frob'/);
});
