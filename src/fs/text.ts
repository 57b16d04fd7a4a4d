// Text from bytes, keeping what is not UTF-8 visible. Buffer#toString turns a bad byte into
// U+FFFD, which a reader cannot tell from a U+FFFD the author wrote: a plan that is not UTF-8
// would then read as valid everywhere. Here each byte that is not part of a well-formed UTF-8
// sequence becomes a lone low surrogate, U+DC80..U+DCFF (Python's "surrogateescape"): no
// UTF-8 text ever decodes to a lone surrogate, so src/plan/plan-text.ts can report the byte.
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { isUtf8 } from 'node:buffer';

/** The length of the well-formed UTF-8 sequence at `i`, or 0 when the byte there starts none. */
function sequenceLength(b: Uint8Array, i: number): number {
  const c = b[i]!;
  if (c < 0x80) return 1;
  const cont = (k: number) => i + k < b.length && (b[i + k]! & 0xc0) === 0x80;
  if (c >= 0xc2 && c <= 0xdf) return cont(1) ? 2 : 0;
  if (c >= 0xe0 && c <= 0xef) {
    const c1 = b[i + 1] ?? 0;
    // No overlong forms (E0 80..9F) and no encoded surrogates (ED A0..BF).
    if ((c === 0xe0 && c1 < 0xa0) || (c === 0xed && c1 > 0x9f)) return 0;
    return cont(1) && cont(2) ? 3 : 0;
  }
  if (c >= 0xf0 && c <= 0xf4) {
    const c1 = b[i + 1] ?? 0;
    if ((c === 0xf0 && c1 < 0x90) || (c === 0xf4 && c1 > 0x8f)) return 0;
    return cont(1) && cont(2) && cont(3) ? 4 : 0;
  }
  return 0;
}

export function decodeText(bytes: Buffer, start = 0, end = bytes.length): string {
  const view = bytes.subarray(start, end);
  if (isUtf8(view)) return view.toString('utf8');
  let out = '';
  let run = 0;
  for (let i = 0; i < view.length; ) {
    const n = sequenceLength(view, i);
    if (n > 0) {
      i += n;
      continue;
    }
    out += view.toString('utf8', run, i) + String.fromCharCode(0xdc00 + view[i]!);
    run = ++i;
  }
  return out + view.toString('utf8', run);
}

/** A file's text as decodeText gives it. */
export const readTextFileSync = (path: string): string => decodeText(readFileSync(path));

export const readTextFile = async (path: string): Promise<string> => decodeText(await readFile(path));
