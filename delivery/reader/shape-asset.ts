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
    variants: {
      thumb: origin + variants.thumb,
      card: origin + variants.card,
      hero: origin + variants.hero,
      srcset: srcsetsOf(row, media.secret, origin),
    },
    focalPoint: row.focalPoint,
    crop: row.crop,
  };
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
