// git's index file read directly, for the one fact a hook needs of it without a git process.
// The format is git's (Documentation/gitformat-index.txt).

/**
 * Whether `bytes` of an index file (all of it, or its end: the extensions follow the entries)
 * hold its cache tree (the TREE extension) with `tree` as its valid root: then `git write-tree`
 * answers `tree` for this index without computing anything (pure). Found by its bytes rather than
 * by walking every entry before it (milliseconds at 10,000 entries): the signature and size, the
 * root's empty path, its entry count ('-1' when invalidated) and subtree count, then the id.
 * Bytes of an entry that happened to look so would also need `tree`'s own id after them. False
 * for anything else: an invalidated root, another tree, no cache tree (in these bytes).
 */
export function cacheTreeRootIs(bytes: Buffer, tree: string): boolean {
  const id = Buffer.from(tree, 'hex');
  if (id.length === 0 || id.length * 2 !== tree.length) return false;
  for (let at = bytes.indexOf('TREE', 0, 'latin1'); at >= 0; at = bytes.indexOf('TREE', at + 1, 'latin1')) {
    const counts = bytes.subarray(at + 8, at + 8 + 24);
    const lf = counts.indexOf(10);
    if (lf < 0 || !/^\0\d+ \d+$/.test(counts.toString('latin1', 0, lf))) continue;
    const from = at + 8 + lf + 1;
    if (from + id.length <= bytes.length && bytes.compare(id, 0, id.length, from, from + id.length) === 0) return true;
  }
  return false;
}
