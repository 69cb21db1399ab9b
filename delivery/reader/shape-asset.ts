import { hasVariants, originalPath, variantPaths } from '../../core/media/signing.ts';
import { type Srcsets, variantSrcsets } from '../../core/media/srcset.ts';
import { framedWidth } from '../../core/media/variant-plan.ts';
import type { AssetRow } from './rows.ts';
import type { DeliveredAsset } from './types.ts';

/**
 * An asset as delivered: the original's address and the signed variant addresses, made by the media
 * module's one signing function (clients never construct them), prefixed with `origin` when given.
 */
export function shapeAsset(row: AssetRow, media: { secret: string; origin?: string }): DeliveredAsset {
  const origin = media.origin ?? '';
  const variants = variantPaths(media.secret, row.id);
  return {
    id: row.id,
    url: origin + originalPath(row.id),
    filename: row.filename,
    mimeType: row.mimeType,
    width: row.width,
    height: row.height,
    alt: row.alt,
    variants: withSrcset(
      { thumb: origin + variants.thumb, card: origin + variants.card, hero: origin + variants.hero },
      () => srcsetsOf(row, media.secret, origin),
    ),
    focalPoint: row.focalPoint,
    crop: row.crop,
  };
}

/**
 * The variants with their `srcset`, signed when first read: up to 21 signatures an image, which the site's pages
 * never show (they use the presets) and a site's first visit made for every image on its page (issue 42). An
 * enumerable property like any other: JSON (REST, the shared cache), spreads and comparisons read it, and get the
 * same value each time.
 */
function withSrcset(
  presets: { thumb: string; card: string; hero: string },
  make: () => Srcsets | null,
): DeliveredAsset['variants'] {
  let srcset: Srcsets | null | undefined;
  return Object.defineProperty(presets, 'srcset', {
    enumerable: true,
    get: () => {
      if (srcset === undefined) srcset = make();
      return srcset;
    },
  }) as DeliveredAsset['variants'];
}

/** An image's srcsets, up to the width of what its variants show (crop, aspect band); null for other files. */
function srcsetsOf(row: AssetRow, secret: string, origin: string): Srcsets | null {
  if (!row.width || !row.height || !hasVariants(row.mimeType)) return null;
  const widest = framedWidth({
    width: row.width,
    height: row.height,
    crop: row.crop,
    focalPoint: row.focalPoint,
  });
  return variantSrcsets(secret, row.id, widest, origin);
}
