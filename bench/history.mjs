// A long history made fast (git fast-import), for the range benchmark and the range tests: a
// plan with a live claim held by codex on src/api, then `commits` commits by claude on
// unclaimed files; every 50th appends to the plan's log, every 100th is a merge of a one-commit
// side branch. Returns the first and last commit ids.
import { execFileSync } from 'node:child_process';

// One claimedAt for the whole history: computed per plan version, a history that took more than a
// second to build had codex's claim re-dated by claude's commits (refused, rightly).
const CLAIMED_AT = new Date(Date.now() - 3600_000).toISOString().replace(/\.\d+Z$/, 'Z');
const TODAY = new Date().toISOString().slice(0, 10);

const plan = (logs) => ({
  planId: 'api',
  title: 'Plan api',
  lifecycle: 'single-pr',
  createdDate: '2026-01-01',
  lastUpdated: TODAY,
  relatedDocs: [],
  taskTemplate: { steps: [{ id: 'do', description: 'Do it', status: 'not-started' }] },
  workItems: [
    {
      id: 'work',
      title: 'The work',
      status: 'in-progress',
      findings: [],
      tasks: [{ id: 'endpoints', status: 'in-progress', acceptance: 'tests pass', files: ['src/api'], claimedBy: 'codex', claimedAt: CLAIMED_AT }],
      log: Array.from({ length: logs }, (_, i) => ({ date: TODAY, summary: `step ${i}` })),
    },
  ],
  changelog: [{ date: '2026-01-01', summary: 'Plan created' }],
});

export function makeHistory(dir, commits, env = process.env) {
  const chunks = [];
  const data = (text) => `data ${Buffer.byteLength(text)}\n${text}\n`;
  const start = Math.floor(Date.now() / 1000) - 3000;
  let mark = 0;
  const commit = (ref, message, files, from, merge, t, who = 'claude') => {
    mark++;
    chunks.push(`commit ${ref}\nmark :${mark}\nauthor ${who} <${who}@example.com> ${t} +0000\ncommitter ${who} <${who}@example.com> ${t} +0000\n${data(message)}`);
    if (from) chunks.push(`from :${from}\n`);
    if (merge) chunks.push(`merge :${merge}\n`);
    for (const [path, text] of Object.entries(files)) chunks.push(`M 100644 inline ${path}\n${data(text)}`);
    chunks.push('\n');
    return mark;
  };
  let head = commit('refs/heads/main', 'Plan api', { 'docs/api-plan.json': `${JSON.stringify(plan(1), null, 2)}\n`, 'docs/api-plan.md': '# api\n', 'src/api/a.ts': 'x\n' }, 0, 0, start, 'codex');
  const first = head;
  let logs = 1;
  for (let i = 1; i <= commits; i++) {
    const t = start + Math.floor((i * 2000) / commits);
    if (i % 100 === 0) {
      const side = commit('refs/heads/side', `side ${i}`, { [`side/s${i}.ts`]: `${i}\n` }, head, 0, t);
      head = commit('refs/heads/main', `Merge side ${i}`, {}, head, side, t);
      continue;
    }
    const files = { [`src/m${i % 50}/f${i}.ts`]: `${i}\n` };
    if (i % 50 === 0) files['docs/api-plan.json'] = `${JSON.stringify(plan(++logs), null, 2)}\n`;
    head = commit('refs/heads/main', `change ${i}`, files, head, 0, t);
  }
  chunks.push(`get-mark :${first}\nget-mark :${head}\n`);
  const out = execFileSync('git', ['fast-import', '--quiet', '--cat-blob-fd=1'], { cwd: dir, env, input: chunks.join(''), encoding: 'utf8', maxBuffer: 1 << 28 });
  execFileSync('git', ['reset', '-q', '--hard', 'main'], { cwd: dir, env });
  const [firstId, lastId] = out.trim().split('\n');
  return { first: firstId, last: lastId };
}
