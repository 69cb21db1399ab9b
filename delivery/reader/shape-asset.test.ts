import { describe, expect, it } from 'vitest';
import { variantSrcsets } from '../../core/media/srcset.ts';
import { shapeAsset } from './shape-asset.ts';

const secret = 'shape-asset-test-secret-0123456789-0123456789';
const image = {
  id: 'a55e0000-0000-4000-8000-0000000000f1',
  filename: 'dawn.jpg',
  mimeType: 'image/jpeg',
  width: 1600,
  height: 1000,
  alt: 'Dawn',
  focalPoint: null,
  crop: null,
};

describe('a delivered asset', () => {
  it('has its srcsets, signed when read, the same in JSON, spreads and every read', () => {
    const asset = shapeAsset(image, { secret, origin: 'https://api.example.org' });
    const expected = variantSrcsets(secret, image.id, 1600, 'https://api.example.org');
    expect(asset.variants.srcset).toEqual(expected);
    expect(asset.variants.srcset).toBe(asset.variants.srcset);
    const json = JSON.parse(JSON.stringify(asset));
    expect(Object.keys(json.variants)).toEqual(['thumb', 'card', 'hero', 'srcset']);
    expect(json.variants.srcset).toEqual(expected);
    expect({ ...asset.variants }.srcset).toEqual(expected);
  });

  it('has none for a file that is not an image', () => {
    const pdf = shapeAsset({ ...image, mimeType: 'application/pdf', width: null, height: null }, { secret });
    expect(pdf.variants.srcset).toBeNull();
    expect(JSON.parse(JSON.stringify(pdf)).variants.srcset).toBeNull();
  });
});
