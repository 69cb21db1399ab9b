import { describe, expect, it } from 'vitest';
import { variantPath, variantWidths, verifyVariantSignature } from './signing.ts';
import { srcsetCandidates, srcsetWidths, variantSrcsets } from './srcset.ts';

const id = '00000000-0000-4000-8000-0000000000b2';
const secret = 'a-media-signing-secret-of-32-chars!!';

describe('srcset', () => {
  it('offers every listed width of a wide image, each at its own width', () => {
    expect(srcsetWidths(4000)).toEqual(variantWidths.map((width) => ({ width, actual: width })));
    expect(srcsetWidths(2560).at(-1)).toEqual({ width: 2560, actual: 2560 });
  });

  it('offers the widths below the image, then one more at the image’s own width, never an enlarged one', () => {
    expect(srcsetWidths(1000)).toEqual([
      { width: 320, actual: 320 },
      { width: 480, actual: 480 },
      { width: 640, actual: 640 },
      { width: 960, actual: 960 },
      { width: 1280, actual: 1000 },
    ]);
    expect(srcsetWidths(960).at(-1)).toEqual({ width: 960, actual: 960 });
    expect(srcsetWidths(1)).toEqual([{ width: 320, actual: 1 }]);
  });

  it('signs each candidate as variantPath does, in every offered format, on an origin when given', () => {
    const sets = variantSrcsets(secret, id, 700, 'https://api.test');
    expect(Object.keys(sets)).toEqual(['webp', 'avif', 'jpeg']);
    expect(sets.avif).toBe(
      [
        `https://api.test${variantPath(secret, id, 'w320', 'avif')} 320w`,
        `https://api.test${variantPath(secret, id, 'w480', 'avif')} 480w`,
        `https://api.test${variantPath(secret, id, 'w640', 'avif')} 640w`,
        `https://api.test${variantPath(secret, id, 'w960', 'avif')} 700w`,
      ].join(', '),
    );
    const candidates = srcsetCandidates(variantSrcsets(secret, id, 700).jpeg);
    expect(candidates.map((c) => c.width)).toEqual([320, 480, 640, 700]);
    for (const [i, c] of candidates.entries()) {
      const url = new URL(c.url, 'http://x');
      const width = srcsetWidths(700)[i]!.width;
      expect(url.pathname).toBe(`/media/${id}/w${width}.jpeg`);
      expect(verifyVariantSignature(secret, id, `w${width}`, 'jpeg', url.searchParams.get('s')!)).toBe(true);
    }
  });

  it('signs anew with a rotated secret', () => {
    const before = variantSrcsets(secret, id, 4000).webp;
    const rotated = `${secret}-rotated`;
    const after = srcsetCandidates(variantSrcsets(rotated, id, 4000).webp);
    expect(after.map((c) => c.url)).not.toContain(srcsetCandidates(before)[0]!.url);
    const s = new URL(after.at(-1)!.url, 'http://x').searchParams.get('s')!;
    expect(verifyVariantSignature(rotated, id, 'w2560', 'webp', s)).toBe(true);
    expect(verifyVariantSignature(secret, id, 'w2560', 'webp', s)).toBe(false);
  });
});
