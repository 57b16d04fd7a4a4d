// Which in-progress tasks' files overlap (a warning, src/core/plan-rules.ts), without comparing every
// pair: 100,000 tasks are 5·10⁹ pairs. Pure.
import type { CompiledPattern } from '../lib/pattern.js';
import { messages } from '../messages/index.js';

/**
 * THE DEFINITION. Two patterns overlap when some path could match both. Exact answers for globs
 * are costly, so: an exact path overlaps a pattern that matches it or whose fixed part lies
 * under it; two globs overlap when one's fixed leading directories lie inside the other's (a
 * warning errs towards saying so). firstOverlaps gives what comparing pairs with this would:
 * test/core/overlaps.test.ts holds it to that, with this as the oracle (nothing else calls it).
 */
export function patternsOverlap(a: CompiledPattern, b: CompiledPattern): boolean {
  if (a.literal && b.literal) return inside(a.literalPrefix, b.literalPrefix) || inside(b.literalPrefix, a.literalPrefix);
  if (a.literal) return b.testForm(a.literalPrefix) || inside(b.literalPrefix, a.literalPrefix);
  if (b.literal) return a.testForm(b.literalPrefix) || inside(a.literalPrefix, b.literalPrefix);
  return inside(a.literalPrefix, b.literalPrefix) || inside(b.literalPrefix, a.literalPrefix);
}

/** `x` is `y` or lies under it; everything lies under '' (the whole tree). */
const inside = (x: string, y: string) => y === '' || x === y || x.startsWith(`${y}/`);

/** '', then each leading directory, then `path` itself: every y with inside(path, y). */
function ancestorsAndSelf(path: string): string[] {
  const out = [''];
  if (path === '') return out;
  for (let end = path.indexOf('/'); end !== -1; end = path.indexOf('/', end + 1)) out.push(path.slice(0, end));
  out.push(path);
  return out;
}

interface Entry {
  pattern: CompiledPattern;
  rank: number;
}

/** A list only appended to, with rank never decreasing, so its first match has the lowest rank. */
type List = Entry[];

const push = <K>(map: Map<K, List>, key: K, entry: Entry) => {
  const list = map.get(key);
  if (list) list.push(entry);
  else map.set(key, [entry]);
};

const keepFirst = (map: Map<string, number>, key: string, rank: number) => {
  if (!map.has(key)) map.set(key, rank);
};

/**
 * Patterns added with a rank (ascending); lowestOverlapping(p) is the lowest rank of an added
 * pattern that overlaps p by the definition above. Each clause of the definition is a lookup:
 *   - "y lies under x" for a fixed part y: the lowest rank under each directory, kept per
 *     directory (a pattern is entered under each of its ancestors);
 *   - "x lies under y": the lowest rank at each of x's ancestors;
 *   - "glob g matches exact path x": globs are listed by fixed part, and g can only match x when
 *     its fixed part is one of x's ancestors; exact paths are listed under each ancestor, and g
 *     can only match those under its fixed part. These lists are scanned in rank order up to
 *     the first match, and where a scan stopped is remembered per (pattern, list): a list is
 *     scanned at most once for each distinct pattern text, however often it is asked.
 */
export class OverlapIndex {
  private readonly literalAt = new Map<string, number>();
  private readonly literalUnder = new Map<string, number>();
  private readonly literalsUnder = new Map<string, List>();
  private readonly globAt = new Map<string, number>();
  private readonly globUnder = new Map<string, number>();
  private readonly globsAt = new Map<string, List>();
  private readonly scans = new Map<string, { next: number; found: number | null }>();

  add(pattern: CompiledPattern, rank: number): void {
    const at = pattern.literalPrefix;
    const up = ancestorsAndSelf(at);
    if (pattern.literal) {
      keepFirst(this.literalAt, at, rank);
      for (const dir of up) {
        keepFirst(this.literalUnder, dir, rank);
        push(this.literalsUnder, dir, { pattern, rank });
      }
    } else {
      keepFirst(this.globAt, at, rank);
      for (const dir of up) keepFirst(this.globUnder, dir, rank);
      push(this.globsAt, at, { pattern, rank });
    }
  }

  /** The lowest rank below `bound` of an added pattern overlapping `p`, or `bound`. */
  lowestOverlapping(p: CompiledPattern, bound = Number.POSITIVE_INFINITY): number {
    let best = bound;
    const take = (rank: number | undefined) => {
      if (rank !== undefined && rank < best) best = rank;
    };
    const at = p.literalPrefix;
    const up = ancestorsAndSelf(at);
    // Exact paths at or above this pattern's fixed part, and fixed parts under it.
    for (const dir of up) take(this.literalAt.get(dir));
    take(this.globUnder.get(at));
    if (p.literal) {
      take(this.literalUnder.get(at));
      // Globs that match this exact path: their fixed part is one of its ancestors.
      for (const dir of up) take(this.scan(`${at}\0${dir}`, this.globsAt.get(dir), (g) => g.testForm(at), best));
    } else {
      for (const dir of up) take(this.globAt.get(dir));
      // Exact paths this glob matches: they lie under its fixed part.
      take(this.scan(`${p.source}\0`, this.literalsUnder.get(at), (x) => p.testForm(x.literalPrefix), best));
    }
    return best;
  }

  /** The rank of the first entry of `list` that `matches`, looking no further than `bound`. */
  private scan(key: string, list: List | undefined, matches: (q: CompiledPattern) => boolean, bound: number): number | undefined {
    if (!list) return undefined;
    let state = this.scans.get(key);
    if (!state) this.scans.set(key, (state = { next: 0, found: null }));
    while (state.found === null && state.next < list.length && list[state.next]!.rank < bound) {
      const entry = list[state.next++]!;
      if (matches(entry.pattern)) state.found = entry.rank;
    }
    return state.found ?? undefined;
  }
}

/**
 * For each group (a task's patterns, in task order), its first overlap with an earlier group,
 * as comparing pairs in order would find it: the earliest group with any overlapping pattern,
 * then the first of its own patterns that overlaps one of that group's, then the first of
 * those. `mine` and `theirs` are positions in the two groups.
 */
export function firstOverlaps(groups: readonly (readonly CompiledPattern[])[]): ({ other: number; mine: number; theirs: number } | null)[] {
  const earlier = new OverlapIndex();
  return groups.map((group, g) => {
    let other = Number.POSITIVE_INFINITY;
    for (const p of group) other = earlier.lowestOverlapping(p, other);
    group.forEach((p) => earlier.add(p, g));
    if (other === Number.POSITIVE_INFINITY) return null;
    // The pair within the two groups, the same way: their patterns ranked by position.
    const theirs = new OverlapIndex();
    groups[other]!.forEach((p, k) => theirs.add(p, k));
    for (let mine = 0; mine < group.length; mine++) {
      const k = theirs.lowestOverlapping(group[mine]!);
      if (k !== Number.POSITIVE_INFINITY) return { other, mine, theirs: k };
    }
    throw new Error(messages.overlapIndexDisagrees());
  });
}
