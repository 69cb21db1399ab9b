import type { Queryable } from '../db/types.ts';
import { type DocumentUse, documentsUsingAssets } from '../media/asset-uses.ts';
import type { Crop, FocalPoint } from '../media/variant-plan.ts';

/** How many documents `usedBy.documents` names per asset; `total` counts them all. */
export const USED_BY_NAMED = 20;

export interface AssetRow {
  id: string;
  filename: string;
  mime_type: string;
  size: string | number;
  width: number | null;
  height: number | null;
  alt: string;
  focal_point: FocalPoint | null;
  crop: Crop | null;
  created_at: Date | string;
  position: number;
}

export const ASSET_VIEW_COLUMNS =
  'id::text as id, filename, mime_type, size, width, height, alt, focal_point, crop, created_at, position';

/** An asset as the media library reads it, with the documents that use it (published ones first). */
export interface AssetView {
  id: string;
  filename: string;
  mimeType: string;
  size: number;
  width: number | null;
  height: number | null;
  alt: string;
  focalPoint: FocalPoint | null;
  crop: Crop | null;
  createdAt: string;
  usedBy: { total: number; published: number; documents: string[] };
}

export function assetView(row: AssetRow, uses: DocumentUse[]): AssetView {
  return {
    id: row.id,
    filename: row.filename,
    mimeType: row.mime_type,
    // bigint arrives as a string from node-postgres.
    size: Number(row.size),
    width: row.width,
    height: row.height,
    alt: row.alt,
    focalPoint: row.focal_point,
    crop: row.crop,
    createdAt: new Date(row.created_at).toISOString(),
    usedBy: {
      total: uses.length,
      published: uses.filter((u) => u.published).length,
      documents: uses.slice(0, USED_BY_NAMED).map((u) => u.id),
    },
  };
}

/** The rows as views, with their uses read in one statement. */
export async function assetViews(db: Queryable, spaceId: string, rows: AssetRow[]): Promise<AssetView[]> {
  const uses = await documentsUsingAssets(
    db,
    spaceId,
    rows.map((r) => r.id),
  );
  return rows.map((r) => assetView(r, uses.get(r.id.toLowerCase()) ?? []));
}
