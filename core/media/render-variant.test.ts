import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { sharpRenderer } from './render-variant.ts';
import { type VariantFormat, type VariantPreset, variantPresets } from './signing.ts';
import { type ImageFormat, meanColour, twoColourImage } from './test-images.ts';

const presets = Object.keys(variantPresets) as VariantPreset[];
const formats: VariantFormat[] = ['webp', 'avif', 'jpeg', 'png'];

describe('sharpRenderer on real images', () => {
  const sources: Array<{ name: string; format: ImageFormat; width: number; height: number }> = [
    { name: 'a wide JPEG', format: 'jpeg', width: 2400, height: 1200 },
    { name: 'a PNG', format: 'png', width: 1000, height: 800 },
    { name: 'a tall WebP', format: 'webp', width: 900, height: 1600 },
  ];

  for (const source of sources) {
    it(`makes every preset of ${source.name} at its width, never wider than the original`, async () => {
      const original = await twoColourImage(source);
      for (const preset of presets) {
        const out = await sharpRenderer(original, { preset, format: 'webp', crop: null, focalPoint: null });
        const meta = await sharp(out).metadata();
        const width = Math.min(variantPresets[preset], source.width);
        expect(meta.format).toBe('webp');
        expect(meta.width).toBe(width);
        expect(meta.height).toBe(Math.round((source.height * width) / source.width));
      }
    });
  }

  it('writes every format', async () => {
    const original = await twoColourImage({ width: 800, height: 600, format: 'jpeg' });
    for (const format of formats) {
      const meta = await sharp(
        await sharpRenderer(original, { preset: 'thumb', format, crop: null, focalPoint: null }),
      ).metadata();
      // sharp reports AVIF as its container, HEIF.
      expect(meta.format).toBe(format === 'avif' ? 'heif' : format);
      expect(meta.compression ?? format).toBe(format === 'avif' ? 'av1' : format);
      expect(meta.width).toBe(320);
    }
  });

  it('keeps the focal point when a tall image must be cut', async () => {
    // Red on top, blue below; 1:5 is taller than any variant may be.
    const original = await twoColourImage({ width: 400, height: 2000, format: 'png', split: 'down' });
    const low = await sharpRenderer(original, {
      preset: 'thumb',
      format: 'png',
      crop: null,
      focalPoint: { x: 0.5, y: 0.85 },
    });
    const high = await sharpRenderer(original, {
      preset: 'thumb',
      format: 'png',
      crop: null,
      focalPoint: { x: 0.5, y: 0.1 },
    });
    const [lr, , lb] = await meanColour(low);
    const [hr, , hb] = await meanColour(high);
    expect(lb).toBeGreaterThan(240);
    expect(lr).toBeLessThan(15);
    expect(hr).toBeGreaterThan(240);
    expect(hb).toBeLessThan(15);
    expect(await sharp(low).metadata()).toMatchObject({ width: 320, height: 640 });
  });

  it('keeps the focal point when a wide image must be cut', async () => {
    const original = await twoColourImage({ width: 6000, height: 500, format: 'jpeg' });
    const out = await sharpRenderer(original, {
      preset: 'card',
      format: 'jpeg',
      crop: null,
      focalPoint: { x: 0.9, y: 0.5 },
    });
    const [r, , b] = await meanColour(out);
    expect(b).toBeGreaterThan(200);
    expect(r).toBeLessThan(40);
    expect(await sharp(out).metadata()).toMatchObject({ width: 640, height: 160 });
  });

  it('applies a square crop: only the cropped half remains', async () => {
    const original = await twoColourImage({ width: 1200, height: 600, format: 'png' });
    const out = await sharpRenderer(original, {
      preset: 'card',
      format: 'png',
      crop: { x: 0.5, y: 0, width: 0.5, height: 1 },
      focalPoint: { x: 0.75, y: 0.5 },
    });
    const [r, , b] = await meanColour(out);
    expect(b).toBeGreaterThan(250);
    expect(r).toBeLessThan(5);
    expect(await sharp(out).metadata()).toMatchObject({ width: 600, height: 600 });
  });

  it('turns an image upright by its EXIF orientation before planning', async () => {
    // Drawn 1200 × 600 with orientation 6 (rotate 90° clockwise): upright it is 600 × 1200.
    const original = await twoColourImage({ width: 1200, height: 600, format: 'jpeg', orientation: 6 });
    const meta = await sharp(
      await sharpRenderer(original, { preset: 'thumb', format: 'webp', crop: null, focalPoint: null }),
    ).metadata();
    expect([meta.width, meta.height]).toEqual([320, 640]);
  });

  it('renders a listed width, w480 in AVIF, at that width and the image’s aspect', async () => {
    const original = await twoColourImage({ width: 1600, height: 900, format: 'jpeg' });
    const out = await sharpRenderer(original, {
      preset: 'w480',
      format: 'avif',
      crop: null,
      focalPoint: null,
    });
    const meta = await sharp(out).metadata();
    expect(meta.format).toBe('heif');
    expect(meta.compression).toBe('av1');
    expect([meta.width, meta.height]).toEqual([480, 270]);
  });
});
