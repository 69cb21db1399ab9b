import type { Context, Hono } from 'hono';
import { stillHeld, type TaggedCache } from '../../core/cache/tagged-cache.ts';
import { cacheTags } from '../../core/cache/tags.ts';
import type { Queryable } from '../../core/db/types.ts';
import { type AssetRecord, findAsset } from '../../core/media/asset-record.ts';
import { isAssetPublished } from '../../core/media/visibility.ts';
import { type MediaDeps, mediaRoutes } from './media-routes.ts';

export interface PublicMediaDeps extends MediaDeps {
  db: Queryable;
  cache: TaggedCache;
  /** The space this public instance serves (pinned, by API host, or the only one); null: none. */
  spaceOf: (c: Context) => Promise<string | null>;
}

/**
 * An asset of the space that published content references, else null. Kept in the tagged cache under the
 * asset's tag and the tag of its use by published content, which the publishes, unpublishes and deletes that
 * change it purge (core/media/asset-use.ts).
 */
export async function publishedAsset(
  deps: { db: Queryable; cache: TaggedCache },
  args: { spaceId: string; assetId: string },
): Promise<AssetRecord | null> {
  return (await publishedEntry(deps, args)).asset;
}

/** The cached entry itself, and whether the cache still holds that very entry (any purge of its tags ends it). */
async function publishedEntry(
  deps: { db: Queryable; cache: TaggedCache },
  args: { spaceId: string; assetId: string },
): Promise<{ asset: AssetRecord | null; still?: () => boolean }> {
  const { spaceId, assetId } = args;
  const key = `media:published:${spaceId}:${assetId}`;
  const entry = await deps.cache.getOrSet(key, async (sink) => {
    const id = assetId.toLowerCase();
    sink.addTags([cacheTags.asset(id), cacheTags.assetUse(id)]);
    const asset = await findAsset(deps.db, { assetId, spaceId });
    const visible = asset !== null && (await isAssetPublished(deps.db, { spaceId, assetId }));
    // Wrapped: a cache may refuse to keep a bare null.
    return { asset: visible ? asset : null };
  });
  const still = stillHeld(deps.cache, key, entry);
  return still ? { asset: entry.asset, still } : { asset: entry.asset };
}

/** The public API's `/media`: only assets that published content of its space references, cached publicly. */
export function publicMediaRoutes(deps: PublicMediaDeps): Hono {
  return mediaRoutes(deps, async (c, assetId) => {
    const spaceId = await deps.spaceOf(c);
    if (!spaceId) return null;
    const { asset, still } = await publishedEntry(deps, { spaceId, assetId });
    return asset ? { asset, private: false, ...(still ? { still } : {}) } : null;
  });
}
