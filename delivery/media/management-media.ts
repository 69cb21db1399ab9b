import type { Hono } from 'hono';
import type { TaggedCache } from '../../core/cache/tagged-cache.ts';
import { cacheTags } from '../../core/cache/tags.ts';
import type { Queryable } from '../../core/db/types.ts';
import { findAsset } from '../../core/media/asset-record.ts';
import { type MediaDeps, mediaRoutes } from './media-routes.ts';

/**
 * The management API's `/media`: every asset of every space, drafts' included, because the admin previews
 * what is not published yet with plain `<img>` tags (which carry no API key). Asset ids are random UUIDs and
 * variants are signed; whoever must keep unpublished files private does not expose this process publicly.
 */
export function managementMediaRoutes(deps: MediaDeps & { db: Queryable; cache: TaggedCache }): Hono {
  return mediaRoutes(deps, async (_c, assetId) => {
    const entry = await deps.cache.getOrSet(`media:any:${assetId}`, async (sink) => {
      sink.addTags([cacheTags.asset(assetId)]);
      return { asset: await findAsset(deps.db, { assetId }) };
    });
    return entry.asset ? { asset: entry.asset, private: false } : null;
  });
}
