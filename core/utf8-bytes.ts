/** Texts up to this many UTF-16 units are written through the scratch buffer (3 bytes a unit at most). */
const SCRATCH_UNITS = 96 * 1024;
let scratch: Buffer | undefined;

/**
 * The UTF-8 bytes of a text, as `Buffer.from(text)` gives them (a lone surrogate as U+FFFD), in a buffer of their
 * own. A page's HTML is a string that hono/jsx joined from some 1,600 pieces: `Buffer.from` flattened and
 * encoded the 26 KB blog post in 52 µs, `TextEncoder` in 43, a write into a kept buffer and a copy out in 36; a
 * flat JSON text of 20 KB 25 µs by `TextEncoder`, 19 this way (docs/performance.md). The copy is allocated on
 * its own, not from node's shared pool, as it is often kept in a cache.
 */
export function utf8Bytes(text: string): Buffer<ArrayBuffer> {
  if (text.length > SCRATCH_UNITS) return Buffer.from(text) as Buffer<ArrayBuffer>;
  scratch ??= Buffer.allocUnsafeSlow(SCRATCH_UNITS * 3);
  const length = scratch.write(text);
  const bytes = Buffer.allocUnsafeSlow(length);
  scratch.copy(bytes, 0, 0, length);
  return bytes;
}
