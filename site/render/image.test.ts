import { describe, expect, it } from 'vitest';
import { variantPath } from '../../core/media/signing.ts';
import { shapeAsset } from '../../delivery/reader/shape-asset.ts';
import { srcset } from './image.tsx';

const secret = 'a-media-signing-secret-of-32-chars!!';
const id = '00000000-0000-4000-8000-0000000000c7';
const row = {
  id,
  filename: 'beans.jpg',
  mimeType: 'image/jpeg',
  width: 1000,
  height: 800,
  alt: 'Beans',
  focalPoint: null,
  crop: null,
};
const at = (name: Parameters<typeof variantPath>[2], w: number) => `${variantPath(secret, id, name)} ${w}w`;

// designs.md: an image node's `srcset` is of the `thumb`/`card`/`hero` variants; the finer widths of
// `variants.srcset` are the delivery API's (docs/media.md).
describe('the image node’s srcset', () => {
  it('offers the presets up to the variant, a preset wider than the image labelled with its width', () => {
    const asset = shapeAsset(row, { secret });
    expect(srcset(asset, 'card')).toEqual({
      src: variantPath(secret, id, 'card'),
      srcset: [at('thumb', 320), at('card', 640)].join(', '),
      widest: 640,
    });
    expect(srcset(asset, 'hero')).toEqual({
      src: variantPath(secret, id, 'hero'),
      srcset: [at('thumb', 320), at('card', 640), at('hero', 1000)].join(', '),
      widest: 1000,
    });
    expect(srcset(asset, 'thumb').srcset).toBe(at('thumb', 320));
  });

  it('drops a preset that would repeat a width: a small image has one candidate', () => {
    const asset = shapeAsset({ ...row, width: 200, height: 100 }, { secret });
    expect(srcset(asset, 'hero')).toEqual({
      src: variantPath(secret, id, 'thumb'),
      srcset: at('thumb', 200),
      widest: 200,
    });
  });
});
