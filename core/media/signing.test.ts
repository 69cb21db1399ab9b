import { describe, expect, it } from 'vitest';
import {
  hasVariants,
  originalVariantFormat,
  parseVariantName,
  variantPath,
  variantPaths,
  verifyVariantSignature,
} from './signing.ts';

const id = '00000000-0000-4000-8000-0000000000b1';
const secret = 'a-media-signing-secret-of-32-chars!!';
const signatureOf = (path: string) => new URL(path, 'http://x').searchParams.get('s') ?? undefined;

describe('media addresses', () => {
  it('signs each preset and format of each asset separately', () => {
    const paths = variantPaths(secret, id);
    expect(paths.card).toMatch(new RegExp(`^/media/${id}/card\\.webp\\?s=[A-Za-z0-9_-]{22}$`));
    expect(new Set(Object.values(paths).map(signatureOf)).size).toBe(3);
    expect(signatureOf(variantPath(secret, id, 'card', 'avif'))).not.toBe(signatureOf(paths.card));
  });

  it('verifies its own signatures only, with the secret that made them', () => {
    const s = signatureOf(variantPath(secret, id, 'hero', 'jpeg'));
    expect(verifyVariantSignature(secret, id, 'hero', 'jpeg', s)).toBe(true);
    expect(verifyVariantSignature(`${secret}x`, id, 'hero', 'jpeg', s)).toBe(false);
    expect(verifyVariantSignature(secret, id, 'hero', 'png', s)).toBe(false);
    expect(verifyVariantSignature(secret, id, 'hero', 'jpeg', undefined)).toBe(false);
    expect(verifyVariantSignature(secret, id, 'hero', 'jpeg', '')).toBe(false);
  });

  it('reads variant names and nothing else', () => {
    expect(parseVariantName('thumb.avif')).toEqual({ preset: 'thumb', format: 'avif' });
    for (const name of [
      'original',
      'thumb',
      'thumb.gif',
      'poster.webp',
      'toString.webp',
      'card.webp.webp',
      'CARD.webp',
    ]) {
      expect(parseVariantName(name)).toBeNull();
    }
  });

  it('knows which files have variants and what their own format is', () => {
    expect(hasVariants('image/jpeg')).toBe(true);
    expect(hasVariants('image/svg+xml')).toBe(false);
    expect(hasVariants('video/mp4')).toBe(false);
    expect(originalVariantFormat('image/jpeg')).toBe('jpeg');
    expect(originalVariantFormat('image/webp')).toBe('webp');
    expect(originalVariantFormat('image/gif')).toBe('png');
  });
});
