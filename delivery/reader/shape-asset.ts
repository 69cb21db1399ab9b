import { originalPath, variantPaths } from '../../core/media/signing.ts';
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
    variants: { thumb: origin + variants.thumb, card: origin + variants.card, hero: origin + variants.hero },
    focalPoint: row.focalPoint,
    crop: row.crop,
  };
}
