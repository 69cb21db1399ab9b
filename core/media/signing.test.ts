import { describe, expect, it } from 'vitest';
import {
  hasVariants,
  originalVariantFormat,
  parseVariantName,
  variantPath,
  variantPaths,
  variantStorageName,
  variantWidth,
  variantWidths,
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

  it('reads variant names, presets and the listed widths, and nothing else', () => {
    expect(parseVariantName('thumb.avif')).toEqual({ preset: 'thumb', format: 'avif' });
    for (const width of variantWidths) {
      expect(parseVariantName(`w${width}.avif`)).toEqual({ preset: `w${width}`, format: 'avif' });
    }
    expect(parseVariantName('w480.png')).toEqual({ preset: 'w480', format: 'png' });
    for (const name of [
      'original',
      'thumb',
      'thumb.gif',
      'poster.webp',
      'toString.webp',
      'card.webp.webp',
      'CARD.webp',
      'w481.webp',
      'w0480.webp',
      'w4800.webp',
      'w480.gif',
      'w480',
      'W480.webp',
      'w-1.webp',
    ]) {
      expect(parseVariantName(name)).toBeNull();
    }
    expect(variantWidth('w960')).toBe(960);
    expect(variantWidth('card')).toBe(640);
  });

  it('signs a width apart from the preset of the same width, and refuses another width under its signature', () => {
    const w640 = signatureOf(variantPath(secret, id, 'w640', 'webp'));
    expect(w640).not.toBe(signatureOf(variantPath(secret, id, 'card', 'webp')));
    expect(verifyVariantSignature(secret, id, 'w640', 'webp', w640)).toBe(true);
    expect(verifyVariantSignature(secret, id, 'w480', 'webp', w640)).toBe(false);
    expect(verifyVariantSignature(secret, id, 'card', 'webp', w640)).toBe(false);
    expect(verifyVariantSignature(secret, id, 'w640', 'webp', undefined)).toBe(false);
    // Their bytes are the same: one name on disk.
    expect(variantStorageName('w640')).toBe('card');
    expect(variantStorageName('w320')).toBe('thumb');
    expect(variantStorageName('w1920')).toBe('hero');
    expect(variantStorageName('w480')).toBe('w480');
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
