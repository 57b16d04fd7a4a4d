// Runs every bench/*.bench.mjs in turn (name order), each in its own process, and fails if
// any fails. `npm run bench` builds first. Arguments are passed on to every benchmark.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const files = readdirSync(here).filter((f) => f.endsWith('.bench.mjs')).sort();
let failed = 0;
for (const file of files) {
  process.stdout.write(`\n== ${file}\n`);
  const r = spawnSync(process.execPath, [join(here, file), ...process.argv.slice(2)], { stdio: 'inherit' });
  if (r.status !== 0) {
    failed++;
    process.stderr.write(`${file} failed (exit ${r.status ?? r.signal})\n`);
  }
}
process.exitCode = failed > 0 ? 1 : 0;
