import { cacheTags } from '../../core/cache/tags.ts';
import type { Queryable } from '../../core/db/types.ts';
import { selectAssets } from '../../delivery/reader/asset-query.ts';
import { shapeAsset } from '../../delivery/reader/shape-asset.ts';
import type { DeliveredAsset, ReadContext } from '../../delivery/reader/types.ts';

/**
 * Assets that designs and the website settings name (logo, favicon, share image, images placed
 * in a design). The reader delivers only assets that published content references; these are
 * the site's own, so their metadata is read here, shaped and tagged the same way.
 */
export async function loadDesignAssets(
  deps: { db: Queryable; mediaSecret: () => string },
  ctx: ReadContext,
  ids: Iterable<string>,
): Promise<Map<string, DeliveredAsset>> {
  const wanted = [...new Set(ids)].filter((id) => /^[0-9a-f-]{36}$/i.test(id));
  const out = new Map<string, DeliveredAsset>();
  if (!wanted.length) return out;
  const rows = await selectAssets(deps.db, ctx.spaceId, wanted);
  ctx.tags.addTags(rows.map((r) => cacheTags.asset(r.id)));
  const secret = deps.mediaSecret();
  for (const row of rows) out.set(row.id, shapeAsset(row, { secret }));
  return out;
}
