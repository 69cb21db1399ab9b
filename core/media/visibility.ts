import type { Queryable } from '../db/types.ts';
import { isUuid } from './asset-record.ts';

/**
 * The public rule of assets (delivery-and-site.md, "Asset" and "Media on the site"): an asset is public when
 * published content of its space references it. A reference is the asset's id as a whole JSON string anywhere
 * in a published version's `fields`: image and file fields, blocks and nested blocks, repeaters, rich text
 * `attrs.assetId`, block instance styles. Users referenced that way make their avatars public too.
 *
 * One statement, whatever the number of ids. Each published version's JSON text is searched for `"<id>"`:
 * the same answer as the jsonpath `$.** ? (@ == $id)` (quotes inside strings are escaped, so only a whole
 * string, or a key, matches), three to four times faster on the demo space; see docs/media.md for figures.
 */
const PUBLISHED_ASSETS_SQL = `
with published as materialized (
  select v.fields::text as json from document_versions v join documents d on d.id = v.document_id
  where d.space_id = $1 and v.state = 'published'
)
select a.id::text as id from assets a
where a.space_id = $1 and a.id = any($2::uuid[]) and (
  exists (select 1 from published p where strpos(p.json, '"' || a.id::text || '"') > 0)
  or exists (
    select 1 from users u
    where u.space_id = $1 and u.avatar_id = a.id
      and exists (select 1 from published p where strpos(p.json, '"' || u.id::text || '"') > 0)
  )
)`;

/** Which of `assetIds` (of the space) published content references; ids that are not uuids are never public. */
export async function publishedAssetIds(
  db: Queryable,
  args: { spaceId: string; assetIds: string[] },
): Promise<Set<string>> {
  const ids = [...new Set(args.assetIds.filter(isUuid).map((id) => id.toLowerCase()))];
  if (ids.length === 0) return new Set();
  const res = await db.query<{ id: string }>(PUBLISHED_ASSETS_SQL, [args.spaceId, ids]);
  return new Set(res.rows.map((r) => r.id));
}

export async function isAssetPublished(
  db: Queryable,
  args: { spaceId: string; assetId: string },
): Promise<boolean> {
  return (await publishedAssetIds(db, { spaceId: args.spaceId, assetIds: [args.assetId] })).has(
    args.assetId.toLowerCase(),
  );
}
