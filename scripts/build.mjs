// Build: TypeScript to dist/, then every schema in schema/ to a standalone ajv validator,
// so no command or hook compiles a schema at run time, then the hooks' modules bundled.
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
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

// ajv's standalone ESM still calls require() for its runtime helpers and formats.
const VALIDATOR_PRELUDE = "import { createRequire } from 'node:module';\nconst require = createRequire(import.meta.url);\n";
const outDir = join(root, 'dist', 'src', 'generated');
mkdirSync(outDir, { recursive: true });
for (const file of readdirSync(join(root, 'schema')).filter((f) => f.endsWith('.schema.json'))) {
  const schema = JSON.parse(readFileSync(join(root, 'schema', file), 'utf8'));
  const ajv = new Ajv2020({ code: { source: true, esm: true }, allErrors: true, strict: true });
  addFormats(ajv);
  const validate = ajv.compile(schema);
  writeFileSync(join(outDir, file.replace('.schema.json', '.validator.js')), VALIDATOR_PRELUDE + standalone(ajv, validate));
}

// Hooks run on every commit, and most of a hook's own time is loading code: ES modules cost
// ~0.5 ms a module and start node's ESM loader (~3 ms). So each hook is one CommonJS file,
// dist/src/hooks/<hook>.cjs, that the runner starts directly. Its dynamic imports are bundled
// too (evaluated only when reached), except two that only a commit staging a plan reaches and
// that bring the plan validator: those are a second CommonJS file, dist/src/hooks/plan-commit.cjs,
// required only then (as ES modules from dist/src they cost a plan commit ~40 modules and the
// ESM loader). It carries its own copies of shared modules (its sentences aside: it requires the
// hooks' messages.cjs, as their bundles do, below), which is why errors are told apart by a
// registered symbol (src/errors.ts), not by instanceof.
const { build } = require('esbuild');
const src = join(root, 'dist', 'src');
const LOADED_FROM_DISK = ['check/plan-rules.js', 'handoff/stage.js'].map((f) => join(src, f));
const PLAN_COMMIT = './plan-commit.cjs';
// The hooks plan-hooks runs (src/core/hook-table.ts, as tsc just built it): one bundle each.
const { HOOKS } = await import(join(src, 'core', 'hook-table.js'));
const fromDisk = {
  name: 'from-disk',
  setup(b) {
    b.onResolve({ filter: /^\./ }, (args) => {
      if (args.path === PLAN_COMMIT) return { path: PLAN_COMMIT, external: true };
      const target = resolve(args.resolveDir, args.path);
      if (args.kind !== 'dynamic-import' || !LOADED_FROM_DISK.includes(target)) return undefined;
      return { path: 'plan-commit', namespace: 'plan-commit' };
    });
    // Evaluated where the import is reached: a require, so no ES module loader starts.
    b.onLoad({ filter: /.*/, namespace: 'plan-commit' }, () => ({ contents: `module.exports = require('${PLAN_COMMIT}');`, resolveDir: join(src, 'hooks'), loader: 'js' }));
  },
};
// The sentences (src/messages/, most of a bundle's compile time) are a bundle of their own,
// required when a hook first reads one: the common commit and the unclaimed edit say nothing.
// So are node:module (createRequire: loading it starts node's ESM loader, ~3 M instructions),
// required when createRequire is first called. `sentences` is the bundle that holds them. A
// plan commit compiles them once: plan-commit.cjs requires the same messages.cjs.
const lazySentences = (sentences) => ({
  name: 'lazy-sentences',
  setup(b) {
    b.onResolve({ filter: /^\./ }, (args) => {
      if (args.path === sentences) return { path: sentences, external: true };
      if (resolve(args.resolveDir, args.path) === join(src, 'messages', 'index.js')) return { path: 'messages', namespace: 'lazy-sentences' };
      return undefined;
    });
    const lazy = {
      // Each sentence is reached through messages.<area>.<name>: the first one read loads them all.
      messages: `import { noun, plural } from './plural.js';\nexport { noun, plural };\nlet loaded;\nexport const messages = new Proxy({}, { get: (_, key) => (loaded ??= require('${sentences}')).messages[key] });`,
      'node-module': `export const createRequire = (from) => require('node:module').createRequire(from);`,
    };
    b.onResolve({ filter: /^node:module$/ }, (args) => (args.kind === 'import-statement' ? { path: 'node-module', namespace: 'lazy-sentences' } : undefined));
    b.onLoad({ filter: /.*/, namespace: 'lazy-sentences' }, (args) => ({ contents: lazy[args.path], resolveDir: join(src, 'messages'), loader: 'js' }));
  },
});
// Each hook is two bundles and the sentences: <hook>.cjs, which the runner starts, is a small
// loader (src/hooks/loader.ts) that runs <hook>-main.cjs from V8's code cache; the sentences are
// messages.cjs. The coding agents' edit-time hook is the same: agent.cjs (src/agents/loader.ts)
// runs agent-main.cjs (src/agents/main.ts), and its sentences and replies (src/agents/replies.ts)
// are agent-replies.cjs; its config validator loads from dist/src.
const AGENT_REPLIES = './agent-replies.cjs';
const HOOK_SENTENCES = './messages.cjs';
const agentParts = {
  name: 'agent-parts',
  setup(b) {
    b.onResolve({ filter: /^\./ }, (args) => {
      const target = resolve(args.resolveDir, args.path);
      if (args.kind === 'dynamic-import' && target === join(src, 'agents', 'replies.js')) return { path: 'replies', namespace: 'agent-parts' };
      if (args.kind === 'dynamic-import' && target === join(src, 'config', 'validate.js')) return { path: `./${relative(join(src, 'hooks'), target)}`, external: true };
      return undefined;
    });
    b.onLoad({ filter: /.*/, namespace: 'agent-parts' }, () => ({ contents: `module.exports = require('${AGENT_REPLIES}');`, resolveDir: join(src, 'hooks'), loader: 'js' }));
  },
};
// The compiled validators require ajv's runtime helpers and ajv-formats through createRequire
// (they are ES modules): resolved at run time, through node_modules and package.json exports,
// and loading node:module for it, that costs every commit (pre-commit validates the
// configuration) and a plan commit a few ms. In the hooks' bundles they are plain requires, bundled.
const bundledValidators = {
  name: 'bundled-validators',
  setup(b) {
    b.onLoad({ filter: /[\\/]generated[\\/][^\\/]+\.validator\.js$/ }, (args) => {
      const text = readFileSync(args.path, 'utf8');
      if (!text.startsWith(VALIDATOR_PRELUDE)) throw new Error(`${args.path} does not start with the validators' prelude`);
      return { contents: text.slice(VALIDATOR_PRELUDE.length), loader: 'js', resolveDir: dirname(args.path) };
    });
  },
};
// The bundles vm.Script runs (src/lib/code-cache.ts): it has no import() of its own on Node 20,
// so the loader passes one in as __import. The hooks' sibling bundles (a plan commit's and the
// sentences, src/hooks/loader.ts HOOK_SIBLINGS) run from a code cache too.
const RUN_FROM_CACHE = new Set([...HOOKS.map((hook) => `${hook}-main`), 'agent-main', 'plan-commit', 'messages']);
const entries = [
  // createRequire takes the bundle's path as well as its URL: node:url stays unloaded in a loader.
  ...HOOKS.map((hook) => ({ name: hook, plugins: [lazySentences(HOOK_SENTENCES)], banner: '', contents: `import { load } from './loader.js';\nload('${hook}', __dirname, require);\n` })),
  ...HOOKS.map((hook) => ({ name: `${hook}-main`, plugins: [lazySentences(HOOK_SENTENCES), fromDisk, bundledValidators], contents: `import run from './${hook}.js';\nimport { runHook } from './main.js';\nrunHook('${hook}', async () => run, process.argv.slice(2)).then((code) => { process.exitCode = code; });\n` })),
  { name: 'messages', contents: `export { messages } from '../messages/index.js';\n` },
  { name: 'agent', plugins: [lazySentences(AGENT_REPLIES), agentParts], banner: '', contents: `import { load } from '../agents/loader.js';\nload(__dirname, process.argv.slice(2), require);\n` },
  { name: 'agent-main', plugins: [lazySentences(AGENT_REPLIES), agentParts], contents: `import { main } from '../agents/main.js';\nmain(process.argv.slice(2)).then((code) => { process.exitCode = code; });\n` },
  { name: 'agent-replies', contents: `export * from '../agents/replies.js';\nexport { messages } from '../messages/index.js';\n` },
  { name: 'plan-commit', plugins: [lazySentences(HOOK_SENTENCES), bundledValidators], contents: `export { loadPlanRules } from '../check/plan-rules.js';\nexport { startHandoff } from '../handoff/stage.js';\n` },
  // The signing program git runs for every commit where signing is set up (src/hooks/signing-program.ts): one file, as a hook.
  { name: 'signing-program', plugins: [lazySentences(HOOK_SENTENCES), bundledValidators], contents: `import './signing-program.js';\n` },
];
// import.meta.url is the bundle's path, not its URL: createRequire, its one use (checked below),
// takes either, and making the URL costs every hook node:url and pathToFileURL (~1 ms).
for (const { name: hook, contents, plugins = [fromDisk], banner = 'const __bundle_url = __filename;' } of entries) {
  const result = await build({
    stdin: { contents, resolveDir: join(src, 'hooks'), sourcefile: `${hook}-entry.js` },
    outfile: join(src, 'hooks', `${hook}.cjs`),
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    plugins,
    // createRequire(import.meta.url) (term.ts, the validators) resolves packages: from the
    // bundle's place as well as from the module's own.
    define: { 'import.meta.url': '__bundle_url' },
    banner: { js: banner },
    metafile: true,
    logLevel: 'warning',
  });
  // A module that looks up a file relative to itself would get the bundle's place instead.
  const located = Object.keys(result.metafile.inputs).filter((f) => existsSync(join(root, f)) && /import\.meta/.test(readFileSync(join(root, f), 'utf8').replaceAll('createRequire(import.meta.url)', '')));
  if (located.length > 0) throw new Error(`hooks/${hook}.cjs bundles modules that use import.meta: ${located.join(', ')}`);
  if (RUN_FROM_CACHE.has(hook)) {
    const file = join(src, 'hooks', `${hook}.cjs`);
    // esbuild escapes every other character outside ASCII (charset ascii), so what is left is in
    // comments: one is enough for V8 to hold the whole source as two-byte and scan it slower.
    const text = readFileSync(file, 'utf8').replace(/\bimport\((?=["'])/g, '__import(').replace(/[^\x00-\x7f]/g, '?');
    if (/\bimport\(/.test(text.replaceAll('__import(', ''))) throw new Error(`hooks/${hook}.cjs has an import() the loader does not provide`);
    writeFileSync(file, text);
  }
}
