import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { utf8Bytes } from './utf8-bytes.ts';

describe('utf8Bytes', () => {
  it('gives the bytes Buffer.from gives, for any text, lone surrogates included', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (text) => {
        expect(utf8Bytes(text).equals(Buffer.from(text))).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('gives texts past the scratch buffer and joined ones alike, each in bytes of its own', () => {
    const piece = 'Tram depot — café ☕ 𝄞 <p>';
    const texts: string[] = [];
    for (const repeat of [1, 4_000, Math.ceil((96 * 1024) / piece.length) + 1]) {
      let joined = '';
      for (let i = 0; i < repeat; i++) joined += piece;
      texts.push(joined);
    }
    const encoded = texts.map(utf8Bytes);
    for (const [i, text] of texts.entries()) {
      expect(encoded[i]!.equals(Buffer.from(text))).toBe(true);
      expect(encoded[i]!.byteLength).toBe(encoded[i]!.buffer.byteLength);
    }
    expect(texts[2]!.length).toBeGreaterThan(96 * 1024);
  });
});
