// Many patterns against many paths. Testing every path against every pattern costs
// paths × patterns; instead a path only meets the patterns that could match it:
//   - a literal pattern (no wildcard: a file or a directory) is found by hash lookup of the
//     path and each of its parent directories;
//   - a wildcard pattern is keyed by its literal prefix (`src/api/**/*.ts` → `src/api`), so it
//     is tested only against paths under that prefix (found the same way, over the ancestors).
// Patterns whose first segment is a wildcard (`**/*.md`) are tested against every path.
import { type CompiledPattern, type PatternOptions, compilePattern, matchForm } from './pattern.js';

export interface PatternHit<T> {
  pattern: CompiledPattern;
  value: T;
}

export class PatternIndex<T> {
  private readonly literal = new Map<string, PatternHit<T>[]>();
  private readonly byPrefix = new Map<string, PatternHit<T>[]>();
  private readonly compiled = new Map<string, CompiledPattern>();

  constructor(private readonly opts: PatternOptions) {}

  /** Adds a pattern (compiled once per distinct text) and returns it; throws PatternError for a bad one. */
  add(source: string, value: T): CompiledPattern {
    let pattern = this.compiled.get(source);
    if (!pattern) {
      pattern = compilePattern(source, this.opts);
      this.compiled.set(source, pattern);
    }
    // `.` (the whole tree) has no ancestor to be found under: it is tested against every path.
    const table = pattern.literal && pattern.literalPrefix !== '' ? this.literal : this.byPrefix;
    const key = pattern.literalPrefix;
    const list = table.get(key);
    if (list) list.push({ pattern, value });
    else table.set(key, [{ pattern, value }]);
    return pattern;
  }

  get size(): number {
    return this.compiled.size;
  }

  /** Every (pattern, value) whose pattern matches `path` or one of its parent directories. */
  match(path: string): PatternHit<T>[] {
    // Patterns are keyed in the same form (NFC, case-folded under core.ignorecase).
    const key = matchForm(path, this.opts.ignoreCase);
    const hits: PatternHit<T>[] = [];
    const wild = this.byPrefix.get('');
    if (wild) for (const h of wild) if (h.pattern.testForm(key)) hits.push(h);
    // Walk the ancestors: "a", "a/b", ..., the path itself.
    let end = key.indexOf('/');
    for (;;) {
      const ancestor = end === -1 ? key : key.slice(0, end);
      const lit = this.literal.get(ancestor);
      if (lit) hits.push(...lit);
      const pre = this.byPrefix.get(ancestor);
      if (pre) for (const h of pre) if (h.pattern.testForm(key)) hits.push(h);
      if (end === -1) break;
      end = key.indexOf('/', end + 1);
    }
    return hits;
  }
}
