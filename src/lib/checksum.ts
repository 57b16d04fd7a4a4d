// The checksum a checked cache is stamped with (./cache-file.ts). The edit-time hook checks two
// caches on every edit (V8's code cache, ~125 KB, and the decided claims): as plain JavaScript
// the loop over their words ran in the interpreter and baseline code before it tiered up, ~40 M
// instructions, half of the hook's cost beyond node's start. node:crypto and node:zlib cost more
// to load (~8–13 M instructions) than the hash itself. So the same loop runs as a WebAssembly
// function of 203 bytes (no module to load: ~1 M instructions to compile, ~2 M to hash 125 KB), and as
// JavaScript only where WebAssembly is unavailable (node --jitless), with the same result.

/**
 * The module, assembled by hand (locals: 0 the length, 1 i, 2 a, 3 b, 4 the word, 5 the words' end):
 * `h(n)` hashes memory[0, n) 32-bit little-endian word by word, then the last n % 4 bytes one
 * by one, and returns a (high half) and b (low half) as one i64; its memory is exported as `m`.
 */
const MODULE =
  'AGFzbQEAAAABBgFgAX8BfgMCAQAFAwEAAQcJAgFtAgABaAAACqQBAaEBAQV/QcW78oh4IQJBjOWeunkhAyAAQXxxIQUCQANAIAEgBU8NASABKAIAIQQgAiAEc0GTg4AIbCECIAMgA0EPdnMgBGpB65Svr3hsIQMgAUEEaiEBDAALCwJAA0AgASAATw0BIAEtAAAhBCACIARzQZODgAhsIQIgAyADQQ92cyAEakHrlK+veGwhAyABQQFqIQEMAAsLIAKtQiCGIAOthAs=';

interface Engine {
  m: WebAssembly.Memory;
  h: (length: number) => bigint;
}

const PAGE = 65536;
let engine: Engine | null | undefined;

function wasmEngine(): Engine | null {
  try {
    // Absent under node --jitless.
    if (typeof WebAssembly !== 'object') return null;
    return new WebAssembly.Instance(new WebAssembly.Module(Buffer.from(MODULE, 'base64'))).exports as unknown as Engine;
  } catch {
    return null;
  }
}

const hex = (a: number, b: number) => `${(a >>> 0).toString(16).padStart(8, '0')}${(b >>> 0).toString(16).padStart(8, '0')}`;

/** Pure: the checksum in plain JavaScript (the reference the WebAssembly function is tested against). */
export function checksumJs(bytes: Uint8Array): string {
  let a = 0x811c9dc5 | 0;
  let b = 0x9747b28c | 0;
  // Read as little-endian words whatever the buffer's offset, as the WebAssembly function does.
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
  const end = bytes.length & ~3;
  let i = 0;
  for (; i < end; i += 4) {
    const x = view.getInt32(i, true);
    a = Math.imul(a ^ x, 0x01000193);
    b = Math.imul((b ^ (b >>> 15)) + x, 0x85ebca6b);
  }
  for (; i < bytes.length; i++) {
    a = Math.imul(a ^ bytes[i]!, 0x01000193);
    b = Math.imul((b ^ (b >>> 15)) + bytes[i]!, 0x85ebca6b);
  }
  return hex(a, b);
}

/**
 * Pure: a 64-bit checksum of `bytes` (two multiplicative hashes over 32-bit words, as hex): not
 * a defence against a forger, who can write the stamp too, but no damage passes it by chance.
 */
export function checksum(bytes: Uint8Array): string {
  engine ??= wasmEngine();
  if (engine === null) return checksumJs(bytes);
  const { m, h } = engine;
  if (m.buffer.byteLength < bytes.length) m.grow(Math.ceil((bytes.length - m.buffer.byteLength) / PAGE));
  new Uint8Array(m.buffer, 0, bytes.length).set(bytes);
  return BigInt.asUintN(64, h(bytes.length)).toString(16).padStart(16, '0');
}
