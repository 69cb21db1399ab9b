import type { Queryable } from '../../core/db/types.ts';
import type { AssetRow, UserRow } from './rows.ts';

/** The columns of an asset row (`RawAsset`), as selected and as carried. */
const ASSET_COLUMNS = [
  'id',
  'filename',
  'mime_type',
  'width',
  'height',
  'alt',
  'focal_point',
  'crop',
] as const;

const assetColumns = (a: string) => ASSET_COLUMNS.map((c) => `${a}.${c}`).join(', ');

/** The same columns as one JSON object (a `RawAsset`), for rows carried by another statement. */
export const assetJson = (a: string) =>
  `json_build_object(${ASSET_COLUMNS.map((c) => `'${c}', ${a}.${c}`).join(', ')})`;

export interface RawAsset {
  id: string;
  filename: string;
  mime_type: string;
  width: number | null;
  height: number | null;
  alt: string;
  focal_point: AssetRow['focalPoint'];
  crop: AssetRow['crop'];
}

export const toAsset = (r: RawAsset): AssetRow => ({
  id: r.id,
  filename: r.filename,
  mimeType: r.mime_type,
  width: r.width,
  height: r.height,
  alt: r.alt ?? '',
  focalPoint: r.focal_point ?? null,
  crop: r.crop ?? null,
});

/** Assets of a space by id, with no visibility rule (callers got the ids from delivered content). */
export async function selectAssets(db: Queryable, spaceId: string, ids: string[]): Promise<AssetRow[]> {
  if (ids.length === 0) return [];
  const res = await db.query<RawAsset>(
    `select ${assetColumns('a')} from assets a where a.space_id = $1 and a.id = any($2::uuid[])`,
    [spaceId, ids],
  );
  return res.rows.map(toAsset);
}

/** Users of a space (their public profile) with their avatars, in one statement. */
export async function selectUsers(db: Queryable, spaceId: string, ids: string[]): Promise<UserRow[]> {
  if (ids.length === 0) return [];
  const res = await db.query<
    { user_id: string; user_name: string } & { [K in keyof RawAsset]: RawAsset[K] | null }
  >(
    `select u.id as user_id, u.name as user_name, ${assetColumns('a')}
     from users u left join assets a on a.id = u.avatar_id and a.space_id = u.space_id
     where u.space_id = $1 and u.id = any($2::uuid[])`,
    [spaceId, ids],
  );
  return res.rows.map((r) => ({
    id: r.user_id,
    name: r.user_name,
    avatar: r.id === null ? null : toAsset(r as RawAsset),
  }));
}
