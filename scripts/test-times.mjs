// A node:test reporter that prints each test file's time (the sum of its top-level tests'), the
// slowest first, and every failure: `node scripts/test.mjs --times` (scripts/test.mjs),
// used to choose what the fast tier holds and which files to make share their fixtures.
export default async function* testTimes(source) {
  const files = new Map();
  const failures = [];
  for await (const event of source) {
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    const { file = '?', nesting, name, details } = event.data;
    if (event.type === 'test:fail' && !details?.error?.failureType?.startsWith?.('subtestsFailed')) failures.push(`${file}: ${name}\n  ${String(details?.error?.cause ?? details?.error).split('\n').slice(0, 6).join('\n  ')}`);
    if (nesting !== 0) continue;
    const entry = files.get(file) ?? { ms: 0, tests: 0 };
    entry.ms += details?.duration_ms ?? 0;
    entry.tests += 1;
    files.set(file, entry);
  }
  const rows = [...files].sort((a, b) => b[1].ms - a[1].ms);
  const total = rows.reduce((sum, [, e]) => sum + e.ms, 0);
  for (const [file, e] of rows) yield `${(e.ms / 1000).toFixed(1).padStart(7)} s ${String(e.tests).padStart(4)} tests  ${file.replace(/^.*\/dist\/test\//, '')}\n`;
  yield `${(total / 1000).toFixed(1).padStart(7)} s in ${rows.length} files (summed; wall time is less with concurrency)\n`;
  for (const f of failures) yield `FAIL ${f}\n`;
}
