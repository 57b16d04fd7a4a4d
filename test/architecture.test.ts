// The layers of src/ (docs/ARCHITECTURE.md), checked rather than claimed: no import cycle
// between folders, and lib/ (generic helpers) imports nothing of the product. A violation names
// the import that makes it, so the fix is evident.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { test } from 'node:test';
import { PACKAGE_ROOT } from './fixtures/repo.js';

/** Folders that may import only from themselves (generic code, no product idea in it). */
const SELF_CONTAINED = ['lib'];

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

function sources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sources(path, out);
    else if (name.endsWith('.ts') && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

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

test('src/ has no import cycle between folders, and lib/ depends on nothing of the product', () => {
  assert.deepEqual(layerViolations(join(PACKAGE_ROOT, 'src')), []);
});

test('the layer check fails on a deliberate violation, naming the imports', () => {
  const src = mkdtempSync(join(tmpdir(), 'plan-hooks-layers-'));
  try {
    const write = (path: string, text: string) => {
      mkdirSync(dirname(join(src, path)), { recursive: true });
      writeFileSync(join(src, path), text);
    };
    write('plan/read.ts', "import { index } from '../claims/index.js';\nexport const read = index;\n");
    write('claims/index.ts', "import type { Plan } from '../plan/read.js';\nexport const index = 1;\n");
    write('lib/glob.ts', "export { x } from '../plan/read.js';\n");
    write('config/load.ts', "const m = await import('../lib/glob.js');\n");
    const problems = layerViolations(src);
    assert.equal(problems.length, 2, problems.join('\n'));
    assert.match(problems.join('\n'), /lib\/ must not depend on plan: lib\/glob\.ts imports plan\/read\.ts/);
    assert.match(problems.join('\n'), /import cycle between folders: claims → plan → claims\n {4}claims\/index\.ts imports plan\/read\.ts\n {4}plan\/read\.ts imports claims\/index\.ts/);
  } finally {
    rmSync(src, { recursive: true, force: true });
  }
});
