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
// that bring the plan validator: those are a second CommonJS file, hooks/plan-commit.cjs,
// required only then (as ES modules from dist/src they cost a plan commit ~40 modules and the
// ESM loader). It carries its own copies of shared modules (its sentences aside, lent by the
// bundle that loads it: sharedSentences below), which is why errors are told apart by a
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
    // Evaluated where the import is reached: a require, so no ES module loader starts. The
    // bundle that loads plan-commit.cjs lends it its sentences first (see sharedSentences).
    b.onLoad({ filter: /.*/, namespace: 'plan-commit' }, () => ({
      contents: `import { messages, noun, plural } from '../messages/index.js';\nglobalThis[Symbol.for('${SENTENCES_KEY}')] ??= { messages, noun, plural };\nconst planCommit = require('${PLAN_COMMIT}');\nexport const loadPlanRules = planCommit.loadPlanRules;\nexport const startHandoff = planCommit.startHandoff;\n`,
      resolveDir: join(src, 'hooks'),
      loader: 'js',
    }));
  },
};
// plan-commit.cjs has no sentences of its own (src/messages/ was a third of it: compiled on every
// plan commit a second time): it uses those of the hook's bundle that loads it, which every
// sentence is read through (messages.<area>.<name>) once that bundle lent them. Only the hooks'
// bundles load it (fromDisk above).
const SENTENCES_KEY = 'plan-hooks.sentences';
const sharedSentences = {
  name: 'shared-sentences',
  setup(b) {
    b.onResolve({ filter: /^\./ }, (args) => (resolve(args.resolveDir, args.path) === join(src, 'messages', 'index.js') ? { path: 'messages', namespace: 'shared-sentences' } : undefined));
    b.onLoad({ filter: /.*/, namespace: 'shared-sentences' }, () => ({
      contents: `const lent = () => globalThis[Symbol.for('${SENTENCES_KEY}')];\nexport const messages = new Proxy({}, { get: (_, key) => lent().messages[key] });\nexport const plural = (...args) => lent().plural(...args);\nexport const noun = (...args) => lent().noun(...args);\n`,
      loader: 'js',
    }));
  },
};
// The coding agents' edit-time hook is three bundles. agent.cjs, which the committed shim
// .plan-hooks/agent-hook.sh starts on every edit an agent makes, is a small loader
// (src/agents/loader.ts) that runs agent-main.cjs (src/agents/main.ts) from V8's code cache.
// agent-main.cjs holds only what the pre-tool decision needs: the sentences (src/messages/,
// most of a bundle's compile time) and the replies (src/agents/replies.ts) are
// agent-replies.cjs, required only when the hook has something to say; the config validator
// loads from dist/src, as above.
const AGENT_REPLIES = './agent-replies.cjs';
const lazyAgentParts = {
  name: 'lazy-agent-parts',
  setup(b) {
    b.onResolve({ filter: /^\./ }, (args) => {
      if (args.path === AGENT_REPLIES) return { path: AGENT_REPLIES, external: true };
      const target = resolve(args.resolveDir, args.path);
      if (target === join(src, 'messages', 'index.js')) return { path: 'messages', namespace: 'lazy' };
      if (args.kind === 'dynamic-import' && target === join(src, 'agents', 'replies.js')) return { path: 'replies', namespace: 'lazy' };
      if (args.kind === 'dynamic-import' && target === join(src, 'config', 'validate.js')) return { path: `./${relative(join(src, 'hooks'), target)}`, external: true };
      return undefined;
    });
    const lazy = {
      replies: `module.exports = require('${AGENT_REPLIES}');`,
      // Each sentence is reached through messages.<area>.<name>: the first one read loads them all.
      messages: `let loaded;\nexport const messages = new Proxy({}, { get: (_, key) => (loaded ??= require('${AGENT_REPLIES}')).messages[key] });`,
      'node-module': `export const createRequire = (from) => require('node:module').createRequire(from);`,
    };
    // node:module starts node's ESM loader (~3 M instructions): required when createRequire is first called.
    b.onResolve({ filter: /^node:module$/ }, (args) => (args.kind === 'import-statement' ? { path: 'node-module', namespace: 'lazy' } : undefined));
    b.onLoad({ filter: /.*/, namespace: 'lazy' }, (args) => ({ contents: lazy[args.path], resolveDir: join(src, 'hooks'), loader: 'js' }));
  },
};
// The compiled validators require ajv's runtime helpers and ajv-formats through createRequire
// (they are ES modules): resolved at run time, through node_modules and package.json exports,
// that costs a plan commit a few ms. In plan-commit.cjs they are plain requires, bundled.
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
const entries = [
  ...HOOKS.map((hook) => ({ name: hook, contents: `import run from './${hook}.js';\nimport { runHook } from './main.js';\nrunHook('${hook}', async () => run, process.argv.slice(2)).then((code) => { process.exitCode = code; });\n` })),
  // agent.cjs runs agent-main.cjs from V8's code cache (src/agents/loader.ts). createRequire
  // takes the bundle's path as well as its URL: node:url stays unloaded too.
  { name: 'agent', plugins: [lazyAgentParts], banner: '', contents: `import { load } from '../agents/loader.js';\nload(__dirname, process.argv.slice(2), require);\n` },
  { name: 'agent-main', plugins: [lazyAgentParts], banner: 'const __bundle_url = __filename;', contents: `import { main } from '../agents/main.js';\nmain(process.argv.slice(2)).then((code) => { process.exitCode = code; });\n` },
  { name: 'agent-replies', contents: `export * from '../agents/replies.js';\nexport { messages } from '../messages/index.js';\n` },
  { name: 'plan-commit', plugins: [bundledValidators, sharedSentences], contents: `export { loadPlanRules } from '../check/plan-rules.js';\nexport { startHandoff } from '../handoff/stage.js';\n` },
];
for (const { name: hook, contents, plugins = [fromDisk], banner = "const __bundle_url = require('node:url').pathToFileURL(__filename).href;" } of entries) {
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
  if (hook === 'agent-main') {
    // Run by vm.Script (src/agents/code-cache.ts), which has no import() of its own on Node 20:
    // the loader passes one in as __import.
    const file = join(src, 'hooks', 'agent-main.cjs');
    // esbuild escapes every other character outside ASCII (charset ascii), so what is left is in
    // comments: one is enough for V8 to hold the whole source as two-byte and scan it slower.
    const text = readFileSync(file, 'utf8').replaceAll('await import("./', 'await __import("./').replace(/[^\x00-\x7f]/g, '?');
    if (/\bimport\(/.test(text.replaceAll('__import(', ''))) throw new Error('hooks/agent-main.cjs has an import() the loader does not provide');
    writeFileSync(file, text);
  }
}
