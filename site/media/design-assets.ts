import type { Queryable } from '../../core/db/types.ts';
import { isUuid } from '../../core/media/asset-record.ts';

/**
 * Assets that published designs or the website settings of a space use: the logo (`site` record `logoId`),
 * favicon and share image (settings), uploaded font faces (theme), image, video and poster props of nodes,
 * background images in styles. Like the content rule (core/media/visibility.ts), a use is any string equal to
 * the asset's id (as a whole JSON string) in a published design or in the settings; design JSON is strict, so
 * ids appear only where they name something.
 */
const DESIGN_ASSETS_SQL = `
select a.id::text as id from assets a
where a.space_id = $1 and a.id = any($2::uuid[]) and (
  exists (
    select 1 from website_designs d
    where d.space_id = $1 and d.published is not null
      and strpos(d.published::text, '"' || a.id::text || '"') > 0
  )
  or exists (
    select 1 from space_plugin_settings s
    where s.space_id = $1 and s.plugin_id = 'website'
      and strpos(s.settings::text, '"' || a.id::text || '"') > 0
  )
)`;

export async function designAssetIds(
  db: Queryable,
  args: { spaceId: string; assetIds: string[] },
): Promise<Set<string>> {
  const ids = [...new Set(args.assetIds.filter(isUuid).map((id) => id.toLowerCase()))];
  if (ids.length === 0) return new Set();
  const res = await db.query<{ id: string }>(DESIGN_ASSETS_SQL, [args.spaceId, ids]);
  return new Set(res.rows.map((r) => r.id));
}

/**
 * What of the website's data uses an asset, draft designs included (a draft is published later as it is): the
 * designs by kind and key, and the settings (logo, favicon, share image). Named for `assets.delete`'s refusal.
 */
export async function websiteAssetUses(db: Queryable, spaceId: string, assetId: string): Promise<string[]> {
  if (!isUuid(assetId)) return [];
  const needle = `"${assetId.toLowerCase()}"`;
  const res = await db.query<{ use: string }>(
    `select * from (
       select 'design ' || kind || '/' || key
         || case when environment = 'production' then '' else ' (' || environment || ')' end as use
       from website_designs
       where space_id = $1
         and (strpos(coalesce(published::text, ''), $2) > 0 or strpos(coalesce(draft::text, ''), $2) > 0)
       order by position, kind, key
     ) designs
     union all
     select 'website settings' || case when environment = 'production' then '' else ' (' || environment || ')' end
     from space_plugin_settings
     where space_id = $1 and plugin_id = 'website' and strpos(settings::text, $2) > 0`,
    [spaceId, needle],
  );
  return res.rows.map((r) => r.use);
}
