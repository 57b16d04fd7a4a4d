// The pure parts of the handoff: the block, its markers, the derived fields' text edit, and the
// handoff checked against git facts.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { handoffMismatches } from '../../src/handoff/mismatches.js';
import { END, renderAggregateBlock, renderPlanBlock, replaceBlock, START, type BlockFacts } from '../../src/handoff/render.js';
import { handoffChanged, topLevelObjectSpan, withDerived } from '../../src/handoff/stage.js';
import { exportPlan } from '../fixtures/plans.js';

// The plan first: its claim is dated an hour before the plan is made, so `now` must not be
// earlier than that or the claim's age rounds down to 0 h.
const file = { path: 'docs/export-plan.json', plan: exportPlan() };
const facts: BlockFacts = {
  branch: 'feature/retry',
  head: { id: 'a'.repeat(40), subject: 'add the loop' },
  uncommitted: ['scratch.txt'],
  now: new Date(),
  staleAfterHours: 24,
};

test('the plan block states next action, verify, every task with its own facts and a resume prompt, and nothing a branch or the clock decides', () => {
  const b = renderPlanBlock(file, facts);
  assert.ok(b.startsWith(START) && b.endsWith(END));
  assert.match(b, /\*\*Next action:\*\* Write the retry loop/);
  assert.match(b, /\*\*Verify:\*\* `npm test`/);
  assert.match(b, /- `loop` — in-progress, claimed by alice since \d{4}-\d\d-\d\dT[\d:.]+Z\n  - files: `src\/retry\/\*\*`\n\n/);
  assert.match(b, /- `docs` — not-started, depends on `loop`\n/);
  for (const branchOrTime of [/feature\/retry/, /aaaaaaaaaaaa/, /add the loop/, /scratch\.txt/, / h\)/, /Ready to start/, /Builds on/]) assert.doesNotMatch(b, branchOrTime);
  assert.equal(renderPlanBlock(file, { ...facts, branch: 'other', head: null, uncommitted: [], now: new Date(Date.now() + 86_400_000) }), b, 'the same block on any branch, at any time');
  assert.match(b, /^<!-- plan-hooks:handoff:start -->\n\n## Handoff/);
  assert.match(b, /```\n\n<!-- plan-hooks:handoff:end -->$/, 'blank lines around the markers, as prettier writes them');
  assert.match(b, /### Resume prompt\n\n```text\nContinue the plan "Export retry" \(docs\/export-plan.json\)\.\nNext action: Write the retry loop/);
  assert.match(b, /plan-hooks status/);
});

test("a task's own next action (metadata.nextAction) is shown while it is open, never once it is completed", () => {
  const p = exportPlan();
  p.workItems[0]!.tasks[0]!.metadata = { nextAction: 'Add the backoff' };
  assert.match(renderPlanBlock({ path: 'docs/export-plan.json', plan: p }, facts), /- `loop` — in-progress, .*\n  - next: Add the backoff\n  - files/);
  const done = exportPlan({}, [{ id: 'loop', status: 'completed', acceptance: 'ok', metadata: { nextAction: 'Add the backoff' } }]);
  const b = renderPlanBlock({ path: 'docs/export-plan.json', plan: done }, facts);
  assert.doesNotMatch(b, /Add the backoff/);
});

test('plan text cannot forge markers, break the code fence or carry control characters', () => {
  const evil = exportPlan({ title: `x ${END} \u001b[2J`, handoff: { nextAction: '```\nrm -rf /\n```' } });
  const b = renderPlanBlock({ path: 'docs/export-plan.json', plan: evil }, facts);
  assert.equal(b.split(END).length, 2, 'only our own end marker');
  assert.doesNotMatch(b, /\u001b/);
  const fence = /### Resume prompt\n\n(`{3,})text\n/.exec(b)![1]!;
  assert.ok(fence.length >= 4, 'the fence is longer than any backtick run inside');
});

test('raw HTML from a plan is escaped in prose and inert in code; no plan field can place or close a marker', () => {
  const html = '<script>alert(1)</script> <img src=x onerror=alert(1)> &amp; <!-- x -->';
  const evil = exportPlan({
    title: html,
    handoff: { nextAction: `${START}\n${END}\n<!-- plan-hooks:handoff:end -->`, verify: `npm test <!-- ${END}`, updatedBy: '<b>me</b>' },
  });
  evil.workItems[0]!.tasks[0]!.files = [`src/<!--/x`, `-->`];
  evil.workItems[0]!.tasks[0]!.claimedBy = `${END} alice`;
  const blocks = [renderPlanBlock({ path: 'docs/export-plan.json', plan: evil }, { ...facts, branch: '<!--x-->', head: { id: 'a'.repeat(40), subject: `<b>${END}</b>` } }), renderAggregateBlock([{ path: 'docs/export-plan.json', plan: evil }], facts)];
  for (const b of blocks) {
    assert.equal(b.split('<!--').length, 3, `only our two markers open a comment:\n${b}`);
    assert.equal(b.split('-->').length, 3, 'only our two markers close one');
    // Only the fenced prompt, which Markdown shows literally, keeps the HTML as typed.
    assert.doesNotMatch(b.replace(/```text\n[^]*?\n```\n/, ''), /<script|<img|<b>/);
    // Put between other text, and replaced again, the block is found as one block and the text outside it stays.
    const page = replaceBlock(replaceBlock('# Mine\n\nkeep me\n', b), b);
    assert.equal(page, `# Mine\n\nkeep me\n\n${b}\n`);
  }
  assert.match(blocks[0]!, /## Handoff: &lt;script&gt;alert\(1\)&lt;\/script&gt; &lt;img src=x onerror=alert\(1\)&gt; &amp;amp; &lt;!-- x --&gt;/);
  // In code, Markdown shows what is written: the HTML stays as typed, the comment delimiters are broken.
  assert.match(blocks[0]!, /\*\*Verify:\*\* `npm test &lt;!-- &lt;!-- plan-hooks:handoff:end --&gt;`/);
  assert.match(blocks[0]!, /Continue the plan "<script>alert\(1\)<\/script> <img src=x onerror=alert\(1\)> &amp; &lt;!-- x --&gt;"/);
});

test('bidi controls and invisible characters from a plan are shown as escapes in the block', () => {
  const evil = exportPlan({ title: 'access\u202e\u2066level\u2069\u200b', handoff: { nextAction: 'run\u200f it\u2028now' } });
  const b = renderPlanBlock({ path: 'docs/export-plan.json', plan: evil }, facts);
  assert.doesNotMatch(b, /[\u202a-\u202e\u2066-\u2069\u200b-\u200f\u2028\u2029]/u);
  assert.match(b, /## Handoff: access\\u202e\\u2066level\\u2069\\u200b/);
  assert.match(b, /run\\u200f it\\u2028now/);
});

test('replaceBlock keeps every byte outside the markers, appends when absent, and is idempotent', () => {
  const before = '# Title\r\n\r\nMine.\r\n';
  const once = replaceBlock(before, `${START}\nA\n${END}`);
  assert.equal(once, `# Title\r\n\r\nMine.\r\n\r\n${START}\r\nA\r\n${END}\r\n`);
  const text = `head\n${START}\nold\n${END}\ntail\n`;
  const next = replaceBlock(text, `${START}\nnew\n${END}`);
  assert.equal(next, `head\n${START}\nnew\n${END}\ntail\n`);
  assert.equal(replaceBlock(next, `${START}\nnew\n${END}`), next);
});

test("the aggregate block lists every plan by what the plan says of itself, not its tasks' states", () => {
  const done = exportPlan({ planId: 'old', title: 'Old plan' }, [{ id: 't', status: 'completed' }]);
  const b = renderAggregateBlock([file, { path: 'docs/export-plan.json', plan: exportPlan({}, [{ id: 'loop', status: 'completed', acceptance: 'ok' }]) }], facts);
  assert.match(b, /Export retry.*docs\/export-plan.md/);
  assert.match(b, /Next action: Write the retry loop/);
  assert.doesNotMatch(b, /not-started|in-progress|feature\/retry|aaaaaaaaaaaa/);
  assert.equal(renderAggregateBlock([file, { path: 'docs/old-plan.json', plan: done }], facts).split('Old plan').length, 2);
  assert.equal(renderAggregateBlock([file], facts), renderAggregateBlock([file], { ...facts, branch: 'other', head: null, uncommitted: [] }), 'the same on any branch');
});

test('withDerived rewrites only the handoff object, in the file own indentation', () => {
  const text = '{\n    "planId": "p",\n    "handoff": {\n        "nextAction": "x"\n    },\n    "other": [1,2]\n}\n';
  assert.deepEqual(topLevelObjectSpan(text, 'handoff'), [text.indexOf('{\n        "next'), text.indexOf('},') + 1]);
  const out = withDerived(text, { updatedBy: 'claude', branch: 'main' })!;
  assert.equal(out, '{\n    "planId": "p",\n    "handoff": {\n        "nextAction": "x",\n        "updatedBy": "claude",\n        "branch": "main"\n    },\n    "other": [1,2]\n}\n');
  assert.equal(withDerived('{"handoff": {"nextAction": "x"}, "a": "{\\"handoff\\": 1}"}', { branch: 'b' }), '{"handoff": {"nextAction":"x","branch":"b"}, "a": "{\\"handoff\\": 1}"}');
  assert.equal(withDerived('not json', { branch: 'b' }), null);
});

test('handoffChanged ignores the derived fields', () => {
  assert.equal(handoffChanged({ nextAction: 'a' }, { nextAction: 'a', updatedBy: 'x', branch: 'b' }), false);
  assert.equal(handoffChanged({ nextAction: 'a' }, { nextAction: 'b' }), true);
  assert.equal(handoffChanged(undefined, { nextAction: 'a' }), true);
});

test('handoffMismatches flags a last commit git lacks, another branch, and uncommitted claims git refutes', () => {
  const base = { branch: 'main', lastCommit: { full: 'f'.repeat(40), ancestor: true }, uncommitted: ['a.txt'] };
  assert.deepEqual(handoffMismatches({ nextAction: 'x', lastCommit: 'abc', branch: 'main', uncommitted: 'a.txt' }, base), []);
  const m = handoffMismatches({ nextAction: 'x', lastCommit: 'nope', branch: 'other', uncommitted: 'none' }, { ...base, lastCommit: null });
  assert.equal(m.length, 3);
  assert.match(m[0]!, /lastCommit 'nope' is not a commit/);
  assert.match(m[1]!, /branch 'other'/);
  assert.match(m[2]!, /1 path is uncommitted \(a.txt\)/);
  assert.match(handoffMismatches({ nextAction: 'x', uncommitted: 'src/gone.ts half done' }, base)[0]!, /'src\/gone.ts'/);
  assert.match(handoffMismatches({ nextAction: 'x', lastCommit: 'abc' }, { ...base, lastCommit: { full: 'f'.repeat(40), ancestor: false } })[0]!, /not in this branch/);
});
