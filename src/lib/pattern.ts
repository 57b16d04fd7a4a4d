// File patterns in plans (`files`, the config's `plans`): repository-relative, gitignore-like.
//   - `*` and `?` stay within one path segment, `[abc]`/`[!a-z]` match one character;
//   - `**` as a whole segment matches any number of segments (zero included);
//   - a pattern covers what is under what it matches: `src/api` and `src/*` cover `src/api/x.ts`;
//   - case-insensitive when core.ignorecase is set;
//   - Unicode-normalised: patterns and paths are compared in NFC, so a name macOS wrote in NFD
//     (decomposed, `e` + U+0301) matches the same pattern as its composed form.
// Plan files are untrusted, so matching never backtracks beyond O(path × pattern): no regular
// expressions are built from patterns, and patterns are bounded in length.

const MAX_PATTERN_LENGTH = 1024;

type Token = { kind: 'char'; c: string } | { kind: 'any' } | { kind: 'star' } | { kind: 'class'; negate: boolean; ranges: [string, string][] };
type Segment = { kind: 'globstar' } | { kind: 'segment'; tokens: Token[] };

export interface PatternOptions {
  ignoreCase: boolean;
}

/** How a pattern would reach outside the repository (worded by messages.patternEscape). */
export type PatternEscape = 'absolute' | 'parent' | 'home';

/** Why a pattern cannot be compiled, as data (worded by messages.patternProblem). */
export type PatternProblem = { kind: 'empty' } | { kind: 'tooLong'; max: number } | { kind: 'escapes'; escape: PatternEscape };

export class PatternError extends Error {
  constructor(readonly problem: PatternProblem) {
    super(`pattern: ${problem.kind}`);
  }
}

const NON_ASCII = /[^\x00-\x7f]/;
const ASTRAL = /[\ud800-\udfff]/;

/**
 * The form patterns and paths are compared in: NFC, lower-cased under core.ignorecase. ASCII
 * text is its own NFC, so the common path costs one native scan.
 */
export function matchForm(text: string, ignoreCase: boolean): string {
  const nfc = NON_ASCII.test(text) ? text.normalize('NFC') : text;
  return ignoreCase ? nfc.toLowerCase() : nfc;
}

/** How a pattern would reach outside the repository, or null when it stays inside. */
export function patternEscapes(pattern: string): PatternEscape | null {
  if (pattern.startsWith('/') || /^[A-Za-z]:[\\/]/.test(pattern) || pattern.startsWith('\\')) return 'absolute';
  if (pattern.split(/[\\/]/).includes('..')) return 'parent';
  if (pattern.startsWith('~')) return 'home';
  return null;
}

function tokenize(segment: string): Token[] {
  // By code point, as names are matched (a character beyond the BMP is one character).
  const chars = [...segment];
  const tokens: Token[] = [];
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i]!;
    if (c === '*') {
      if (tokens.at(-1)?.kind !== 'star') tokens.push({ kind: 'star' });
    } else if (c === '?') tokens.push({ kind: 'any' });
    else if (c === '\\' && i + 1 < chars.length) tokens.push({ kind: 'char', c: chars[++i]! });
    else if (c === '[') {
      const end = chars.indexOf(']', i + 2);
      if (end === -1) {
        tokens.push({ kind: 'char', c });
        continue;
      }
      let body = chars.slice(i + 1, end);
      const negate = body[0] === '!' || body[0] === '^';
      if (negate) body = body.slice(1);
      const ranges: [string, string][] = [];
      for (let j = 0; j < body.length; j++) {
        if (body[j + 1] === '-' && j + 2 < body.length) {
          ranges.push([body[j]!, body[j + 2]!]);
          j += 2;
        } else ranges.push([body[j]!, body[j]!]);
      }
      tokens.push({ kind: 'class', negate, ranges });
      i = end;
    } else tokens.push({ kind: 'char', c });
  }
  return tokens;
}

function tokenMatches(t: Token, c: string): boolean {
  switch (t.kind) {
    case 'char':
      return t.c === c;
    case 'any':
      return true;
    case 'class':
      return t.ranges.some(([lo, hi]) => c >= lo && c <= hi) !== t.negate;
    case 'star':
      return false;
  }
}

/**
 * Wildcard matching with one restart point: when a later star is reached, earlier stars'
 * choices no longer matter, so the cost is O(text × pattern) with no exponential backtracking.
 * Used twice: characters within a segment, and segments within a path (`**` is the star).
 */
function greedyMatch<P, T>(pattern: P[], text: ArrayLike<T>, isStar: (p: P) => boolean, unitMatches: (p: P, t: T) => boolean): boolean {
  let p = 0;
  let t = 0;
  let starP = -1;
  let starT = 0;
  while (t < text.length) {
    if (p < pattern.length && isStar(pattern[p]!)) {
      starP = p++;
      starT = t;
    } else if (p < pattern.length && unitMatches(pattern[p]!, text[t]!)) {
      p++;
      t++;
    } else if (starP !== -1) {
      p = starP + 1;
      t = ++starT;
    } else return false;
  }
  while (p < pattern.length && isStar(pattern[p]!)) p++;
  return p === pattern.length;
}

function segmentMatches(seg: Segment, name: string | string[]): boolean {
  if (seg.kind === 'globstar') return false;
  // Characters are code points: a string indexes UTF-16 units, which are the same unless the
  // name has a character beyond the BMP (a surrogate pair).
  return greedyMatch(seg.tokens, name, (t) => t.kind === 'star', tokenMatches);
}

export interface CompiledPattern {
  readonly source: string;
  /** True when the pattern matches `path` or one of its parent directories. */
  test(path: string): boolean;
  /** test() for a path already in matchForm (what an index holds), without normalising it again. */
  testForm(path: string): boolean;
  /** The leading segments with no wildcard (an index key: only paths under it can match). */
  readonly literalPrefix: string;
  /** True when the pattern has no wildcard at all (an exact path or directory). */
  readonly literal: boolean;
}

const hasWildcard = (s: string) => /[*?[\\]/.test(s);

export function compilePattern(source: string, opts: PatternOptions): CompiledPattern {
  if (source.length === 0) throw new PatternError({ kind: 'empty' });
  if (source.length > MAX_PATTERN_LENGTH) throw new PatternError({ kind: 'tooLong', max: MAX_PATTERN_LENGTH });
  const escape = patternEscapes(source);
  if (escape) throw new PatternError({ kind: 'escapes', escape });
  const normalized = matchForm(source, opts.ignoreCase).replace(/^\.\//, '').replace(/\/+$/, '');
  const parts = normalized.split('/').filter((s) => s !== '' && s !== '.');
  const prefix: string[] = [];
  for (const s of parts) {
    if (s === '**' || hasWildcard(s)) break;
    prefix.push(s);
  }
  // Tokenized on first use: an index finds literal patterns by lookup and never tests them.
  let segments: Segment[] | null = null;
  const compile = (): Segment[] => {
    const segs: Segment[] = parts.map((s) => (s === '**' ? { kind: 'globstar' } : { kind: 'segment', tokens: tokenize(s) }));
    // A pattern covers what is under what it matches.
    if (segs.at(-1)?.kind !== 'globstar') segs.push({ kind: 'globstar' });
    return segs;
  };
  return {
    source,
    literalPrefix: prefix.join('/'),
    literal: prefix.length === parts.length,
    test(path: string): boolean {
      return this.testForm(matchForm(path, opts.ignoreCase));
    },
    testForm(path: string): boolean {
      segments ??= compile();
      // Names are split into code points only when the path has a character beyond the BMP.
      const names: (string | string[])[] = path.split('/');
      if (ASTRAL.test(path)) for (let i = 0; i < names.length; i++) names[i] = [...(names[i] as string)];
      return greedyMatch(segments, names, (s) => s.kind === 'globstar', segmentMatches);
    },
  };
}
