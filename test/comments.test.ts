// Comments that point somewhere must point at something that is there: every source path a
// comment names exists in the repository, and no comment cites a document the repository does
// not hold (a newcomer cannot follow a reference to a file on someone else's machine).
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { test } from 'node:test';
import { PACKAGE_ROOT } from './fixtures/paths.js';

/** The folders whose code comments are checked. */
const CODE = ['src', 'test', 'scripts', 'hooks', 'bench'];
/** Top-level folders a path in a comment may start from, read from the repository's root. */
const ROOTED = new Set([...CODE, 'templates', 'schema', 'docs']);

/** Every code file under `dir` (declaration files aside). */
function codeFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) codeFiles(path, out);
    else if (/\.(ts|mjs|cjs|js|sh)$/.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/** The comment on a line (`//`, a block comment's line, or `#` in a shell script), or null. */
function commentOf(line: string, shell: boolean): string | null {
  const whole = shell ? /^\s*#(.*)$/.exec(line) : /^\s*(?:\/\/|\/\*\*?|\*)(.*)$/.exec(line);
  if (whole) return whole[1]!;
  const trailing = shell ? /\s#\s(.*)$/.exec(line) : /\s\/\/\s(.*)$/.exec(line);
  return trailing ? trailing[1]! : null;
}

/** A path to a code file: relative to the file, from a folder of the repository, or from a folder of src/. */
const PATH = /(?<![\w./@-])((?:\.{1,2}\/)+[\w./-]*\.(?:ts|js|cjs|mjs|sh)|[\w-]+\/[\w./-]*\.(?:ts|js|cjs|mjs|sh))\b/g;

/**
 * Where `path`, named in a comment of `file`, may be: relative to the file, from the root, or
 * (a path starting with a folder of src/, as `core/check.ts`) under src/ or test/. An example
 * path in a test's text (`src/a.ts`, `src/api/x.ts`) names no real folder and is not a reference.
 */
function candidates(root: string, file: string, path: string): string[] | null {
  const units = new Set(readdirSync(join(root, 'src')).filter((n) => statSync(join(root, 'src', n)).isDirectory()));
  const [first, second] = path.split('/');
  let bases: string[];
  if (path.startsWith('.')) bases = [dirname(file)];
  else if (first === 'src' || first === 'test') {
    const real = second !== undefined && existsSync(join(root, first, second)) && statSync(join(root, first, second)).isDirectory();
    if (!real) return null;
    bases = [root];
  } else if (ROOTED.has(first!)) bases = [root];
  else if (units.has(first!)) bases = [join(root, 'src'), join(root, 'test')];
  else return null;
  // Sources are named by what they compile to (.js) as often as by themselves (.ts).
  const forms = [path, path.replace(/\.js$/, '.ts'), path.replace(/\.c?js$/, '.ts')];
  return bases.flatMap((base) => forms.map((form) => resolve(base, form)));
}

/** Every path named in a comment under `root`'s code folders that is not there, as `file:line: path`. */
export function stalePaths(root: string): string[] {
  const problems: string[] = [];
  for (const folder of CODE) {
    if (!existsSync(join(root, folder))) continue;
    for (const file of codeFiles(join(root, folder))) {
      const shell = file.endsWith('.sh');
      readFileSync(file, 'utf8').split('\n').forEach((line, i) => {
        const comment = commentOf(line, shell);
        if (comment === null) return;
        for (const m of comment.matchAll(PATH)) {
          const where = candidates(root, file, m[1]!);
          if (where !== null && !where.some((p) => existsSync(p))) problems.push(`${relative(root, file)}:${i + 1}: ${m[1]}`);
        }
      });
    }
  }
  return problems;
}

/** Documents kept outside the repository, which a comment must not send a reader to. */
const OUTSIDE = [/\bSPEC\s*§/, /§\s*\d/, /\bSPEC\.md\b/, /\bFIELD[- ]NOTES\b/, /\/work\//];

/** Every comment under `root`'s code folders citing a document outside the repository. */
export function outsideReferences(root: string): string[] {
  const problems: string[] = [];
  for (const folder of CODE) {
    if (!existsSync(join(root, folder))) continue;
    for (const file of codeFiles(join(root, folder))) {
      if (file === join(root, 'test', 'comments.test.ts')) continue;
      readFileSync(file, 'utf8').split('\n').forEach((line, i) => {
        const comment = commentOf(line, file.endsWith('.sh'));
        if (comment !== null && OUTSIDE.some((re) => re.test(comment))) problems.push(`${relative(root, file)}:${i + 1}: ${comment.trim()}`);
      });
    }
  }
  return problems;
}

test('every src/, test/ or relative path a comment names exists', () => {
  assert.deepEqual(stalePaths(PACKAGE_ROOT), []);
});

test('no comment cites a document outside the repository', () => {
  assert.deepEqual(outsideReferences(PACKAGE_ROOT), []);
});

test('the comment checks fail on a deliberate stale path and an outside document, and pass examples', async () => {
  const { mkdtempSync, mkdirSync, writeFileSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { removeDir } = await import('./fixtures/remove-dir.js');
  const root = mkdtempSync(join(tmpdir(), 'plan-hooks-comments-'));
  try {
    const write = (path: string, text: string) => {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    };
    write('src/git/queries.ts', 'export const q = 1;\n');
    write('src/core/claims.ts', 'export const c = 1;\n');
    write('src/hooks/main.ts', [
      '// Runs the queries of src/git/queries.ts and ../git/queries.js (both there).',
      '// The table is in src/hooks/registry.ts, beside ./trailer.ts.',
      "const x = 1; // see core/check.ts",
      '// An example path: src/api/x.ts, src/a.ts.',
      '// As SPEC §4 says.',
      'export { x };',
      '',
    ].join('\n'));
    write('hooks/run.sh', '# calls src/hooks/main.ts and src/hooks/gone.ts\n# FIELD-NOTES "Race"\n');
    write('test/hooks/main.test.ts', '// /work/shared/notes.md\n');
    assert.deepEqual(stalePaths(root).sort(), [
      'hooks/run.sh:1: src/hooks/gone.ts',
      'src/hooks/main.ts:2: ./trailer.ts',
      'src/hooks/main.ts:2: src/hooks/registry.ts',
      'src/hooks/main.ts:3: core/check.ts',
    ]);
    assert.deepEqual(outsideReferences(root).map((p) => p.split(': ')[0]).sort(), ['hooks/run.sh:2', 'src/hooks/main.ts:5', 'test/hooks/main.test.ts:1']);
  } finally {
    removeDir(root);
  }
});
