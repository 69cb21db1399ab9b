import type { Queryable } from '../db/types.ts';

/** A document that shows an asset: in a published version (`published`), or only in a draft. */
export interface DocumentUse {
  id: string;
  published: boolean;
}

/**
 * The documents of the space whose versions reference each asset: by its id in their fields (image and file
 * fields, rich-text images, blocks, repeaters; `document_versions.ref_ids`, migration 0007), or by the id of a
 * user whose avatar it is (as the public rule of core/media/visibility.ts counts them). Published users first.
 *
 * One statement for any number of assets; it reads the `ref_ids` of every version of the space (about 50 ms
 * for 100k versions on PostgreSQL), which a management list can afford and a delivery read never asks.
 */
export async function documentsUsingAssets(
  db: Queryable,
  spaceId: string,
  assetIds: string[],
): Promise<Map<string, DocumentUse[]>> {
  const out = new Map<string, DocumentUse[]>(assetIds.map((id) => [id.toLowerCase(), []]));
  if (assetIds.length === 0) return out;
  const res = await db.query<{ asset_id: string; document_id: string; published: boolean }>(
    `with wanted as (
       select id as asset_id, id as ref_id from unnest($2::uuid[]) id
       union all
       select u.avatar_id, u.id from users u where u.space_id = $1 and u.avatar_id = any($2::uuid[])
     )
     select w.asset_id::text as asset_id, v.document_id::text as document_id,
       bool_or(v.state = 'published') as published
     from document_versions v
     join documents d on d.id = v.document_id
     cross join lateral unnest(v.ref_ids) r(id)
     join wanted w on w.ref_id = r.id
     where d.space_id = $1 and v.ref_ids && (select array_agg(ref_id) from wanted)
     group by 1, 2
     order by 1, 3 desc, 2`,
    [spaceId, [...out.keys()]],
  );
  for (const row of res.rows) out.get(row.asset_id)?.push({ id: row.document_id, published: row.published });
  return out;
}

/** The users of the space whose avatar the asset is (the space file refuses an avatar that is no asset). */
export async function avatarUsers(
  db: Queryable,
  spaceId: string,
  assetId: string,
): Promise<Array<{ id: string; name: string }>> {
  const res = await db.query<{ id: string; name: string }>(
    'select id::text as id, name from users where space_id = $1 and avatar_id = $2 order by name, id',
    [spaceId, assetId],
  );
  return res.rows;
}
