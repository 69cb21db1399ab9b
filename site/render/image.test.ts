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

describe('the image node’s srcset', () => {
  it('offers the listed widths up to the variant’s width, never above the image’s', () => {
    const asset = shapeAsset(row, { secret });
    expect(srcset(asset, 'card')).toEqual({
      src: variantPath(secret, id, 'w640'),
      srcset: [at('w320', 320), at('w480', 480), at('w640', 640)].join(', '),
      widest: 640,
    });
    expect(srcset(asset, 'hero')).toEqual({
      src: variantPath(secret, id, 'w1280'),
      srcset: [at('w320', 320), at('w480', 480), at('w640', 640), at('w960', 960), at('w1280', 1000)].join(
        ', ',
      ),
      widest: 1000,
    });
    expect(srcset(asset, 'thumb').srcset).toBe(at('w320', 320));
  });

  it('uses the width of the crop, not of the whole image', () => {
    const asset = shapeAsset({ ...row, crop: { x: 0, y: 0, width: 0.5, height: 1 } }, { secret });
    expect(srcset(asset, 'hero')).toMatchObject({ widest: 500, src: variantPath(secret, id, 'w640') });
  });

  it('falls back to the presets for an asset without a srcset (canvas previews)', () => {
    const asset = shapeAsset(row, { secret });
    const preview = { ...asset, variants: { ...asset.variants, srcset: null } };
    expect(srcset(preview, 'hero').srcset).toBe(
      [at('thumb', 320), at('card', 640), at('hero', 1000)].join(', '),
    );
  });
});
