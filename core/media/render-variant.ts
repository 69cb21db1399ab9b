import type { VariantFormat, VariantName } from './signing.ts';
import { type Crop, type FocalPoint, planVariant } from './variant-plan.ts';

export interface RenderArgs {
  /** A preset (`card`) or a listed width (`w480`). */
  preset: VariantName;
  format: VariantFormat;
  crop: Crop | null;
  focalPoint: FocalPoint | null;
}

/** Turns original image bytes into one variant's bytes. A port, so tests can count renders around the real one. */
export type VariantRenderer = (original: Buffer, args: RenderArgs) => Promise<Buffer>;

/** Bumped when the output of the same plan changes (quality, encoder options), so stored variants are redone. */
export const RENDER_VERSION = 1;

/** Decompression bombs stop here: 100 megapixels is beyond any camera a site needs. */
const MAX_INPUT_PIXELS = 100_000_000;

/** The real renderer: sharp, upright by EXIF orientation, metadata stripped. */
export const sharpRenderer: VariantRenderer = async (original, args) => {
  // Loaded on the first variant, not at start (a one-shot command may render none).
  const { default: sharp } = await import('sharp');
  const image = sharp(original, { autoOrient: true, limitInputPixels: MAX_INPUT_PIXELS });
  const meta = await image.metadata();
  const upright = meta.autoOrient ?? { width: meta.width, height: meta.height };
  const plan = planVariant({ width: upright.width, height: upright.height, ...args });
  let pipeline = plan.extract ? image.extract(plan.extract) : image;
  pipeline = pipeline.resize(plan.width, plan.height, { fit: 'fill' });
  switch (args.format) {
    case 'webp':
      return pipeline.webp({ quality: 80 }).toBuffer();
    case 'avif':
      // The default effort (4 of 9): slow once (a hero takes seconds), but effort 3 already makes files ~40 %
      // larger, and the file is sent for a year while it is rendered once.
      return pipeline.avif({ quality: 55, effort: 4 }).toBuffer();
    case 'jpeg':
      return pipeline.jpeg({ quality: 82, mozjpeg: true }).toBuffer();
    case 'png':
      return pipeline.png({ compressionLevel: 9 }).toBuffer();
  }
};
