// node:path's join and relative for absolute POSIX paths, without node: the pure core names
// files by them (install's decisions) and may not load a node module.

function normalize(parts: string[]): string[] {
  const out: string[] = [];
  for (const part of parts) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (out.length > 0 && out[out.length - 1] !== '..') out.pop();
      else out.push('..');
    } else out.push(part);
  }
  return out;
}

/** `join(...)` of node:path/posix. */
export function joinPath(...segments: string[]): string {
  const joined = segments.filter((s) => s !== '').join('/');
  if (joined === '') return '.';
  const absolute = joined.startsWith('/');
  const parts = normalize(joined.split('/'));
  // An absolute path cannot climb above the root.
  while (absolute && parts[0] === '..') parts.shift();
  const body = parts.join('/');
  const trailing = joined.endsWith('/') && body !== '' ? '/' : '';
  if (absolute) return `/${body}${trailing}`;
  if (body === '') return joined.endsWith('/') ? './' : '.';
  return body + trailing;
}

/** `relative(from, to)` of node:path/posix for two absolute paths. */
export function relativePath(from: string, to: string): string {
  // Above the root is the root.
  const absolute = (path: string) => normalize(path.split('/')).filter((part) => part !== '..');
  const a = absolute(from);
  const b = absolute(to);
  let common = 0;
  while (common < a.length && common < b.length && a[common] === b[common]) common++;
  return [...a.slice(common).map(() => '..'), ...b.slice(common)].join('/');
}
