// What the caches indexed by pattern key share (./decided-cache.ts, ../worklog/task-index.ts):
// keys escaped into one line, lines sorted by code unit, and a binary search over the sorted
// `<key>\t<value>` lines, so a commit reads only the lines near its paths. Pure.

/** A key within one line: its separators escaped (what is escaped stays distinct). */
export const escapeKey = (key: string) => key.replace(/[%\t\n]/g, (c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`);

/** Lines sorted as sortedLookup searches them (by code unit), in place. */
export const sortLines = (lines: string[]): string[] => lines.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

/** The values of the lines `<key>\t<value>` in `body` from `from` on (sorted lines): a binary search. */
export function sortedLookup(body: string, from: number, key: string): string[] {
  const target = `${key}\t`;
  let lo = from;
  let hi = body.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const start = Math.max(lo, body.lastIndexOf('\n', mid - 1) + 1);
    const end = body.indexOf('\n', start);
    if (body.slice(start, end) < target) lo = end + 1;
    else hi = start;
  }
  const out: string[] = [];
  while (lo < body.length && body.startsWith(target, lo)) {
    const end = body.indexOf('\n', lo);
    out.push(body.slice(lo + target.length, end));
    lo = end + 1;
  }
  return out;
}
