import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { COMPRESS_MIN_BYTES, compress, type KeptForms, keptForm, negotiateCoding } from './content-coding.ts';

describe('negotiateCoding', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['gzip, br', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['GZIP', 'gzip'],
    ['x-gzip', 'gzip'],
    ['br', 'br'],
    ['deflate', undefined],
    ['br;q=0, gzip', 'gzip'],
    ['br; q=0 , gzip', 'gzip'],
    ['br;q=0, gzip;q=0', undefined],
    ['gzip;q=0.5, br;q=0.4', 'gzip'],
    ['gzip;q=1.0, br;q=1.000', 'br'],
    ['identity', undefined],
    ['identity, gzip;q=0.5', undefined],
    ['identity;q=0.5, gzip', 'gzip'],
    ['identity;q=0, gzip', 'gzip'],
    ['*', 'br'],
    ['*;q=0', undefined],
    ['*, br;q=0', 'gzip'],
    ['gzip;q=0, *', 'br'],
    ['*;q=0.2, gzip;q=0.3', 'gzip'],
    ['br;q=nonsense, gzip', 'gzip'],
    ['br;q=2, gzip', 'gzip'],
    ['br, br;q=0', 'br'],
  ])('Accept-Encoding %j → %s', (header, coding) => {
    expect(negotiateCoding(header)).toBe(coding);
    // Asked twice: the remembered choice is the same.
    expect(negotiateCoding(header)).toBe(coding);
  });

  it('chooses among the codings offered only', () => {
    expect(negotiateCoding('gzip, br', ['gzip'])).toBe('gzip');
    expect(negotiateCoding('br', ['gzip'])).toBeUndefined();
    expect(negotiateCoding('*', ['gzip'])).toBe('gzip');
    // The same header for all codings is remembered apart.
    expect(negotiateCoding('br')).toBe('br');
  });
});

describe('compress', () => {
  const body = Buffer.from(
    JSON.stringify({ items: Array.from({ length: 40 }, (_, i) => ({ i, t: 'é ✓ text' })) }),
  );

  it.each(['kept', 'onTheFly'] as const)('gives back the same bytes once decompressed (%s)', (effort) => {
    expect(gunzipSync(compress(body, 'gzip', effort)).equals(body)).toBe(true);
    expect(brotliDecompressSync(compress(body, 'br', effort)).equals(body)).toBe(true);
  });
});

describe('keptForm', () => {
  const headers = { 'Content-Type': 'application/json', Vary: 'Accept-Encoding' };
  const large = Buffer.from('x'.repeat(COMPRESS_MIN_BYTES)) as Buffer<ArrayBuffer>;

  it('compresses once per coding and keeps the form', () => {
    const kept: KeptForms = { bytes: large, headers };
    const br = keptForm(kept, 'br, gzip');
    expect(br.headers).toEqual({ ...headers, 'Content-Encoding': 'br' });
    expect(brotliDecompressSync(br.bytes).equals(large)).toBe(true);
    expect(keptForm(kept, 'br')).toBe(br);
    const gzip = keptForm(kept, 'gzip');
    expect(gzip.headers['Content-Encoding']).toBe('gzip');
    expect(gunzipSync(gzip.bytes).equals(large)).toBe(true);
    expect(keptForm(kept, 'identity')).toBe(kept);
    expect(Object.keys(kept.coded ?? {}).sort()).toEqual(['br', 'gzip']);
  });

  it('sends a body under the threshold as it is', () => {
    const kept = { bytes: large.subarray(1) as Buffer<ArrayBuffer>, headers };
    expect(keptForm(kept, 'gzip, br')).toBe(kept);
    expect(kept).not.toHaveProperty('coded');
  });
});
