// Build: TypeScript to dist/, then every schema in schema/ to a standalone ajv validator,
// so no command or hook compiles a schema at run time, then the hooks' modules bundled.
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

rmSync(join(root, 'dist'), { recursive: true, force: true });
execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', root], { stdio: 'inherit' });
// npm marks bin files executable on install, but npx on a tarball with some npm versions does not.
chmodSync(join(root, 'dist', 'src', 'cli.js'), 0o755);

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

// Hooks run on every commit, and loading ES modules one file at a time costs a hook ~0.5 ms a
// module. So each hook's static import graph (and worklog/record.js, which post-commit and
// post-merge import) is bundled into the file tsc wrote, in place: dist/src keeps its layout
// and the tests import modules from it as before. Dynamic import() stays a separate module
// (the validator and the handoff are loaded only when a plan is staged), and so do the modules
// the CLI loads before any hook (errors.js defines the error classes `instanceof` checks, so
// one copy of it must exist).
const { build } = require('esbuild');
const src = join(root, 'dist', 'src');
const SHARED = ['errors.js', 'messages.js', 'term.js'].map((f) => join(src, f));
const entries = [...readdirSync(join(src, 'hooks')).filter((f) => f.endsWith('.js')).map((f) => join(src, 'hooks', f)), join(src, 'worklog', 'record.js')];
for (const file of entries) {
  const keepSeparate = {
    name: 'keep-separate',
    setup(b) {
      b.onResolve({ filter: /^\./ }, (args) => {
        if (args.kind === 'entry-point') return undefined;
        const target = resolve(args.resolveDir, args.path);
        if (args.kind !== 'dynamic-import' && !SHARED.includes(target)) return undefined;
        // Rewritten relative to the bundle, which replaces the entry file in place.
        const path = relative(dirname(file), target);
        return { path: path.startsWith('.') ? path : `./${path}`, external: true };
      });
    },
  };
  await build({ entryPoints: [file], outfile: file, allowOverwrite: true, bundle: true, format: 'esm', platform: 'node', target: 'node20', plugins: [keepSeparate], logLevel: 'warning' });
}
