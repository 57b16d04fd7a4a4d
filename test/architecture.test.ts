// The layers of src/ (docs/ARCHITECTURE.md), checked rather than claimed: every run-time import
// goes down the layer order, no import cycle between folders, lib/ (generic helpers) imports
// nothing of the product, and core/ (the decisions) is pure. A violation names the import or the
// line that makes it, so the fix is evident.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { test } from 'node:test';
import { PACKAGE_ROOT } from './fixtures/paths.js';
import { removeDir } from './fixtures/remove-dir.js';
import { sources } from './fixtures/sources.js';

/**
 * The layer order of src/, top down, written once (docs/ARCHITECTURE.md's table lists the same
 * rows): a module imports at run time only from its own row and the rows below it. Folders in one
 * row may import each other (the cycle check still holds between them); a file directly in src/
 * is its own unit (`cli`, `errors`, ...). A new folder takes its row here and in the table.
 */
export const LAYERS: readonly (readonly string[])[] = [
  ['commands', 'cli'],
  ['install'],
  ['hooks'],
  ['agents'],
  ['board'],
  ['status'],
  ['worklog'],
  ['handoff'],
  ['check'],
  ['facts'],
  ['remote'],
  ['claims'],
  ['identity'],
  ['plan'],
  ['sessions'],
  ['git'],
  ['config', 'generated'],
  ['core'],
  ['problems'],
  ['fs'],
  ['messages', 'term', 'errors', 'version'],
  ['lib'],
];

/** Run-time imports: `import type`, `export type` and imports of types only load nothing. */
function runTimeImports(file: string): string[] {
  const out: string[] = [];
  for (const m of readFileSync(file, 'utf8').matchAll(/(?:^|\n)\s*(import|export)\s(type\s)?([^'"]*?)from\s*['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g)) {
    const names = /^\s*\{([^}]*)\}\s*$/.exec(m[3] ?? '')?.[1]?.split(',').map((n) => n.trim()).filter(Boolean);
    if (m[2] || (names && names.length > 0 && names.every((n) => n.startsWith('type ')))) continue;
    out.push(resolve(dirname(file), (m[4] ?? m[5])!.replace(/\.js$/, '.ts')));
  }
  return out;
}

/** Every run-time import that goes up the layer order, and every folder the order does not name. */
export function orderViolations(src: string, layers: readonly (readonly string[])[] = LAYERS): string[] {
  const rank = new Map(layers.flatMap((row, i) => row.map((unit) => [unit, i] as const)));
  const problems: string[] = [];
  const unplaced = new Set<string>();
  for (const file of sources(src)) {
    const from = unitOf(src, file);
    if (!rank.has(from)) unplaced.add(from);
    for (const target of runTimeImports(file)) {
      const to = unitOf(src, target);
      if (to === from || relative(src, target).startsWith('..') || !rank.has(from) || !rank.has(to)) continue;
      if (rank.get(to)! < rank.get(from)!) {
        problems.push(`${relative(src, file)} imports ${relative(src, target)} at run time, but ${to}/ is above ${from}/ in the layer order (LAYERS, docs/ARCHITECTURE.md): move the code down, or use import type`);
      }
    }
  }
  for (const unit of [...unplaced].sort()) problems.push(`src/${unit} is in no row of the layer order: add it to LAYERS in test/architecture.test.ts and to docs/ARCHITECTURE.md's table`);
  return problems;
}

/** Folders that may import only from themselves (generic code, no product idea in it). */
const SELF_CONTAINED = ['lib'];

/**
 * The pure core: plans and facts in, decisions out. Its modules reach no I/O, environment or
 * clock (the caller passes `now` and the environment), and import at run time only what is pure
 * too; `import type` may name any layer's types.
 */
const PURE = 'core';
const PURE_MAY_IMPORT = new Set(['core', 'lib', 'messages', 'problems', 'errors']);
const IMPURE: [RegExp, string][] = [
  [/from\s*['"]node:|import\(\s*['"]node:|require\(/, 'imports a node: module'],
  [/\bprocess\.(env|cwd|argv|stdout|stderr|stdin|exit)\b/, 'reads the process (env, cwd, streams)'],
  [/\bDate\.now\(\)|\bnew Date\(\s*\)|\bperformance\.now\(\)/, 'reads the clock'],
  [/\bMath\.random\(\)/, 'is random'],
];

/** Every line of core/ that is not pure, and every run-time import of core/ outside the pure layers. */
export function purityViolations(src: string): string[] {
  const dir = join(src, PURE);
  let files: string[];
  try {
    files = sources(dir);
  } catch {
    return [];
  }
  const problems: string[] = [];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    text.split('\n').forEach((line, i) => {
      if (/^\s*(\/\/|\*|\/\*)/.test(line)) return;
      for (const [pattern, what] of IMPURE) if (pattern.test(line)) problems.push(`${relative(src, file)}:${i + 1} ${what}: ${line.trim()}`);
    });
    for (const m of text.matchAll(/(?:^|\n)\s*(import|export)\s(type\s)?([^'"]*?)from\s*['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g)) {
      // Types are erased: `import type { X }` and `import { type X, type Y }` load nothing.
      const names = /^\s*\{([^}]*)\}\s*$/.exec(m[3] ?? '')?.[1]?.split(',').map((n) => n.trim()).filter(Boolean);
      if (m[2] || (names && names.length > 0 && names.every((n) => n.startsWith('type ')))) continue;
      const target = resolve(dirname(file), (m[4] ?? m[5])!.replace(/\.js$/, '.ts'));
      const unit = unitOf(src, target);
      if (!PURE_MAY_IMPORT.has(unit)) problems.push(`${relative(src, file)} imports ${relative(src, target)} at run time, which is not pure (use import type, or move it into core/)`);
    }
  }
  return problems;
}

/**
 * The one layer that runs git (src/git/, like pre-commit's git.py): everywhere else asks its
 * named queries and functions, so each command line and each parser of git's output is written
 * once, beside the other. Outside src/git/ a module may not import the exec layer (spawn, batch)
 * or the raw runners (git(), gitSync(), query()/output(), which take a command line), start git
 * itself, or write a git command line.
 */
const GIT_LAYER = 'git';
const EXEC_MODULES = new Set(['git/spawn.ts', 'git/batch.ts']);
const RAW_NAMES: Record<string, string[]> = { 'git/git.ts': ['git', 'query', 'output'], 'git/sync.ts': ['gitSync'] };
const GIT_SUBCOMMANDS = [
  'rev-parse', 'rev-list', 'ls-files', 'ls-tree', 'ls-remote', 'cat-file', 'diff', 'diff-tree', 'diff-index', 'for-each-ref',
  'symbolic-ref', 'update-index', 'update-ref', 'hash-object', 'read-tree', 'write-tree', 'commit-tree', 'merge-base',
  'interpret-trailers', 'worktree', 'config', 'notes', 'log', 'show', 'fetch', 'push', 'var', 'patch-id', '--no-optional-locks', '--literal-pathspecs',
];
const RUNS_GIT: [RegExp, string][] = [
  [/\b(?:spawn|spawnSync|execFile|execFileSync|exec|execSync)\(\s*['"`]git['"`]/, 'starts git itself'],
  [new RegExp(`\\[\\s*['"](?:${GIT_SUBCOMMANDS.join('|')})['"]\\s*[,\\]]`), 'writes a git command line'],
  [/\bgit(?:Sync|Alone|Result)?\(\s*\[/, 'runs git with a command line of its own'],
];

/**
 * Files outside src/git/ still running git themselves, each with why: the rule holds them to
 * this list (one that stops must leave it), and the list only shrinks.
 */
export const RUNS_GIT_FOR_NOW: Record<string, string> = {
};

/** Every place outside src/git/ that runs git or writes a git command line, as readable lines. */
export function gitViolations(src: string): string[] {
  const problems: string[] = [];
  for (const file of sources(src)) {
    if (unitOf(src, file) === GIT_LAYER) continue;
    const text = readFileSync(file, 'utf8');
    const name = relative(src, file);
    text.split('\n').forEach((line, i) => {
      if (/^\s*(\/\/|\*|\/\*)/.test(line)) return;
      for (const [pattern, what] of RUNS_GIT) if (pattern.test(line)) problems.push(`${name}:${i + 1} ${what}: ${line.trim()}`);
    });
    for (const m of text.matchAll(/(?:^|\n)\s*(?:import|export)\s(type\s)?([^'"]*?)from\s*['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g)) {
      const target = relative(src, resolve(dirname(file), (m[3] ?? m[4])!.replace(/\.js$/, '.ts')));
      if (m[1]) continue;
      const names = /^\s*\{([^}]*)\}\s*$/.exec(m[2] ?? '')?.[1]?.split(',').map((n) => n.trim()).filter((n) => n && !n.startsWith('type ')).map((n) => n.split(/\s+as\s+/)[0]!);
      if (EXEC_MODULES.has(target) && (names === undefined || names.length > 0)) problems.push(`${name} imports ${target}, the exec layer: ask a named query of src/git/ instead`);
      const raw = (names ?? []).filter((n) => RAW_NAMES[target]?.includes(n));
      if (raw.length > 0) problems.push(`${name} imports ${raw.join(', ')} from ${target}, which run a command line of its own: name the query in src/git/`);
    }
  }
  return problems;
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

/** The top-level folder a file lives in; a file directly in src/ is its own unit. */
const unitOf = (src: string, file: string) => relative(src, file).split('/')[0]!.replace(/\.ts$/, '');

/** Every violation of the layer rules in the tree at `src`, as readable lines. */
export function layerViolations(src: string): string[] {
  const edges = new Map<string, Map<string, string>>();
  for (const file of sources(src)) {
    const from = unitOf(src, file);
    for (const m of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = resolve(dirname(file), (m[1] ?? m[2])!.replace(/\.js$/, '.ts'));
      const to = unitOf(src, target);
      if (to === from || relative(src, target).startsWith('..')) continue;
      const out = edges.get(from) ?? new Map<string, string>();
      edges.set(from, out);
      if (!out.has(to)) out.set(to, `${relative(src, file)} imports ${relative(src, target)}`);
    }
  }
  const problems: string[] = [];
  for (const folder of SELF_CONTAINED) {
    for (const [to, why] of edges.get(folder) ?? []) problems.push(`${folder}/ must not depend on ${to}: ${why}`);
  }
  // A cycle between folders: a path back to where it started, found by depth-first search.
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const seen = new Set<string>();
  const visit = (unit: string) => {
    state.set(unit, 'open');
    stack.push(unit);
    for (const next of edges.get(unit)?.keys() ?? []) {
      if (state.get(next) === 'open') {
        const cycle = [...stack.slice(stack.indexOf(next)), next];
        const key = [...cycle].slice(0, -1).sort().join(' ');
        if (!seen.has(key)) {
          seen.add(key);
          const steps = cycle.slice(0, -1).map((u, i) => `    ${edges.get(u)!.get(cycle[i + 1]!)}`);
          problems.push(`import cycle between folders: ${cycle.join(' → ')}\n${steps.join('\n')}`);
        }
      } else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(unit, 'done');
  };
  for (const unit of [...edges.keys()].sort()) if (!state.has(unit)) visit(unit);
  return problems;
}

/** Runs `body` over a scratch src/ it writes files into, for the deliberate violations. */
function inScratch(prefix: string, body: (write: (path: string, text: string) => void, src: string) => void): void {
  const src = mkdtempSync(join(tmpdir(), prefix));
  try {
    body((path, text) => {
      mkdirSync(dirname(join(src, path)), { recursive: true });
      writeFileSync(join(src, path), text);
    }, src);
  } finally {
    removeDir(src);
  }
}

test('src/ has no import cycle between folders, and lib/ depends on nothing of the product', () => {
  assert.deepEqual(layerViolations(join(PACKAGE_ROOT, 'src')), []);
});

test('every run-time import in src/ goes down the layer order, and every folder has its row', () => {
  assert.deepEqual(orderViolations(join(PACKAGE_ROOT, 'src')), []);
});

test("docs/ARCHITECTURE.md's layer table lists the test's order, row for row", () => {
  const doc = readFileSync(join(PACKAGE_ROOT, 'docs/ARCHITECTURE.md'), 'utf8');
  const table = doc.slice(doc.indexOf('## The layers'));
  // The table's first column: each row names its folders and files as `src/<unit>/` or `src/<unit>.ts`.
  const rows = table
    .split('\n')
    .filter((line) => /^\| `src\//.test(line))
    .map((line) => [...line.split('|')[1]!.matchAll(/`src\/([a-z-]+)(?:\/|\.ts)`/g)].map((m) => m[1]!));
  assert.deepEqual(rows, LAYERS.map((row) => [...row]));
});

test('the order check fails on a deliberate import up the order, and on a folder with no row', () => {
  inScratch('plan-hooks-order-', (write, src) => {
    write('git/read.ts', "import { loadConfig } from '../config/load.js';\nimport { plan } from '../plan/read.js';\nexport const read = () => plan + loadConfig;\n");
    write('plan/read.ts', "import type { Read } from '../git/read.js';\nimport { type Later } from '../worklog/later.js';\nexport const plan = 1;\n");
    write('config/load.ts', 'export const loadConfig = 1;\n');
    write('worklog/later.ts', "const m = await import('../hooks/run.js');\nexport type Later = typeof m;\n");
    write('hooks/run.ts', 'export const run = 1;\n');
    write('rounds/live.ts', "import { plan } from '../plan/read.js';\nexport const live = plan;\n");
    const layers = [['hooks'], ['worklog'], ['plan'], ['git'], ['config']];
    const problems = orderViolations(src, layers);
    const text = problems.join('\n');
    assert.match(text, /^git\/read\.ts imports plan\/read\.ts at run time, but plan\/ is above git\/ in the layer order/m);
    assert.match(text, /^worklog\/later\.ts imports hooks\/run\.ts at run time, but hooks\/ is above worklog\//m);
    assert.match(text, /^src\/rounds is in no row of the layer order/m);
    assert.equal(problems.length, 3, text);
  });
});

test('core/ is pure: no node: module, process, clock or randomness, and no run-time import of an impure layer', () => {
  assert.ok(readdirSync(join(PACKAGE_ROOT, 'src/core')).length >= 10, 'the decisions live in src/core/');
  assert.deepEqual(purityViolations(join(PACKAGE_ROOT, 'src')), []);
});

test('the purity check fails on a deliberate violation, naming the line', () => {
  inScratch('plan-hooks-purity-', (write, src) => {
  write('core/decide.ts', [
    "import { readFileSync } from 'node:fs';",
    "import type { Config } from '../config/config.js';",
    "import { loadConfig } from '../config/config.js';",
    "import { plural } from '../messages/index.js';",
    '// Date.now() in a comment is fine',
    'export const at = (now: Date) => new Date(now.getTime() + 1);',
    'export const late = () => Date.now();',
    'export const today = () => new Date();',
    'export const who = () => process.env.USER;',
    '',
  ].join('\n'));
  write('config/config.ts', 'export const loadConfig = 1;\n');
  write('messages/index.ts', 'export const plural = 1;\n');
  const problems = purityViolations(src).join('\n');
  assert.match(problems, /core\/decide\.ts:1 imports a node: module/);
  assert.match(problems, /core\/decide\.ts imports config\/config\.ts at run time/);
  assert.match(problems, /core\/decide\.ts:7 reads the clock/);
  assert.match(problems, /core\/decide\.ts:8 reads the clock/);
  assert.match(problems, /core\/decide\.ts:9 reads the process/);
  assert.equal(purityViolations(src).length, 5, problems);
  });
});

test('the layer check fails on a deliberate violation, naming the imports', () => {
  inScratch('plan-hooks-layers-', (write, src) => {
  write('plan/read.ts', "import { index } from '../claims/index.js';\nexport const read = index;\n");
  write('claims/index.ts', "import type { Plan } from '../plan/read.js';\nexport const index = 1;\n");
  write('lib/glob.ts', "export { x } from '../plan/read.js';\n");
  write('config/load.ts', "const m = await import('../lib/glob.js');\n");
  const problems = layerViolations(src);
  assert.equal(problems.length, 2, problems.join('\n'));
  assert.match(problems.join('\n'), /lib\/ must not depend on plan: lib\/glob\.ts imports plan\/read\.ts/);
  assert.match(problems.join('\n'), /import cycle between folders: claims → plan → claims\n {4}claims\/index\.ts imports plan\/read\.ts\n {4}plan\/read\.ts imports claims\/index\.ts/);
  });
});

test('only src/git/ runs git: no other module imports the exec layer, starts git or writes a git command line', () => {
  const problems = gitViolations(join(PACKAGE_ROOT, 'src'));
  const file = (p: string) => p.split(/[: ]/)[0]!;
  assert.deepEqual(problems.filter((p) => !(file(p) in RUNS_GIT_FOR_NOW)), []);
  const stopped = Object.keys(RUNS_GIT_FOR_NOW).filter((f) => !problems.some((p) => file(p) === f));
  assert.deepEqual(stopped, [], 'a file that no longer runs git leaves RUNS_GIT_FOR_NOW');
});

test('the git-layer check fails on a deliberate violation, naming the line or the import', () => {
  inScratch('plan-hooks-git-layer-', (write, src) => {
  write('git/git.ts', "import { gitAlone } from './spawn.js';\nexport const git = (a: string[]) => gitAlone(a);\nexport const head = () => git(['rev-parse', 'HEAD']);\n");
  write('git/spawn.ts', "import { execFile } from 'node:child_process';\nexport const gitAlone = (a: string[]) => execFile('git', a);\n");
  write('hooks/raw.ts', [
    "import { git, gitQuery } from '../git/git.js';",
    "import type { GitResult } from '../git/spawn.js';",
    "// git(['rev-parse']) in a comment is fine",
    "export const top = () => git(['rev-parse', '--show-toplevel']);",
    '',
  ].join('\n'));
  write('install/own.ts', "import { spawnSync } from 'node:child_process';\nexport const bare = () => spawnSync('git', ['rev-parse', '--is-bare-repository']);\n");
  write('check/argv.ts', "import { gitBatch } from '../git/batch.js';\nexport const LIST = ['ls-files', '-z'];\nexport const ok = ['status', 'done'];\n");
  const problems = gitViolations(src);
  const text = problems.join('\n');
  assert.match(text, /hooks\/raw\.ts:4 writes a git command line/);
  assert.match(text, /hooks\/raw\.ts:4 runs git with a command line of its own/);
  assert.match(text, /hooks\/raw\.ts imports git from git\/git\.ts/);
  assert.match(text, /install\/own\.ts:2 starts git itself/);
  assert.match(text, /check\/argv\.ts:2 writes a git command line/);
  assert.match(text, /check\/argv\.ts imports git\/batch\.ts, the exec layer/);
  assert.equal(problems.length, 7, text);
  });
});
