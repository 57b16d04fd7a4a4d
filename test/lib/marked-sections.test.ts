// One editor for every marked section: hook scripts, the Plan State block and the handoff block
// (which share the entry files), in LF and CRLF files.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { putSection, removeSection, upsertSection } from '../../src/lib/marked-sections.js';
import { END, START, replaceBlock } from '../../src/handoff/render.js';
import { PLAN_STATE_MARKERS } from '../../src/core/install/sections.js';

test('a section replaced in a CRLF file keeps CRLF inside it and every line outside it', () => {
  const text = `# Agents\r\n\r\n${START}\r\nold\r\n${END}\r\nmine\r\n`;
  assert.equal(replaceBlock(text, `${START}\nnew\nlines\n${END}`), `# Agents\r\n\r\n${START}\r\nnew\r\nlines\r\n${END}\r\nmine\r\n`);
  const last = `a\r\n${START}\r\nold\r\n${END}`;
  assert.equal(replaceBlock(last, `${START}\nnew\n${END}`), `a\r\n${START}\r\nnew\r\n${END}`, 'no line ending added after a last line that had none');
});

test('the Plan State block and the handoff block live in one entry file without disturbing each other', () => {
  let text = '# Agents\n\nOur rules.\n';
  text = upsertSection(text, PLAN_STATE_MARKERS, 'Plan State v1');
  text = replaceBlock(text, `${START}\nhandoff v1\n${END}`);
  text = upsertSection(text, PLAN_STATE_MARKERS, 'Plan State v2');
  text = replaceBlock(text, `${START}\nhandoff v2\n${END}`);
  assert.equal(
    text,
    `# Agents\n\nOur rules.\n\n${PLAN_STATE_MARKERS.start}\nPlan State v2\n${PLAN_STATE_MARKERS.end}\n\n${START}\nhandoff v2\n${END}\n`,
  );
  const removed = removeSection(text, PLAN_STATE_MARKERS)!;
  assert.ok(removed.startsWith('# Agents\n\nOur rules.\n') && removed.endsWith(`\n${START}\nhandoff v2\n${END}\n`), removed);
  assert.ok(!removed.includes('Plan State'));
});

test('a start marker without its end is not a section: a whole one is appended', () => {
  const markers = { key: '<!-- s -->', start: '<!-- s -->', end: '<!-- e -->' };
  assert.equal(putSection('<!-- s -->\nx\n', markers, '<!-- s -->\ny\n<!-- e -->'), '<!-- s -->\nx\n\n<!-- s -->\ny\n<!-- e -->\n');
});
