import type { Queryable } from '../db/types.ts';
import type { Crop, FocalPoint } from './variant-plan.ts';

/** An `assets` row as the media code uses it. */
export interface AssetRecord {
  id: string;
  spaceId: string;
  filename: string;
  mimeType: string;
  size: number;
  width: number | null;
  height: number | null;
  alt: string;
  focalPoint: FocalPoint | null;
  crop: Crop | null;
  storageKey: string;
  sha256: string;
  position: number;
}

interface Row {
  id: string;
  space_id: string;
  filename: string;
  mime_type: string;
  size: string | number;
  width: number | null;
  height: number | null;
  alt: string;
  focal_point: FocalPoint | null;
  crop: Crop | null;
  storage_key: string;
  sha256: string;
  position: number;
}

export const ASSET_COLUMNS =
  'id::text as id, space_id::text as space_id, filename, mime_type, size, width, height, alt, focal_point, crop, storage_key, sha256, position';

export function toAssetRecord(row: Row): AssetRecord {
  return {
    id: row.id,
    spaceId: row.space_id,
    filename: row.filename,
    mimeType: row.mime_type,
    // bigint arrives as a string from node-postgres.
    size: Number(row.size),
    width: row.width,
    height: row.height,
    alt: row.alt,
    focalPoint: row.focal_point,
    crop: row.crop,
    storageKey: row.storage_key,
    sha256: row.sha256,
    position: row.position,
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string): boolean => UUID.test(value);

/** One asset by id, optionally only within a space; null for unknown ids and for ids that are not uuids. */
export async function findAsset(
  db: Queryable,
  args: { assetId: string; spaceId?: string },
): Promise<AssetRecord | null> {
  if (!isUuid(args.assetId)) return null;
  const res = args.spaceId
    ? await db.query<Row>(`select ${ASSET_COLUMNS} from assets where id = $1 and space_id = $2`, [
        args.assetId,
        args.spaceId,
      ])
    : await db.query<Row>(`select ${ASSET_COLUMNS} from assets where id = $1`, [args.assetId]);
  return res.rows[0] ? toAssetRecord(res.rows[0]) : null;
}
