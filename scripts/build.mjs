// Build: TypeScript to dist/, then every schema in schema/ to a standalone ajv validator,
// so no command or hook compiles a schema at run time.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

rmSync(join(root, 'dist'), { recursive: true, force: true });
execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', root], { stdio: 'inherit' });

const Ajv2020 = require('ajv/dist/2020').default;
const addFormats = require('ajv-formats');
const standalone = require('ajv/dist/standalone').default;

const outDir = join(root, 'dist', 'src', 'generated');
mkdirSync(outDir, { recursive: true });
for (const file of readdirSync(join(root, 'schema')).filter((f) => f.endsWith('.schema.json'))) {
  const schema = JSON.parse(readFileSync(join(root, 'schema', file), 'utf8'));
  const ajv = new Ajv2020({ code: { source: true, esm: true }, allErrors: true, strict: true });
  addFormats(ajv);
  const validate = ajv.compile(schema);
  // ajv's standalone ESM still calls require() for its runtime helpers and formats.
  const prelude = "import { createRequire } from 'node:module';\nconst require = createRequire(import.meta.url);\n";
  writeFileSync(join(outDir, file.replace('.schema.json', '.validator.js')), prelude + standalone(ajv, validate));
}
